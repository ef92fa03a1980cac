/**
 * Runs background feeds (received list, sent list, notification log, active-fax details) on timers:
 * - adaptive: a short interval while something is happening (sends in flight, window focused), the
 *   person's poll interval when idle;
 * - paused while the machine sleeps, is offline or the person paused sync; everything runs once on resume;
 * - every wait after a successful run drawn a little early at random (desks sharing an account spread out);
 * - on failure, exponential backoff with jitter, or exactly the wait the service asked for (Retry-After);
 * - single flight: a feed never overlaps itself.
 */
import { jittered } from '../../shared/domain/request-budget';
import { AppError } from '../errors';
import { exponentialDelay, withEqualJitter } from '../platform/backoff';
import type { Timers } from '../platform/timers';

export type SyncMode = 'fast' | 'idle';
export type PauseReason = 'suspend' | 'offline' | 'user';

export interface FeedState {
  name: string;
  running: boolean;
  nextRunAt: number | null;
  lastRunAt: number | null;
  lastOkAt: number | null;
  lastError: { message: string; code: string; at: number } | null;
  consecutiveFailures: number;
}

export interface SchedulerOptions {
  timers: Timers;
  fastIntervalMs: number;
  idleIntervalMs: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  random?: () => number;
  /** Told after every run, for status display and events. */
  onFeedState?: (state: FeedState) => void;
}

interface Feed {
  state: FeedState;
  run: () => Promise<void>;
  timer: unknown;
  /** After a successful run, wait at least this long (instant updates stand in for the poll); 0 = no floor. */
  floorMs: number;
}

export class FeedScheduler {
  private readonly feeds = new Map<string, Feed>();
  private readonly pauses = new Set<PauseReason>();
  private mode: SyncMode = 'idle';
  private started = false;
  private readonly random: () => number;

  constructor(private readonly options: SchedulerOptions) {
    this.random = options.random ?? Math.random;
  }

  addFeed(name: string, run: () => Promise<void>): void {
    if (this.feeds.has(name)) throw new Error(`Feed ${name} already exists`);
    const feed: Feed = {
      state: { name, running: false, nextRunAt: null, lastRunAt: null, lastOkAt: null, lastError: null, consecutiveFailures: 0 },
      run,
      timer: null,
      floorMs: 0,
    };
    this.feeds.set(name, feed);
    if (this.started) this.schedule(feed, 0);
  }

