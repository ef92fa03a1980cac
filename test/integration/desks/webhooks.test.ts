/**
 * Issue 23, item 3: the service keeps one webhook address per application. Two desks with their own
 * receivers behind one TLS proxy (by path), one emulator: Front desk receives the webhooks; Back office
 * is warned, naming Front desk, before it takes them over; once it does, Front desk notices at its next
 * route check (every poll interval), says so plainly, and polls normally again. A third desk that never
 * received them is told the new owner, and announces nothing at its own route check.
 */
import { afterEach, expect, it, vi } from 'vitest';
import type { SyncStatus } from '../../../src/shared/domain/sync';
import type { WebhookSettingsView } from '../../../src/shared/ipc/contract/webhooks';
import { freePort, ReverseProxy } from '../webhooks/receiver-fixture';
import { startOffice, type Desk, type Office } from './desks-fixture';

const FRONT_URL = 'https://localhost:8443/front/hooks';
const BACK_URL = 'https://localhost:8443/back/hooks';

let office: Office;
let proxy: ReverseProxy;
afterEach(async () => {
  await office?.stop();
  await proxy?.stop();
});

const instantOf = async (desk: Desk) => (await desk.fixture.ok<SyncStatus>('sync:status')).accounts.find((a) => a.accountId === desk.accountId)?.instant ?? null;

it('another desk is warned before taking the webhooks over; the desk that lost them says so within one poll and polls normally', async () => {
  office = await startOffice(['Front desk', 'Back office', 'Records']);
  const [front, back, records] = office.desks as [Desk, Desk, Desk];
  const ports = { front: await freePort(), back: await freePort() };
  proxy = new ReverseProxy();
  await proxy.start(ports.front);
  proxy.upstreamFor = (path) => (path.startsWith('/back/') ? ports.back : ports.front);
  office.emulator.control.routeWebhooks('https://localhost:8443', { port: proxy.port, ca: proxy.cert });

  for (const direction of ['OUTBOUND', 'INBOUND']) {
    await front.fixture.ok('webhooks:set', { accountId: front.accountId, direction, url: FRONT_URL, hmacSecret: 'front-desk-hmac-key-0123456789' });
  }
  await front.fixture.ok('receiver:configure', { enabled: true, host: '127.0.0.1', port: ports.front, publicUrl: FRONT_URL });
  expect(await front.fixture.ok<{ ok: boolean }>('receiver:test', { accountId: front.accountId })).toMatchObject({ ok: true });
  expect(await instantOf(front)).toMatchObject({ state: 'active', pollSeconds: 900 });

  // Back office reads what is there: Front desk's address, named.
  const seen = await back.fixture.ok<WebhookSettingsView>('webhooks:get', { accountId: back.accountId });
  expect(seen.inbound).toMatchObject({ url: FRONT_URL, setBy: { deskName: 'Front desk', thisDesk: false } });
  // Saving over it is refused with who receives them now, until the person chooses Replace.
  const refused = await back.fixture.call('webhooks:set', { accountId: back.accountId, direction: 'INBOUND', url: BACK_URL, hmacSecret: 'back-office-hmac-key-0123456789' });
  expect(refused).toMatchObject({ ok: false, error: { code: 'CONFLICT', field: 'url' } });
  expect(!refused.ok && refused.error.message).toContain(`another Faxdesk desk, “Front desk”, receives them at ${FRONT_URL}`);
  expect((await back.fixture.ok<WebhookSettingsView>('webhooks:get', { accountId: back.accountId })).inbound?.url).toBe(FRONT_URL);
  const replaced = await back.fixture.ok<WebhookSettingsView>('webhooks:set', {
    accountId: back.accountId,
    direction: 'INBOUND',
    url: BACK_URL,
    hmacSecret: 'back-office-hmac-key-0123456789',
    replace: true,
  });
  expect(replaced.inbound).toMatchObject({ url: BACK_URL, setBy: { deskName: 'Back office', thisDesk: true } });
  // Front desk itself changing its own address is not a take-over (no warning).
  await front.fixture.ok('webhooks:set', { accountId: front.accountId, direction: 'OUTBOUND', url: `${FRONT_URL}/v2` });

  // Front desk's next route check (every poll interval): it notices, says who, and polls normally.
  await front.fixture.core.webhooks.checkRoutes();
  const instant = await instantOf(front);
  expect(instant).toMatchObject({ state: 'fallback', pollSeconds: 60 });
  expect(instant?.message).toContain('“Back office” now receives this account');
  // vi.waitFor gives up after 1 s unless told; a loaded machine can take longer to raise the notice.
  await vi.waitFor(() => expect(front.fixture.events.some(([name, p]) => name === 'app:notice' && (p as { message: string }).message === instant?.message)).toBe(true), { timeout: 30_000 });

  // A third desk, which never received them: it is told the latest owner (Back office, no longer Front
  // desk) before saving, and its own route check announces no take-over, since nothing was taken from it.
  const onRecords = await records.fixture.ok<WebhookSettingsView>('webhooks:get', { accountId: records.accountId });
  expect(onRecords.inbound).toMatchObject({ url: BACK_URL, setBy: { deskName: 'Back office', thisDesk: false } });
  const refusedToo = await records.fixture.call('webhooks:set', { accountId: records.accountId, direction: 'INBOUND', url: `${FRONT_URL}/records` });
  expect(!refusedToo.ok && refusedToo.error.message).toContain(`another Faxdesk desk, “Back office”, receives them at ${BACK_URL}`);
  await records.fixture.core.webhooks.checkRoutes();
  expect((await instantOf(records))?.state ?? 'off').not.toBe('fallback');
  expect(records.fixture.events.some(([name]) => name === 'app:notice')).toBe(false);
});
