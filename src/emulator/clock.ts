/**
 * The emulator's time: one clock and one queue of timed events (carrier steps, webhook retries,
 * inbound arrivals) that every part of the emulator shares.
 *
 * - 'real': now() is the wall clock; a single timer fires the earliest event. Events whose time has
 *   already passed (say, after a restart) run at once, in order, each seeing its own scheduled time.
 * - 'manual': time stands still until advance(ms), which runs every event due before the new time in
 *   order, one at a time, waiting for each one's work (including the HTTP calls it starts, such as a
 *   webhook delivery) before looking at the next. A test can move 20 minutes in milliseconds and see
 *   exactly the state the real service would reach.
 *
 * Work an event or a request starts without awaiting it (a webhook's first attempt, an image render)
 * is registered with track(), so idle() and advance() can wait for it.
 */

export type ClockMode = 'real' | 'manual';

/** What an event handler is told: the time it was due. Timestamps it writes use this, not "now". */
export type EventHandler = (dueAt: number) => void | Promise<void>;

interface QueueEntry {
  at: number;
  seq: number;
  label: string;
  run: EventHandler;
  cancelled: boolean;
}

export interface ScheduledEvent {
  readonly at: number;
  readonly label: string;
  cancel(): void;
}

/** A binary min-heap ordered by (at, seq): equal times run in the order they were scheduled. */
class EventQueue {
  private heap: QueueEntry[] = [];

  get size(): number {
    return this.heap.length;
  }

  push(entry: QueueEntry): void {
    const heap = this.heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i]!, heap[parent]!)) break;
      [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
      i = parent;
    }
  }

  /** The earliest live entry, dropping cancelled ones on the way. */
  peek(): QueueEntry | undefined {
    while (this.heap.length > 0 && this.heap[0]!.cancelled) this.pop();
    return this.heap[0];
  }

  pop(): QueueEntry | undefined {
    const heap = this.heap;
    if (heap.length === 0) return undefined;
    const top = heap[0]!;
    const last = heap.pop()!;
    if (heap.length > 0) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l]!, heap[m]!)) m = l;
        if (r < heap.length && before(heap[r]!, heap[m]!)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m]!, heap[i]!];
        i = m;
      }
    }
    return top;
  }

  clear(): void {
    this.heap = [];
  }
}

function before(a: QueueEntry, b: QueueEntry): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

// setTimeout cannot wait longer than this; a later event is re-armed when the timer fires.
const MAX_TIMER_MS = 2 ** 31 - 1;

export class Scheduler {
  readonly mode: ClockMode;
  private manualNow: number;
  private readonly queue = new EventQueue();
  private seq = 0;
  private timer: NodeJS.Timeout | null = null;
  private armedFor = Infinity;
  private readonly inFlight = new Set<Promise<unknown>>();
  private advancing: Promise<unknown> = Promise.resolve();
  private stopped = false;
  /** Called with any error an event or tracked work throws: they must never take the server down. */
  onError: (error: unknown, label: string) => void = () => {};

  constructor(mode: ClockMode, startAt: number = Date.now()) {
    this.mode = mode;
    this.manualNow = startAt;
  }

  now(): number {
    return this.mode === 'real' ? Date.now() : this.manualNow;
  }

  schedule(at: number, label: string, run: EventHandler): ScheduledEvent {
    const entry: QueueEntry = { at, seq: this.seq++, label, run, cancelled: false };
    this.queue.push(entry);
    if (this.mode === 'real') this.arm();
    return {
      at,
      label,
      cancel: () => {
        entry.cancelled = true;
      },
    };
  }

  /** Registers work that runs on its own, so idle() and advance() wait for it. */
  track(work: Promise<unknown>, label = 'work'): void {
    const guarded = work.catch((error: unknown) => this.onError(error, label));
    this.inFlight.add(guarded);
    void guarded.finally(() => this.inFlight.delete(guarded));
  }

  /** Resolves when no tracked work is running (work started meanwhile is waited for too). */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** Manual clock only: moves time forward by `ms`, running every event due on the way. */
  advance(ms: number): Promise<number> {
    if (this.mode !== 'manual') throw new Error('The clock is real: only a manual clock can be advanced.');
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance needs a duration of 0 ms or more.');
    const run = this.advancing.then(async () => {
      const target = this.manualNow + ms;
      await this.idle();
      for (;;) {
        if (this.stopped) break;
        const next = this.queue.peek();
        if (!next || next.at > target) break;
        this.queue.pop();
        this.manualNow = Math.max(this.manualNow, next.at);
        await this.runEntry(next);
        await this.idle();
      }
      this.manualNow = Math.max(this.manualNow, target);
      return this.manualNow;
    });
    this.advancing = run.catch(() => undefined);
    return run;
  }

  /** Drops every pending event (reset). Tracked work already running finishes on its own. */
  clear(): void {
    this.queue.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.armedFor = Infinity;
  }

  stop(): void {
    this.stopped = true;
    this.clear();
  }

  private async runEntry(entry: QueueEntry): Promise<void> {
    try {
      await entry.run(entry.at);
    } catch (error) {
      this.onError(error, entry.label);
    }
  }

  private arm(): void {
    if (this.stopped) return;
    const next = this.queue.peek();
    if (!next) return;
    if (this.timer && next.at >= this.armedFor) return;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.min(Math.max(0, next.at - Date.now()), MAX_TIMER_MS);
    this.armedFor = next.at;
    this.timer = setTimeout(() => this.fire(), wait);
    this.timer.unref();
  }

  private fire(): void {
    this.timer = null;
    this.armedFor = Infinity;
    if (this.stopped) return;
    const now = Date.now();
    for (;;) {
      const next = this.queue.peek();
      if (!next || next.at > now) break;
      this.queue.pop();
      this.track(this.runEntry(next), next.label);
    }
    this.arm();
  }
}
