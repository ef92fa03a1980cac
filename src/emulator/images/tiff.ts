/**
 * TIFF versions of fax images (desired_format=TIFF; the service stores faxes as TIFF). The PDF image
 * is rasterised page by page with pdfjs-dist on @napi-rs/canvas at fax resolution (204 x 196 dpi for
 * FINE, 204 x 98 for STANDARD), thresholded to black and white, and written as a multi-page bilevel
 * TIFF (codecs.ts).
 *
 * pdfjs-dist and @napi-rs/canvas are loaded on first use: they are development dependencies of the app
 * today, so a build without them answers TIFF requests with 501 and PDF keeps working. Results are
 * cached (the same image is asked for again and again by pollers).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { encodeBilevelTiff, type BilevelPage } from './codecs';

export class TiffUnavailableError extends Error {}

export type Resolution = 'STANDARD' | 'FINE';

const DPI_X = 204;
const DPI_Y: Record<Resolution, number> = { FINE: 196, STANDARD: 98 };

interface PdfJsPage {
  getViewport(options: { scale: number }): { width: number; height: number };
  render(options: Record<string, unknown>): { promise: Promise<void> };
  cleanup(): void;
}
interface PdfJsDocument {
  numPages: number;
  getPage(n: number): Promise<PdfJsPage>;
}
interface PdfJs {
  getDocument(options: Record<string, unknown>): { promise: Promise<PdfJsDocument>; destroy(): Promise<void> };
}
interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): {
    fillStyle: string;
    fillRect(x: number, y: number, w: number, h: number): void;
    getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray };
  };
}
interface Rasteriser {
  pdfjs: PdfJs;
  createCanvas: (w: number, h: number) => CanvasLike;
  standardFontDataUrl: string;
}

let rasteriser: Promise<Rasteriser | null> | null = null;

function loadRasteriser(): Promise<Rasteriser | null> {
  rasteriser ??= (async () => {
    try {
      // Specifiers in variables: bundlers must not pull these development dependencies in.
      const pdfjsSpecifier = 'pdfjs-dist/legacy/build/pdf.mjs';
      const canvasSpecifier = '@napi-rs/canvas';
      const pdfjs = (await import(pdfjsSpecifier)) as PdfJs;
      const canvas = (await import(canvasSpecifier)) as { createCanvas: Rasteriser['createCanvas'] };
      const require = createRequire(import.meta.url);
      const fontsDir = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
      return { pdfjs, createCanvas: canvas.createCanvas, standardFontDataUrl: fontsDir };
    } catch {
      return null;
    }
  })();
  return rasteriser;
}

async function rasterise(pdf: Uint8Array, resolution: Resolution, pageIndexes: number[] | null): Promise<BilevelPage[]> {
  const r = await loadRasteriser();
  if (!r) throw new TiffUnavailableError('TIFF images need pdfjs-dist and @napi-rs/canvas, which this build does not include.');
  const task = r.pdfjs.getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: r.standardFontDataUrl,
    isEvalSupported: false,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const indexes = pageIndexes ?? Array.from({ length: doc.numPages }, (_, i) => i);
    const out: BilevelPage[] = [];
    const yScale = DPI_Y[resolution] / DPI_X;
    for (const index of indexes) {
      const page = await doc.getPage(index + 1);
      const viewport = page.getViewport({ scale: DPI_X / 72 });
      const width = Math.ceil(viewport.width);
      const height = Math.ceil(viewport.height * yScale);
      const canvas = r.createCanvas(width, height);
      const context = canvas.getContext('2d');
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await page.render({ canvasContext: context, canvas, viewport, transform: [1, 0, 0, yScale, 0, 0] }).promise;
      const { data } = context.getImageData(0, 0, width, height);
      const black = new Uint8Array(width * height);
      for (let i = 0, p = 0; p < black.length; i += 4, p++) {
        const luminance = (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000;
        black[p] = luminance < 160 ? 1 : 0;
      }
      out.push({ width, height, black, xResolution: DPI_X, yResolution: DPI_Y[resolution] });
      page.cleanup();
    }
    return out;
  } finally {
    await task.destroy();
  }
}

const CACHE_LIMIT = 32;
const cache = new Map<string, Promise<Buffer>>();

function cached(key: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = make();
  cache.set(key, made);
  made.catch(() => cache.delete(key));
  while (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  return made;
}

/** The whole image as a multi-page TIFF. `key` identifies the PDF (its blob hash). */
export function pdfToTiff(key: string, pdf: Uint8Array, resolution: Resolution): Promise<Buffer> {
  return cached(`${key}:${resolution}`, async () => encodeBilevelTiff(await rasterise(pdf, resolution, null)));
}

/** One page (0-based) as a single-page TIFF. */
export function pdfPageToTiff(key: string, pdf: Uint8Array, resolution: Resolution, index: number): Promise<Buffer> {
  return cached(`${key}:${resolution}:${index}`, async () => encodeBilevelTiff(await rasterise(pdf, resolution, [index])));
}
