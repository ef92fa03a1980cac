/**
 * TIFF pages drawn to canvases. Pages are decoded one at a time, in order of request (decoding is
 * synchronous work on this thread), and the last few decoded pages are kept as ImageBitmaps so zooming
 * and thumbnails do not decode again.
 */
import { DamagedDocumentError, RenderCancelledError } from './damage';
import { decodeTiffPage, parseTiff } from './tiff';
import type { OpenedFax, RenderJob } from './types';

const KEPT_BITMAPS = 4;

export function openTiff(data: Uint8Array): OpenedFax {
  const tiff = parseTiff(data);
  const bitmaps = new Map<number, Promise<ImageBitmap>>();
  let queue: Promise<unknown> = Promise.resolve();
  let destroyed = false;

  function bitmapOf(index: number): Promise<ImageBitmap> {
    const kept = bitmaps.get(index);
    if (kept) {
      bitmaps.delete(index); // re-insert: most recently used last
      bitmaps.set(index, kept);
      return kept;
    }
    const made = (async () => {
      const image = decodeTiffPage(tiff, index);
      // Black and white pixels: no colour management or alpha to apply (either doubles the copy's cost).
      return createImageBitmap(new ImageData(image.rgba as Uint8ClampedArray<ArrayBuffer>, image.width, image.height), {
        premultiplyAlpha: 'none',
        colorSpaceConversion: 'none',
      });
    })();
    bitmaps.set(index, made);
    made.catch(() => bitmaps.delete(index));
    while (bitmaps.size > KEPT_BITMAPS) {
      const [oldest, bitmap] = bitmaps.entries().next().value as [number, Promise<ImageBitmap>];
      bitmaps.delete(oldest);
      void bitmap.then((b) => b.close(), () => {});
    }
    return made;
  }

  return {
    kind: 'tiff',
    pageSizes: tiff.pages.map((page) => page.size),
    render(index, canvas, pixelWidth, pixelHeight): RenderJob {
      let cancelled = false;
      const run = async () => {
        if (cancelled || destroyed) throw new RenderCancelledError();
        const bitmap = await bitmapOf(index);
        if (cancelled || destroyed) throw new RenderCancelledError();
        canvas.width = pixelWidth;
        canvas.height = pixelHeight;
        const context = canvas.getContext('2d', { alpha: false });
        if (!context) throw new DamagedDocumentError(`page ${index + 1} cannot be drawn (no canvas available)`);
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, pixelWidth, pixelHeight);
        context.imageSmoothingEnabled = true;
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, pixelWidth, pixelHeight);
      };
      // One page at a time, so a cancelled request (scrolled past, zoom changed) is skipped, not decoded.
      const promise = queue.then(run, run);
      queue = promise.catch(() => {});
      return {
        promise,
        cancel: () => {
          cancelled = true;
        },
      };
    },
    destroy() {
      destroyed = true;
      for (const bitmap of bitmaps.values()) void bitmap.then((b) => b.close(), () => {});
      bitmaps.clear();
    },
  };
}
