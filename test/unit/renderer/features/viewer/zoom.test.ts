import { describe, expect, it } from 'vitest';
import { CSS_PX_PER_INCH, PAGE_PADDING_PX } from '../../../../../src/renderer/src/features/viewer/layout';
import {
  fitPageZoom,
  fitWidthZoom,
  MAX_ZOOM,
  MIN_FIT_ZOOM,
  resolveZoom,
  viewerKeyAction,
  ZOOM_STEPS,
  zoomInStep,
  zoomOutStep,
} from '../../../../../src/renderer/src/features/viewer/zoom';

const LETTER = { widthIn: 8.5, heightIn: 11 };
const SHORT = { widthIn: 8.5, heightIn: 4 };
const A4 = { widthIn: 8.27, heightIn: 11.69 };

const key = (k: string, mods: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('fit width and fit page', () => {
  it('fit width makes the widest page fill the width inside the padding', () => {
    const available = { width: 8.5 * CSS_PX_PER_INCH + 2 * PAGE_PADDING_PX, height: 500 };
    expect(fitWidthZoom([SHORT, LETTER, A4], available)).toBeCloseTo(100, 6);
    expect(fitWidthZoom([LETTER], { width: 4.25 * CSS_PX_PER_INCH + 2 * PAGE_PADDING_PX, height: 500 })).toBeCloseTo(50, 6);
  });

  it('fit page makes every page fit whole, limited by the tallest page', () => {
    const available = { width: 2000, height: 11.69 * CSS_PX_PER_INCH * 0.5 + 2 * PAGE_PADDING_PX };
    expect(fitPageZoom([LETTER, A4, SHORT], available)).toBeCloseTo(50, 6);
    // A short page alone fits larger: limited by the width, not stretched to a letter page.
    const wide = { width: 8.5 * CSS_PX_PER_INCH + 2 * PAGE_PADDING_PX, height: 4000 };
    expect(fitPageZoom([SHORT], wide)).toBeCloseTo(100, 6);
  });

  it('stays within bounds for tiny or huge windows and for no pages', () => {
    expect(fitWidthZoom([LETTER], { width: 40, height: 40 })).toBe(MIN_FIT_ZOOM);
    expect(fitPageZoom([LETTER], { width: 100_000, height: 100_000 })).toBe(MAX_ZOOM);
    expect(fitWidthZoom([], { width: 800, height: 600 })).toBe(100);
  });

  it('resolveZoom maps a mode to a percentage and clamps fixed values to the steps range', () => {
    const available = { width: 8.5 * CSS_PX_PER_INCH + 2 * PAGE_PADDING_PX, height: 600 };
    expect(resolveZoom('fit-width', [LETTER], available)).toBeCloseTo(100, 6);
    expect(resolveZoom(150, [LETTER], available)).toBe(150);
    expect(resolveZoom(1000, [LETTER], available)).toBe(300);
    expect(resolveZoom(5, [LETTER], available)).toBe(50);
  });
});

describe('zoom steps', () => {
  it('covers 50% to 300%', () => {
    expect(ZOOM_STEPS[0]).toBe(50);
    expect(ZOOM_STEPS.at(-1)).toBe(300);
    expect([...ZOOM_STEPS].sort((a, b) => a - b)).toEqual(ZOOM_STEPS);
  });

  it('steps from any zoom, including a fit value between steps', () => {
    expect(zoomInStep(100)).toBe(110);
    expect(zoomOutStep(100)).toBe(90);
    expect(zoomInStep(87.3)).toBe(90);
    expect(zoomOutStep(87.3)).toBe(75);
    expect(zoomInStep(30)).toBe(50);
    expect(zoomOutStep(30)).toBeNull();
    expect(zoomInStep(300)).toBeNull();
    expect(zoomOutStep(50)).toBeNull();
    // Within half a percent counts as being on the step.
    expect(zoomInStep(149.8)).toBe(175);
  });
});

describe('viewerKeyAction', () => {
  it('maps Ctrl/Cmd + plus, minus and 0 to zoom', () => {
    expect(viewerKeyAction(key('+', { ctrlKey: true }))).toBe('zoom-in');
    expect(viewerKeyAction(key('=', { ctrlKey: true }))).toBe('zoom-in');
    expect(viewerKeyAction(key('=', { metaKey: true }))).toBe('zoom-in');
    expect(viewerKeyAction(key('-', { ctrlKey: true }))).toBe('zoom-out');
    expect(viewerKeyAction(key('0', { metaKey: true }))).toBe('zoom-reset');
    expect(viewerKeyAction(key('+'))).toBeNull();
    expect(viewerKeyAction(key('0', { ctrlKey: true, altKey: true }))).toBeNull();
  });

  it('maps PageUp/PageDown/Home/End to page moves, without modifiers', () => {
    expect(viewerKeyAction(key('PageDown'))).toBe('next-page');
    expect(viewerKeyAction(key('PageUp'))).toBe('previous-page');
    expect(viewerKeyAction(key('Home'))).toBe('first-page');
    expect(viewerKeyAction(key('End'))).toBe('last-page');
    expect(viewerKeyAction(key('End', { shiftKey: true }))).toBeNull();
    expect(viewerKeyAction(key('ArrowDown'))).toBeNull();
  });
});
