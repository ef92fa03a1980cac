/**
 * The first sync of an account that already holds faxes is a backfill with a plan:
 * 1. the feed's first pass reads only the head of each list (the newest page, or as many as cover the
 *    window the next passes read again) and stores it as the first pass always did: the newest faxes
 *    are in the Inbox and Outbox within a request or two;
 * 2. it hands the rest of the list over to this service, which reads it in the background, page by
 *    page, newest first, down to the range the person chose (all, one year, 90 days), storing each
 *    page as history (history-pages.ts): never announced, received images left on the service until
 *    opened, printed or saved;
 * 3. new faxes keep coming through the sync as usual meanwhile (faxes completed after the head's
 *    newest are the sync's, and the import passes over them).
 *
 * Pace: one request in flight per account, the next page asked for while the last one is stored, at
 * most `maxRequestsPerSecond` (50) request starts per second per account: the service publishes no
 * limit. A 429 waits what Retry-After says (the API client already waited for a short one) and halves
 * the rate; it creeps back after a run of successes. Other failures wait 5 s, doubling to 10 min. The
 * import waits while sync is held (asleep, offline, paused) and while the person pauses it.
 *
 * Where it stands is in history_imports (0120), written in each page's own transaction, so a crash or
 * a quit resumes at the page after the last one stored. A list read by position shifts while it is
 * read: faxes arriving push older ones down (a page then repeats a few faxes: harmless, the store is
 * idempotent), faxes deleted pull them up (the service's total shrinks: the import steps back by as
 * many, so none is skipped).
 */
import type { ReceivedFax, SentFax, Page } from '../../shared/domain/fax';
import { importSince, type HistoryImportAccountStatus, type HistoryImportRange, type HistoryImportStatus } from '../../shared/domain/history-import';
import { SYNC_PAGE_SIZE, SYNC_WINDOW_OVERLAP_MS } from '../../shared/domain/sync';
import type { AppError } from '../errors';
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import { HistoryImportsRepository, type HistoryImportRow, type ImportList } from '../store/repositories/history-imports-repository';
import { rateAfterPiece } from '../platform/cpu-pacing';
import { toAppError } from './sync-error';
import { storeOldReceived, storeOldSent, type PageOutcome } from './history-pages';
import { isSyncable, type HistoryStores, type OutboundStateRecorder, type SyncAccounts, type SyncClient, type SyncSettings } from './ports';

/** What the feeds ask of the import on a first pass (FeedContext.imports). */
export interface HistoryImportPort {
  /**
   * A first pass of this list is starting: the filter its head is read with (the import range), or
   * null to read the whole list as before (no import: a history that is not this app's first).
   */
  firstPass(accountId: string, list: ImportList): { completedAfter?: string } | null;
  /** The first pass read the head of the list; the rest, if any, is imported from `head.nextOffset` on. */
  handOver(accountId: string, list: ImportList, head: ListHead, boundary: string | null): void;
  /** Where the sweep of faxes not downloaded yet begins for this account (older ones are history), if it has an import. */
  sweepFrom(accountId: string): string | undefined;
}

export interface ListHead {
  /** Position of the first record after the head. */
  nextOffset: number;
  /** What the service last said the list holds; undefined when it does not say. */
  total: number | undefined;
  /** The head is the whole list. */
  complete: boolean;
  /** Records read. */
  read: number;
  requests: number;
}

/** A head never reads more than this many pages (a service whose records all share one time). */
const MAX_HEAD_PAGES = 40;
/**
 * Records per page of the head: the window's first page is 50 rows, and the first pass stores its
 * page record by record in one transaction (as every sync pass does), which for 100 records of a big
 * account's list is a task of ~50 ms on a busy office PC.
 */
export const HEAD_PAGE_SIZE = 50;
/**
 * The head's pages are stored this many records at a time, each in its own task: storing records one
 * by one, a first page of 50 on a cold start (the page's parse, then each record's row and event) was
 * a 55-74 ms task (bench backfill, first 200 ms).
 */
