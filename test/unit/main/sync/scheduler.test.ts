import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { ManualTimers } from '../../../../src/main/platform/timers';
import { FeedScheduler } from '../../../../src/main/sync/scheduler';

function setup(random = () => 1) {
  const timers = new ManualTimers(1_000_000);
  const scheduler = new FeedScheduler({ timers, fastIntervalMs: 5_000, idleIntervalMs: 60_000, backoffBaseMs: 2_000, backoffMaxMs: 300_000, random });
  const runs: number[] = [];
  return { timers, scheduler, runs };
}

describe('FeedScheduler', () => {
  it('runs a feed at start, then at the idle interval', async () => {
    const { timers, scheduler, runs } = setup();
    scheduler.addFeed('received', async () => void runs.push(timers.now()));
    scheduler.start();
    await timers.advance(0);
    await timers.advance(59_999);
    expect(runs).toEqual([1_000_000]);
    await timers.advance(1);
    expect(runs).toEqual([1_000_000, 1_060_000]);
  });

  it('goes fast at once when asked, and slows down after the next run', async () => {
    const { timers, scheduler, runs } = setup();
    scheduler.addFeed('sent', async () => void runs.push(timers.now() - 1_000_000));
    scheduler.start();
    await timers.advance(10_000);
    scheduler.setMode('fast');
    await timers.advance(20_000);
    expect(runs).toEqual([0, 15_000, 20_000, 25_000, 30_000]);
    scheduler.setMode('idle');
    await timers.advance(70_000);
    expect(runs.slice(5)).toEqual([35_000, 95_000]);
  });

  it('backs off exponentially on errors, with jitter, and recovers', async () => {
    const { timers, scheduler, runs } = setup(() => 0.5);
    let fail = 3;
    scheduler.addFeed('received', async () => {
      runs.push(timers.now() - 1_000_000);
      if (fail-- > 0) throw new AppError('NETWORK', 'offline');
    });
    scheduler.start();
    await timers.advance(100_000);
    // base 2 s: waits of 1.5 s, 3 s, 6 s (exp/2 + exp/2 * 0.5), then the idle interval after a success,
    // drawn early by the poll jitter (60 s x (1 - 0.2 x 0.5)).
    expect(runs.slice(0, 5)).toEqual([0, 1_500, 4_500, 10_500, 64_500]);
    expect(scheduler.states()[0]).toMatchObject({ consecutiveFailures: 0, lastError: null });
  });

  it('spreads successful polls: each wait is drawn in (80 %, 100 %] of the interval, so desks started together drift apart', async () => {
    for (const [r, wait] of [
      [1, 60_000],
      [0.5, 54_000],
      [0, 48_000],
    ] as const) {
      const { timers, scheduler, runs } = setup(() => r);
      scheduler.addFeed('sent', async () => void runs.push(timers.now() - 1_000_000));
      scheduler.start();
      await timers.advance(130_000);
      expect(runs.slice(0, 3)).toEqual([0, wait, 2 * wait]);
      scheduler.stop();
    }
  });

  it('caps the backoff and keeps the jitter within [exp/2, exp]', () => {
    const low = setup(() => 0).scheduler;
    const high = setup(() => 1).scheduler;
    expect(low.failureDelay(1, new Error('x'))).toBe(1_000);
    expect(high.failureDelay(1, new Error('x'))).toBe(2_000);
    expect(high.failureDelay(40, new Error('x'))).toBe(300_000);
    expect(low.failureDelay(40, new Error('x'))).toBe(150_000);
  });

  it('waits exactly what Retry-After says', async () => {
    const { timers, scheduler, runs } = setup();
    let first = true;
    scheduler.addFeed('notifications', async () => {
      runs.push(timers.now() - 1_000_000);
      if (first) {
        first = false;
        throw new AppError('RATE_LIMITED', 'slow down', { retryAfterSeconds: 42 });
      }
    });
    scheduler.start();
    await timers.advance(41_999);
    expect(runs).toEqual([0]);
    await timers.advance(1);
    expect(runs).toEqual([0, 42_000]);
    expect(scheduler.states()[0]?.lastError).toBeNull();
  });

  it('does not run while paused, and runs everything once when the last reason is lifted', async () => {
    const { timers, scheduler, runs } = setup();
    scheduler.addFeed('a', async () => void runs.push(timers.now() - 1_000_000));
    scheduler.start();
    await timers.advance(0);
    scheduler.pause('suspend');
    scheduler.pause('offline');
    await timers.advance(300_000);
    expect(runs).toEqual([0]);
    scheduler.resume('suspend');
    await timers.advance(1_000);
    expect(runs).toEqual([0]);
    scheduler.resume('offline');
    await timers.advance(0);
    expect(runs).toEqual([0, 301_000]);
  });

  it('never overlaps a feed with itself', async () => {
    const { timers, scheduler } = setup();
    let active = 0;
    let maxActive = 0;
    let release: () => void = () => {};
    scheduler.addFeed('slow', async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      await new Promise<void>((r) => (release = r));
      active--;
    });
    scheduler.start();
    await timers.advance(0);
    scheduler.runNow('slow');
    scheduler.runNow();
    await timers.advance(120_000);
    expect(maxActive).toBe(1);
    release();
    await timers.advance(0);
    expect(active).toBe(0);
  });

  it('stops all timers on stop', async () => {
    const { timers, scheduler, runs } = setup();
    scheduler.addFeed('a', async () => void runs.push(1));
    scheduler.start();
    await timers.advance(0);
    scheduler.stop();
    await timers.advance(1_000_000);
    expect(runs).toEqual([1]);
    expect(timers.pendingCount).toBe(0);
  });
});

