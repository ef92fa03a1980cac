/**
 * Background sync of every active account: one AccountSync (four feeds on their own scheduler) per
 * account that is enabled and ready, added and removed as accounts change.
 * - Fast (the fast interval) while the window has focus or the account has sends in flight; the
 *   person's poll interval (pollIntervalSeconds) otherwise, applied as soon as it changes.
 * - Paused while the machine sleeps, while it is offline, and while the person paused it; image
 *   downloads pause with it.
 * - What changed goes out as events (inbox:changed, activity:changed, and outbox:changed for jobs
 *   imported from the service) only when something did; `sync:status` when what the status bar
 *   shows changed.
 * - Outbound states go through the outbox's one recorder (OutboundStates), which also announces
 *   `outbox:changed` and raises the one final-state notification.
 */
import type { SyncFeed } from '../../shared/domain/history';
import type { AccountSyncStatus, InstantUpdatesStatus, SyncErrorView, SyncPauseReason, SyncStatus } from '../../shared/domain/sync';
import { officeIntervals } from '../../shared/domain/request-budget';
import type { EventBus } from '../ipc/events';
import type { InternalEvents } from '../platform/internal-events';
import type { SystemSignals } from '../platform/ports';
import { AccountSync, type AccountSyncDeps, type FeedOutcome, type FeedRunResult, type SyncIntervals } from './account-sync';
import { isSyncable, type SyncAccounts, type SyncSettings } from './ports';
import { SyncPauses } from './pauses';

/** What the inbox does with sync results (the InboxService implements it). */
export interface InboxHooks {
  receivedChanged(accountId: string, created: readonly string[], changed: readonly string[]): void;
  /** Stored here, still "not downloaded" on the service. */
  markOnServiceLater(accountId: string, rows: readonly { id: string; faxId: string }[]): void;
  setPaused(paused: boolean): void;
  downloadStatus(): SyncStatus['downloads'];
  /** Unread received faxes in every account. */
  unreadCount(): number;
}

export const DEFAULT_FAST_INTERVAL_MS = 10_000;
export const DEFAULT_BACKOFF_BASE_MS = 5_000;
export const DEFAULT_BACKOFF_MAX_MS = 10 * 60_000;
/** How often (local time) the received feed also asks for every fax not downloaded yet. */
export const DEFAULT_SWEEP_EVERY_MS = 30 * 60_000;
/**
 * Feeds that finish within this long of each other are announced in one `sync:status`: a cycle's
 * feeds finish together, and one event each (the status of every account, to the window) made four
 * per account per cycle, twenty for five accounts, each building the status of all five.
 */
export const STATUS_COALESCE_MS = 100;

/** What it hands on to each account's AccountSync as it is, plus what it needs for itself. */
export interface SyncServiceDeps extends Pick<AccountSyncDeps, 'stores' | 'states' | 'timers' | 'now' | 'logger' | 'random' | 'imports' | 'claim'> {
  accounts: SyncAccounts;
  settings: SyncSettings;
  events: Pick<EventBus, 'emit'>;
  /** Main's internal events: imported outbound jobs are announced here (the page hears of them from it). */
  changes: Pick<InternalEvents, 'emit'>;
  system: SystemSignals;
  inbox: InboxHooks;
  /** Overrides (tests, benchmarks); the idle interval otherwise follows the pollIntervalSeconds setting. */
  intervals?: Partial<SyncIntervals>;
  /**
   * How many desks share an account (this one included: desks/office.ts). Their poll intervals stretch to
   * keep the office within the account's request budget (request-budget.ts); not with `intervals` given.
   */
  officeDesks?: (accountId: string) => number;
  sweepEveryMs?: number;
  /** Why nothing is polled now (shared with the history import); its own when alone (tests). */
  pauses?: SyncPauses;
}

export class SyncService {
  private readonly running = new Map<string, AccountSync>();
  private readonly pauses: SyncPauses;
  private readonly unsubscribe: (() => void)[] = [];
  private focused = false;
  private started = false;
  private lastStatusJson = '';
  /** A `sync:status` on its way for feeds that finished (STATUS_COALESCE_MS). */
  private statusTimer: unknown = null;
  private idleMs: number;
  /** Per account: the feeds webhooks stand in for, and the floor between their polls (instant updates). */
  private readonly floors = new Map<string, { feeds: readonly SyncFeed[]; floorMs: number }>();
  private readonly instant = new Map<string, InstantUpdatesStatus>();

