/**
 * The feeds of one account on their own FeedScheduler (so one account's errors and backoff never
 * slow another's), with single flight per feed: a run asked for while one is going is queued once
 * and runs right after, so "sync now after a send" never overlaps a cycle nor gets lost in one.
 * Failures are recorded for the person (in memory, and in sync_cursors only when the message
 * changed, so a feed failing in backoff does not write on every retry).
 */
import type { SentFax } from '../../shared/domain/fax';
import type { SyncFeed } from '../../shared/domain/history';
import { SYNC_FEEDS, type SyncErrorView, type SyncFeedStatus, type SyncMode } from '../../shared/domain/sync';
import { AppError, isAppError } from '../errors';
import { toAppError } from './sync-error';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import { readJobDetail, syncActive, syncNotifications, syncReceived, syncSent, type FeedContext, type NotificationsFeedResult, type OutboundFeedResult, type ReceivedFeedResult } from './feeds';
import type { HistoryStores, OutboundStateRecorder, SyncAccounts } from './ports';
import { FeedScheduler, type PauseReason } from './scheduler';
import type { HistoryImportPort } from './history-import';

export type FeedRunResult =
  | ({ feed: 'received'; accountId: string } & ReceivedFeedResult)
  | ({ feed: 'sent' | 'active'; accountId: string } & OutboundFeedResult)
  | ({ feed: 'notifications'; accountId: string } & NotificationsFeedResult);

export interface SyncIntervals {
  fastMs: number;
  idleMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
}

export interface AccountSyncDeps {
  accountId: string;
  label: string;
  stores: HistoryStores;
  /** The outbox's OutboundStates. */
  states: OutboundStateRecorder;
  accounts: Pick<SyncAccounts, 'clientFor'>;
  timers: Timers;
  now: () => Date;
  logger: Logger;
  intervals: SyncIntervals;
  /** Local time between sweeps of the "not downloaded yet" list (the first pass of a run always sweeps). */
  sweepEveryMs: number;
  /** The outbox's claimFromSentList: a listed fax of a compose made here, waited for by one of its jobs, is adopted by it. */
  claim?: (accountId: string, fax: SentFax) => boolean;
  random?: () => number;
  onResult: (result: FeedRunResult) => void;
  /** The import of older faxes a first pass hands over to (history-import.ts). */
  imports?: HistoryImportPort;
  /** A feed finished (ok or not), or its state changed: the status shown may have changed. */
  onFeedState: () => void;
}

export interface FeedOutcome {
  feed: SyncFeed;
  ok: boolean;
  error?: AppError;
}

interface FeedSlot {
  current: Promise<void> | null;
  queued: Promise<void> | null;
  lastOkAt: string | null;
  lastError: SyncErrorView | null;
}

export class AccountSync {
  readonly accountId: string;
  label: string;
  private readonly scheduler: FeedScheduler;
  private readonly slots = new Map<SyncFeed, FeedSlot>();
  private abort = new AbortController();
  private lastSweepAt: number | null = null;
  private stopped = false;
  /** Jobs whose detail was asked for while paused: read on resume. */
  private readonly detailsWanted = new Set<string>();
  private readonly detailReads = new Set<Promise<void>>();
  /** Sends in flight (as the last active pass saw them). */
  busy = false;

  constructor(private readonly deps: AccountSyncDeps) {
    this.accountId = deps.accountId;
    this.label = deps.label;
    this.scheduler = new FeedScheduler({
      timers: deps.timers,
      fastIntervalMs: Math.min(deps.intervals.fastMs, deps.intervals.idleMs),
      idleIntervalMs: deps.intervals.idleMs,
      backoffBaseMs: deps.intervals.backoffBaseMs,
      backoffMaxMs: deps.intervals.backoffMaxMs,
      ...(deps.random ? { random: deps.random } : {}),
      onFeedState: () => deps.onFeedState(),
    });
    const stored = new Map(deps.stores.cursors.listForAccount(deps.accountId).map((c) => [c.feed, c]));
    for (const feed of SYNC_FEEDS) {
      const cursor = stored.get(feed);
      this.slots.set(feed, {
        current: null,
        queued: null,
        lastOkAt: cursor?.lastOkAt ?? null,
        lastError: cursor?.lastError ? { message: cursor.lastError, code: 'SERVICE', at: cursor.lastErrorAt ?? cursor.lastOkAt ?? '', feed } : null,
      });
      this.scheduler.addFeed(feed, () => this.run(feed));
    }
  }

