import { afterEach, describe, expect, it } from 'vitest';
import type { FaultSpec } from '../../../src/emulator';
import { ReceivedRepository } from '../../../src/main/store/repositories/received-repository';
import { NotificationsRepository } from '../../../src/main/store/repositories/notifications-repository';
import { ACCOUNT, imageDownloads, startSyncFixture, type SyncFixture, type SyncProcess } from './sync-fixture';

let fx: SyncFixture;

/**
 * A hang is ended by the request timeout: keep it short so those cases take seconds, not minutes. Only
 * the kind of request the fault hangs gets the short bound (the JSON requests, or the image GETs); the
 * rest keep the fixture's 30 s, or a loaded CI machine turns a slow download into a fault the test did
 * not ask for (a 2-s bound on every request failed a restart test under CI load).
 */
async function open(fault?: Omit<FaultSpec, 'route'>, on: 'json' | 'image' = 'json'): Promise<SyncFixture> {
  if (fault?.kind !== 'hang') return startSyncFixture();
  return startSyncFixture(on === 'json' ? { timeoutMs: 2_000, imageTimeoutMs: 30_000 } : { imageTimeoutMs: 2_000 });
}

afterEach(async () => {
  await fx.close();
});

const LIST_FAULTS: [string, Omit<FaultSpec, 'route'>][] = [
  ['a 500', { kind: 'status', status: 500 }],
  ['a 503 from the gateway', { kind: 'status', status: 503, gatewayStyle: true }],
  ['a connection reset', { kind: 'reset' }],
  ['a hang (timeout)', { kind: 'hang' }],
  ['malformed JSON', { kind: 'malformed' }],
  ['a truncated body', { kind: 'truncate' }],
  ['a rate limit', { kind: 'rate-limit', retryAfterSeconds: 1 }],
  ['a reset after the service answered', { kind: 'reset', phase: 'after' }],
];

/** Every fax of the emulator's demo inbox, once, stored, announced once. */
function expectInboxComplete(app: SyncProcess, faxIds: string[]): void {
  const received = new ReceivedRepository(fx.db);
  const rows = received.page({ accountId: ACCOUNT, limit: 500 }).items;
  expect(rows.map((r) => r.faxId).sort()).toEqual([...faxIds].sort());
  for (const row of rows) expect(row.imageState).toBe('stored');
  const announced = app.recorded.notifications.map((n) => (n.target as { faxId: string }).faxId).sort();
  expect(announced).toEqual([...faxIds].sort());
  const requests = fx.requestsSince(0);
  for (const faxId of faxIds) expect(imageDownloads(requests, faxId)).toBe(1);
}

describe('faults while reading the received list', () => {
  it.each(LIST_FAULTS)('%s loses and duplicates nothing, is shown, and the next cycle recovers', async (_name, fault) => {
    fx = await open(fault);
    const app = await fx.start();
    await app.cycle();
    const a = await fx.emulator.control.inbound({ from: '13125550170' });
    const b = await fx.emulator.control.inbound({ from: '16175550181' });
    fx.emulator.control.addFault({ route: 'GET /faxes/received', ...fault });

    await app.cycle();
    const status = app.module.sync.status().accounts[0]!;
    expect(status.lastError?.feed).toBe('received');
    expect(status.lastError?.message).toMatch(/\w/);
    expect(app.recorded.events.some((e) => e.event === 'sync:status')).toBe(true);

    await app.cycle();
    expectInboxComplete(app, [a.fax_id, b.fax_id]);
    expect(app.module.sync.status().accounts[0]!.lastError).toBeNull();
  });

  it('a failure on the second page keeps the first page and reads everything on the next cycle', async () => {
    fx = await open();
    const ids: string[] = [];
    for (let i = 0; i < 103; i++) ids.push((await fx.emulator.control.inbound({ from: `1312555${String(1000 + i)}`, pages: 1 })).fax_id);
    fx.emulator.control.addFault({ route: 'GET /faxes/received', kind: 'status', status: 502 });
    const app = await fx.start({ downloads: { maxAttempts: 5 } });
    // The fault hits the first request: nothing read, nothing lost.
    await app.module.sync.syncNow(ACCOUNT, ['received']);
    expect(new ReceivedRepository(fx.db).page({ limit: 500 }).items).toHaveLength(0);
    // Now the second page of the walk fails.
    const mark = fx.mark();
    fx.emulator.control.addFault({ route: 'GET /faxes/received', kind: 'reset' });
    await app.module.sync.syncNow(ACCOUNT, ['received']);
    await app.module.sync.syncNow(ACCOUNT, ['received']);
    const pages = fx.requestsSince(mark).filter((r) => r.path.startsWith('/api/faxes/received'));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const rows = new ReceivedRepository(fx.db).page({ limit: 500 }).items;
    expect(rows.map((r) => r.faxId).sort()).toEqual([...ids].sort());
  });
});

