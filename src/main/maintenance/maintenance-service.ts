/**
 * Does the derived work migrations queued (derived_rebuilds, 0110) after start, while the window works:
 * one small piece at a time, each piece and its progress in one transaction, then a turn of the event
 * loop for everything else (IPC calls, sync) before the next.
 *
 * - A piece is sized to take about `sliceMs` (12 ms) of main-thread CPU: the executor's rate (units
 *   per ms) is measured on every piece and the next one sized from it, so no piece holds main's
 *   thread near 50 ms even as the rate changes (a busy disk); FTS5's merges come in even slices too
 *   (repositories/fts-merge.ts).
 * - Crash-safe by construction: a piece that did not commit did nothing, and the position the last
 *   committed piece wrote is where the next start resumes.
 * - A failing piece (disk full) is retried after a growing wait (5 s to 5 min); the status says why.
 * - Progress ("Updating the search index: 41 %") goes out as `maintenance:progress` when its whole
 *   percent changes, and when the last piece is done.
 */
import type { MaintenanceStatus, MaintenanceTask, SearchScope } from '../../shared/domain/maintenance';
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import { realTimers, type Timers } from '../platform/timers';
import { rateAfterPiece } from '../platform/cpu-pacing';
import type { Db } from '../store/database';
import { KIND_WEIGHT, executorFor, type DerivedKind } from '../store/derived/work';
import { DerivedRebuildsRepository, type DerivedRebuild } from '../store/repositories/derived-rebuilds-repository';

export interface MaintenanceDeps {
  db: Db;
  events: Pick<EventBus, 'emit'>;
  logger: Logger;
  now: () => Date;
  timers?: Timers;
  /** How long one piece (one transaction) should take. Default 12 ms. */
  sliceMs?: number;
  /** Runs `fn` after the event loop has had a turn. Default setImmediate. */
  defer?: (fn: () => void) => () => void;
  /** Told after every committed piece, with its main-thread CPU time (crash tests, benchmarks). */
  onPiece?: (piece: { key: string; units: number; ms: number; finished: boolean; newSort: boolean }) => void;
}

const DEFAULT_SLICE_MS = 12;
const FIRST_PIECE: Record<DerivedKind, number> = { 'fill-search': 64, 'retire-table': 256 };
const MAX_PIECE = 100_000;
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 5 * 60_000;

const SEARCH_SCOPES: Record<string, SearchScope> = { outbound_fts: 'outbound', received_fts: 'received', contacts_fts: 'contacts' };

const defaultDefer = (fn: () => void): (() => void) => {
  const handle = setImmediate(fn);
  return () => clearImmediate(handle);
};

export class MaintenanceService {
  private readonly repo: DerivedRebuildsRepository | null;
  private readonly timers: Timers;
  private readonly sliceMs: number;
  private readonly defer: (fn: () => void) => () => void;
  /**
   * Units per millisecond, per piece of work (a row of one table costs what it costs in that table),
   * as last measured; none when the next units are of a sort not measured yet (a first piece).
   */
  private readonly rate = new Map<string, number>();
  /** The work of this run (what the percent is of). */
  private readonly run = new Set<string>();
  private cancel: (() => void) | null = null;
  private retryTimer: unknown = null;
  private failures = 0;
  private problem: string | null = null;
  private started = false;
  private lastJson = '';
  private readonly idle = new Set<() => void>();

  constructor(private readonly deps: MaintenanceDeps) {
    this.repo = DerivedRebuildsRepository.existsIn(deps.db) ? new DerivedRebuildsRepository(deps.db) : null;
    this.timers = deps.timers ?? realTimers;
    this.sliceMs = deps.sliceMs ?? DEFAULT_SLICE_MS;
    this.defer = deps.defer ?? defaultDefer;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const pending = this.repo?.pending() ?? [];
    for (const work of pending) this.run.add(work.key);
    if (pending.length > 0) {
      this.deps.logger.info('derived data to rebuild', { work: pending.map((w) => ({ key: w.key, done: w.done, total: w.total })) });
      this.schedule();
    }
  }