  start(): void {
    this.stopped = false;
    this.scheduler.start();
  }

  /** Stops the timers, cancels what is in flight and waits for it to settle. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.scheduler.stop();
    this.abort.abort();
    this.detailsWanted.clear();
    const pending: Promise<void>[] = [...this.detailReads];
    for (const slot of this.slots.values()) {
      if (slot.current) pending.push(slot.current);
      if (slot.queued) pending.push(slot.queued);
    }
    await Promise.allSettled(pending);
    this.abort = new AbortController();
  }

  pause(reason: PauseReason): void {
    this.scheduler.pause(reason);
  }

  resume(reason: PauseReason): void {
    this.scheduler.resume(reason);
    if (this.scheduler.isPaused) return;
    const wanted = [...this.detailsWanted];
    this.detailsWanted.clear();
    for (const jobId of wanted) void this.readDetail(jobId).catch(() => undefined);
  }

  get isPaused(): boolean {
    return this.scheduler.isPaused;
  }

  setMode(mode: SyncMode): void {
    this.scheduler.setMode(mode);
  }

  get mode(): SyncMode {
    return this.scheduler.getMode();
  }

  /** A minimum wait between successful runs of these feeds (0 lifts it): see FeedScheduler.setFloor. */
  setFloor(feeds: readonly SyncFeed[], floorMs: number): void {
    for (const feed of feeds) this.scheduler.setFloor(feed, floorMs);
  }

  setIdleInterval(ms: number, fastMs: number): void {
    this.scheduler.setIdleInterval(ms);
    this.scheduler.setFastInterval(Math.min(fastMs, ms));
  }

  /** Runs the feeds (all by default) as soon as possible, unless paused; does not wait. */
  runSoon(feeds: readonly SyncFeed[] = SYNC_FEEDS): void {
    if (this.scheduler.isPaused || this.stopped) return;
    for (const feed of feeds) void this.run(feed).catch(() => undefined);
  }

  /** Runs the feeds now (even while paused: an explicit request) and waits; says how each went. */
  async syncNow(feeds: readonly SyncFeed[] = SYNC_FEEDS): Promise<FeedOutcome[]> {
    return Promise.all(
      feeds.map((feed) =>
        this.run(feed).then(
          (): FeedOutcome => ({ feed, ok: true }),
          (error: unknown): FeedOutcome => ({ feed, ok: false, error: toAppError(error) }),
        ),
      ),
    );
  }

  /**
   * Reads one job's transmission detail once and records it with its attempts (a job that a webhook
   * made final). Not while paused: then once sync resumes. Fails as a feed would (AppError).
   */
  async readDetail(jobId: string): Promise<void> {
    if (this.stopped) return;
    if (this.scheduler.isPaused) {
      this.detailsWanted.add(jobId);
      return;
    }
    const signal = this.abort.signal;
    const read = (async () => {
      const client = await this.deps.accounts.clientFor(this.accountId);
      await readJobDetail({ accountId: this.accountId, client, stores: this.deps.stores, states: this.deps.states, now: this.deps.now, signal }, jobId);
    })();
    const tracked = read.catch(() => undefined);
    this.detailReads.add(tracked);
    try {
      await read;
    } catch (error) {
      throw toAppError(error);
    } finally {
      this.detailReads.delete(tracked);
    }
  }