  removeFeed(name: string): void {
    const feed = this.feeds.get(name);
    if (!feed) return;
    this.options.timers.clearTimeout(feed.timer);
    this.feeds.delete(name);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const feed of this.feeds.values()) this.schedule(feed, 0);
  }

  stop(): void {
    this.started = false;
    for (const feed of this.feeds.values()) {
      this.options.timers.clearTimeout(feed.timer);
      feed.timer = null;
      feed.state.nextRunAt = null;
    }
  }

  get isPaused(): boolean {
    return this.pauses.size > 0;
  }

  pauseReasons(): PauseReason[] {
    return [...this.pauses];
  }

  pause(reason: PauseReason): void {
    if (this.pauses.has(reason)) return;
    this.pauses.add(reason);
    for (const feed of this.feeds.values()) {
      this.options.timers.clearTimeout(feed.timer);
      feed.timer = null;
      feed.state.nextRunAt = null;
    }
  }

  /** Lifts one reason; when none is left, every feed runs at once (the world moved on while paused). */
  resume(reason: PauseReason): void {
    if (!this.pauses.delete(reason) || this.isPaused || !this.started) return;
    for (const feed of this.feeds.values()) if (!feed.state.running) this.schedule(feed, 0);
  }

  setMode(mode: SyncMode): void {
    if (mode === this.mode) return;
    this.mode = mode;
    // Speeding up takes effect now; slowing down at the next run.
    if (mode === 'fast') {
      const soon = this.options.timers.now() + this.options.fastIntervalMs;
      for (const feed of this.feeds.values()) {
        if (!feed.state.running && feed.state.consecutiveFailures === 0 && feed.floorMs === 0 && (feed.state.nextRunAt ?? Infinity) > soon) {
          this.schedule(feed, this.options.fastIntervalMs);
        }
      }
    }
  }

  getMode(): SyncMode {
    return this.mode;
  }

  /**
   * A longer interval takes effect at the next run; a shorter one at once (a feed waiting out the
   * old, longer wait would lag behind the setting by up to that wait).
   */
  setIdleInterval(ms: number): void {
    this.options.idleIntervalMs = ms;
    if (this.mode === 'idle') this.pullIn(ms);
  }

  /** The same for the fast interval (it follows the idle one when that is shorter). */
  setFastInterval(ms: number): void {
    this.options.fastIntervalMs = ms;
    if (this.mode === 'fast') this.pullIn(ms);
  }

  /** Brings every waiting, healthy feed forward to `intervalMs` after its last run, if it is due later. */
  private pullIn(intervalMs: number): void {
    if (!this.started || this.isPaused) return;
    const now = this.options.timers.now();
    for (const feed of this.feeds.values()) {
      const { running, consecutiveFailures, nextRunAt, lastRunAt } = feed.state;
      if (running || consecutiveFailures > 0 || nextRunAt === null) continue;
      const due = Math.max(now, (lastRunAt ?? now) + Math.max(intervalMs, feed.floorMs));
      if (nextRunAt > due) this.schedule(feed, due - now);
    }
  }

  /**
   * A minimum wait between successful runs of one feed (0 removes it): while webhooks deliver, the
   * lists are only a safety net. Both ways it takes effect at once, counted from the feed's last run:
   * raising it puts off the poll already waiting (webhooks just proved they work: it is not needed),
   * lowering it brings the next poll in. A feed that never ran, or is failing, keeps its schedule.
   */
  setFloor(name: string, floorMs: number): void {
    const feed = this.feeds.get(name);
    if (!feed || feed.floorMs === floorMs) return;
    const lowered = floorMs < feed.floorMs;
    feed.floorMs = floorMs;
    if (!this.started || this.isPaused) return;
    const { running, consecutiveFailures, nextRunAt, lastRunAt } = feed.state;
    if (running || consecutiveFailures > 0 || nextRunAt === null || lastRunAt === null) return;
    const now = this.options.timers.now();
    const interval = Math.max(floorMs, this.mode === 'fast' ? this.options.fastIntervalMs : this.options.idleIntervalMs);
    const due = Math.max(now, lastRunAt + interval);
    if (lowered ? nextRunAt > due : nextRunAt < due) this.schedule(feed, due - now);
  }

  /** Runs a feed (or all) as soon as possible, e.g. after a send or a "refresh" click. */
  runNow(name?: string): void {
    for (const feed of this.feeds.values()) {
      if (name !== undefined && feed.state.name !== name) continue;
      if (!feed.state.running) this.schedule(feed, 0);
    }
  }

  states(): FeedState[] {
    return [...this.feeds.values()].map((f) => ({ ...f.state }));
  }

  private schedule(feed: Feed, delayMs: number): void {
    this.options.timers.clearTimeout(feed.timer);
    feed.timer = null;
    if (!this.started || this.isPaused) {
      feed.state.nextRunAt = null;
      return;
    }
    feed.state.nextRunAt = this.options.timers.now() + delayMs;
    feed.timer = this.options.timers.setTimeout(() => void this.execute(feed), delayMs);
  }

  private async execute(feed: Feed): Promise<void> {
    feed.timer = null;
    if (feed.state.running || !this.started || this.isPaused || this.feeds.get(feed.state.name) !== feed) return;
    feed.state.running = true;
    feed.state.nextRunAt = null;
    feed.state.lastRunAt = this.options.timers.now();
    let delay: number;
    try {
      await feed.run();
      feed.state.lastOkAt = this.options.timers.now();
      feed.state.lastError = null;
      feed.state.consecutiveFailures = 0;
      // A little early at random: desks on one account started together do not stay in step (request-budget.ts).
      delay = jittered(Math.max(feed.floorMs, this.mode === 'fast' ? this.options.fastIntervalMs : this.options.idleIntervalMs), this.random());
    } catch (error) {
      feed.state.consecutiveFailures += 1;
      feed.state.lastError = {
        message: error instanceof Error ? error.message : String(error),
        code: error instanceof AppError ? error.code : 'INTERNAL',
        at: this.options.timers.now(),
      };
      delay = this.failureDelay(feed.state.consecutiveFailures, error);
    } finally {
      feed.state.running = false;
    }
    this.options.onFeedState?.({ ...feed.state });
    if (this.feeds.get(feed.state.name) === feed) this.schedule(feed, delay);
  }

  /** Retry-After when the service gave one; otherwise exponential backoff with "equal jitter". */
  failureDelay(failures: number, error: unknown): number {
    if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
      return Math.max(error.retryAfterSeconds * 1000, this.options.fastIntervalMs);
    }
    return withEqualJitter(exponentialDelay(failures, this.options.backoffBaseMs, this.options.backoffMaxMs), this.random);
  }
}
