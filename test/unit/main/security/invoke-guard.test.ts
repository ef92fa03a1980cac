import { describe, expect, it } from 'vitest';
import { createInvokeHandler, sameFrame } from '../../../../src/main/security/invoke-guard';

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const MAIN = { frameTreeNodeId: 3, processId: 7, routingId: 1 };
/** A fresh wrapper of the main frame each time, as Electron may hand out. */
const mainFrameWrapper = (url = 'app://faxdesk/index.html') => ({ ...MAIN, url });

describe('createInvokeHandler (Electron sender check)', () => {
  it("refuses calls from any frame but the window's main frame on an app page, compared by frame numbers whatever WebFrameMain object Electron hands out", async () => {
    const calls: string[] = [];
    let mainUrl = 'app://faxdesk/index.html';
    const handle = createInvokeHandler({ dispatch: async (channel) => (calls.push(channel), { ok: true, value: null }), mainFrame: () => mainFrameWrapper(mainUrl), logger: silent });
    expect(await handle({ senderFrame: mainFrameWrapper() }, 'app:info', undefined)).toEqual({ ok: true, value: null });
    const refused = [
      await handle({ senderFrame: null }, 'app:info', undefined), // navigated or destroyed
      await handle({}, 'app:info', undefined),
      await handle({ senderFrame: { ...MAIN, frameTreeNodeId: 4, url: 'app://faxdesk/index.html' } }, 'app:info', undefined), // a subframe
      await handle({ senderFrame: { ...MAIN, processId: 8, url: 'app://faxdesk/index.html' } }, 'app:info', undefined), // another process
      await handle({ senderFrame: { url: 'app://faxdesk/index.html' } }, 'app:info', undefined), // no numbers
    ];
    mainUrl = 'https://evil.example/';
    refused.push(await handle({ senderFrame: mainFrameWrapper('https://evil.example/') }, 'app:info', undefined));
    for (const result of refused) expect(result).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(calls).toEqual(['app:info']);
  });

  it('refuses everything when there is no window', async () => {
    const handle = createInvokeHandler({ dispatch: async () => ({ ok: true, value: null }), mainFrame: () => null, logger: silent });
    expect(await handle({ senderFrame: mainFrameWrapper() }, 'app:info', undefined)).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
  });

  it('sameFrame compares the three numbers, never the objects', () => {
    const a = mainFrameWrapper();
    expect(sameFrame(a, mainFrameWrapper())).toBe(true);
    expect(sameFrame(a, a)).toBe(true);
    expect(sameFrame({}, {})).toBe(false);
    expect(sameFrame(a, null)).toBe(false);
    expect(sameFrame({ ...a, routingId: 2 }, a)).toBe(false);
  });
});
