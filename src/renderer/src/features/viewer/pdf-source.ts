/**
 * PDF pages through pdfjs-dist. pdfjs and its asset URLs are imported on first use, so the app's start
 * does not pay for them. The worker parses; pages are drawn on the main thread into the given canvas.
 */
import type * as PdfjsModule from 'pdfjs-dist';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist';
import { DamagedDocumentError, reasonFrom } from './damage';
import { checkPdfBytes } from './pdf-check';
import type * as AssetsModule from './pdfjs-assets';
import type { OpenedFax, PageSize, RenderJob } from './types';

type Pdfjs = typeof PdfjsModule;
type Assets = typeof AssetsModule;

let loading: Promise<{ pdfjs: Pdfjs; assets: Assets }> | null = null;

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
  const task = pdfjs.getDocument({
    // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy, the caller keeps theirs.
    data: data.slice(),
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
    throw openingError(error);
  }
  let pages: PDFPageProxy[];
  try {
    if (doc.numPages < 1) throw new DamagedDocumentError('it contains no pages');
    pages = await Promise.all(Array.from({ length: doc.numPages }, (_, i) => doc.getPage(i + 1)));
  } catch (error) {
    void task.destroy();
    throw new DamagedDocumentError(reasonFrom(error, 'its page list cannot be read'));
  }
  const pageSizes: PageSize[] = pages.map((page) => {
    const { width, height } = page.getViewport({ scale: 1 });
    return { widthIn: width / POINTS_PER_INCH, heightIn: height / POINTS_PER_INCH };
  });

  return {
    kind: 'pdf',
    pageSizes,
    render(index, canvas, pixelWidth, pixelHeight, purpose = 'display'): RenderJob {
      const page = pages[index];
      if (!page) return { promise: Promise.reject(new RangeError(`There is no page ${index + 1}.`)), cancel() {} };
      const base = page.getViewport({ scale: 1 });
      canvas.width = pixelWidth;
      canvas.height = pixelHeight;
      const scaleX = pixelWidth / base.width;
      const viewport = page.getViewport({ scale: scaleX });
      // Stretch the last fraction of a pixel so the page fills the canvas exactly in both directions.
      const yFix = pixelHeight / viewport.height;
      const renderTask = page.render({
        canvas,
        viewport,
        intent: purpose,
        transform: Math.abs(yFix - 1) > 1e-6 ? [1, 0, 0, yFix, 0, 0] : undefined,
      });
      const promise = renderTask.promise.catch((error: unknown) => {
        if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'RenderingCancelledException') throw error;
        throw new DamagedDocumentError(reasonFrom(error, `page ${index + 1} cannot be drawn`));
      });
      return { promise, cancel: () => renderTask.cancel() };
    },
    destroy() {
      void task.destroy();
    },
  };
}
