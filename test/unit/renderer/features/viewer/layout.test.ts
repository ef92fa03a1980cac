import { describe, expect, it } from 'vitest';
import {
  canvasPixelSize,
  MAX_CANVAS_PIXELS,
  PAGE_GAP_PX,
  PAGE_PADDING_PX,
  pageCounterText,
  pageCssSize,
  pagesToDraw,
  pageTops,
  stackedHeight,
  pickCurrentPage,
  printPixelSize,
  thumbnailCssSize,
} from '../../../../../src/renderer/src/features/viewer/layout';

const LETTER = { widthIn: 8.5, heightIn: 11 };
const SHORT = { widthIn: 8.5, heightIn: 4 };

describe('page sizes', () => {
  it('shows a page at 96 CSS px per inch at 100%, scaled by the zoom', () => {
    expect(pageCssSize(LETTER, 100)).toEqual({ width: 816, height: 1056 });
    expect(pageCssSize(LETTER, 50)).toEqual({ width: 408, height: 528 });
    expect(pageCssSize(SHORT, 100)).toEqual({ width: 816, height: 384 });
  });

  it('stacks pages with the padding and the gap', () => {
    expect(pageTops([LETTER, SHORT, LETTER], 100)).toEqual([PAGE_PADDING_PX, PAGE_PADDING_PX + 1056 + PAGE_GAP_PX, PAGE_PADDING_PX + 1056 + 384 + 2 * PAGE_GAP_PX]);
    // What stands in for pages not laid out yet: exactly as tall as they will be.
    expect(stackedHeight([LETTER, SHORT, LETTER], 100)).toBe(1056 + 384 + 1056 + 2 * PAGE_GAP_PX);
    expect(stackedHeight([SHORT], 100)).toBe(384);
    expect(stackedHeight([], 100)).toBe(0);
  });

  it('draws canvases at the device pixel ratio, capped in area', () => {
    expect(canvasPixelSize({ width: 816, height: 1056 }, 2)).toEqual({ width: 1632, height: 2112 });
    const huge = canvasPixelSize({ width: 816 * 3, height: 1056 * 3 }, 2);
    expect(huge.width * huge.height).toBeLessThanOrEqual(MAX_CANVAS_PIXELS);
    expect(huge.width / huge.height).toBeCloseTo(816 / 1056, 2);
    expect(canvasPixelSize({ width: 100, height: 100 }, Number.NaN)).toEqual({ width: 100, height: 100 });
  });

  it('prints at the requested pixels per inch', () => {
    expect(printPixelSize(LETTER, 200)).toEqual({ width: 1700, height: 2200 });
  });

  it('fits thumbnails in their box, keeping the proportions (a short page stays short)', () => {
    expect(thumbnailCssSize(LETTER, 112, 150)).toEqual({ width: 112, height: 145 });
    expect(thumbnailCssSize(SHORT, 112, 150)).toEqual({ width: 112, height: 53 });
    expect(thumbnailCssSize({ widthIn: 4, heightIn: 20 }, 112, 150)).toEqual({ width: 30, height: 150 });
  });
});

describe('current page', () => {
  it('is the most visible page', () => {
    expect(pickCurrentPage(new Map([[0, 100], [1, 500], [2, 0]]), 0)).toBe(1);
  });

  it('stays the previous page on a tie (e.g. a page jumped to near the end)', () => {
    expect(pickCurrentPage(new Map([[0, 300], [1, 300], [2, 300]]), 2)).toBe(2);
    expect(pickCurrentPage(new Map([[0, 300], [1, 300], [2, 300]]), 5)).toBe(0);
  });

  it('stays the previous page when nothing is visible', () => {
    expect(pickCurrentPage(new Map(), 3)).toBe(3);
    expect(pickCurrentPage(new Map([[0, 0]]), 3)).toBe(3);
  });
});

describe('pagesToDraw', () => {
  it('keeps the near pages plus the current page and its neighbours', () => {
    expect(pagesToDraw([4, 5], 5, 100)).toEqual([4, 5, 6]);
    expect(pagesToDraw([], 0, 3)).toEqual([0, 1]);
    expect(pagesToDraw([7, 8], 2, 3)).toEqual([1, 2]);
  });

  it('draws at most `limit` pages, the nearest to the current one', () => {
    expect(pagesToDraw([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], 15, 100, 5)).toEqual([13, 14, 15, 16, 17]);
  });
});

describe('pageCounterText', () => {
  it('says which page of how many, clamped', () => {
    expect(pageCounterText(2, 7)).toBe('Page 3 of 7');
    expect(pageCounterText(9, 7)).toBe('Page 7 of 7');
    expect(pageCounterText(0, 0)).toBe('No pages');
  });
});
