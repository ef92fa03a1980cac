/**
 * The one PNG encoder: 8-bit grey, RGB or RGBA pixels, no filtering, zlib's default deflate, chunk CRCs by
 * zlib.crc32. Used for thumbnails (main), for the images the Sandbox places on fax pages (pdf-lib embeds
 * PNG, not raw pixels) and for the app's icons (scripts/generate-icons.ts).
 *
 * It lives in src/pdf-text because that is the one folder of Node code both main and the emulator may
 * import (eslint.config.mjs); it draws no text.
 */
import { crc32, deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** PNG colour types by channel count: grey, RGB, RGBA. */
const COLOR_TYPE = { 1: 0, 3: 2, 4: 6 } as const;

/** `pixels` holds `channels` bytes per pixel, rows top to bottom, no padding. */
export function encodePng(pixels: Uint8Array, width: number, height: number, channels: 1 | 3 | 4): Buffer {
  const rowBytes = width * channels;
  if (pixels.byteLength !== rowBytes * height) throw new RangeError(`expected ${rowBytes * height} pixel bytes, got ${pixels.byteLength}`);
  // Each row is preceded by its filter type, 0 (none); Buffer.alloc zeroes them.
  const raw = Buffer.alloc((rowBytes + 1) * height);
  for (let y = 0; y < height; y++) raw.set(pixels.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bits per sample
  ihdr[9] = COLOR_TYPE[channels];
  return Buffer.concat([Buffer.from(PNG_SIGNATURE), pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

function pngChunk(type: string, body: Uint8Array): Buffer {
  const chunk = Buffer.alloc(12 + body.byteLength);
  chunk.writeUInt32BE(body.byteLength, 0);
  chunk.write(type, 4, 'latin1');
  chunk.set(body, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + body.byteLength)), 8 + body.byteLength);
  return chunk;
}
