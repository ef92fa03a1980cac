/**
 * Test documents for the fax viewer, made in the test: bilevel fax TIFFs (uncompressed or CCITT G4),
 * and PDFs from pdf-lib (vector pages, and a page holding a CCITT G4 image, as fax services send them).
 * Used by the unit tests (TIFF decoding) and the e2e test (the viewer in Chromium).
 */
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, popGraphicsState, pushGraphicsState, rgb, StandardFonts } from 'pdf-lib';

/** A black rectangle on a white page, in pixels: x0 <= x < x1, y0 <= y < y1. */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface BilevelPage {
  width: number;
  height: number;
  dpiX: number;
  dpiY: number;
  rect: Rect;
}

/** Rows of pixels, true = black. */
export function rectBitmap(page: Pick<BilevelPage, 'width' | 'height' | 'rect'>): boolean[][] {
  const { width, height, rect } = page;
  return Array.from({ length: height }, (_, y) => Array.from({ length: width }, (_, x) => x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1));
}

// ITU-T T.4 run-length codes (terminating codes only: runs of 0-63 pixels).
const WHITE_CODES = [
  '00110101', '000111', '0111', '1000', '1011', '1100', '1110', '1111', '10011', '10100', '00111', '01000', '001000', '000011', '110100', '110101',
  '101010', '101011', '0100111', '0001100', '0001000', '0010111', '0000011', '0000100', '0101000', '0101011', '0010011', '0100100', '0011000', '00000010', '00000011', '00011010',
  '00011011', '00010010', '00010011', '00010100', '00010101', '00010110', '00010111', '00101000', '00101001', '00101010', '00101011', '00101100', '00101101', '00000100', '00000101', '00001010',
  '00001011', '01010010', '01010011', '01010100', '01010101', '00100100', '00100101', '01011000', '01011001', '01011010', '01011011', '01001010', '01001011', '00110010', '00110011', '00110100',
];
const BLACK_CODES = [
  '0000110111', '010', '11', '10', '011', '0011', '0010', '00011', '000101', '000100', '0000100', '0000101', '0000111', '00000100', '00000111', '000011000',
  '0000010111', '0000011000', '0000001000', '00001100111', '00001101000',
];

/** Vertical mode codes for a1 - b1 = -3 .. 3 (VL3 .. V0 .. VR3). */
const VERTICAL_CODES = ['0000010', '000010', '010', '1', '011', '000011', '0000011'];

function runCode(length: number, black: boolean): string {
  const code = (black ? BLACK_CODES : WHITE_CODES)[length];
  if (code === undefined) throw new Error(`The test encoder has no code for a ${black ? 'black' : 'white'} run of ${length}.`);
  return code;
}

/** Positions where the colour changes in a row (the first pixel counts as a change when black). */
function changes(row: readonly boolean[]): number[] {
  const out: number[] = [];
  let colour = false;
  row.forEach((black, x) => {
    if (black !== colour) {
      out.push(x);
      colour = black;
    }
  });
  return out;
}

/**
 * CCITT Group 4 (T.6) encoding of a bilevel image, with the end-of-block marker. Enough of the standard
 * for test images: pass, vertical and horizontal modes, runs up to 63 pixels in horizontal mode.
 */
export function encodeG4(rows: readonly (readonly boolean[])[], width: number): Uint8Array {
  let bits = '';
  let reference: readonly boolean[] = new Array<boolean>(width).fill(false);
  for (const row of rows) {
    const refChanges = changes(reference);
    const codingChanges = changes(row);
    const nextChange = (list: number[], after: number) => list.find((x) => x > after) ?? width;
    let a0 = -1;
    let colour = false; // colour of the run starting at a0
    while (a0 < width) {
      const a1 = nextChange(codingChanges, a0);
      const a2 = nextChange(codingChanges, a1);
      // b1: first change on the reference line after a0 to the colour opposite a0's; b2: the next one.
      let b1 = width;
      for (const x of refChanges) {
        if (x > a0 && reference[x] === !colour) {
          b1 = x;
          break;
        }
      }
      const b2 = nextChange(refChanges, b1);
      if (b2 < a1) {
        bits += '0001'; // pass
        a0 = b2;
      } else if (Math.abs(a1 - b1) <= 3) {
        bits += VERTICAL_CODES[a1 - b1 + 3]!;
        a0 = a1;
        colour = !colour;
      } else {
        const start = a0 < 0 ? 0 : a0;
        bits += '001' + runCode(a1 - start, colour) + runCode(a2 - a1, !colour);
        a0 = a2;
      }
    }
    reference = row;
  }
  bits += '000000000001000000000001';
  const bytes = new Uint8Array(Math.ceil(bits.length / 8));
  for (let i = 0; i < bits.length; i++) if (bits[i] === '1') bytes[i >> 3]! |= 0x80 >> (i & 7);
  return bytes;
}

