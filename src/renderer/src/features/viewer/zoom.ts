/**
 * Zoom: the steps, the two fit modes and the keyboard shortcuts. Pure functions of page sizes and the
 * space available, so they are tested without a browser.
 *
 * 100% shows a page at its physical size on a standard 96 CSS px/inch screen. One zoom factor applies to
 * every page, so a short page stays short next to a full one (it is never stretched to the others).
 */
import { CSS_PX_PER_INCH, PAGE_PADDING_PX } from './layout';
import type { PageSize } from './types';

export const ZOOM_STEPS: readonly number[] = [50, 67, 75, 90, 100, 110, 125, 150, 175, 200, 250, 300];
export const MIN_STEP_ZOOM = ZOOM_STEPS[0]!;
export const MAX_ZOOM = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
/** A fit mode may go below the smallest step (a narrow window), never below this. */
export const MIN_FIT_ZOOM = 10;

export type ZoomMode = 'fit-width' | 'fit-page' | number;

export interface Available {
  /** Inner width of the scrolling area, CSS px. */
  width: number;
  /** Inner height of the scrolling area, CSS px. */
  height: number;
}

function clampFit(percent: number): number {
  if (!Number.isFinite(percent)) return 100;
  return Math.min(MAX_ZOOM, Math.max(MIN_FIT_ZOOM, percent));
}

function widest(sizes: readonly PageSize[]): number {
  return sizes.reduce((max, s) => Math.max(max, s.widthIn), 0);
}

function tallest(sizes: readonly PageSize[]): number {
  return sizes.reduce((max, s) => Math.max(max, s.heightIn), 0);
}

/** The zoom at which the widest page fills the available width (less the padding on both sides). */
export function fitWidthZoom(sizes: readonly PageSize[], available: Available): number {
  const width = widest(sizes);
  if (width <= 0) return 100;
  return clampFit(((available.width - 2 * PAGE_PADDING_PX) / (width * CSS_PX_PER_INCH)) * 100);
}

/** The zoom at which every page fits whole in the available area (width and height). */
export function fitPageZoom(sizes: readonly PageSize[], available: Available): number {
  const width = widest(sizes);
  const height = tallest(sizes);
  if (width <= 0 || height <= 0) return 100;
  const byWidth = (available.width - 2 * PAGE_PADDING_PX) / (width * CSS_PX_PER_INCH);
  const byHeight = (available.height - 2 * PAGE_PADDING_PX) / (height * CSS_PX_PER_INCH);
  return clampFit(Math.min(byWidth, byHeight) * 100);
}

/** The zoom percentage a mode means for these pages in this space. */
export function resolveZoom(mode: ZoomMode, sizes: readonly PageSize[], available: Available): number {
  if (mode === 'fit-width') return fitWidthZoom(sizes, available);
  if (mode === 'fit-page') return fitPageZoom(sizes, available);
  return Math.min(MAX_ZOOM, Math.max(MIN_STEP_ZOOM, mode));
}

const TOLERANCE = 0.5;

/** The next step above the current zoom (which may be a fit value between steps), or null at the top. */
export function zoomInStep(current: number): number | null {
  return ZOOM_STEPS.find((step) => step > current + TOLERANCE) ?? null;
}

/** The next step below the current zoom, or null at the bottom. */
export function zoomOutStep(current: number): number | null {
  for (let i = ZOOM_STEPS.length - 1; i >= 0; i--) if (ZOOM_STEPS[i]! < current - TOLERANCE) return ZOOM_STEPS[i]!;
  return null;
}

export const DEFAULT_ZOOM_MODE: ZoomMode = 'fit-width';

export type ViewerKeyAction = 'zoom-in' | 'zoom-out' | 'zoom-reset' | 'next-page' | 'previous-page' | 'first-page' | 'last-page';

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey?: boolean;
}

/**
 * What a key press means to the viewer. Ctrl (or Cmd) with + / = / - / 0 zooms like a browser does
 * (0 returns to the default, fit width); PageUp/PageDown move one page, Home/End to the first/last page.
 */
export function viewerKeyAction(event: KeyLike): ViewerKeyAction | null {
  const command = event.ctrlKey || event.metaKey;
  if (event.altKey) return null;
  if (command) {
    switch (event.key) {
      case '+':
      case '=':
      case 'Add':
        return 'zoom-in';
      case '-':
      case '_':
      case 'Subtract':
        return 'zoom-out';
      case '0':
        return 'zoom-reset';
      default:
        return null;
    }
  }
  if (event.shiftKey) return null;
  switch (event.key) {
    case 'PageDown':
      return 'next-page';
    case 'PageUp':
      return 'previous-page';
    case 'Home':
      return 'first-page';
    case 'End':
      return 'last-page';
    default:
      return null;
  }
}
