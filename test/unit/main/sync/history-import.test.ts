/**
 * The import of a big account's older faxes (HistoryImportService), against the in-memory service:
 * its pace, a list that changes while it is read, the range setting, and the person's pause.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationRecord, ReceivedFilter } from '../../../../src/shared/domain/fax';
import { AppError } from '../../../../src/main/errors';
import { FaxEventsRepository } from '../../../../src/main/store/repositories/fax-events-repository';
import { ReceivedRepository } from '../../../../src/main/store/repositories/received-repository';
import { HEAD_PAGE_SIZE, readListHead } from '../../../../src/main/sync/history-import';
import { ACCOUNT, T0, harness, type Harness } from './sync-fixtures';

const DAY = 24 * 3600_000;
let h: Harness;

afterEach(async () => {
  await h?.close();
});

/** `count` received faxes, one a day back from T0, newest first (fax r0 is the newest). */
function history(count: number): void {
  for (let i = count - 1; i >= 0; i--) h.service.addReceived(`r${i}`, T0 - i * DAY, { imageDownloaded: true });
}

/** Lets the import run: moves the manual clock in steps and gives the event loop its turns. */
async function run(until: () => boolean, stepMs = 20): Promise<void> {
  for (let i = 0; i < 5_000 && !until(); i++) {
    await h.tick(stepMs);
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (!until()) throw new Error(`not there: ${JSON.stringify(h.module.imports.status())}`);
}

const receivedCalls = () => h.service.calls.filter((c) => c.op === 'listReceived').map((c) => c.arg as ReceivedFilter);
/** The import's requests: past the first page (the sync's own passes read from position 1). */
const importCalls = () => receivedCalls().filter((f) => (f.offset ?? 1) > 1);
const importDone = () => h.module.imports.status().accounts.every((a) => a.state === 'done') && h.module.imports.status().accounts.length > 0;
const stored = () => new ReceivedRepository(h.db).count({ accountId: ACCOUNT });

describe('importing the older faxes of a big account', () => {
  it('reads the list after its first page newest first, at most 50 requests a second, and a 429 halves the pace and waits as asked', async () => {
    h = await harness({ start: false });
    history(1_050);
    await h.module.start();
    await h.module.sync.syncNow(ACCOUNT, ['received']);
    // The first pass read the newest 50; the rest is the import's, from position 51 on.
    expect(receivedCalls()[0]).toMatchObject({ offset: 1, limit: 50 });
    expect(stored()).toBe(50);

    // The import's request starts, and a 429 ("come back in 30 s") on its 5th.
    const starts: number[] = [];
    let limited = false;
    const original = h.service.listReceived.bind(h.service);
    h.service.listReceived = async (filter = {}) => {
      if ((filter.offset ?? 1) > 1) {
        starts.push(h.timers.now());
        if (filter.offset === 451 && !limited) {
          limited = true;
          h.service.calls.push({ op: 'listReceived', arg: filter });
          throw new AppError('RATE_LIMITED', 'The fax service is limiting how often Faxdesk may call it (HTTP 429).', { retryAfterSeconds: 30 });
        }
      }
      return original(filter);
    };
    await run(importDone);

    expect(importCalls().map((f) => f.offset)).toEqual([51, 151, 251, 351, 451, 451, 551, 651, 751, 851, 951]);
    const gaps = starts.slice(1).map((t, i) => t - starts[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(20); // 50 a second
    expect(gaps[3]).toBeGreaterThanOrEqual(30_000); // Retry-After
    expect(Math.min(...gaps.slice(4))).toBeGreaterThanOrEqual(40); // halved: 25 a second
    expect(stored()).toBe(1_050);
    // Newest first: the oldest fax came last.
    const oldest = new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'r1049')!;
    expect(oldest).toMatchObject({ imageState: 'remote' });
    expect(h.notifications).toEqual([]);
  });

  it('loses no fax when faxes are deleted on the service above where it reads, and reads new arrivals once', async () => {
    h = await harness({ start: false });
    history(650);
    await h.module.start();
    await h.module.sync.syncNow(ACCOUNT, ['received']);
    let reads = 0;
    const original = h.service.listReceived.bind(h.service);
    h.service.listReceived = async (filter) => {
      reads += 1;
      // Between the 2nd and 3rd page of the import: 5 faxes it has read are deleted, and 3 arrive.
      if (reads === 3) {
        h.service.received.splice(20, 5);
        for (const id of ['n1', 'n2', 'n3']) h.service.addReceived(id, T0 + 60_000, { imageDownloaded: false });
      }
      return original(filter);
    };
    await run(importDone);
    const repo = new ReceivedRepository(h.db);
    // Every fax the service still lists, older than the first page, is in the history.
    for (const fax of h.service.received.filter((f) => !f.faxId.startsWith('n'))) expect(repo.getByFaxId(ACCOUNT, fax.faxId), fax.faxId).toBeDefined();
    // The new arrivals are the sync's (completed after the first page), not history.
    expect(repo.getByFaxId(ACCOUNT, 'n1')).toBeUndefined();
  });

  it('stops at the range chosen, and goes on from there when the range is widened; the pause holds it', async () => {
    h = await harness({ start: false });
    history(800); // one a day: 800 days back
    h.setSettings({ historyImportRange: '90days' });
    await h.module.start();
    await h.module.sync.syncNow(ACCOUNT, ['received']);
    await run(importDone);
    expect(stored()).toBe(91); // the 91 newest days (T0 - 90 days is in)
    expect(importCalls().every((f) => f.completedAfter === new Date(T0 - 90 * DAY).toISOString())).toBe(true);
    expect(receivedCalls()[0]).toMatchObject({ offset: 1, completedAfter: new Date(T0 - 90 * DAY).toISOString() });

    h.module.imports.setPaused(true);
    h.setSettings({ historyImportRange: 'year' });
    expect(h.module.imports.status()).toMatchObject({ paused: true, range: 'year', accounts: [{ state: 'paused' }] });
    const calls = importCalls().length;
    await h.tick(60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(importCalls()).toHaveLength(calls);

    h.module.imports.setPaused(false);
    await run(importDone);
    // It went on from where it was (position 92 of the year's list), not from the top, down to a year back.
    const yearCalls = importCalls().filter((f) => f.completedAfter !== new Date(T0 - 90 * DAY).toISOString());
    expect(yearCalls[0]!.offset).toBe(92);
    const since = Date.parse(yearCalls[0]!.completedAfter!);
    expect(since).toBeLessThan(T0 - 364 * DAY);
    expect(stored()).toBe(h.service.received.filter((f) => Date.parse(f.completedAt!) >= since).length);
  });
});

describe('webhook deliveries of imported faxes', () => {
  it('a delivery the notification log already holds for an old fax goes on its timeline when the import stores the fax', async () => {
    h = await harness({ start: false });
    history(200);
    const delivery: NotificationRecord = {
      notifyId: 'n-old',
      appId: 'app',
      userId: 'u',
      faxId: 'r150',
      direction: 'INBOUND',
      faxCompletedAt: new Date(T0 - 150 * DAY).toISOString(),
      notifyType: 'WEBHOOK',
      notifyDestination: 'https://x.test/h',
      sentStatus: 'FAILED',
      eventType: null,
    };
    h.service.notifications.push(delivery);
    await h.module.start();
    await h.module.sync.syncNow(ACCOUNT, ['notifications', 'received']);
    expect(new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'r150')).toBeUndefined();
    await run(importDone);
    const fax = new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'r150')!;
    const timeline = new FaxEventsRepository(h.db).timeline({ direction: 'INBOUND', receivedId: fax.id });
    expect(timeline.filter((e) => e.source === 'notification')).toMatchObject([{ status: 'WEBHOOK_FAILED', detail: { notifyId: 'n-old', destination: 'https://x.test/h' } }]);
    // Only that fax got one.
    const other = new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'r149')!;
    expect(new FaxEventsRepository(h.db).timeline({ direction: 'INBOUND', receivedId: other.id }).some((e) => e.source === 'notification')).toBe(false);
  });
});

describe('readListHead: the first pass of a list', () => {
  it('hands each page on in slices of 25, each after a turn of the event loop (the page’s parse is a task of its own)', async () => {
    h = undefined as unknown as Harness;
    const items = Array.from({ length: HEAD_PAGE_SIZE }, (_, i) => ({ completedAt: new Date(T0 - i * DAY).toISOString() }));
    const seen: { size: number; turnsBefore: number }[] = [];
    let turns = 0;
    const head = await readListHead(
      async () => {
        setImmediate(() => (turns += 1));
        return { items, firstRecord: 1, lastRecord: HEAD_PAGE_SIZE, totalRecords: 500 };
      },
      (slice) => {
        seen.push({ size: slice.length, turnsBefore: turns });
        setImmediate(() => (turns += 1));
      },
    );
    expect(seen).toEqual([
      { size: 25, turnsBefore: 1 },
      { size: 25, turnsBefore: 2 },
    ]);
    expect(head).toMatchObject({ nextOffset: HEAD_PAGE_SIZE + 1, read: HEAD_PAGE_SIZE, complete: false });
  });
});
