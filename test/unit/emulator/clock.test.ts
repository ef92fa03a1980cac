/**
 * The emulator's clock (src/emulator/clock.ts). The real clock is driven here by vitest's fake timers,
 * so "events fire on their own, in order, at their time" is checked without waiting for wall-clock time.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Scheduler } from '../../../src/emulator/clock';

describe('the real clock', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires each event by itself at its time, earliest first, each told its own due time', async () => {
    const clock = new Scheduler('real');
    const fired: [string, number, number][] = [];
    const start = Date.now();
    clock.schedule(start + 3_000, 'c', (due) => void fired.push(['c', due, Date.now()]));
    clock.schedule(start + 1_000, 'a', (due) => void fired.push(['a', due, Date.now()]));
    clock.schedule(start + 2_000, 'b', (due) => void fired.push(['b', due, Date.now()]));
    await vi.advanceTimersByTimeAsync(999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(2_001);
    expect(fired).toEqual([
      ['a', start + 1_000, start + 1_000],
      ['b', start + 2_000, start + 2_000],
      ['c', start + 3_000, start + 3_000],
    ]);
    clock.stop();
  });

  it('runs events already past due at once, in order, and an event scheduled earlier re-arms the timer', async () => {
    const clock = new Scheduler('real');
    const fired: string[] = [];
    const start = Date.now();
    clock.schedule(start + 60_000, 'late', () => void fired.push('late'));
    clock.schedule(start - 5_000, 'overdue-2', () => void fired.push('overdue-2'));
    clock.schedule(start - 9_000, 'overdue-1', () => void fired.push('overdue-1'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fired).toEqual(['overdue-1', 'overdue-2']);
    clock.schedule(start + 10, 'sooner', () => void fired.push('sooner'));
    await vi.advanceTimersByTimeAsync(10);
    expect(fired).toEqual(['overdue-1', 'overdue-2', 'sooner']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fired).toEqual(['overdue-1', 'overdue-2', 'sooner', 'late']);
    clock.stop();
  });

  it('cannot be advanced by hand, and a cancelled or stopped event never fires', async () => {
    const clock = new Scheduler('real');
    const fired: string[] = [];
    expect(() => clock.advance(1_000)).toThrow(/only a manual clock/);
    clock.schedule(Date.now() + 100, 'cancelled', () => void fired.push('cancelled')).cancel();
    clock.schedule(Date.now() + 200, 'after stop', () => void fired.push('after stop'));
    await vi.advanceTimersByTimeAsync(150);
    clock.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(fired).toEqual([]);
  });
});

describe('the manual clock', () => {
  it('stands still until advanced, then runs every event due on the way, in order', async () => {
    const clock = new Scheduler('manual', 0);
    const fired: [string, number][] = [];
    clock.schedule(2_000, 'b', (due) => void fired.push(['b', due]));
    clock.schedule(1_000, 'a', (due) => void fired.push(['a', due]));
    clock.schedule(5_000, 'later', (due) => void fired.push(['later', due]));
    expect(clock.now()).toBe(0);
    expect(await clock.advance(2_500)).toBe(2_500);
    expect(fired).toEqual([
      ['a', 1_000],
      ['b', 2_000],
    ]);
    expect(clock.now()).toBe(2_500);
  });
});
