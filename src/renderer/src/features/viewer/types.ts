/** Shapes shared by the viewer's modules. Sizes are physical (inches), so a fax page shows at its real size. */

import type { FaxDocument } from '../../model/fax-document';

export type { FaxDocument };

/** The physical size of one page, in inches (PDF: points / 72; TIFF: pixels / dots per inch). */
export interface PageSize {
  widthIn: number;
  heightIn: number;
}

/** 'print' includes what a PDF marks as print-only (and leaves out what it marks as screen-only). */
export type RenderPurpose = 'display' | 'print';

/** A started drawing of one page; `cancel()` is safe to call at any time, also after it finished. */
export interface RenderJob {
  readonly promise: Promise<void>;
  cancel(): void;
}

/**
 * An opened document: its page count and sizes are known up front (for layout), its pages are drawn on
 * demand. Implemented for PDF (pdfjs-dist) and TIFF (utif2).
 */
export interface OpenedFax {
  readonly kind: FaxDocument['kind'];
  /**
   * Every page's size as known when the document opens: a PDF is opened as soon as its first page is
   * read, and its other pages are given that page's size (a fax's pages almost always share one) until
   * `allPageSizes` has them all.
   */
  readonly pageSizes: readonly PageSize[];
  /** Every page's own size, once read; on failure, `pageSizes` stands (each page then reports its own damage when drawn). */
  readonly allPageSizes: Promise<readonly PageSize[]>;
  /**
   * Draws page `index` (0-based) into `canvas`, which the call sizes to `pixelWidth` x `pixelHeight`.
   * Rejects with a DamagedDocumentError when the page cannot be drawn.
   */
  render(index: number, canvas: HTMLCanvasElement, pixelWidth: number, pixelHeight: number, purpose?: RenderPurpose): RenderJob;
  destroy(): void;
}
