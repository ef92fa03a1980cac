/**
 * PNG: a full structural check (chunk CRCs, IHDR, IEND, and the image data inflating to exactly the size the
 * header promises). The encoder (for thumbnails) is the one in src/pdf-text/png.ts, re-exported here.
 *
 * Not pdf-lib's embedPng: in pdf-lib 1.17.1 it never returns on a truncated PNG (its decoder loops), which
 * would hang main. node:zlib does the inflating here, streamed, so a large image is counted, not held.
 */
import { crc32, createInflate } from 'node:zlib';
import { PNG_SIGNATURE } from '../../../pdf-text/png';
import { damaged, type FormatCheck } from './check';

export { encodePng, PNG_SIGNATURE } from '../../../pdf-text/png';

export interface PngInfo {
  width: number;
  height: number;
  animated: boolean;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
] as const;

/** Bytes the image data must inflate to: one filter byte plus the packed pixels, per row (per pass if interlaced). */
export function expectedPngDataLength(width: number, height: number, bitsPerPixel: number, interlaced: boolean): number {
  const rows = (w: number, h: number) => (w > 0 && h > 0 ? h * (1 + Math.ceil((w * bitsPerPixel) / 8)) : 0);
  if (!interlaced) return rows(width, height);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) total += rows(Math.ceil((width - x0) / dx), Math.ceil((height - y0) / dy));
  return total;
}

export async function checkPng(bytes: Uint8Array): Promise<FormatCheck<PngInfo>> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < 8; i++) if (bytes[i] !== PNG_SIGNATURE[i]) return damaged('it does not start with the PNG signature');

  let at = 8;
  let header: { width: number; height: number; bitsPerPixel: number; interlaced: boolean } | null = null;
  const data: Uint8Array[] = [];
  let ended = false;
  let animated = false;
  while (at < bytes.byteLength) {
    if (at + 12 > bytes.byteLength) return damaged('the file is cut off');
    const length = view.getUint32(at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (!/^[A-Za-z]{4}$/.test(type)) return damaged(`a chunk at byte ${at} has an invalid name`);
    if (length > 0x7fffffff || at + 12 + length > bytes.byteLength) return damaged('the file is cut off');
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== view.getUint32(at + 8 + length)) return damaged(`its ${type} chunk fails its checksum`);
    if (header === null && type !== 'IHDR') return damaged('the image header (IHDR) is missing');
    if (type === 'IHDR') {
      if (length !== 13) return damaged('the image header (IHDR) has the wrong size');
      const h = new DataView(body.buffer, body.byteOffset, 13);
      const width = h.getUint32(0);
      const height = h.getUint32(4);
      const depth = body[8]!;
      const colorType = body[9]!;
      if (width === 0 || height === 0) return { ok: false, code: 'EMPTY', reason: 'the image is 0 pixels wide or high' };
      if (!DEPTHS[colorType]?.includes(depth)) return damaged(`colour type ${colorType} with ${depth}-bit samples is not valid PNG`);
      if (body[10] !== 0 || body[11] !== 0 || body[12]! > 1) return damaged('the image header (IHDR) names an unknown method');
      header = { width, height, bitsPerPixel: depth * CHANNELS[colorType]!, interlaced: body[12] === 1 };
    } else if (type === 'IDAT') {
      data.push(body);
    } else if (type === 'acTL') {
      animated = true;
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    at += 12 + length;
  }
  if (!header) return damaged('the image header (IHDR) is missing');
  if (!ended) return damaged('the file is cut off (no end marker)');
  if (data.length === 0) return damaged('it contains no image data');

  const expected = expectedPngDataLength(header.width, header.height, header.bitsPerPixel, header.interlaced);
  let inflated: number;
  try {
    inflated = await inflatedLength(data, expected);
  } catch {
    return damaged('its image data cannot be decompressed');
  }
  if (inflated < expected) return damaged('its image data is incomplete');
  return { ok: true, info: { width: header.width, height: header.height, animated } };
}

/** Inflates the parts in a stream, counting output bytes (stopping once past `limit`), keeping none. */
function inflatedLength(parts: Uint8Array[], limit: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const inflate = createInflate();
    let total = 0;
    let settled = false;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit && !settled) {
        settled = true;
        inflate.destroy();
        resolve(total);
      }
    });
    inflate.on('error', (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
    inflate.on('end', () => {
      if (!settled) {
        settled = true;
        resolve(total);
      }
    });
    for (const part of parts) inflate.write(part);
    inflate.end();
  });
}
