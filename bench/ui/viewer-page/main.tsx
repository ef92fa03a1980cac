/**
 * Benchmark page (bench/ui.ts): the app's FaxViewer alone, and beside it the bare operation it is judged
 * against, both timed inside the page from bytes in hand to page 1 painted.
 * - window.__viewerBench.viewer(kind, name): FaxViewer opens the document; until page 1's canvas is drawn.
 * - window.__viewerBench.bare(kind, name, width): PDF: pdf.js alone (getDocument with the viewer's
 *   options and, like the viewer, a worker already running; page 1 rendered at the width given); TIFF:
 *   the decoder alone for page 1 (utif2 through parseTiff/decodeTiffPage), drawn at the width given.
 * - window.__viewerBench.clear(): closes the document (and lets its background drawing stop).
 * Documents are fetched from the benchmark's server (/fixtures/<name>) before the clock starts.
 */
import { useEffect, useState, type JSX } from 'react';
import { createRoot } from 'react-dom/client';
import * as pdfjs from 'pdfjs-dist';
import '../../../src/renderer/src/styles/app.css';
import { FaxViewer, type FaxDocument } from '../../../src/renderer/src/features/viewer';
import { BundledBinaryData, PDF_WASM_URL, PDF_WORKER_URL } from '../../../src/renderer/src/features/viewer/pdfjs-assets';
import { decodeTiffPage, parseTiff } from '../../../src/renderer/src/features/viewer/tiff';

pdfjs.GlobalWorkerOptions.workerSrc = PDF_WORKER_URL;
/** One worker for every document, started before the clock, as the viewer keeps one: the bare is pdf.js at its quickest. */
const worker = new pdfjs.PDFWorker({ verbosity: pdfjs.VerbosityLevel.ERRORS });

type Kind = 'pdf' | 'tiff';

declare global {
  interface Window {
    __viewerBench: {
      viewer(kind: Kind, name: string): Promise<{ ms: number; width: number; height: number }>;
      bare(kind: Kind, name: string, width: number): Promise<{ ms: number }>;
      clear(): Promise<void>;
    };
  }
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const PAGE_ONE = '.fax-page[data-page="1"] .fax-page-surface[data-rendered="true"] canvas';

async function bytesOf(name: string): Promise<Uint8Array> {
  const response = await fetch(`/fixtures/${encodeURIComponent(name)}`);
  if (!response.ok) throw new Error(`fixture ${name}: ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

let show: (doc: FaxDocument | null) => void = () => {};

function Harness(): JSX.Element {
  const [doc, setDoc] = useState<FaxDocument | null>(null);
  useEffect(() => {
    show = setDoc;
  }, []);
  return (
    <div style={{ height: '100vh', padding: 12, boxSizing: 'border-box' }}>
      <FaxViewer document={doc} title="Benchmark fax" loading={doc === null} />
    </div>
  );
}

/** Page 1 drawn at its full size on screen (not a provisional smaller drawing). */
function pageOneDrawn(): Promise<HTMLCanvasElement> {
  return new Promise((resolve) => {
    const check = () => {
      const page = document.querySelector<HTMLElement>('.fax-page[data-page="1"]');
      const canvas = document.querySelector<HTMLCanvasElement>(PAGE_ONE);
      return page && canvas && canvas.width >= 0.95 * page.clientWidth * (window.devicePixelRatio || 1) ? canvas : null;
    };
    const found = check();
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const canvas = check();
      if (!canvas) return;
      observer.disconnect();
      resolve(canvas);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

window.__viewerBench = {
  async viewer(kind, name) {
    show(null);
    await frame();
    const data = await bytesOf(name);
    const started = performance.now();
    show({ kind, data });
    const canvas = await pageOneDrawn();
    await frame();
    return { ms: performance.now() - started, width: canvas.width, height: canvas.height };
  },

  async bare(kind, name, width) {
    const data = await bytesOf(name);
    const canvas = document.getElementById('bare') as HTMLCanvasElement;
    const started = performance.now();
    if (kind === 'pdf') {
      const task = pdfjs.getDocument({
        data,
        worker,
        useWasm: false,
        wasmUrl: PDF_WASM_URL,
        useWorkerFetch: false,
        BinaryDataFactory: BundledBinaryData,
        useSystemFonts: true,
        stopAtErrors: true,
        enableXfa: false,
        verbosity: pdfjs.VerbosityLevel.ERRORS,
      });
      const doc = await task.promise;
      const page = await doc.getPage(1);
      const viewport = page.getViewport({ scale: width / page.getViewport({ scale: 1 }).width });
      canvas.width = Math.round(viewport.width);
      canvas.height = Math.round(viewport.height);
      await page.render({ canvas, viewport }).promise;
      await frame();
      const ms = performance.now() - started;
      await task.destroy();
      return { ms };
    }
    const image = decodeTiffPage(parseTiff(data), 0);
    const bitmap = await createImageBitmap(new ImageData(image.rgba as Uint8ClampedArray<ArrayBuffer>, image.width, image.height));
    canvas.width = width;
    canvas.height = Math.round((image.height * width) / image.width);
    const context = canvas.getContext('2d')!;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    await frame();
    return { ms: performance.now() - started };
  },

  async clear() {
    show(null);
    await frame();
    await new Promise((resolve) => setTimeout(resolve, 200));
  },
};

createRoot(document.getElementById('root')!).render(<Harness />);
