import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { SyncCursorsRepository } from '../../../../src/main/store/repositories/sync-cursors-repository';
import { STATUS_COALESCE_MS } from '../../../../src/main/sync/sync-service';
import type { SyncStatus } from '../../../../src/shared/domain/sync';
import { ACCOUNT, FakeService, T0, harness, insertAccount, type Harness } from './sync-fixtures';

let h: Harness;

afterEach(async () => {
  await h?.close();
});

function listCalls(h: Harness): number {
  return h.service.count('listReceived');
}

describe('SyncService scheduling', () => {
  it('polls every feed at start, then at the poll interval, and faster while the window has focus', async () => {
    h = await harness();
    await h.tick(0);
    expect(listCalls(h)).toBe(1);
    expect(h.service.count('listSent')).toBe(1);
    expect(h.service.count('listNotifications')).toBe(1);
    await h.tick(59_999);
    expect(listCalls(h)).toBe(1);
    await h.tick(1);
    expect(listCalls(h)).toBe(2);

    const status = h.module.sync.setFocus(true);
    expect(status.focused).toBe(true);
    expect(status.accounts[0]!.mode).toBe('fast');
    await h.tick(10_000);
    expect(listCalls(h)).toBe(3);
    await h.tick(10_000);
    expect(listCalls(h)).toBe(4);
    h.module.sync.setFocus(false);
    await h.tick(10_000); // the run already due
    await h.tick(59_999);
    expect(listCalls(h)).toBe(5);
  });

  it('follows the pollIntervalSeconds setting, a shorter one at once', async () => {
    h = await harness();
    await h.tick(0);
    h.setSettings({ pollIntervalSeconds: 3600 });
    await h.tick(60_000); // the run already scheduled at the old interval
    expect(listCalls(h)).toBe(2);
    await h.tick(600_000);
    expect(listCalls(h)).toBe(2);
    h.setSettings({ pollIntervalSeconds: 15 });
    await h.tick(0);
    expect(listCalls(h)).toBe(3); // long overdue under the new interval
    await h.tick(15_000);
    expect(listCalls(h)).toBe(4);
    expect(h.module.sync.status().idleIntervalSeconds).toBe(15);
  });

  it('is fast while a send is in flight, and idle again once it is final', async () => {
    h = await harness();
    await h.tick(0);
    h.module.sync.noteJobActive(ACCOUNT);
    expect(h.module.sync.status().accounts[0]!.mode).toBe('fast');
    // The active feed finds no job in flight (the outbox's row is not there in this test): idle again.
    await h.tick(0);
    expect(h.module.sync.status().accounts[0]!.mode).toBe('idle');
  });

  it('pauses while asleep, offline or paused by the person, and runs everything on resume', async () => {
    h = await harness();
    await h.tick(0);
    h.system.suspend();
    h.system.setOnline(false);
    expect(h.module.sync.status()).toMatchObject({ paused: true, pausedByUser: false, pauseReasons: ['suspend', 'offline'] });
    await h.tick(10 * 60_000);
    expect(listCalls(h)).toBe(1);
    h.system.resume();
    await h.tick(60_000);
    expect(listCalls(h)).toBe(1); // still offline
    h.module.sync.setPaused(true);
    expect(h.module.sync.isPaused()).toBe(true);
    h.system.setOnline(true);
    h.module.sync.runNow(); // a refresh while paused does nothing
    await h.tick(60_000);
    expect(listCalls(h)).toBe(1);
    h.module.sync.setPaused(false);
    await h.tick(0);
    expect(listCalls(h)).toBe(2);
    const statuses = h.events.filter((e) => e.event === 'sync:status').map((e) => (e.payload as SyncStatus).paused);
    expect(statuses).toContain(true);
    expect(statuses.at(-1)).toBe(false);
  });

  it('starts paused when the computer is offline at start', async () => {
    h = await harness({ start: false });
    h.system.online = false;
    await h.module.start();
    await h.tick(60_000);
    expect(listCalls(h)).toBe(0);
    h.system.setOnline(true);
    await h.tick(0);
    expect(listCalls(h)).toBe(1);
  });

  it('backs off on errors, honours Retry-After, shows the error, and records it without writing on every retry', async () => {
    h = await harness();
    const network = () => new AppError('NETWORK', 'The service cannot be reached; check the connection.');
    h.service.faults.set('listReceived', [network(), network(), network(), new AppError('RATE_LIMITED', 'Slow down.', { retryAfterSeconds: 120 })]);
    await h.tick(0);
    const status = h.module.sync.status().accounts[0]!;
    expect(status.lastError).toMatchObject({ feed: 'received', code: 'NETWORK', message: 'The service cannot be reached; check the connection.' });
    expect(status.lastSyncedAt).toBeNull();
    const cursors = new SyncCursorsRepository(h.db);
    expect(cursors.get(ACCOUNT, 'received')!.lastError).toMatch(/cannot be reached/);
    // Backoff (random = 1): 2 s, then 4 s, then 8 s.
    await h.tick(1_999);
    expect(listCalls(h)).toBe(1);
    await h.tick(1);
    expect(listCalls(h)).toBe(2);
    // The same failure again: shown, but not written again.
    expect(await h.writesDuring(() => h.tick(4_000))).toBe(0);
    expect(listCalls(h)).toBe(3);
    await h.tick(8_000);
    expect(listCalls(h)).toBe(4); // the rate limit
    await h.tick(119_000);
    expect(listCalls(h)).toBe(4);
    await h.tick(1_000);
    expect(listCalls(h)).toBe(5);
    const recovered = h.module.sync.status().accounts[0]!;
    expect(recovered.lastError).toBeNull();
    expect(recovered.lastSyncedAt).not.toBeNull();
    expect(cursors.get(ACCOUNT, 'received')!.lastError).toBeNull();
  });

  it('follows the accounts: a new active account is synchronised, a disabled one no more', async () => {
    h = await harness();
    insertAccount(h.db, 'acc-2');
    const second = new FakeService();
    h.services.set('acc-2', second);
    await h.tick(0);
    h.changeAccounts([...h.accounts, { id: 'acc-2', label: 'Second', enabled: true, status: { state: 'ready' } }]);
    await h.tick(0);
    expect(second.count('listReceived')).toBe(1);
    expect(h.module.sync.status().accounts.map((a) => a.accountId)).toEqual([ACCOUNT, 'acc-2']);
    h.changeAccounts([{ id: ACCOUNT, label: 'Main', enabled: false, status: { state: 'disabled' } }, { id: 'acc-2', label: 'Second', enabled: true, status: { state: 'ready' } }]);
    await h.tick(60_000);
    expect(listCalls(h)).toBe(1);
    expect(second.count('listReceived')).toBe(2);
    // A Sandbox still starting is not polled until it is ready.
    h.changeAccounts([{ id: 'acc-2', label: 'Second', enabled: true, status: { state: 'starting' } }]);
    expect(h.module.sync.status().accounts).toEqual([]);
  });

  it('emits sync:status only when what it shows changed', async () => {
    h = await harness();
    await h.tick(0);
    const count = () => h.events.filter((e) => e.event === 'sync:status').length;
    const before = count();
    // Same outcome, only later: lastSyncedAt moves, which the status bar shows.
    await h.tick(60_000);
    expect(count()).toBeGreaterThan(before);
    const settled = count();
    h.module.sync.setFocus(false); // no change
    expect(count()).toBe(settled);
    expect(h.module.sync.status().accounts[0]!.lastSyncedAt).toBe(new Date(T0 + 60_000).toISOString());
  });

  it("announces a cycle's feeds in one sync:status, once they have all finished", async () => {
    h = await harness();
    await h.tick(STATUS_COALESCE_MS);
    const statuses = () => h.events.filter((e) => e.event === 'sync:status').map((e) => e.payload as SyncStatus);
    const before = statuses().length;
    await h.tick(60_000); // every feed runs again
    await h.tick(STATUS_COALESCE_MS);
    expect(statuses().length).toBe(before + 1);
    const last = statuses().at(-1)!.accounts[0]!;
    expect(last.lastSyncedAt).toBe(new Date(T0 + 60_000).toISOString()); // the feeds keep their minute
    expect(last.feeds.map((f) => f.running)).toEqual(last.feeds.map(() => false));
    // What the person does still shows at once.
    h.module.sync.setPaused(true);
    expect(statuses().at(-1)!.pausedByUser).toBe(true);
  });
});
