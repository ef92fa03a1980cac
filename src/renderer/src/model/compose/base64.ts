/**
 * Bytes to base64 in chunks, for compose:addBytes. A file dropped into the page (or picked, or pasted)
 * has no path the renderer may use, so its bytes cross to main as base64 text. Encoding 75 MB in one
 * go would freeze the page and could not report progress, so it is done a chunk at a time: each chunk
 * is a multiple of 3 bytes, so the chunks' base64 texts join into exactly the text of the whole.
 *
 * Pure (btoa exists in browsers and in Node), so it is unit-tested against Buffer's encoder.
 */

/** Bytes per chunk: a multiple of 3 (no padding inside the text), about 1.5 MB. */
export const BASE64_CHUNK_BYTES = 3 * 512 * 1024;

/** String.fromCharCode takes its arguments on the stack: stay far below any engine's limit. */
const CHAR_CODE_BATCH = 0x8000;

/** Base64 of a slice whose length is a multiple of 3 (or the last slice). */
export function encodeBase64Slice(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHAR_CODE_BATCH) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHAR_CODE_BATCH));
  }
  return btoa(binary);
}

/** The [start, end) byte ranges of the chunks; every chunk but the last is `chunkBytes` long. */
export function base64ChunkRanges(byteLength: number, chunkBytes = BASE64_CHUNK_BYTES): [number, number][] {
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0 || chunkBytes % 3 !== 0) {
    throw new RangeError(`chunkBytes must be a positive multiple of 3 (got ${chunkBytes}).`);
  }
  const ranges: [number, number][] = [];
  for (let start = 0; start < byteLength; start += chunkBytes) ranges.push([start, Math.min(byteLength, start + chunkBytes)]);
  return ranges;
}

export interface EncodeOptions {
  chunkBytes?: number;
  /** Told after each chunk: bytes encoded so far, and the total. */
  onProgress?(done: number, total: number): void;
  /** Awaited between chunks, so the page can paint progress (default: a macrotask). */
  pause?(): Promise<void>;
  /** Stops the work between chunks (the person removed the file meanwhile). */
  signal?: AbortSignal;
}

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** Base64 of `bytes`, encoded chunk by chunk without blocking the page for long. */
export async function encodeBase64Chunked(bytes: Uint8Array, options: EncodeOptions = {}): Promise<string> {
  const ranges = base64ChunkRanges(bytes.length, options.chunkBytes);
  const pause = options.pause ?? nextTask;
  const parts: string[] = [];
  for (const [start, end] of ranges) {
    options.signal?.throwIfAborted();
    parts.push(encodeBase64Slice(bytes.subarray(start, end)));
    options.onProgress?.(end, bytes.length);
    if (end < bytes.length) await pause();
  }
  return parts.join('');
}