  stop(): void {
    this.started = false;
    this.cancel?.();
    this.cancel = null;
    this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  /** Whether some derived data is still being rebuilt. */
  get busy(): boolean {
    return (this.repo?.pending().length ?? 0) > 0;
  }

  status(): MaintenanceStatus {
    if (!this.repo) return { tasks: [] };
    const pending = this.repo.pending();
    if (pending.length === 0) return { tasks: [] };
    const counted = this.repo.all().filter((w) => this.run.has(w.key) || w.finishedAt === null);
    const weight = (w: DerivedRebuild) => KIND_WEIGHT[w.work.kind] ?? 1;
    const total = counted.reduce((sum, w) => sum + w.total * weight(w), 0);
    const done = counted.reduce((sum, w) => sum + (w.finishedAt ? w.total : w.done) * weight(w), 0);
    const incomplete = [
      ...new Set(pending.filter((w) => w.work.kind === 'fill-search').map((w) => SEARCH_SCOPES[w.work.table]).filter((s): s is SearchScope => s !== undefined)),
    ];
    const task: MaintenanceTask = {
      id: 'search-index',
      label: 'Updating the search index',
      // Never 100 while a piece is left: the last rows of a table can take a moment.
      percent: total > 0 ? Math.min(99, Math.floor((done / total) * 100)) : 0,
      incomplete,
      problem: this.problem,
    };
    return { tasks: [task] };
  }

  /** Resolves once nothing is left to rebuild (tests, benchmarks). */
  whenIdle(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => this.idle.add(resolve));
  }

  /** Does all the work now, synchronously, in pieces of the usual size (a generated history, tests). */
  runToEnd(): void {
    while (this.piece()) {
      // next piece
    }
  }

  private schedule(): void {
    if (!this.started || this.cancel || this.retryTimer) return;
    this.cancel = this.defer(() => {
      this.cancel = null;
      if (!this.started) return;
      let more: boolean;
      try {
        more = this.piece();
      } catch (error) {
        this.failed(error);
        return;
      }
      if (more) this.schedule();
    });
  }

  /** Does one piece of the first unfinished work; false when nothing is left. */
  private piece(): boolean {
    const repo = this.repo;
    const next = repo?.pending()[0];
    if (!repo || !next) {
      this.finishedAll();
      return false;
    }
    this.run.add(next.key);
    const executor = executorFor(next.work.kind);
    if (!executor) {
      // Only a newer Faxdesk could have queued it, and a newer schema is refused at open: a bug.
      throw new Error(`No executor for derived work ${next.key}`);
    }
    const kind = next.work.kind;
    const rate = this.rate.get(next.key);
    const units = rate === undefined ? FIRST_PIECE[kind] : Math.min(MAX_PIECE, Math.max(16, Math.floor(rate * this.sliceMs)));
    // Sized by the main thread's CPU time, not the clock: on a busy computer the clock also counts the
    // time other programs had the CPU, which would shrink the pieces (and slow the rebuild) for nothing.
    const started = process.threadCpuUsage();
    const result = this.deps.db.transaction(() => {
      const stepped = executor.step(this.deps.db, next.work, next.position, units);
      repo.advance(next.key, stepped.position, stepped.units, this.deps.now());
      return stepped;
    })();
    const cpu = process.threadCpuUsage(started);
    const ms = (cpu.user + cpu.system) / 1000;
    const finished = result.position.cursor === null;
    if (result.newSort || finished) this.rate.delete(next.key);
    else if (result.units > 0) this.rate.set(next.key, rateAfterPiece(rate, result.units, ms, this.sliceMs));
    if (this.problem !== null) {
      this.problem = null;
      this.failures = 0;
    }
    if (finished) this.deps.logger.info('derived data rebuilt', { key: next.key, total: next.total });
    this.deps.onPiece?.({ key: next.key, units: result.units, ms, finished, newSort: result.newSort === true });
    this.emitProgress();
    return true;
  }

  private finishedAll(): void {
    if (this.run.size > 0) {
      this.run.clear();
      this.emitProgress();
    }
    for (const resolve of [...this.idle]) resolve();
    this.idle.clear();
  }

  private failed(error: unknown): void {
    this.failures += 1;
    const wait = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** (this.failures - 1));
    const reason = (error as { code?: string }).code === 'SQLITE_FULL' ? 'the disk is full' : 'the history file could not be written';
    this.problem = `Faxdesk could not go on updating the search index (${reason}); it will try again in ${Math.round(wait / 1000)} seconds.`;
    this.deps.logger.error('a derived data rebuild piece failed', { error: String((error as Error)?.stack ?? error), waitMs: wait });
    this.emitProgress();
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      this.schedule();
    }, wait);
  }

  private emitProgress(): void {
    const status = this.status();
    const json = JSON.stringify(status);
    if (json === this.lastJson) return;
    this.lastJson = json;
    this.deps.events.emit('maintenance:progress', status);
  }
}