const HEAD_SLICE = 25;

/**
 * Reads the newest pages of a list for a first pass, until they reach back past the window the next
 * passes read again (SYNC_WINDOW_OVERLAP_MS before its newest record): so everything those windows
 * hold was read now, as the first pass, and nothing the next passes find is history. Usually one page.
 * `onPage` is given each page in slices (HEAD_SLICE), each after a turn of the event loop: storing is
 * idempotent, so a first pass cut short between two slices is simply read again.
 */
export async function readListHead<T extends { completedAt: string | null }>(
  fetchPage: (paging: { offset: number; limit: number }) => Promise<Page<T>>,
  onPage: (items: T[]) => void,
): Promise<ListHead> {
  let offset = 1;
  let newest = -Infinity;
  for (let pages = 1; ; pages++) {
    const page = await fetchPage({ offset, limit: HEAD_PAGE_SIZE });
    for (let at = 0; at < page.items.length; at += HEAD_SLICE) {
      // The first slice too: the page's parse (~15 ms cold) ends its own task before any storing.
      await new Promise((resolve) => setImmediate(resolve));
      onPage(page.items.slice(at, at + HEAD_SLICE));
    }
    const times = page.items.map((i) => (i.completedAt ? Date.parse(i.completedAt) : NaN)).filter((t) => !Number.isNaN(t));
    newest = Math.max(newest, ...times);
    const next = page.lastRecord > 0 ? page.lastRecord + 1 : offset + page.items.length;
    const complete = page.items.length < HEAD_PAGE_SIZE || (page.totalRecords !== undefined && page.lastRecord >= page.totalRecords) || next <= offset;
    const oldest = times.length ? Math.min(...times) : -Infinity;
    const reachesBack = oldest < newest - SYNC_WINDOW_OVERLAP_MS;
    if (complete || reachesBack || pages >= MAX_HEAD_PAGES) {
      return { nextOffset: Math.max(next, offset + 1), total: page.totalRecords, complete, read: next - 1, requests: pages };
    }
    offset = next;
  }
}

export interface HistoryImportDeps {
  stores: HistoryStores;
  /** The outbox's OutboundStates. */
  states: OutboundStateRecorder;
  accounts: Pick<SyncAccounts, 'list' | 'clientFor' | 'onChange'>;
  settings: SyncSettings;
  events: Pick<EventBus, 'emit'>;
  logger: Logger;
  now: () => Date;
  timers: Timers;
  /** Sync is held (asleep, offline, paused by the person): the import waits too. */
  syncHeld: () => boolean;
  /** Received faxes stored by a page (the inbox refreshes the window's list and badge). */
  onReceived: (accountId: string, ids: readonly string[]) => void;
  /** Jobs imported by a page. */
  onSent: (accountId: string, ids: readonly string[]) => void;
  /** Request starts per second per account, at most. Default 50. */
  maxRequestsPerSecond?: number;
}

const DEFAULT_RATE = 50;
const MIN_RATE = 0.5;
const ERROR_BASE_MS = 5_000;
const ERROR_MAX_MS = 10 * 60_000;
const HELD_POLL_MS = 2_000;
const PROGRESS_EVERY_MS = 500;
/** Successes in a row after which a rate halved by a 429 goes up again (by a fifth). */
const RECOVER_AFTER = 50;
/** Main-thread CPU one piece of a page's storing should take (pieces of whole faxes, at least MIN_PIECE_ROWS). */
const PIECE_CPU_MS = 10;
const MIN_PIECE_ROWS = 10;

type Fetched = { list: ImportList; offset: number; page: Page<ReceivedFax> | Page<SentFax> } | { list: ImportList; offset: number; error: AppError };

interface Runner {
  accountId: string;
  abort: AbortController;
  done: Promise<void>;
  /** Wakes a wait (resume, range change, account change). */
  wake: (() => void) | null;
  problem: string | null;
  waiting: boolean;
}