  constructor(private readonly deps: SyncServiceDeps) {
    this.idleMs = deps.intervals?.idleMs ?? deps.settings.values.pollIntervalSeconds * 1000;
    this.pauses = deps.pauses ?? new SyncPauses();
  }

  private get fastMs(): number {
    return this.deps.intervals?.fastMs ?? DEFAULT_FAST_INTERVAL_MS;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    const { system, accounts, settings } = this.deps;
    if (!system.isOnline()) this.pauses.add('offline');
    this.unsubscribe.push(
      system.onSuspend(() => this.pause('suspend')),
      system.onResume(() => this.resume('suspend')),
      system.onOnlineChange((online) => (online ? this.resume('offline') : this.pause('offline'))),
      accounts.onChange(() => this.reconcile()),
      settings.onChange((snapshot) => this.applyPollInterval(snapshot.values.pollIntervalSeconds)),
    );
    this.deps.inbox.setPaused(this.pauses.held);
    this.reconcile();
    this.emitStatus();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const off of this.unsubscribe.splice(0)) off();
    this.cancelStatusSoon();
    const all = [...this.running.values()];
    this.running.clear();
    await Promise.all(all.map((a) => a.stop()));
  }

  // -------------------------------------------------------------------------------------------
  // What the outbox, the tray and the UI call

  /** Nothing is polled now, for any reason (asleep, offline, paused by the person). */
  get held(): boolean {
    return this.pauses.held;
  }

  /** The person's pause (tray, status bar). */
  isPaused(): boolean {
    return this.pauses.has('user');
  }

  setPaused(paused: boolean): SyncStatus {
    if (paused) this.pause('user');
    else this.resume('user');
    return this.status();
  }

  setFocus(focused: boolean): SyncStatus {
    if (focused !== this.focused) {
      this.focused = focused;
      for (const account of this.running.values()) this.applyMode(account);
      this.emitStatus();
    }
    return this.status();
  }

  /**
   * Synchronise soon (not while paused), without waiting: after a send or a cancel (the outbox),
   * or a Refresh click. One account or all; some feeds or all.
   */
  runNow(accountId?: string, feeds?: readonly SyncFeed[]): void {
    for (const account of this.running.values()) {
      if (accountId === undefined || account.accountId === accountId) account.runSoon(feeds);
    }
  }

  /**
   * One read of an outbound job's transmission detail, recorded with its attempts (instant updates: a
   * job a webhook made final, which the active feed no longer reads). Nothing for an account not
   * synchronised; while paused, done when sync resumes.
   */
  readDetail(accountId: string, jobId: string): Promise<void> {
    return this.running.get(accountId)?.readDetail(jobId) ?? Promise.resolve();
  }

  /** The outbox has a job in flight for this account: poll fast and look at it now. */
  noteJobActive(accountId: string): void {
    const account = this.running.get(accountId);
    if (!account) return;
    account.busy = true;
    this.applyMode(account);
    account.runSoon(['active', 'sent']);
  }

  /**
   * Instant updates (src/main/webhooks): poll these feeds of the account at most every `floorMs`
   * (0 = back to normal), and what the status bar says about it (null = not set up).
   */
  setInstantUpdates(accountId: string, floor: { feeds: readonly SyncFeed[]; floorMs: number }, status: InstantUpdatesStatus | null): void {
    const previous = this.floors.get(accountId);
    if (previous?.floorMs !== floor.floorMs || previous.feeds.join() !== floor.feeds.join()) {
      if (previous) this.running.get(accountId)?.setFloor(previous.feeds, 0);
      if (floor.floorMs > 0) this.floors.set(accountId, floor);
      else this.floors.delete(accountId);
      if (floor.floorMs > 0) this.running.get(accountId)?.setFloor(floor.feeds, floor.floorMs);
    }
    if (status) this.instant.set(accountId, status);
    else this.instant.delete(accountId);
    this.emitStatus();
  }

  /** Runs every feed of one account (or all) now and waits (tests, benchmarks, diagnostics). */
  async syncNow(accountId?: string, feeds?: readonly SyncFeed[]): Promise<FeedOutcome[]> {
    const targets = [...this.running.values()].filter((a) => accountId === undefined || a.accountId === accountId);
    const outcomes = await Promise.all(targets.map((a) => a.syncNow(feeds)));
    return outcomes.flat();
  }

  status(): SyncStatus {
    const accounts: AccountSyncStatus[] = [...this.running.values()].map((account) => {
      const feeds = account.feedStatuses();
      const oks = feeds.map((f) => f.lastOkAt);
      const lastSyncedAt = oks.some((t) => t === null) ? null : oks.reduce<string>((min, t) => (t! < min ? t! : min), oks[0]!);
      const errors = feeds.map((f) => f.lastError).filter((e): e is SyncErrorView => e !== null);
      const lastError = errors.reduce<SyncErrorView | null>((latest, e) => (latest === null || e.at > latest.at ? e : latest), null);
      return { accountId: account.accountId, label: account.label, lastSyncedAt, lastError, mode: account.mode, feeds, instant: this.instant.get(account.accountId) ?? null };
    });
    return {
      paused: this.pauses.held,
      pausedByUser: this.pauses.has('user'),
      pauseReasons: this.pauses.list(),
      focused: this.focused,
      idleIntervalSeconds: Math.round(this.idleMs / 1000),
      fastIntervalSeconds: Math.round(Math.min(this.fastMs, this.idleMs) / 1000),
      accounts,
      downloads: this.deps.inbox.downloadStatus(),
      unread: this.deps.inbox.unreadCount(),
    };
  }

  /** Emits `sync:status` if what it shows changed since the last one (and stands in for one on its way). */
  emitStatus(): void {
    this.cancelStatusSoon();
    const status = this.status();
    // The next-run times move on every cycle; they alone are not news.
    const json = JSON.stringify({ ...status, accounts: status.accounts.map((a) => ({ ...a, feeds: a.feeds.map((f) => ({ ...f, nextRunAt: null })) })) });
    if (json === this.lastStatusJson) return;
    this.lastStatusJson = json;
    this.deps.events.emit('sync:status', status);
  }

  /** After a feed finished: one `sync:status` for it and the feeds that finish with it. */
  private emitStatusSoon(): void {
    if (this.statusTimer !== null || !this.started) return;
    this.statusTimer = this.deps.timers.setTimeout(() => {
      this.statusTimer = null;
      this.emitStatus();
    }, STATUS_COALESCE_MS);
  }

  private cancelStatusSoon(): void {
    if (this.statusTimer === null) return;
    this.deps.timers.clearTimeout(this.statusTimer);
    this.statusTimer = null;
  }

  // -------------------------------------------------------------------------------------------

  private pause(reason: SyncPauseReason): void {
    if (!this.pauses.add(reason)) return;
    for (const account of this.running.values()) account.pause(reason);
    this.deps.inbox.setPaused(true);
    this.deps.logger.info('sync paused', { reason });
    this.emitStatus();
  }

  private resume(reason: SyncPauseReason): void {
    if (!this.pauses.delete(reason)) return;
    for (const account of this.running.values()) account.resume(reason);
    if (!this.pauses.held) this.deps.inbox.setPaused(false);
    this.deps.logger.info('sync resumed', { reason, stillPaused: this.pauses.list() });
    this.emitStatus();
  }

  private applyPollInterval(seconds: number): void {
    if (this.deps.intervals?.idleMs !== undefined) return;
    const ms = seconds * 1000;
    if (ms === this.idleMs) return;
    this.idleMs = ms;
    for (const account of this.running.values()) {
      const intervals = this.intervalsFor(account.accountId);
      account.setIdleInterval(intervals.idleMs, intervals.fastMs);
    }
    this.emitStatus();
  }

  /** This desk's intervals for an account, stretched by the number of desks that share it (request-budget.ts). */
  intervalsFor(accountId: string): { idleMs: number; fastMs: number } {
    const base = { frontMs: Math.min(this.fastMs, this.idleMs), backgroundMs: this.idleMs };
    if (!this.deps.officeDesks || this.deps.intervals?.fastMs !== undefined || this.deps.intervals?.idleMs !== undefined) return { idleMs: base.backgroundMs, fastMs: base.frontMs };
    const office = officeIntervals(base, this.deps.officeDesks(accountId));
    return { idleMs: office.backgroundMs, fastMs: office.frontMs };
  }

  /** The desks sharing an account may have changed (the sent list showed another desk's fax): intervals follow. */
  private applyOffice(accountId: string): void {
    const account = this.running.get(accountId);
    if (!account || !this.deps.officeDesks) return;
    const intervals = this.intervalsFor(accountId);
    account.setIdleInterval(intervals.idleMs, intervals.fastMs);
  }

  private applyMode(account: AccountSync): void {
    account.setMode(this.focused || account.busy ? 'fast' : 'idle');
  }

  /** Starts sync for accounts that became active and ready; stops it for the others. */
  private reconcile(): void {
    if (!this.started) return;
    const wanted = new Map(this.deps.accounts.list().filter(isSyncable).map((a) => [a.id, a]));
    for (const [id, account] of [...this.running]) {
      if (wanted.has(id)) {
        account.label = wanted.get(id)!.label;
        continue;
      }
      this.running.delete(id);
      void account.stop();
    }
    for (const [id, view] of wanted) {
      if (this.running.has(id)) continue;
      const office = this.intervalsFor(id);
      const account = new AccountSync({
        accountId: id,
        label: view.label,
        stores: this.deps.stores,
        states: this.deps.states,
        accounts: this.deps.accounts,
        timers: this.deps.timers,
        now: this.deps.now,
        logger: this.deps.logger,
        intervals: {
          fastMs: office.fastMs,
          idleMs: office.idleMs,
          backoffBaseMs: this.deps.intervals?.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
          backoffMaxMs: this.deps.intervals?.backoffMaxMs ?? DEFAULT_BACKOFF_MAX_MS,
        },
        sweepEveryMs: this.deps.sweepEveryMs ?? DEFAULT_SWEEP_EVERY_MS,
        ...(this.deps.random ? { random: this.deps.random } : {}),
        ...(this.deps.imports ? { imports: this.deps.imports } : {}),
        ...(this.deps.claim ? { claim: this.deps.claim } : {}),
        onResult: (result) => this.handle(result),
        onFeedState: () => this.emitStatusSoon(),
      });
      // Sends of this desk in flight (another desk's faxes do not make this one poll fast).
      account.busy = this.deps.stores.outbound.listActive({ accountId: id, limit: 50 }).some((j) => j.origin === 'local' && j.state !== 'SCHEDULED');
      for (const reason of this.pauses.list()) account.pause(reason);
      const floor = this.floors.get(id);
      if (floor) account.setFloor(floor.feeds, floor.floorMs);
      this.applyMode(account);
      this.running.set(id, account);
      account.start();
    }
    this.emitStatus();
  }

  private handle(result: FeedRunResult): void {
    const { events } = this.deps;
    switch (result.feed) {
      case 'received':
        if (result.created.length || result.changed.length) this.deps.inbox.receivedChanged(result.accountId, result.created, result.changed);
        if (result.unmarked.length) this.deps.inbox.markOnServiceLater(result.accountId, result.unmarked);
        return;
      case 'notifications':
        if (result.created.length || result.changed.length) {
          events.emit('activity:changed', { accountId: result.accountId, created: result.created.length, changed: result.changed.length });
        }
        return;
      case 'sent':
      case 'active':
        // Changed jobs were announced by the recorder; imported ones are news only sync knows.
        if (result.imported.length) {
          this.deps.changes.emit('outbound:changed', { accountId: result.accountId, ids: result.imported });
          this.applyOffice(result.accountId);
        }
        if (result.feed === 'active') {
          const account = this.running.get(result.accountId);
          if (account) this.applyMode(account);
        }
        return;
    }
  }
}
