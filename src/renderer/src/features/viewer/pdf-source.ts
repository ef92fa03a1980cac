/**
 * PDF pages through pdfjs-dist. pdfjs and its asset URLs are imported on first use, so the app's start
 * does not pay for them. The worker parses; pages are drawn on the main thread into the given canvas.
 */
import type * as PdfjsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy, PDFWorker } from 'pdfjs-dist';
import { DamagedDocumentError, isRenderCancelled, reasonFrom, RenderCancelledError } from './damage';
import { checkPdfBytes } from './pdf-check';
import type * as AssetsModule from './pdfjs-assets';
import type { OpenedFax, PageSize, RenderJob } from './types';

type Pdfjs = typeof PdfjsModule;
type Assets = typeof AssetsModule;

let loading: Promise<{ pdfjs: Pdfjs; assets: Assets }> | null = null;
/**
 * One pdf.js worker for every document, as pdf.js's own viewer does: left to itself, getDocument
 * starts a worker per document and ends it on close, and starting one (loading and compiling its
 * script) took three quarters of the time to page 1 here (187 ms of it against 42 with a worker at hand).
 */
let sharedWorker: PDFWorker | null = null;

function workerOf(pdfjs: Pdfjs): PDFWorker {
  if (!sharedWorker || sharedWorker.destroyed) sharedWorker = new pdfjs.PDFWorker({ verbosity: pdfjs.VerbosityLevel.ERRORS });
  return sharedWorker;
}

/** A worker that failed is not given the next document: that one starts a new worker. */
function dropWorker(worker: PDFWorker): void {
  if (sharedWorker !== worker) return;
  sharedWorker = null;
  worker.destroy();
}

function loadPdfjs(): Promise<{ pdfjs: Pdfjs; assets: Assets }> {
  loading ??= Promise.all([import('pdfjs-dist'), import('./pdfjs-assets')])
    .then(([pdfjs, assets]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = assets.PDF_WORKER_URL;
      return { pdfjs, assets };
    })
    .catch((error: unknown) => {
      loading = null; // let a later document try again
      throw error;
    });
  return loading;
}

const POINTS_PER_INCH = 72;

function sizeOf(page: PDFPageProxy): PageSize {
  const { width, height } = page.getViewport({ scale: 1 });
  return { widthIn: width / POINTS_PER_INCH, heightIn: height / POINTS_PER_INCH };
}

/** What pdfjs rejects a document with: the file's fault (damaged) or the viewer's (anything else). */
function openingError(error: unknown): Error {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'PasswordException') return new DamagedDocumentError('it is locked with a password');
  if (name === 'InvalidPDFException') return new DamagedDocumentError('its structure is not valid PDF');
  if (name === 'FormatError' || name === 'UnknownErrorException') return new DamagedDocumentError(reasonFrom(error, 'it cannot be read as a PDF'));
  return new Error(`The PDF reader could not start: ${reasonFrom(error, 'unknown error')}.`);
}

export async function openPdf(data: Uint8Array): Promise<OpenedFax> {
  checkPdfBytes(data);
  const { pdfjs, assets } = await loadPdfjs();
  const worker = workerOf(pdfjs);
  const task = pdfjs.getDocument({
    // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy, the caller keeps theirs.
    data: data.slice(),
    // Given a worker, destroying the task closes the document in it and leaves the worker running.
    worker,
    useWasm: false,
    wasmUrl: assets.PDF_WASM_URL,
    useWorkerFetch: false,
    BinaryDataFactory: assets.BundledBinaryData,
    useSystemFonts: true,
    // Report a broken page instead of drawing what could be salvaged: a fax must not look complete when it is not.
    stopAtErrors: true,
    enableXfa: false,
    disableWorkerRendering: true,
    verbosity: pdfjs.VerbosityLevel.ERRORS,
  });
  let doc: PDFDocumentProxy;
  try {
    doc = await task.promise;
  } catch (error) {
    void task.destroy();
    const failure = openingError(error);
    if (!(failure instanceof DamagedDocumentError)) dropWorker(worker);
    throw failure;
  }
  let first: PDFPageProxy;
  try {
    if (doc.numPages < 1) throw new DamagedDocumentError('it contains no pages');
    first = await doc.getPage(1);
  } catch (error) {
    void task.destroy();
    throw new DamagedDocumentError(reasonFrom(error, 'its page list cannot be read'));
  }
  // Page 1 can be drawn now. The other pages are read from the worker only once something asks for one
  // (drawing it, or every page's size): asked for all at once, they queue in the worker ahead of page
  // 1's drawing, and a 100-page fax took 100 round trips before its first page showed.
  const count = doc.numPages;
  const pages: Promise<PDFPageProxy>[] = [Promise.resolve(first)];
  const readTheRest = () => {
    for (let number = pages.length + 1; number <= count; number++) {
      const page = doc.getPage(number);
      page.catch(() => {}); // a page that cannot be read says so when it is drawn
      pages.push(page);
    }
  };
  const firstSize = sizeOf(first);
  let allSizes: Promise<readonly PageSize[]> | null = null;

  return {
    kind: 'pdf',
    pageSizes: Array.from({ length: count }, () => firstSize),
    get allPageSizes() {
      if (!allSizes) {
        readTheRest();
        allSizes = Promise.all(pages).then((all) => all.map(sizeOf));
        allSizes.catch(() => {}); // closed first, or a page that cannot be read: the estimates stand
      }
      return allSizes;
    },
    render(index, canvas, pixelWidth, pixelHeight, purpose = 'display'): RenderJob {
      if (index > 0) readTheRest();
      const page = pages[index];
      if (!page) return { promise: Promise.reject(new RangeError(`There is no page ${index + 1}.`)), cancel() {} };
      let cancelled = false;
      let renderTask: ReturnType<PDFPageProxy['render']> | null = null;
      const drawn = async (proxy: PDFPageProxy) => {
        if (cancelled) throw new RenderCancelledError();
        const base = proxy.getViewport({ scale: 1 });
        canvas.width = pixelWidth;
        canvas.height = pixelHeight;
        const scaleX = pixelWidth / base.width;
        const viewport = proxy.getViewport({ scale: scaleX });
        // Stretch the last fraction of a pixel so the page fills the canvas exactly in both directions.
        const yFix = pixelHeight / viewport.height;
        renderTask = proxy.render({
          canvas,
          viewport,
          intent: purpose,
          transform: Math.abs(yFix - 1) > 1e-6 ? [1, 0, 0, yFix, 0, 0] : undefined,
        });
        await renderTask.promise;
      };
      const promise = page.then(drawn).catch((error: unknown) => {
        if (isRenderCancelled(error)) throw error;
        throw new DamagedDocumentError(reasonFrom(error, `page ${index + 1} cannot be drawn`));
      });
      return {
        promise,
        cancel: () => {
          cancelled = true;
          renderTask?.cancel();
        },
      };
    },
    destroy() {
      void task.destroy();
    },
  };
}