export class HistoryImportService implements HistoryImportPort {
  private readonly repo: HistoryImportsRepository;
  private readonly runners = new Map<string, Runner>();
  private readonly rate = new Map<string, { perSecond: number; successes: number; lastStart: number }>();
  private readonly unsubscribe: (() => void)[] = [];
  private started = false;
  private range: HistoryImportRange;
  private progressTimer: unknown = null;
  private lastJson = '';
  /** Faxes stored per millisecond of main-thread CPU, as last measured (sizes the pieces). */
  private rowsPerMs = 5;

  constructor(private readonly deps: HistoryImportDeps) {
    this.repo = new HistoryImportsRepository(deps.stores.db);
    this.range = deps.settings.values.historyImportRange;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.unsubscribe.push(
      this.deps.accounts.onChange(() => this.reconcile()),
      this.deps.settings.onChange((snapshot) => this.applyRange(snapshot.values.historyImportRange)),
    );
    this.applyRange(this.deps.settings.values.historyImportRange);
    this.reconcile();
  }

  async stop(): Promise<void> {
    this.started = false;
    for (const off of this.unsubscribe.splice(0)) off();
    this.deps.timers.clearTimeout(this.progressTimer);
    this.progressTimer = null;
    const runners = [...this.runners.values()];
    this.runners.clear();
    for (const runner of runners) {
      runner.abort.abort();
      runner.wake?.();
    }
    await Promise.allSettled(runners.map((r) => r.done));
  }

  // -------------------------------------------------------------------------------------------
  // The feeds' side

  firstPass(_accountId: string, _list: ImportList): { completedAfter?: string } | null {
    const since = importSince(this.range, this.deps.now());
    return since ? { completedAfter: since } : {};
  }

  handOver(accountId: string, list: ImportList, head: ListHead, boundary: string | null): void {
    if (head.complete) return;
    this.repo.begin(
      accountId,
      list,
      { since: importSince(this.range, this.deps.now()), boundary, nextOffset: head.nextOffset, listTotal: head.total ?? null, read: head.read, requests: head.requests },
      this.deps.now(),
    );
    this.deps.logger.info('importing the older faxes of an account', { accountId, list, from: head.nextOffset, total: head.total ?? null });
    this.reconcile();
    this.progressSoon();
  }

  sweepFrom(accountId: string): string | undefined {
    const boundaries = (['received', 'sent'] as const).map((list) => this.repo.get(accountId, list)?.boundary).filter((b): b is string => !!b);
    if (boundaries.length === 0) return undefined;
    const earliest = Math.min(...boundaries.map((b) => Date.parse(b)));
    return new Date(earliest - SYNC_WINDOW_OVERLAP_MS).toISOString();
  }

  // -------------------------------------------------------------------------------------------
  // The person's side

  setPaused(paused: boolean): HistoryImportStatus {
    if (this.repo.setPaused(paused)) {
      this.deps.logger.info(paused ? 'history import paused' : 'history import resumed');
      for (const runner of this.runners.values()) runner.wake?.();
      this.reconcile();
    }
    this.emitProgress();
    return this.status();
  }

  status(): HistoryImportStatus {
    const rows = this.repo.all();
    const labels = new Map(this.deps.accounts.list().map((a) => [a.id, a.label]));
    const byAccount = new Map<string, HistoryImportRow[]>();
    for (const row of rows) byAccount.set(row.accountId, [...(byAccount.get(row.accountId) ?? []), row]);
    const accounts: HistoryImportAccountStatus[] = [];
    for (const [accountId, list] of byAccount) {
      const of = (name: ImportList) => list.find((r) => r.list === name);
      const view = (row: HistoryImportRow | undefined) => (row ? { read: row.read, total: row.listTotal, done: row.state === 'done' } : { read: 0, total: 0, done: true });
      const importing = list.filter((r) => r.state === 'importing');
      const runner = this.runners.get(accountId);
      const state: HistoryImportAccountStatus['state'] =
        importing.length === 0 ? 'done' : importing.every((r) => r.paused) ? 'paused' : runner && !runner.waiting ? 'importing' : 'waiting';
      accounts.push({
        accountId,
        label: labels.get(accountId) ?? accountId,
        state,
        received: view(of('received')),
        sent: view(of('sent')),
        requests: list.reduce((sum, r) => sum + r.requests, 0),
        problem: state === 'done' || state === 'paused' ? null : (runner?.problem ?? (runner ? null : 'Waiting until the account can be synchronised.')),
      });
    }
    return { range: this.range, paused: rows.some((r) => r.state === 'importing') && rows.filter((r) => r.state === 'importing').every((r) => r.paused), accounts };
  }

