/**
 * Printing with the browser's print (window.print): the harness's print, and the fallback when the
 * embedding page gives the viewer no `onPrint`. The desktop app prints the file itself from main with
 * the system dialog (see FaxViewer's `onPrint`).
 *
 * Every page is drawn at print resolution into a hidden container of <img> sheets (PNG blobs: far less
 * memory than 100 live canvases), each sheet exactly its page's size on its own named @page (in an
 * adopted style sheet: the CSP allows no <style> element), and while it is there `html.fax-printing`
 * makes the print stylesheet (viewer.css) show only those sheets. So the printout is exactly the fax:
 * every page, one per sheet, at page size, no app chrome, no blank sheets.
 */
import { printPixelSize } from './layout';
import { openFax } from './open-fax';
import { printLayout } from './print-layout';
import type { FaxDocument, OpenedFax } from './types';

/** Matches the fine fax resolution (204 x 196 dpi): printing finer than the image adds nothing. */
export const DEFAULT_PRINT_PPI = 200;
export const PRINT_ROOT_CLASS = 'fax-print-root';
export const PRINTING_CLASS = 'fax-printing';

export interface PrintOptions {
  /** Print resolution of PDF pages (TIFF pages are resampled to it too). Default 200. */
  pixelsPerInch?: number;
  /** Called after each page is ready, e.g. to show "Preparing page 4 of 12". */
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

let activeCleanup: (() => void) | null = null;

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The page could not be prepared for printing (out of memory?).'))), 'image/png');
  });
}

/**
 * Draws every page of an opened fax into the print container and arms the print stylesheet.
 * Resolves with the cleanup (idempotent) that removes both; call it after printing.
 */
export async function preparePrintOf(fax: OpenedFax, options: PrintOptions = {}): Promise<() => void> {
  activeCleanup?.(); // one print at a time
  const ppi = options.pixelsPerInch ?? DEFAULT_PRINT_PPI;
  const pageSizes = await fax.allPageSizes.catch(() => fax.pageSizes);
  const layout = printLayout(pageSizes);
  const urls: string[] = [];
  const root = document.createElement('div');
  root.className = PRINT_ROOT_CLASS;
  root.setAttribute('aria-hidden', 'true');
  try {
    for (const [index, size] of pageSizes.entries()) {
      options.signal?.throwIfAborted();
      const canvas = document.createElement('canvas');
      const pixels = printPixelSize(size, ppi);
      await fax.render(index, canvas, pixels.width, pixels.height, 'print').promise;
      const blob = await canvasToPng(canvas);
      canvas.width = 0; // release the bitmap now, not at the next GC
      canvas.height = 0;
      const url = URL.createObjectURL(blob);
      urls.push(url);
      const sheet = layout.sheets[index]!;
      const page = document.createElement('div');
      page.className = 'print-page';
      page.dataset['page'] = String(index + 1);
      page.style.setProperty('page', sheet.pageName);
      page.style.width = sheet.width;
      page.style.height = sheet.height;
      const image = document.createElement('img');
      image.alt = '';
      image.src = url;
      page.append(image);
      root.append(page);
      // A sheet whose image is not decoded yet prints blank.
      await image.decode();
      options.onProgress?.(index + 1, pageSizes.length);
    }
    options.signal?.throwIfAborted();
  } catch (error) {
    for (const url of urls) URL.revokeObjectURL(url);
    throw error;
  }
  // A constructed style sheet, not a <style> element: the CSP refuses inline styles (no 'unsafe-inline').
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(layout.css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  document.body.append(root);
  document.documentElement.classList.add(PRINTING_CLASS);

  let done = false;
  const cleanup = () => {
    if (done) return;
    done = true;
    if (activeCleanup === cleanup) activeCleanup = null;
    document.documentElement.classList.remove(PRINTING_CLASS);
    root.remove();
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    for (const url of urls) URL.revokeObjectURL(url);
  };
  activeCleanup = cleanup;
  return cleanup;
}

/** Like preparePrintOf, for a document not opened yet (opens it, and closes it again). */
export async function preparePrint(document: FaxDocument, options: PrintOptions = {}): Promise<() => void> {
  const fax = await openFax(document);
  try {
    return await preparePrintOf(fax, options);
  } finally {
    fax.destroy();
  }
}

/**
 * Calls window.print() and resolves once printing is over. Chromium's print() blocks until its dialog
 * closes; should a browser return early (after `beforeprint` but before `afterprint`), this waits for
 * `afterprint` before the container is taken away.
 */
async function printWindow(): Promise<void> {
  let started = false;
  let finished = false;
  const onBefore = () => (started = true);
  const onAfter = () => (finished = true);
  window.addEventListener('beforeprint', onBefore);
  window.addEventListener('afterprint', onAfter);
  try {
    window.print();
    if (started && !finished) await new Promise<void>((resolve) => window.addEventListener('afterprint', () => resolve(), { once: true }));
  } finally {
    window.removeEventListener('beforeprint', onBefore);
    window.removeEventListener('afterprint', onAfter);
  }
}

/** Prepares an opened fax, prints it with window.print(), and cleans up. */
export async function printOpenedFax(fax: OpenedFax, options: PrintOptions = {}): Promise<void> {
  const cleanup = await preparePrintOf(fax, options);
  try {
    await printWindow();
  } finally {
    cleanup();
  }
}

/** Prepares a document, prints it with window.print(), and cleans up. */
export async function printDocument(document: FaxDocument, options: PrintOptions = {}): Promise<void> {
  const cleanup = await preparePrint(document, options);
  try {
    await printWindow();
  } finally {
    cleanup();
  }
}
