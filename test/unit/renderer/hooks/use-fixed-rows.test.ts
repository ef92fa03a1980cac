import { describe, expect, it } from 'vitest';
import { rowsInView, scrollTopFor } from '../../../../src/renderer/src/hooks/use-fixed-rows';

const H = 68;

describe('rows of one height in view', () => {
  it('draws the rows a view can touch from its top row (600 px: that row and 9 more), plus the overscan, clamped to the list', () => {
    expect(rowsInView(0, 600, H, 100_000, 0)).toEqual({ first: 0, last: 9 });
    expect(rowsInView(0, 600, H, 100_000, 10)).toEqual({ first: 0, last: 19 });
    expect(rowsInView(50_000 * H + 30, 600, H, 100_000, 10)).toEqual({ first: 49_990, last: 50_019 });
    expect(rowsInView(99_995 * H, 600, H, 100_000, 10)).toEqual({ first: 99_985, last: 99_999 });
  });

  it('covers the partly shown row at the bottom wherever the top row is cut', () => {
    for (const within of [0, 1, 34, 67]) {
      const { last } = rowsInView(10 * H + within, 600, H, 1_000, 0);
      expect(last * H + H).toBeGreaterThanOrEqual(10 * H + within + 600);
    }
  });

  it('draws nothing for an empty list, and stays in the list when scrolled past its end (it just got shorter)', () => {
    expect(rowsInView(0, 600, H, 0, 10)).toEqual({ first: 0, last: -1 });
    expect(rowsInView(500 * H, 600, H, 20, 5)).toEqual({ first: 14, last: 19 });
  });

  it('scrolls as little as it takes to show a row, and not at all when it is in view', () => {
    expect(scrollTopFor(5, H, 0, 600)).toBe(0);
    expect(scrollTopFor(20, H, 0, 600)).toBe(21 * H - 600);
    expect(scrollTopFor(3, H, 10 * H, 600)).toBe(3 * H);
    expect(scrollTopFor(99_999, H, 0, 600)).toBe(100_000 * H - 600);
  });
});
