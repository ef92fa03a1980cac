import { describe, expect, it } from 'vitest';
import { createInvokeHandler } from '../../../../src/main/security/invoke-guard';

const silent = { debug() {}, info() {}, warn() {}, error() {} };

describe('createInvokeHandler (Electron sender check)', () => {
  it("refuses calls from any frame but the window's main frame on an app page", async () => {
    const calls: string[] = [];
    const mainFrame = { url: 'app://faxdesk/index.html' };
    const handle = createInvokeHandler({ dispatch: async (channel) => (calls.push(channel), { ok: true, value: null }), mainFrame: () => mainFrame, logger: silent });
    expect(await handle({ senderFrame: mainFrame }, 'app:info', undefined)).toEqual({ ok: true, value: null });
    const refused = [
      await handle({ senderFrame: null }, 'app:info', undefined),
      await handle({}, 'app:info', undefined),
      await handle({ senderFrame: { url: 'app://faxdesk/index.html' } }, 'app:info', undefined), // a subframe
    ];
    mainFrame.url = 'https://evil.example/';
    refused.push(await handle({ senderFrame: mainFrame }, 'app:info', undefined));
    for (const result of refused) expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(calls).toEqual(['app:info']);
  });

  it('refuses everything when there is no window', async () => {
    const handle = createInvokeHandler({ dispatch: async () => ({ ok: true, value: null }), mainFrame: () => null, logger: silent });
    expect(await handle({ senderFrame: { url: 'app://faxdesk/index.html' } }, 'app:info', undefined)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });
});