function packRows(rows: readonly (readonly boolean[])[], width: number): Uint8Array {
  const stride = Math.ceil(width / 8);
  const out = new Uint8Array(stride * rows.length);
  rows.forEach((row, y) => row.forEach((black, x) => void (black && (out[y * stride + (x >> 3)]! |= 0x80 >> (x & 7)))));
  return out;
}

/**
 * A multi-page bilevel TIFF, little-endian, WhiteIsZero (1 = black), one strip per page, each page with
 * its own resolution. `compression`: 1 none, 4 CCITT G4.
 */
export function bilevelTiff(pages: readonly BilevelPage[], compression: 1 | 4 = 1): Uint8Array {
  const chunks: Uint8Array[] = [];
  let length = 8;
  const header = new Uint8Array(8);
  const hv = new DataView(header.buffer);
  header.set([0x49, 0x49]);
  hv.setUint16(2, 42, true);
  chunks.push(header);
  let patchNextAt = 4; // where the offset of the next IFD is written
  const patches: { at: number; value: number }[] = [];
  for (const page of pages) {
    const rows = rectBitmap(page);
    const data = compression === 4 ? encodeG4(rows, page.width) : packRows(rows, page.width);
    const dataOffset = length;
    chunks.push(data);
    length += data.length + (data.length % 2); // word alignment
    if (data.length % 2) chunks.push(new Uint8Array(1));
    // Two rationals after the IFD.
    type Entry = [tag: number, type: number, count: number, value: number];
    const entries: Entry[] = [
      [256, 4, 1, page.width],
      [257, 4, 1, page.height],
      [258, 3, 1, 1],
      [259, 3, 1, compression],
      [262, 3, 1, 0],
      [266, 3, 1, 1],
      [273, 4, 1, dataOffset],
      [277, 3, 1, 1],
      [278, 4, 1, page.height],
      [279, 4, 1, data.length],
      [282, 5, 1, 0],
      [283, 5, 1, 0],
      ...(compression === 4 ? [[293, 4, 1, 0] as Entry] : []),
      [296, 3, 1, 2],
    ];
    const ifdOffset = length;
    const ifd = new Uint8Array(2 + entries.length * 12 + 4 + 16);
    const v = new DataView(ifd.buffer);
    v.setUint16(0, entries.length, true);
    const rationalsAt = ifdOffset + 2 + entries.length * 12 + 4;
    entries.forEach(([tag, type, count, value], i) => {
      const at = 2 + i * 12;
      v.setUint16(at, tag, true);
      v.setUint16(at + 2, type, true);
      v.setUint32(at + 4, count, true);
      if (type === 3) v.setUint16(at + 8, value, true);
      else if (type === 5) v.setUint32(at + 8, rationalsAt + (tag === 282 ? 0 : 8), true);
      else v.setUint32(at + 8, value, true);
    });
    const r = 2 + entries.length * 12 + 4;
    v.setUint32(r, page.dpiX, true);
    v.setUint32(r + 4, 1, true);
    v.setUint32(r + 8, page.dpiY, true);
    v.setUint32(r + 12, 1, true);
    patches.push({ at: patchNextAt, value: ifdOffset });
    patchNextAt = ifdOffset + 2 + entries.length * 12;
    chunks.push(ifd);
    length += ifd.length;
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  const view = new DataView(out.buffer);
  for (const patch of patches) view.setUint32(patch.at, patch.value, true);
  return out;
}

export const LETTER = { width: 612, height: 792 };

/**
 * A PDF of `sizes.length` pages (points); each page has a heading and a big black rectangle from
 * (72, 72) to (72 + 300, 72 + 200) measured from the top-left corner, i.e. 1in..5.17in across and
 * 1in..3.78in down.
 */
export async function rectanglesPdf(sizes: readonly { width: number; height: number }[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  sizes.forEach((size, i) => {
    const page = pdf.addPage([size.width, size.height]);
    page.drawRectangle({ x: 72, y: size.height - 72 - 200, width: 300, height: 200, color: rgb(0, 0, 0) });
    page.drawText(`Fax page ${i + 1} of ${sizes.length}`, { x: 72, y: size.height - 72 - 240, size: 24, font });
  });
  return pdf.save();
}

/** A one-page Letter PDF whose content is a CCITT G4 image (32 x 32 px, black rect 8..20 x 8..24) drawn 4in wide at (1in, 1in) from the top-left. */
export async function ccittPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([LETTER.width, LETTER.height]);
  const image = { width: 32, height: 32, rect: { x0: 8, y0: 8, x1: 20, y1: 24 } };
  const stream = pdf.context.stream(encodeG4(rectBitmap(image), image.width), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
    Filter: 'CCITTFaxDecode',
    DecodeParms: { K: -1, Columns: image.width, Rows: image.height, BlackIs1: false },
  });
  const ref = pdf.context.register(stream);
  page.node.setXObject(PDFName.of('Fax0'), ref);
  const size = 288; // 4 in
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(size, 0, 0, size, 72, LETTER.height - 72 - size), drawObject('Fax0'), popGraphicsState());
  return pdf.save();
}