  feedStatuses(): SyncFeedStatus[] {
    const states = new Map(this.scheduler.states().map((s) => [s.name as SyncFeed, s]));
    const timersNow = this.deps.timers.now();
    const wallNow = this.deps.now().getTime();
    return SYNC_FEEDS.map((feed) => {
      const slot = this.slots.get(feed)!;
      const state = states.get(feed);
      return {
        feed,
        lastOkAt: slot.lastOkAt,
        lastError: slot.lastError,
        running: slot.current !== null,
        nextRunAt: state?.nextRunAt == null ? null : new Date(wallNow + Math.max(0, state.nextRunAt - timersNow)).toISOString(),
        consecutiveFailures: state?.consecutiveFailures ?? 0,
      };
    });
  }

  /** Single flight with one queued follow-up per feed. */
  private run(feed: SyncFeed): Promise<void> {
    const slot = this.slots.get(feed)!;
    if (slot.current) {
      slot.queued ??= slot.current
        .catch(() => undefined)
        .then(() => {
          slot.queued = null;
          return this.run(feed);
        });
      return slot.queued;
    }
    const current = this.execute(feed, slot).finally(() => {
      if (slot.current === current) slot.current = null;
    });
    slot.current = current;
    return current;
  }

  private async execute(feed: SyncFeed, slot: FeedSlot): Promise<void> {
    if (this.stopped) throw new AppError('CANCELLED', 'Sync is stopping.');
    const signal = this.abort.signal;
    try {
      const client = await this.deps.accounts.clientFor(this.accountId);
      const claim = this.deps.claim;
      const ctx: FeedContext = {
        accountId: this.accountId,
        client,
        stores: this.deps.stores,
        states: this.deps.states,
        now: this.deps.now,
        signal,
        ...(this.deps.imports ? { imports: this.deps.imports } : {}),
        ...(claim ? { claim: (fax: SentFax) => claim(this.accountId, fax) } : {}),
      };
      const result = await this.runFeed(feed, ctx);
      slot.lastOkAt = this.deps.now().toISOString();
      slot.lastError = null;
      this.deps.onResult(result);
    } catch (error) {
      if (signal.aborted) throw toAppError(error);
      const appError = toAppError(error);
      if (!isAppError(error)) this.deps.logger.error('sync feed failed unexpectedly', { accountId: this.accountId, feed, error: String((error as Error)?.stack ?? error) });
      else this.deps.logger.warn('sync feed failed', { accountId: this.accountId, feed, code: appError.code, status: appError.httpStatus });
      const at = this.deps.now();
      slot.lastError = { message: appError.message, code: appError.code, at: at.toISOString(), feed };
      try {
        if (this.deps.stores.cursors.get(this.accountId, feed)?.lastError !== appError.message) {
          this.deps.stores.cursors.recordError(this.accountId, feed, appError.message, at);
        }
      } catch (storeError) {
        this.deps.logger.error('could not record a sync error', { error: String(storeError) });
      }
      throw appError;
    } finally {
      this.deps.onFeedState();
    }
  }

  private async runFeed(feed: SyncFeed, ctx: FeedContext): Promise<FeedRunResult> {
    switch (feed) {
      case 'received': {
        // (A negative elapsed time means the clock went back: sweep rather than wait for it to catch up.)
        const elapsed = this.lastSweepAt === null ? Infinity : this.deps.timers.now() - this.lastSweepAt;
        const due = elapsed >= this.deps.sweepEveryMs || elapsed < 0;
        const result = await syncReceived(ctx, { sweep: due });
        if (due) this.lastSweepAt = this.deps.timers.now();
        return { feed, accountId: this.accountId, ...result };
      }
      case 'sent':
        return { feed, accountId: this.accountId, ...(await syncSent(ctx)) };
      case 'active': {
        const result = await syncActive(ctx);
        this.busy = result.busy ?? false;
        return { feed, accountId: this.accountId, ...result };
      }
      case 'notifications':
        return { feed, accountId: this.accountId, ...(await syncNotifications(ctx)) };
    }
  }
}
