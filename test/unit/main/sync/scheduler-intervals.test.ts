import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../../../src/main/platform/timers';
import { FeedScheduler } from '../../../../src/main/sync/scheduler';

function setup() {
  const timers = new ManualTimers(0);
  const scheduler = new FeedScheduler({ timers, fastIntervalMs: 5_000, idleIntervalMs: 600_000, backoffBaseMs: 1_000, backoffMaxMs: 60_000, random: () => 1 });
  const runs: number[] = [];
  scheduler.addFeed('received', async () => void runs.push(timers.now()));
  scheduler.start();
  return { timers, scheduler, runs };
}

describe('FeedScheduler interval changes', () => {
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
