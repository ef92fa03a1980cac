/**
 * Decodes TIFF pages off the page's thread: a page of a fine-mode fax takes tens of milliseconds to
 * decode, which on the page's thread would hold up drawing and input, and could not overlap the viewer
 * laying itself out. One worker serves every open document (tiff-source.ts), so its decoder stays
 * compiled and warm: each document is sent once, then asked for pages, each answered with an
 * ImageBitmap (transferred, not copied), and closed when the viewer lets it go.
 */
import { DamagedDocumentError } from './damage';
import { decodeTiffPage, parseTiff, type ParsedTiff } from './tiff';

/** What the page sends, per document: the file (once, first), the pages it wants, and when it is done with it. */
export type TiffWorkerRequest =
  | { kind: 'open'; document: number; data: Uint8Array }
  | { kind: 'decode'; document: number; id: number; index: number }
  | { kind: 'close'; document: number };

/** What the worker answers, per request id: the page, or why it cannot be drawn. */
export type TiffWorkerReply = { id: number; bitmap: ImageBitmap } | { id: number; damaged: string } | { id: number; failed: string };

interface WorkerScope {
  onmessage: ((event: MessageEvent<TiffWorkerRequest>) => void) | null;
  postMessage(message: TiffWorkerReply, transfer?: Transferable[]): void;
}

const scope = self as unknown as WorkerScope;
const documents = new Map<number, ParsedTiff>();

async function decode(document: number, index: number): Promise<ImageBitmap> {
  const tiff = documents.get(document);
  if (!tiff) throw new Error('the document was not sent first');
  const image = decodeTiffPage(tiff, index);
  // Black and white pixels: no colour management or alpha to apply (either doubles the copy's cost).
  return createImageBitmap(new ImageData(image.rgba as Uint8ClampedArray<ArrayBuffer>, image.width, image.height), {
    premultiplyAlpha: 'none',
    colorSpaceConversion: 'none',
  });
}

scope.onmessage = (event) => {
  const request = event.data;
  if (request.kind === 'open') {
    try {
      documents.set(request.document, parseTiff(request.data));
    } catch {
      // The page parsed the same bytes already and said what is wrong; decode requests fail plainly.
    }
    return;
  }
  if (request.kind === 'close') {
    documents.delete(request.document);
    return;
  }
  decode(request.document, request.index).then(
    (bitmap) => scope.postMessage({ id: request.id, bitmap }, [bitmap]),
    (error: unknown) =>
      scope.postMessage(
        error instanceof DamagedDocumentError ? { id: request.id, damaged: error.reason } : { id: request.id, failed: error instanceof Error ? error.message : String(error) },
      ),
  );
};
