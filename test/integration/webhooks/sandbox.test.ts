/**
 * The Sandbox's "instant updates" switch, in a whole core with the built-in Sandbox: one call makes the
 * key (keychain), a self-signed certificate only the Sandbox's delivery route trusts, its own loopback
 * HTTPS listener and the Sandbox's webhook addresses; a test ping comes back; a fax that arrives is
 * announced by webhook; no secret reaches SQLite, the log or an IPC result.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DesktopNotification } from '../../../src/main/platform/ports';
import type { ReceiverDelivery, ReceiverTestReport, ReceiverView } from '../../../src/shared/ipc/contract/webhooks';
import type { WebhookSettingsView } from '../../../src/shared/ipc/contract/webhooks';
import { startCore, type CoreFixture } from '../accounts/core-fixture';

let f: CoreFixture;
const shown: DesktopNotification[] = [];
beforeAll(async () => {
  f = await startCore({ notifier: { show: (n) => shown.push(n) } });
}, 60_000);
afterAll(async () => {
  await f?.stop();
});

describe('Sandbox instant updates', () => {
  it('is off by default and turns on with one switch', async () => {
    const before = await f.ok<ReceiverView>('receiver:get');
    expect(before).toMatchObject({ enabled: false, listening: null, sandbox: { enabled: false, listening: false } });
    const view = await f.ok<ReceiverView>('receiver:sandbox', { enabled: true });
    expect(view.sandbox).toMatchObject({ enabled: true, listening: true, problem: null, url: 'https://localhost:8443/faxdesk/webhooks' });
    const hooks = await f.ok<WebhookSettingsView>('webhooks:get', { accountId: 'sandbox' });
    expect(hooks).toMatchObject({ inbound: { url: 'https://localhost:8443/faxdesk/webhooks' }, outbound: { url: 'https://localhost:8443/faxdesk/webhooks' }, hasHmacSecret: true });
    expect([...f.secrets.entries.keys()]).toEqual(['sandbox:hmacSecret']);
  });

  it('"Test" shows the round trip of a ping', async () => {
    const report = await f.ok<ReceiverTestReport>('receiver:test', { accountId: 'sandbox' });
    expect(report).toMatchObject({ ok: true, roundTripMs: expect.any(Number) });
    const log = await f.ok<ReceiverDelivery[]>('receiver:deliveries', { limit: 10 });
    expect(log[0]).toMatchObject({ listener: 'sandbox', eventType: 'PING', verified: true, httpStatus: 200 });
  });

  it('announces an arriving fax through the webhook, once', async () => {
    const sandbox = f.core.accounts.list().find((a) => a.isSandbox)!;
    const arrived = await fetch(`${new URL(sandbox.baseUrl).origin}/control/inbound`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ from: '13125550170', pages: 1 }) });
    const { fax_id: faxId } = (await arrived.json()) as { fax_id: string };
    // Up to 30 s (1,200 tries): the delivery, the download and the store run in this loaded process; 5 s was tight on CI.
    for (let i = 0; i < 1_200 && !shown.some((n) => n.target && 'faxId' in n.target && n.target.faxId === faxId); i++) await new Promise((r) => setTimeout(r, 25));
    await f.core.webhooks.drain();
    expect(shown.filter((n) => n.target && 'faxId' in n.target && n.target.faxId === faxId)).toHaveLength(1);
    const log = await f.ok<ReceiverDelivery[]>('receiver:deliveries', { limit: 10 });
    expect(log.find((d) => d.faxId === faxId)).toMatchObject({ eventType: 'INBOUND', verified: true, httpStatus: 200 });
  });

  it('keeps every secret out of SQLite, the log and IPC results', async () => {
    const key = f.secrets.entries.get('sandbox:hmacSecret')!;
    expect(key.length).toBeGreaterThanOrEqual(32);
    const view = JSON.stringify(await f.ok('receiver:get')) + JSON.stringify(await f.ok('receiver:deliveries', { limit: 50 })) + JSON.stringify(f.events);
    expect(view).not.toContain(key);
    expect(f.lines.join('\n')).not.toContain(key);
    expect(f.core.redactor.redactText(`x ${key} y`)).not.toContain(key);
    for (const file of fs.readdirSync(f.dataDir).filter((n) => n.startsWith('faxdesk.sqlite3'))) {
      expect(fs.readFileSync(path.join(f.dataDir, file)).includes(Buffer.from(key))).toBe(false);
    }
  });

  it('turns off again: listener closed, the Sandbox\'s webhook addresses removed, key deleted', async () => {
    const view = await f.ok<ReceiverView>('receiver:sandbox', { enabled: false });
    expect(view.sandbox).toMatchObject({ enabled: false, listening: false });
    expect(await f.ok<WebhookSettingsView>('webhooks:get', { accountId: 'sandbox' })).toMatchObject({ inbound: null, outbound: null });
    expect(f.secrets.entries.size).toBe(0);
  });
});