  /** Resolves once no import is running (tests, benchmarks). */
  async whenIdle(): Promise<void> {
    while (this.runners.size > 0) await Promise.allSettled([...this.runners.values()].map((r) => r.done));
  }

  // -------------------------------------------------------------------------------------------

  private applyRange(range: HistoryImportRange): void {
    const previous = this.range;
    this.range = range;
    const order: HistoryImportRange[] = ['90days', 'year', 'all'];
    const wider = order.indexOf(range) > order.indexOf(previous);
    const since = importSince(range, this.deps.now());
    if (previous !== range && this.repo.setRange(since, wider)) {
      this.deps.logger.info('history import range changed', { range });
      for (const runner of this.runners.values()) runner.wake?.();
      this.reconcile();
      this.emitProgress();
    }
  }

  /** One runner per account that has something to import and may be synchronised now. */
  private reconcile(): void {
    if (!this.started) return;
    const syncable = new Set(this.deps.accounts.list().filter(isSyncable).map((a) => a.id));
    const wanted = new Set(this.repo.all().filter((r) => r.state === 'importing' && !r.paused && syncable.has(r.accountId)).map((r) => r.accountId));
    for (const [accountId, runner] of this.runners) {
      if (!wanted.has(accountId)) {
        runner.abort.abort();
        runner.wake?.();
      }
    }
    for (const accountId of wanted) {
      if (this.runners.has(accountId)) continue;
      const runner: Runner = { accountId, abort: new AbortController(), done: Promise.resolve(), wake: null, problem: null, waiting: false };
      runner.done = this.run(runner)
        .catch((error: unknown) => this.deps.logger.error('history import stopped unexpectedly', { accountId, error: String((error as Error)?.stack ?? error) }))
        .finally(() => {
          if (this.runners.get(accountId) === runner) this.runners.delete(accountId);
          this.progressSoon();
          // Something may have changed while it wound down (resumed, a wider range).
          if (this.started && !runner.abort.signal.aborted) this.reconcile();
        });
      this.runners.set(accountId, runner);
    }
  }

  /**
   * The list to read next: the other one when both are still to import (round robin, so both fill
   * newest first together), this one again otherwise. `justRead` and `position`: the page just read,
   * whose list stands at `position` now (it may not be stored yet).
   */
  private nextList(accountId: string, justRead: ImportList | null, position?: { nextOffset: number; listTotal: number | null; done: boolean }): HistoryImportRow | null {
    const open: HistoryImportRow[] = [];
    for (const list of ['received', 'sent'] as const) {
      const row = this.repo.get(accountId, list);
      if (!row || row.state !== 'importing' || row.paused) continue;
      if (list === justRead && position) {
        if (!position.done) open.push({ ...row, nextOffset: position.nextOffset, listTotal: position.listTotal });
      } else open.push(row);
    }
    return open.find((r) => r.list !== justRead) ?? open[0] ?? null;
  }