describe('FeedScheduler interval changes', () => {
  // Started with one feed: the interval tests' own set-up (the file's other tests use setup above).
  function setup() {
    const timers = new ManualTimers(0);
    const scheduler = new FeedScheduler({ timers, fastIntervalMs: 5_000, idleIntervalMs: 600_000, backoffBaseMs: 1_000, backoffMaxMs: 60_000, random: () => 1 });
    const runs: number[] = [];
    scheduler.addFeed('received', async () => void runs.push(timers.now()));
    scheduler.start();
    return { timers, scheduler, runs };
  }

  it('a shorter idle interval takes effect at once, counted from the last run', async () => {
    const { timers, scheduler, runs } = setup();
    await timers.advance(0);
    await timers.advance(20_000);
    scheduler.setIdleInterval(30_000);
    await timers.advance(10_000);
    expect(runs).toEqual([0, 30_000]);
    await timers.advance(30_000);
    expect(runs).toEqual([0, 30_000, 60_000]);
  });

  it('an interval already overdue runs now; a longer one waits for the next run', async () => {
    const { timers, scheduler, runs } = setup();
    await timers.advance(0);
    await timers.advance(100_000);
    scheduler.setIdleInterval(15_000);
    await timers.advance(0);
    expect(runs).toEqual([0, 100_000]);
    scheduler.setIdleInterval(3_600_000);
    await timers.advance(15_000);
    expect(runs).toEqual([0, 100_000, 115_000]);
    await timers.advance(3_599_999);
    expect(runs).toHaveLength(3);
  });

  it('the fast interval can change too', async () => {
    const { timers, scheduler, runs } = setup();
    scheduler.setMode('fast');
    await timers.advance(0);
    scheduler.setFastInterval(2_000);
    await timers.advance(2_000);
    expect(runs).toEqual([0, 2_000]);
  });

  it('leaves a feed in backoff alone', async () => {
    const timers = new ManualTimers(0);
    const scheduler = new FeedScheduler({ timers, fastIntervalMs: 5_000, idleIntervalMs: 600_000, backoffBaseMs: 100_000, backoffMaxMs: 100_000, random: () => 1 });
    const runs: number[] = [];
    scheduler.addFeed('sent', async () => {
      runs.push(timers.now());
      throw new Error('down');
    });
    scheduler.start();
    await timers.advance(0);
    scheduler.setIdleInterval(15_000);
    await timers.advance(50_000);
    expect(runs).toEqual([0]);
  });

  it('a floor raised puts off the poll already waiting; lowered, it brings the next one in (from the last run)', async () => {
    const timers = new ManualTimers(0);
    const scheduler = new FeedScheduler({ timers, fastIntervalMs: 5_000, idleIntervalMs: 60_000, backoffBaseMs: 1_000, backoffMaxMs: 60_000, random: () => 1 });
    const runs: number[] = [];
    scheduler.addFeed('received', async () => void runs.push(timers.now()));
    scheduler.start();
    await timers.advance(0);
    await timers.advance(10_000);
    scheduler.setFloor('received', 900_000);
    await timers.advance(60_000);
    expect(runs).toEqual([0]);
    await timers.advance(830_000);
    expect(runs).toEqual([0, 900_000]);
    await timers.advance(100_000);
    scheduler.setFloor('received', 0);
    await timers.advance(0);
    expect(runs).toEqual([0, 900_000, 1_000_000]);
  });
});
