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
import { durationWords } from '../../../../shared/duration-words';
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

/** How a print ended, as the page saw it (the shape main's Printer port answers with). */
export type PrintEnd = { outcome: 'printed' } | { outcome: 'cancelled' } | { outcome: 'failed'; reason: string };

/** The step a print is at, for its progress line and for what a time limit interrupted. */
export type PrintStep = { kind: 'opening' } | { kind: 'preparing'; done: number; total: number } | { kind: 'dialog' };

export interface PrintRunOptions {
  /** The person's Cancel. */
  signal?: AbortSignal;
  /** The whole print (opening, preparing the sheets, the browser's dialog) must end within this. */
  timeLimitMs: number;
  onStep?: (step: PrintStep) => void;
  pixelsPerInch?: number;
}

/** Why a print was stopped: the person's Cancel, or the time limit. */
const CANCELLED = 'cancelled';
const TIME_LIMIT = 'time-limit';

let activeCleanup: (() => void) | null = null;

function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The page could not be prepared for printing (out of memory?).'))), 'image/png');
  });
}

/** `promise`, or a rejection as soon as `signal` aborts (a drawing or decoding that never ends cannot hold a print). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * Draws every page of an opened fax into the print container and arms the print stylesheet.
 * Resolves with the cleanup (idempotent) that removes both; call it after printing.
 */
export async function preparePrintOf(fax: OpenedFax, options: PrintOptions = {}): Promise<() => void> {
  activeCleanup?.(); // one print at a time
  const { signal } = options;
  const ppi = options.pixelsPerInch ?? DEFAULT_PRINT_PPI;
  const pageSizes = await untilAborted(
    fax.allPageSizes.catch(() => fax.pageSizes),
    signal,
  );
  const layout = printLayout(pageSizes);
  const urls: string[] = [];
  const root = document.createElement('div');
  root.className = PRINT_ROOT_CLASS;
  root.setAttribute('aria-hidden', 'true');
  options.onProgress?.(0, pageSizes.length);
  try {
    for (const [index, size] of pageSizes.entries()) {
      signal?.throwIfAborted();
      const canvas = document.createElement('canvas');
      const pixels = printPixelSize(size, ppi);
      const job = fax.render(index, canvas, pixels.width, pixels.height, 'print');
      try {
        await untilAborted(job.promise, signal);
      } catch (error) {
        job.cancel();
        throw error;
      }
      const blob = await untilAborted(canvasToPng(canvas), signal);
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
      await untilAborted(image.decode(), signal);
      options.onProgress?.(index + 1, pageSizes.length);
    }
    signal?.throwIfAborted();
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
 * Calls window.print() and resolves once printing is over. A desktop browser's print() blocks until its
 * dialog closes (afterprint comes before it returns); one that returns early, after `beforeprint` but
 * before `afterprint` (headless Chromium never sends afterprint at all), is waited for until `signal`
 * (the Cancel or the time limit) ends the wait: it never hangs.
 */
async function printWindow(signal?: AbortSignal): Promise<void> {
  let started = false;
  let finished = false;
  const onBefore = () => (started = true);
  const onAfter = () => (finished = true);
  window.addEventListener('beforeprint', onBefore);
  window.addEventListener('afterprint', onAfter);
  try {
    window.print();
    if (started && !finished) await untilAborted(new Promise<void>((resolve) => window.addEventListener('afterprint', () => resolve(), { once: true })), signal);
  } finally {
    window.removeEventListener('beforeprint', onBefore);
    window.removeEventListener('afterprint', onAfter);
  }
}

/**
 * Prints a fax through the browser and says how it ended, whatever happens: printed (the sheets went to
 * the browser's print dialog and it closed: a browser does not tell a page whether its own dialog printed
 * or was cancelled), cancelled (the person's Cancel while it was being prepared or in the dialog), or
 * failed with a sentence (a page that cannot be drawn, or the time limit). `source` may be a document
 * still to fetch; fetching it counts against the time limit too.
 */
export async function runPrint(source: FaxDocument | OpenedFax | (() => Promise<FaxDocument>), options: PrintRunOptions): Promise<PrintEnd> {
  const stop = new AbortController();
  let step: PrintStep = { kind: 'opening' };
  const setStep = (next: PrintStep) => {
    step = next;
    options.onStep?.(next);
  };
  const onCancel = () => stop.abort(CANCELLED);
  if (options.signal?.aborted) return { outcome: 'cancelled' };
  options.signal?.addEventListener('abort', onCancel, { once: true });
  const timer = setTimeout(() => stop.abort(TIME_LIMIT), options.timeLimitMs);
  let opened: OpenedFax | null = null;
  let cleanup: (() => void) | null = null;
  try {
    setStep({ kind: 'opening' });
    let fax: OpenedFax;
    if ('render' in source) fax = source;
    else {
      const document = typeof source === 'function' ? await untilAborted(source(), stop.signal) : source;
      fax = opened = await untilAborted(openFax(document), stop.signal);
    }
    cleanup = await preparePrintOf(fax, {
      signal: stop.signal,
      ...(options.pixelsPerInch ? { pixelsPerInch: options.pixelsPerInch } : {}),
      onProgress: (done, total) => setStep({ kind: 'preparing', done, total }),
    });
    setStep({ kind: 'dialog' });
    await printWindow(stop.signal);
    return { outcome: 'printed' };
  } catch (error) {
    if (stop.signal.aborted && stop.signal.reason === CANCELLED) return { outcome: 'cancelled' };
    if (stop.signal.aborted && stop.signal.reason === TIME_LIMIT) return { outcome: 'failed', reason: timeLimitReason(options.timeLimitMs, step) };
    return { outcome: 'failed', reason: error instanceof Error && error.message ? error.message : 'The fax could not be prepared for printing.' };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCancel);
    cleanup?.();
    opened?.destroy();
  }
}

/** What the time limit interrupted, in a sentence. */
export function timeLimitReason(limitMs: number, step: PrintStep): string {
  const limit = durationWords(limitMs);
  switch (step.kind) {
    case 'opening':
      return `Printing was stopped after ${limit}: the fax could not be opened for printing in that time. Try again.`;
    case 'preparing':
      return `Printing was stopped after ${limit}: page ${Math.min(step.done + 1, step.total)} of ${step.total} was still being prepared. Try again, or save the fax and print the file.`;
    case 'dialog':
      return `Printing was stopped after ${limit}: the browser's print dialog did not close in that time. Try again, or save the fax and print the file.`;
  }
}

/** The progress line of a print at `step`. */
export function printStepText(step: PrintStep): string {
  switch (step.kind) {
    case 'opening':
      return 'Getting the fax ready for printing…';
    case 'preparing':
      return step.total > 0 ? `Preparing page ${Math.min(step.done + 1, step.total)} of ${step.total} for printing…` : 'Preparing the fax for printing…';
    case 'dialog':
      return 'Waiting for the print dialog to close…';
  }
}
