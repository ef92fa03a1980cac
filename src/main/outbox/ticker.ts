/**
 * A piece of background work that runs on demand or on a timer, never overlapping itself: a trigger
 * during a run makes one more run after it (and its promise resolves after that one). Timers come from
 * the Timers port, so tests move a manual clock instead of waiting.
 */
import type { Timers } from '../platform/timers';

export class Ticker {
  private timer: unknown = null;
  private dueAt: number | null = null;
  private running: Promise<void> | null = null;
  private rerun: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly timers: Timers,
    private readonly work: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs now, or once more right after the run in progress. */
  trigger(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.rerun ??= this.running.then(() => {
        this.rerun = null;
        return this.trigger();
      });
      return this.rerun;
    }
    this.clearTimer();
    const run = (async () => {
      try {
        await this.work();
      } catch (error) {
        this.onError(error);
      } finally {
        this.running = null;
      }
    })();
    this.running = run;
    return run;
  }

  /** Runs after `ms`, unless a run is already due sooner. */
  schedule(ms: number): void {
    if (this.stopped) return;
    const at = this.timers.now() + Math.max(0, ms);
    if (this.dueAt !== null && this.dueAt <= at) return;
    this.clearTimer();
    this.dueAt = at;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      this.dueAt = null;
      void this.trigger();
    }, Math.max(0, ms));
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    while (this.running || this.rerun) await (this.rerun ?? this.running);
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private clearTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = null;
  }
}