  private async run(runner: Runner): Promise<void> {
    const { accountId } = runner;
    const signal = runner.abort.signal;
    let failures = 0;
    let inFlight: Promise<Fetched> | null = null;
    let last: ImportList | null = null;
    for (;;) {
      if (signal.aborted || !this.started) return;
      if (!inFlight) {
        if (this.deps.syncHeld()) {
          runner.waiting = true;
          runner.problem = 'Waiting while sync is paused or the computer is offline.';
          this.progressSoon();
          await this.wait(runner, HELD_POLL_MS);
          continue;
        }
        const row = this.nextList(accountId, last);
        if (!row) return;
        inFlight = this.request(runner, row);
        last = row.list;
      }
      const fetched: Fetched = await inFlight;
      inFlight = null;
      if (signal.aborted) return;
      if ('error' in fetched) {
        failures += 1;
        await this.wait(runner, this.failed(runner, fetched, failures));
        continue;
      }
      failures = 0;
      runner.waiting = false;
      runner.problem = null;
      const row = this.repo.get(accountId, fetched.list);
      if (!row || row.state !== 'importing') continue;
      const position = this.positionAfter(row, fetched.offset, fetched.page);
      // The next page is on its way while this one is stored.
      const following = this.deps.syncHeld() ? null : this.nextList(accountId, fetched.list, position);
      if (following) {
        inFlight = this.request(runner, following);
        last = following.list;
      }
      await this.store(runner, row, fetched, position);
    }
  }

  /** Where the list stands after this page (see the class comment on shifting lists). */
  private positionAfter(row: HistoryImportRow, offset: number, page: Page<unknown>): { nextOffset: number; listTotal: number | null; done: boolean } {
    const total = page.totalRecords ?? null;
    if (total !== null && row.listTotal !== null && total < row.listTotal && page.items.length > 0) {
      // Faxes deleted above this page moved the rest up: read again from as many places back.
      return { nextOffset: Math.max(1, offset - (row.listTotal - total)), listTotal: total, done: false };
    }
    const next = page.lastRecord > 0 ? page.lastRecord + 1 : offset + page.items.length;
    const done = page.items.length < SYNC_PAGE_SIZE || (total !== null && page.lastRecord >= total) || next <= offset;
    return { nextOffset: Math.max(next, offset + 1), listTotal: total, done };
  }

  /**
   * Stores a page as history, in pieces sized to take about PIECE_CPU_MS of main-thread CPU each (the
   * rate is measured on every piece), with a turn of the event loop before each: a page of 100 faxes
   * writes its rows, their events and their search index entries, which on a slow or busy computer is
   * more than one task should hold the thread for. The last piece records the page as read, in its
   * transaction; a crash between pieces reads the page again (what was stored is not stored twice).
   */
  private async store(runner: Runner, row: HistoryImportRow, fetched: Extract<Fetched, { page: unknown }>, position: { nextOffset: number; listTotal: number | null; done: boolean }): Promise<void> {
    const { stores } = this.deps;
    const { accountId } = runner;
    const items = fetched.page.items as (ReceivedFax | SentFax)[];
    const created: string[] = [];
    let at = 0;
    do {
      await new Promise((resolve) => setImmediate(resolve));
      if (runner.abort.signal.aborted) return;
      const size = Math.max(MIN_PIECE_ROWS, Math.min(SYNC_PAGE_SIZE, Math.floor(this.rowsPerMs * PIECE_CPU_MS)));
      const piece = items.slice(at, at + size);
      const last = at + size >= items.length;
      const now = this.deps.now();
      const started = process.threadCpuUsage();
      stores.db.transaction(() => {
        const outcome: PageOutcome =
          fetched.list === 'received'
            ? storeOldReceived(stores, accountId, piece as ReceivedFax[], row.boundary, now)
            : storeOldSent(stores, this.deps.states, accountId, piece as SentFax[], row.boundary, now);
        created.push(...outcome.created);
        if (last) this.repo.recordPage(accountId, fetched.list, { ...position, read: items.length, imported: created.length }, now);
      })();
      const cpu = process.threadCpuUsage(started);
      const ms = (cpu.user + cpu.system) / 1000;
      if (piece.length > 0) this.rowsPerMs = rateAfterPiece(this.rowsPerMs, piece.length, ms, PIECE_CPU_MS);
      at += size;
    } while (at < items.length);
    if (created.length > 0) (fetched.list === 'received' ? this.deps.onReceived : this.deps.onSent)(accountId, created);
    if (position.done) this.deps.logger.info('imported the older faxes of an account', { accountId, list: fetched.list, read: row.read + items.length });
    this.progressSoon();
  }

