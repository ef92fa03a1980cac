/**
 * TIFF pages drawn to canvases. The file is checked and its page list read here (sizes for layout, a
 * damaged file refused at once); pages are decoded in a worker (tiff-worker.ts), one at a time in order
 * of request, so a cancelled request (scrolled past, zoom changed) is skipped, not decoded. Page 1 is
 * asked for as the document opens: it decodes while the viewer lays itself out. The last few decoded
 * pages are kept as ImageBitmaps so zooming and thumbnails do not decode again. Where no worker can run,
 * pages are decoded on this thread instead.
 */
import { DamagedDocumentError, RenderCancelledError } from './damage';
import { decodeTiffPage, parseTiff, type ParsedTiff } from './tiff';
import type { TiffWorkerReply, TiffWorkerRequest } from './tiff-worker';
import type { OpenedFax, RenderJob } from './types';

const KEPT_BITMAPS = 4;

/** Decodes page `index` into a bitmap (rejecting with DamagedDocumentError when it cannot be). */
interface PageDecoder {
  decode(index: number): Promise<ImageBitmap>;
  close(): void;
}

function decodeInThread(tiff: ParsedTiff): PageDecoder {
  return {
    async decode(index) {
      const image = decodeTiffPage(tiff, index);
      // Black and white pixels: no colour management or alpha to apply (either doubles the copy's cost).
      return createImageBitmap(new ImageData(image.rgba as Uint8ClampedArray<ArrayBuffer>, image.width, image.height), {
        premultiplyAlpha: 'none',
        colorSpaceConversion: 'none',
      });
    },
    close() {},
  };
}

/**
 * The decoder worker every TIFF shares (made on first use, kept for the page's life so its decoder stays
 * compiled), with its requests waiting for answers; null once it could not be made or failed to load,
 * and pages are then decoded on this thread.
 */
let shared: { worker: Worker; pending: Map<number, { resolve(bitmap: ImageBitmap): void; reject(error: Error): void }> } | null | undefined;
let nextId = 1;
let nextDocument = 1;

function sharedWorker(): NonNullable<typeof shared> | null {
  if (shared !== undefined) return shared;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./tiff-worker.ts', import.meta.url), { type: 'module', name: 'tiff-decoder' });
  } catch {
    return (shared = null);
  }
  const pending = new Map<number, { resolve(bitmap: ImageBitmap): void; reject(error: Error): void }>();
  worker.onerror = (event) => {
    // Its script refused or missing: every page from now on is decoded on this thread.
    event.preventDefault();
    shared = null;
    worker.terminate();
    for (const request of pending.values()) request.reject(new WorkerFailed());
    pending.clear();
  };
  worker.onmessage = (event: MessageEvent<TiffWorkerReply>) => {
    const reply = event.data;
    const request = pending.get(reply.id);
    if (!request) {
      if ('bitmap' in reply) reply.bitmap.close(); // its document was closed meanwhile
      return;
    }
    pending.delete(reply.id);
    if ('bitmap' in reply) request.resolve(reply.bitmap);
    else if ('damaged' in reply) request.reject(new DamagedDocumentError(reply.damaged));
    else request.reject(new Error(reply.failed));
  };
  return (shared = { worker, pending });
}

/** Pages decoded by the shared worker, sent a copy of the file (the caller keeps its bytes). */
function decodeInWorker(data: Uint8Array, fallback: () => PageDecoder): PageDecoder | null {
  const first = typeof Worker === 'function' ? sharedWorker() : null;
  if (!first) return null;
  const document = nextDocument++;
  const asked = new Set<number>();
  first.worker.postMessage({ kind: 'open', document, data: data.slice() } satisfies TiffWorkerRequest);
  let inThread: PageDecoder | null = null;
  return {
    async decode(index) {
      const current = shared;
      if (current === first && !inThread) {
        try {
          return await new Promise<ImageBitmap>((resolve, reject) => {
            const id = nextId++;
            asked.add(id);
            current.pending.set(id, {
              resolve: (bitmap) => (asked.delete(id), resolve(bitmap)),
              reject: (error) => (asked.delete(id), reject(error)),
            });
            current.worker.postMessage({ kind: 'decode', document, id, index } satisfies TiffWorkerRequest);
          });
        } catch (error) {
          if (!(error instanceof WorkerFailed)) throw error;
        }
      }
      inThread ??= fallback();
      return inThread.decode(index);
    },
    close() {
      for (const id of asked) {
        first.pending.get(id)?.reject(new RenderCancelledError());
        first.pending.delete(id);
      }
      asked.clear();
      if (shared === first) first.worker.postMessage({ kind: 'close', document } satisfies TiffWorkerRequest);
    },
  };
}

class WorkerFailed extends Error {}

export function openTiff(data: Uint8Array): OpenedFax {
  const tiff = parseTiff(data);
  const decoder = decodeInWorker(data, () => decodeInThread(tiff)) ?? decodeInThread(tiff);
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
    const made = decoder.decode(index);
    bitmaps.set(index, made);
    made.catch(() => bitmaps.delete(index));
    while (bitmaps.size > KEPT_BITMAPS) {
      const [oldest, bitmap] = bitmaps.entries().next().value as [number, Promise<ImageBitmap>];
      bitmaps.delete(oldest);
      void bitmap.then((b) => b.close(), () => {});
    }
    return made;
  }

  /** One page at a time, in order of request; a request cancelled before its turn is skipped. */
  function inTurn<T>(step: () => Promise<T>): Promise<T> {
    const promise = queue.then(step, step);
    queue = promise.catch(() => {});
    return promise;
  }

  // The page everyone opens a fax to: decoding while the viewer lays itself out.
  void inTurn(() => bitmapOf(0)).catch(() => {});

  const pageSizes = tiff.pages.map((page) => page.size);
  return {
    kind: 'tiff',
    pageSizes,
    allPageSizes: Promise.resolve(pageSizes),
    render(index, canvas, pixelWidth, pixelHeight): RenderJob {
      let cancelled = false;
      const promise = inTurn(async () => {
        if (cancelled || destroyed) throw new RenderCancelledError();
        const bitmap = await bitmapOf(index);
        if (cancelled || destroyed) throw new RenderCancelledError();
        canvas.width = pixelWidth;
        canvas.height = pixelHeight;
        const context = canvas.getContext('2d', { alpha: false });
        if (!context) throw new DamagedDocumentError(`page ${index + 1} cannot be drawn (no canvas available)`);
        // A page with an alpha channel shows on white paper; an opaque one covers the canvas anyway.
        if (!tiff.pages[index]?.opaque) {
          context.fillStyle = '#ffffff';
          context.fillRect(0, 0, pixelWidth, pixelHeight);
        }
        context.imageSmoothingEnabled = true;
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, pixelWidth, pixelHeight);
      });
      return {
        promise,
        cancel: () => {
          cancelled = true;
        },
      };
    },
    destroy() {
      destroyed = true;
      decoder.close();
      for (const bitmap of bitmaps.values()) void bitmap.then((b) => b.close(), () => {});
      bitmaps.clear();
    },
  };
}
