/**
 * The first sync of an account that already holds years of faxes, against the emulator seeded with a
 * history: the newest page of each list comes with the first pass, the rest is imported in the
 * background newest first, as history (nothing announced, received images left on the service until
 * a fax is opened), at a bounded pace, resuming after a restart and after a 429.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HistoryImportStatus } from '../../../src/shared/domain/history-import';
import { importLine } from '../../../src/shared/domain/history-import';
import { FaxEventsRepository } from '../../../src/main/store/repositories/fax-events-repository';
import { OutboundRepository } from '../../../src/main/store/repositories/outbound-repository';
import { ReceivedRepository } from '../../../src/main/store/repositories/received-repository';
import { HEAD_PAGE_SIZE } from '../../../src/main/sync/history-import';
import { SYNC_PAGE_SIZE } from '../../../src/shared/domain/sync';
import { ACCOUNT, imageDownloads, startSyncFixture, type SyncFixture, type SyncProcess } from './sync-fixture';

const RECEIVED = 600;
const SENT = 600;

let fx: SyncFixture;

beforeEach(async () => {
  fx = await startSyncFixture();
  await fx.emulator.control.seedHistory({ received: RECEIVED, sent: SENT, spanDays: 3 * 365 });
});

afterEach(async () => {
  await fx.close();
});

/** Lets the import run (its pace waits on the manual clock) until it has nothing left, or `until` holds. */
async function runImport(app: SyncProcess, until: (status: HistoryImportStatus) => boolean = (s) => s.accounts.every((a) => a.state === 'done')): Promise<HistoryImportStatus> {
  for (let i = 0; i < 2_000; i++) {
    const status = app.module.imports.status();
    if (until(status)) return status;
    await app.timers.advance(100);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`the import did not get there: ${JSON.stringify(app.module.imports.status())}`);
}

/** The requests that read the whole list (the first pass's head, the import's pages), not the sync's later windows. */
const listRequests = (fx: SyncFixture, mark: number, list: 'received' | 'sent') =>
  fx.requestsSince(mark).filter((r) => r.method === 'GET' && r.path.startsWith(`/api/faxes/${list}`) && !r.path.includes('image_downloaded=') && !r.path.includes('min_completed_timestamp'));

