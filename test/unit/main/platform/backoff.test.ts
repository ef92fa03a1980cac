import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY } from '../../../../src/main/api/http';
import { exponentialDelay, withEqualJitter } from '../../../../src/main/platform/backoff';

describe('exponentialDelay (the one backoff rule)', () => {
  it('starts at the base, doubles per attempt and stops at the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => exponentialDelay(n, 500, 8_000))).toEqual([500, 1_000, 2_000, 4_000, 8_000, 8_000]);
    expect([1, 2, 5, 6, 100].map((n) => exponentialDelay(n, 30_000, 600_000))).toEqual([30_000, 60_000, 480_000, 600_000, 600_000]);
  });

  // What each caller wrote inline before: min(max, base · 2^(n−1)), with these bases and caps (API retries,
  // sync feeds, held submissions, bad images, download problems, "downloaded" marks).
  it.each([
    [DEFAULT_RETRY.baseDelayMs, DEFAULT_RETRY.maxDelayMs],
    [5_000, 5 * 60_000],
    [30_000, 10 * 60_000],
    [60_000, 30 * 60_000],
    [15_000, 10 * 60_000],
    [30_000, 30 * 60_000],
    [1, 1_000],
  ])('gives exactly the inline formula it replaced (base %i ms, cap %i ms) for every attempt', (base, max) => {
    for (let n = 1; n <= 200; n++) expect(exponentialDelay(n, base, max)).toBe(Math.min(max, base * 2 ** (n - 1)));
  });

  it('stays a finite number after any number of failures', () => {
    expect(exponentialDelay(5_000, 0, 1_000)).toBe(0); // 0 · 2^4999 would be NaN
    expect(exponentialDelay(Number.MAX_SAFE_INTEGER, 5_000, 300_000)).toBe(300_000);
  });
});

describe('withEqualJitter', () => {
  it('waits between half the delay and the whole delay, rounded to a millisecond', () => {
    expect(withEqualJitter(1_001, () => 0)).toBe(501);
    expect(withEqualJitter(1_000, () => 0.5)).toBe(750);
    expect(withEqualJitter(1_000, () => 0.999_999)).toBe(1_000);
  });
});