  /** Starts the request for the row's next page, no sooner than the account's rate allows. */
  private async request(runner: Runner, row: HistoryImportRow): Promise<Fetched> {
    const pace = this.paceOf(runner.accountId);
    const gap = 1000 / pace.perSecond;
    const wait = pace.lastStart + gap - this.deps.timers.now();
    if (wait > 0) await this.wait(runner, wait);
    pace.lastStart = this.deps.timers.now();
    const offset = row.nextOffset;
    const filter = { ...(row.since ? { completedAfter: row.since } : {}), offset, limit: SYNC_PAGE_SIZE };
    try {
      const client: SyncClient = await this.deps.accounts.clientFor(runner.accountId);
      const options = { signal: runner.abort.signal };
      const page = row.list === 'received' ? await client.listReceived(filter, options) : await client.listSent(filter, options);
      if (pace.perSecond < this.maxRate && ++pace.successes >= RECOVER_AFTER) {
        pace.perSecond = Math.min(this.maxRate, pace.perSecond * 1.2);
        pace.successes = 0;
      }
      return { list: row.list, offset, page };
    } catch (error) {
      return { list: row.list, offset, error: toAppError(error) };
    }
  }

  private get maxRate(): number {
    return this.deps.maxRequestsPerSecond ?? DEFAULT_RATE;
  }

  private paceOf(accountId: string) {
    let pace = this.rate.get(accountId);
    if (!pace) this.rate.set(accountId, (pace = { perSecond: this.maxRate, successes: 0, lastStart: -Infinity }));
    return pace;
  }

  /** Records a failed page; returns how long to wait before trying it again. */
  private failed(runner: Runner, fetched: Extract<Fetched, { error: AppError }>, failures: number): number {
    const { error } = fetched;
    if (error.code === 'CANCELLED') return 0;
    runner.waiting = true;
    this.repo.recordError(runner.accountId, fetched.list, error.message, this.deps.now());
    const pace = this.paceOf(runner.accountId);
    const backoff = Math.min(ERROR_MAX_MS, ERROR_BASE_MS * 2 ** (failures - 1));
    let wait = backoff;
    if (error.code === 'RATE_LIMITED') {
      pace.perSecond = Math.max(MIN_RATE, pace.perSecond / 2);
      pace.successes = 0;
      if (error.retryAfterSeconds !== undefined) wait = error.retryAfterSeconds * 1000;
    }
    runner.problem = `${error.message.trim()} The import goes on by itself in ${Math.max(1, Math.round(wait / 1000))} s.`;
    this.deps.logger.warn('history import page failed', { accountId: runner.accountId, list: fetched.list, code: error.code, waitMs: wait });
    this.emitProgress();
    return wait;
  }

  /** Waits `ms` on the timers port, or until woken (resume, range change, stop). */
  private wait(runner: Runner, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const finish = () => {
        this.deps.timers.clearTimeout(timer);
        if (runner.wake === finish) runner.wake = null;
        resolve();
      };
      const timer = this.deps.timers.setTimeout(finish, ms);
      runner.wake = finish;
    });
  }

  private progressSoon(): void {
    if (this.progressTimer !== null || !this.started) return;
    this.progressTimer = this.deps.timers.setTimeout(() => {
      this.progressTimer = null;
      this.emitProgress();
    }, PROGRESS_EVERY_MS);
  }

  private emitProgress(): void {
    const status = this.status();
    const json = JSON.stringify(status);
    if (json === this.lastJson) return;
    this.lastJson = json;
    this.deps.events.emit('historyImport:progress', status);
  }
}