describe('the first sync of a big account', () => {
  it('shows the newest page at once, imports the rest in the background as history, and downloads old images only when opened', async () => {
    const mark = fx.mark();
    const app = await fx.start();
    await app.cycle();

    // The first pass read one page of each list, not the whole history (the import may have read one more meanwhile).
    expect(listRequests(fx, mark, 'received').length).toBeLessThanOrEqual(2);
    expect(listRequests(fx, mark, 'sent').length).toBeLessThanOrEqual(2);
    const received = new ReceivedRepository(fx.db);
    const outbound = new OutboundRepository(fx.db);
    expect(received.count({ accountId: ACCOUNT })).toBeGreaterThanOrEqual(HEAD_PAGE_SIZE);
    expect(received.count({ accountId: ACCOUNT })).toBeLessThanOrEqual(HEAD_PAGE_SIZE + SYNC_PAGE_SIZE);
    const started = app.module.imports.status();
    expect(started.accounts).toEqual([
      expect.objectContaining({ accountId: ACCOUNT, received: { read: expect.any(Number), total: RECEIVED, done: false }, sent: { read: expect.any(Number), total: SENT, done: false } }),
    ]);
    expect(importLine(started)).toMatch(new RegExp(`^Importing your fax history: [0-9,]+ of about ${(RECEIVED + SENT).toLocaleString('en-US')}$`));
    // The head's faxes nobody had downloaded are news, as on any first pass; the rest of the head is history.
    const headFresh = app.recorded.notifications.length;
    expect(headFresh).toBeGreaterThan(0);

    const done = await runImport(app);
    expect(done.accounts[0]).toMatchObject({ state: 'done', received: { read: RECEIVED, done: true }, sent: { read: SENT, done: true } });
    expect(received.count({ accountId: ACCOUNT })).toBe(RECEIVED);
    expect(outbound.countActive(ACCOUNT)).toBe(0);
    expect(fx.db.prepare('SELECT count(*) FROM outbound WHERE account_id = ?').pluck().get(ACCOUNT)).toBe(SENT);
    // Newest first, oldest last: the whole history is there in order.
    const oldest = received.page({ accountId: ACCOUNT, limit: 1, skip: RECEIVED - 1 }).items[0]!;
    expect(Date.parse(oldest.completedAt)).toBeLessThan(Date.parse(received.page({ accountId: ACCOUNT, limit: 1 }).items[0]!.completedAt));
    // History: read, its image left on the service, never announced; only the head's images were
    // downloaded (as any first pass does), not one older one.
    expect(oldest).toMatchObject({ imageState: 'remote', readAt: expect.any(String) });
    expect(app.recorded.notifications).toHaveLength(headFresh);
    expect(imageDownloads(fx.requestsSince(mark))).toBe(HEAD_PAGE_SIZE);
    expect(fx.db.prepare("SELECT count(*) FROM received WHERE image_state = 'remote'").pluck().get()).toBe(RECEIVED - HEAD_PAGE_SIZE);
    expect(received.countUnread(ACCOUNT)).toBeLessThanOrEqual(HEAD_PAGE_SIZE);
    // The head's page of 50, then pages of 100, each read once (no page read twice on an unchanging list).
    const pagesOf = (total: number) => 1 + Math.ceil((total - HEAD_PAGE_SIZE) / SYNC_PAGE_SIZE);
    expect(listRequests(fx, mark, 'received')).toHaveLength(pagesOf(RECEIVED));
    expect(listRequests(fx, mark, 'sent')).toHaveLength(pagesOf(SENT));
    expect(done.accounts[0]!.requests).toBe(pagesOf(RECEIVED) + pagesOf(SENT));

    // Opening an old fax downloads its image then, once; it is not announced; the service learns it was downloaded.
    const before = fx.mark();
    const image = await app.module.inbox.image(oldest.id);
    expect(image.kind).toBe('pdf');
    expect(imageDownloads(fx.requestsSince(before), oldest.faxId)).toBe(1);
    expect(received.get(oldest.id)!.imageState).toBe('stored');
    expect(app.recorded.notifications).toHaveLength(headFresh);
    expect(new FaxEventsRepository(fx.db).timeline({ direction: 'INBOUND', receivedId: oldest.id }).map((e) => e.status)).toEqual(
      expect.arrayContaining(['RECEIVED', 'IMPORTED', 'IMAGE_STORED']),
    );
    const again = fx.mark();
    expect((await app.module.inbox.image(oldest.id)).kind).toBe('pdf');
    expect(imageDownloads(fx.requestsSince(again))).toBe(0);
  });

  it('announces a fax that arrives meanwhile as news, resumes after a restart where it stood, and waits out a 429', async () => {
    const first = await fx.start();
    await first.cycle();
    const notified = first.recorded.notifications.length;
    await runImport(first, (s) => s.accounts[0]!.received.read >= 300);
    // A fax arrives while the history is imported: the sync brings it as news, the import passes over it.
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170', pages: 1 });
    await first.cycle();
    expect(new ReceivedRepository(fx.db).getByFaxId(ACCOUNT, faxId)).toMatchObject({ imageState: 'stored', readAt: null });
    expect(first.recorded.notifications).toHaveLength(notified + 1);
    expect(first.recorded.notifications.at(-1)!.target).toEqual({ page: 'inbox', faxId, accountId: ACCOUNT });
    await first.stop();
    const stoppedAt = first.module.imports.status().accounts[0]!;
    expect(stoppedAt.state).not.toBe('done');

    // Restarted, with the service limiting the rate of its sent list for a while.
    const mark = fx.mark();
    fx.emulator.control.addFault({ route: 'GET /faxes/sent', kind: 'rate-limit', retryAfterSeconds: 30, count: 2 });
    const second = await fx.start();
    await runImport(second, (s) => s.accounts[0]!.problem !== null);
    expect(second.module.imports.status().accounts[0]!.problem).toMatch(/429|limiting/i);
    const done = await runImport(second);
    expect(done.accounts[0]).toMatchObject({ state: 'done', received: { read: RECEIVED + 1 }, sent: { read: SENT } });
    // It went on from where it stood: the pages stored before were not read again.
    expect(listRequests(fx, mark, 'received').length).toBeLessThanOrEqual(Math.ceil((RECEIVED - stoppedAt.received.read) / 100) + 1);
    expect(fx.db.prepare('SELECT count(*) FROM received WHERE account_id = ?').pluck().get(ACCOUNT)).toBe(RECEIVED + 1);
    expect(fx.db.prepare('SELECT count(*) FROM outbound WHERE account_id = ?').pluck().get(ACCOUNT)).toBe(SENT);
    expect(second.recorded.notifications).toHaveLength(0);
  });
});
