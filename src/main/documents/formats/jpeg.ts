/**
 * JPEG: walks the marker segments from SOI to EOI, reading the frame header (size, components) and skipping
 * entropy-coded data, so a cut-off photo (the common damage) is caught without decoding pixels. Segments of
 * APPn (EXIF thumbnails are whole JPEGs) are skipped by length, so their own markers are never mistaken for
 * the image's. Every step moves forward, so the walk always ends.
 */
import { damaged, type FormatCheck } from './check';

export interface JpegInfo {
  width: number;
  height: number;
  components: number;
  progressive: boolean;
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

export function checkJpeg(bytes: Uint8Array): FormatCheck<JpegInfo> {
  const size = bytes.byteLength;
  if (size < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return damaged('it does not start with the JPEG signature');
  let frame: JpegInfo | null = null;
  let at = 2;
  while (at < size) {
    if (bytes[at] !== 0xff) return damaged(`unexpected data at byte ${at}`);
    while (at < size && bytes[at] === 0xff) at++; // fill bytes
    if (at >= size) break;
    const marker = bytes[at++]!;
    if (marker === 0xd9) {
      if (!frame) return damaged('the image ends before its picture starts');
      return { ok: true, info: frame };
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue; // markers without a length
    if (at + 2 > size) break;
    const length = (bytes[at]! << 8) | bytes[at + 1]!;
    if (length < 2) return damaged(`a segment at byte ${at} has an invalid length`);
    if (at + length > size) break;
    if (SOF_MARKERS.has(marker)) {
      if (length < 8) return damaged('the frame header is too short');
      const height = (bytes[at + 3]! << 8) | bytes[at + 4]!;
      const width = (bytes[at + 5]! << 8) | bytes[at + 6]!;
      const components = bytes[at + 7]!;
      if (width === 0) return { ok: false, code: 'EMPTY', reason: 'the image is 0 pixels wide' };
      if (components !== 1 && components !== 3 && components !== 4) return damaged(`it has ${components} colour components`);
      frame ??= { width, height, components, progressive: marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce };
    }
    at += length;
    if (marker === 0xda) {
      if (!frame) return damaged('the picture data comes before the frame header');
      // Entropy-coded data: 0xFF is followed by 0x00 (stuffing) or RSTn; anything else is the next marker.
      for (;;) {
        const ff = bytes.indexOf(0xff, at);
        if (ff < 0 || ff + 1 >= size) return damaged('the file is cut off (the picture data has no end)');
        const next = bytes[ff + 1]!;
        if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) {
          at = ff + (next === 0xff ? 1 : 2);
          continue;
        }
        at = ff;
        break;
      }
    }
  }
  return damaged('the file is cut off (no end marker)');
}
