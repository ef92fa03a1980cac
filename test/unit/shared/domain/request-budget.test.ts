import { describe, expect, it } from 'vitest';
import { estimateOffice, jittered, officeIntervals } from '../../../../src/shared/domain/request-budget';

const BASE = { frontMs: 10_000, backgroundMs: 60_000 };

describe('the request budget of an account several desks share', () => {
  it('a few desks keep the person’s intervals; twenty stretch theirs to stay within a request a second in front', () => {
    expect(officeIntervals(BASE, 1)).toEqual(BASE);
    expect(officeIntervals(BASE, 3)).toEqual(BASE);
    expect(officeIntervals(BASE, 20)).toEqual({ frontMs: 60_000, backgroundMs: 60_000 });
    expect(officeIntervals(BASE, 100)).toEqual({ frontMs: 300_000, backgroundMs: 300_000 });
    // Never faster than the person's settings.
    expect(officeIntervals({ frontMs: 30_000, backgroundMs: 300_000 }, 5)).toEqual({ frontMs: 30_000, backgroundMs: 300_000 });
  });

  it('estimates the office: twenty desks in front make about one request a second, not six', () => {
    const one = estimateOffice(BASE, 1, true);
    expect(one.thisDesk).toBeCloseTo(20, 0); // 18 a minute, plus the jitter's ~11 %
    const office = estimateOffice(BASE, 20, true);
    expect(office.allFront).toBeCloseTo(66.7, 0);
    expect(office.allBackground).toBeCloseTo(66.7, 0);
    expect(estimateOffice(BASE, 20, false).thisDesk).toBeCloseTo(office.allBackground / 20);
  });

  it('draws each wait a little early at random, never later than the interval', () => {
    expect(jittered(60_000, 1)).toBe(60_000);
    expect(jittered(60_000, 0)).toBe(48_000);
    expect(jittered(60_000, 0.5)).toBe(54_000);
    expect(jittered(60_000, 7)).toBe(60_000);
  });
});
