/**
 * The few binary formats the image pipeline needs that pdf-lib and utif2 do not write:
 * - PNG encoding of RGBA pixels (pdf-lib embeds only PNG and JPEG, and TIFF or BMP input pages must be
 *   embedded), by the one PNG encoder in src/pdf-text;
 * - reading files out of a ZIP (DOCX/PPTX text), through fflate;
 * - a bilevel multi-page TIFF writer (utif2's encoder writes only one uncompressed RGBA page with a
 *   fixed 20 KB directory area: a fax page would be 15 MB; PackBits bilevel is what fax TIFFs are
 *   made of and stays around 50 KB a page);
 * - BMP decoding (uncompressed 24/32-bit).
 */
import { unzipSync, type Unzipped } from 'fflate';
import { encodePng as encodePixelsAsPng } from '../../pdf-text/png';

/** RGBA (8 bits per channel) to a PNG file. */
export function encodePng(rgba: Uint8Array, width: number, height: number): Buffer {
  return encodePixelsAsPng(rgba, width, height, 4);
}

/** Larger than the text of any office document the Sandbox lays out; a bigger entry is a zip bomb. */
const MAX_ZIP_ENTRY_BYTES = 256 * 1024 * 1024;

/**
 * The files of a ZIP archive whose names pass `want`, decompressed (fflate). Throws on a damaged
 * archive, and on a wanted entry that claims to unpack to more than MAX_ZIP_ENTRY_BYTES (fflate
 * allocates the size an entry claims before inflating it).
 */
export function readZipEntries(zip: Uint8Array, want: (name: string) => boolean): Map<string, Buffer> {
  let files: Unzipped;
  try {
    files = unzipSync(zip, {
      filter: (file) => {
        if (!want(file.name)) return false;
        if (file.originalSize > MAX_ZIP_ENTRY_BYTES) throw new Error(`the ZIP entry ${file.name} claims ${file.originalSize} bytes`);
        return true;
      },
    });
  } catch (error) {
    throw new Error(`damaged ZIP archive (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const out = new Map<string, Buffer>();
  for (const [name, data] of Object.entries(files)) out.set(name, Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  return out;
}

/** One bilevel page: `bits` is 1 byte per pixel, 1 = black. */
export interface BilevelPage {
  width: number;
  height: number;
  black: Uint8Array;
  /** Dots per inch. */
  xResolution: number;
  yResolution: number;
}

function packBits(row: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < row.length) {
    let run = 1;
    while (i + run < row.length && run < 128 && row[i + run] === row[i]) run++;
    if (run > 1) {
      out.push(257 - run, row[i]!);
      i += run;
      continue;
    }
    let literal = 1;
    while (i + literal < row.length && literal < 128 && !(i + literal + 1 < row.length && row[i + literal] === row[i + literal + 1])) literal++;
    out.push(literal - 1);
    for (let k = 0; k < literal; k++) out.push(row[i + k]!);
    i += literal;
  }
  return out;
}

/**
 * A multi-page TIFF (little-endian, 1 bit per pixel, WhiteIsZero, PackBits), one strip per page,
 * as fax services store images.
 */
export function encodeBilevelTiff(pages: BilevelPage[]): Buffer {
  const stripData: Buffer[] = [];
  for (const page of pages) {
    const rowBytes = Math.ceil(page.width / 8);
    const packed: number[] = [];
    const row = new Uint8Array(rowBytes);
    for (let y = 0; y < page.height; y++) {
      row.fill(0);
      const base = y * page.width;
      for (let x = 0; x < page.width; x++) if (page.black[base + x]) row[x >> 3]! |= 0x80 >> (x & 7);
      for (const b of packBits(row)) packed.push(b);
    }
    stripData.push(Buffer.from(packed));
  }

  const TAGS = 13;
  const ifdSize = 2 + TAGS * 12 + 4;
  const extra = 16; // two RATIONALs per page
  let offset = 8;
  const layout = pages.map((_, i) => {
    const ifd = offset;
    const rationals = ifd + ifdSize;
    const strip = rationals + extra;
    offset = strip + stripData[i]!.length;
    if (offset % 2) offset += 1;
    return { ifd, rationals, strip };
  });
  const out = Buffer.alloc(offset);
  out.write('II', 0, 'ascii');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(layout[0]?.ifd ?? 0, 4);
  pages.forEach((page, i) => {
    const { ifd, rationals, strip } = layout[i]!;
    const entries: [tag: number, type: number, count: number, value: number][] = [
      [254, 4, 1, 2], // NewSubfileType: page of a multi-page document
      [256, 4, 1, page.width],
      [257, 4, 1, page.height],
      [258, 3, 1, 1], // BitsPerSample
      [259, 3, 1, 32773], // PackBits
      [262, 3, 1, 0], // WhiteIsZero
      [273, 4, 1, strip], // StripOffsets
      [277, 3, 1, 1], // SamplesPerPixel
      [278, 4, 1, page.height], // RowsPerStrip
      [279, 4, 1, stripData[i]!.length], // StripByteCounts
      [282, 5, 1, rationals], // XResolution
      [283, 5, 1, rationals + 8], // YResolution
      [296, 3, 1, 2], // ResolutionUnit: inch
    ];
    out.writeUInt16LE(TAGS, ifd);
    entries.forEach(([tag, type, count, value], k) => {
      const at = ifd + 2 + k * 12;
      out.writeUInt16LE(tag, at);
      out.writeUInt16LE(type, at + 2);
      out.writeUInt32LE(count, at + 4);
      if (type === 3) out.writeUInt16LE(value, at + 8);
      else out.writeUInt32LE(value, at + 8);
    });
    out.writeUInt32LE(i + 1 < pages.length ? layout[i + 1]!.ifd : 0, ifd + 2 + TAGS * 12);
    out.writeUInt32LE(Math.round(page.xResolution), rationals);
    out.writeUInt32LE(1, rationals + 4);
    out.writeUInt32LE(Math.round(page.yResolution), rationals + 8);
    out.writeUInt32LE(1, rationals + 12);
    stripData[i]!.copy(out, strip);
  });
  return out;
}

/** An uncompressed 24- or 32-bit BMP to RGBA. Throws for other kinds. */
export function decodeBmp(data: Uint8Array): { width: number; height: number; rgba: Uint8Array } {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (buf.length < 54 || buf.toString('ascii', 0, 2) !== 'BM') throw new Error('not a BMP file');
  const pixelOffset = buf.readUInt32LE(10);
  const width = buf.readInt32LE(18);
  const rawHeight = buf.readInt32LE(22);
  const bpp = buf.readUInt16LE(28);
  const compression = buf.readUInt32LE(30);
  if ((bpp !== 24 && bpp !== 32) || (compression !== 0 && compression !== 3)) {
    throw new Error(`BMP with ${bpp} bits per pixel and compression ${compression} is not supported`);
  }
  const height = Math.abs(rawHeight);
  if (width <= 0 || height <= 0 || width * height > 40_000_000) throw new Error('BMP dimensions out of range');
  const stride = Math.ceil((width * bpp) / 32) * 4;
  if (pixelOffset + stride * height > buf.length) throw new Error('BMP pixel data is cut short');
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const srcRow = rawHeight > 0 ? height - 1 - y : y;
    for (let x = 0; x < width; x++) {
      const s = pixelOffset + srcRow * stride + x * (bpp / 8);
      const d = (y * width + x) * 4;
      rgba[d] = buf[s + 2]!;
      rgba[d + 1] = buf[s + 1]!;
      rgba[d + 2] = buf[s]!;
      rgba[d + 3] = 255;
    }
  }
  return { width, height, rgba };
}