describe('faults while downloading an image', () => {
  const IMAGE_FAULTS: [string, Omit<FaultSpec, 'route'>, 'pending' | 'failed'][] = [
    ['a 500', { kind: 'status', status: 500 }, 'pending'],
    ['a connection reset', { kind: 'reset' }, 'pending'],
    ['a hang (timeout)', { kind: 'hang' }, 'pending'],
    // A body cut short is a broken transfer (the network's fault), not a bad image.
    ['a truncated body', { kind: 'truncate' }, 'pending'],
    ['malformed JSON', { kind: 'malformed' }, 'failed'],
    ['a reset after the service answered', { kind: 'reset', phase: 'after' }, 'pending'],
  ];

  it.each(IMAGE_FAULTS)('%s: the fax stays (%s), is retried, and is stored and announced once', async (_name, fault, stateAfter) => {
    fx = await open(fault, 'image');
    const app = await fx.start();
    await app.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    fx.emulator.control.addFault({ route: 'GET /faxes/*/image', ...fault });

    await app.cycle();
    const received = new ReceivedRepository(fx.db);
    const row = received.getByFaxId(ACCOUNT, faxId)!;
    expect(row.imageState).toBe(stateAfter);
    expect(app.recorded.notifications).toHaveLength(0);
    if (stateAfter === 'failed') expect(row.imageError).toMatch(/could not be stored.*try again/);
    else expect(app.module.sync.status().downloads.lastError?.message).toMatch(/\w/);

    // The downloader waits (backoff) and tries again by itself.
    await app.timers.advance(60_000);
    await app.module.downloader.drain();
    expect(received.getByFaxId(ACCOUNT, faxId)!.imageState).toBe('stored');
    await app.cycle();
    expectInboxComplete(app, [faxId]);
    expect(app.module.sync.status().downloads.lastError).toBeNull();
  });

  it('a corrupt PDF from the service: failed with a clear message, the row kept, bounded retries, then "download again" works', async () => {
    fx = await open();
    const app = await fx.start({ downloads: { maxAttempts: 3, retryBaseMs: 1_000 } });
    await app.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    fx.tamper.image = (body) => ({ ...body, image: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n').toString('base64') });

    await app.cycle();
    const received = new ReceivedRepository(fx.db);
    let row = received.getByFaxId(ACCOUNT, faxId)!;
    expect(row.imageState).toBe('failed');
    expect(row.imageError).toMatch(/damaged PDF.*cut off.*2 tries left/);
    for (let i = 0; i < 5; i++) {
      await app.timers.advance(10_000);
      await app.module.downloader.drain();
    }
    row = received.getByFaxId(ACCOUNT, faxId)!;
    expect(row.imageAttempts).toBe(3);
    expect(row.imageError).toMatch(/gave up after 3 tries.*Download again.*stays in your inbox/);
    expect(app.recorded.events.some((e) => e.event === 'app:notice' && /gave up/.test((e.payload as { message: string }).message))).toBe(true);
    const image = await app.module.inbox.image(row.id);
    expect(image).toMatchObject({ kind: 'unavailable', imageState: 'failed', canRetry: true });
    expect(app.recorded.notifications).toHaveLength(0);

    fx.tamper.image = undefined;
    app.module.inbox.retryDownload(row.id);
    await app.module.downloader.drain();
    expect(received.getByFaxId(ACCOUNT, faxId)!.imageState).toBe('stored');
    expect(app.recorded.notifications).toHaveLength(1);
  });
});

describe('faults on the other feeds', () => {
  it.each(LIST_FAULTS.slice(0, 6))('the notification log survives %s', async (_name, fault) => {
    fx = await open(fault);
    const app = await fx.start();
    await fx.client.createNotificationConfig({ direction: 'INBOUND', url: 'https://example.test/hook' });
    await app.cycle();
    await fx.emulator.control.inbound({ from: '13125550170' });
    await fx.emulator.control.idle();
    fx.emulator.control.addFault({ route: 'GET /notifications', ...fault });
    await app.cycle();
    await app.cycle();
    const service = await fx.client.listNotifications();
    const local = new NotificationsRepository(fx.db).page({ accountId: ACCOUNT }).items;
    expect(local.map((n) => n.notifyId).sort()).toEqual(service.map((n) => n.notifyId).sort());
    expect(local.length).toBeGreaterThan(0);
  });
});
