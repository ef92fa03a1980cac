/**
 * Page layout arithmetic: CSS sizes of pages at a zoom, canvas pixel sizes, which page is "current",
 * and which pages to keep drawn. Pure, so a 100-page fax is reasoned about without a browser.
 */
import type { PageSize } from './types';

export const CSS_PX_PER_INCH = 96;
/** Space around the column of pages inside the scrolling area, CSS px (matches viewer.css). */
export const PAGE_PADDING_PX = 16;
/** Vertical space between two pages, CSS px (matches viewer.css). */
export const PAGE_GAP_PX = 16;
/**
 * The largest canvas the viewer draws, in pixels (16 Mpx = 64 MB of RGBA). Beyond it browsers refuse or
 * crawl; a 300% zoom of a Letter page on a 2x screen would ask for 31 Mpx.
 */
export const MAX_CANVAS_PIXELS = 16_777_216;

export interface CssSize {
  width: number;
  height: number;
}

/** A page's size on screen at a zoom percentage, in whole CSS px (never below 1). */
export function pageCssSize(size: PageSize, zoomPercent: number): CssSize {
  const scale = (CSS_PX_PER_INCH * zoomPercent) / 100;
  return { width: Math.max(1, Math.round(size.widthIn * scale)), height: Math.max(1, Math.round(size.heightIn * scale)) };
}

/** Canvas pixels for a box of CSS size at a device pixel ratio, scaled down to stay under `maxPixels`. */
export function canvasPixelSize(css: CssSize, devicePixelRatio: number, maxPixels = MAX_CANVAS_PIXELS): CssSize {
  const ratio = Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1;
  let width = css.width * ratio;
  let height = css.height * ratio;
  if (width * height > maxPixels) {
    const shrink = Math.sqrt(maxPixels / (width * height));
    width *= shrink;
    height *= shrink;
  }
  return { width: Math.max(1, Math.floor(width)), height: Math.max(1, Math.floor(height)) };
}

/** Canvas pixels to print a page at `pixelsPerInch` (same cap as on screen). */
export function printPixelSize(size: PageSize, pixelsPerInch: number, maxPixels = MAX_CANVAS_PIXELS): CssSize {
  return canvasPixelSize({ width: size.widthIn * pixelsPerInch, height: size.heightIn * pixelsPerInch }, 1, maxPixels);
}

/** A thumbnail's CSS size: at most `maxWidth` wide and `maxHeight` tall, keeping the page's proportions. */
export function thumbnailCssSize(size: PageSize, maxWidth = 112, maxHeight = 150): CssSize {
  if (size.widthIn <= 0 || size.heightIn <= 0) return { width: maxWidth, height: maxWidth };
  const scale = Math.min(maxWidth / size.widthIn, maxHeight / size.heightIn);
  return { width: Math.max(1, Math.round(size.widthIn * scale)), height: Math.max(1, Math.round(size.heightIn * scale)) };
}

/** Top of each page in the scrolling column, CSS px, at a zoom. */
export function pageTops(sizes: readonly PageSize[], zoomPercent: number): number[] {
  const tops: number[] = [];
  let y = PAGE_PADDING_PX;
  for (const size of sizes) {
    tops.push(y);
    y += pageCssSize(size, zoomPercent).height + PAGE_GAP_PX;
  }
  return tops;
}

/** The height of these pages stacked in the column at a zoom, CSS px, with the gaps between them. */
export function stackedHeight(sizes: readonly PageSize[], zoomPercent: number): number {
  return sizes.reduce((sum, size) => sum + pageCssSize(size, zoomPercent).height, 0) + Math.max(0, sizes.length - 1) * PAGE_GAP_PX;
}

/**
 * The current page from how many CSS px of each page are visible: the most visible one. The previous
 * current page keeps its place on a tie (several small pages all fully visible, or a page just jumped to
 * at the end of the document), so a thumbnail click is not overruled by the page above it.
 */
export function pickCurrentPage(visiblePx: ReadonlyMap<number, number>, previous: number): number {
  let most = 0;
  for (const px of visiblePx.values()) most = Math.max(most, px);
  if (most <= 0) return previous;
  const near = (px: number) => px >= most - 0.5;
  if (near(visiblePx.get(previous) ?? 0)) return previous;
  let best = Number.POSITIVE_INFINITY;
  for (const [index, px] of visiblePx) if (near(px) && index < best) best = index;
  return best;
}

/**
 * The pages to keep drawn: those near the viewport, plus the current page and its neighbours, at most
 * `limit` of them (the nearest to the current page win). Sorted by index.
 */
export function pagesToDraw(near: Iterable<number>, current: number, count: number, limit = 10): number[] {
  const wanted = new Set<number>();
  for (const index of near) if (index >= 0 && index < count) wanted.add(index);
  for (const index of [current - 1, current, current + 1]) if (index >= 0 && index < count) wanted.add(index);
  const byDistance = [...wanted].sort((a, b) => Math.abs(a - current) - Math.abs(b - current) || a - b);
  return byDistance.slice(0, Math.max(1, limit)).sort((a, b) => a - b);
}

/** "Page 3 of 7" (1-based for people). */
export function pageCounterText(currentIndex: number, count: number): string {
  if (count <= 0) return 'No pages';
  return `Page ${Math.min(count, Math.max(1, currentIndex + 1))} of ${count}`;
}
