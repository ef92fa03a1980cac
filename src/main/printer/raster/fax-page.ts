/**
 * Turns a raster page's lines into an 8-bit gray image at fax resolution (ITU-T T.30 "fine":
 * 204 x 196 dpi), the resolution the service sends at, so a 300 or 600 dpi page is not stored (and
 * uploaded) at four to nine times the pixels the fax will have. Lines are converted to gray and
 * box-filtered into the output as they arrive: a page is never held at its input resolution, only
 * at the output's. A page at or below fax resolution keeps its own resolution (no upsampling).
 */
import type { RasterPageHeader, RasterPageSink } from './raster-stream';

export const FAX_DPI_X = 204;
export const FAX_DPI_Y = 196;

export interface GrayPage {
  /** Row-major, 0 = black, 255 = white. */
  pixels: Uint8Array;
  width: number;
  height: number;
  /** Physical size, in PDF points (1/72 inch). */
  widthPt: number;
  heightPt: number;
}

/** Converts one raw line to gray (white = 255) into `out`. */
function grayConverter(h: RasterPageHeader): (line: Uint8Array, out: Uint8Array) => void {
  const w = h.width;
  if (h.bitsPerColor === 1) {
    // black_1 (CUPS K): a set bit is black.
    return (line, out) => {
      for (let x = 0; x < w; x++) out[x] = (line[x >> 3]! >> (7 - (x & 7))) & 1 ? 0 : 255;
    };
  }
  const step = h.bitsPerColor === 16 ? 2 : 1; // 16-bit samples: the high (first) byte
  switch (h.color) {
    case 'gray':
      if (step === 1) return (line, out) => out.set(line.subarray(0, w));
      return (line, out) => {
        for (let x = 0; x < w; x++) out[x] = line[x * 2]!;
      };
    case 'black':
      return (line, out) => {
        for (let x = 0, i = 0; x < w; x++, i += step) out[x] = 255 - line[i]!;
      };
    case 'rgb': {
      const px = 3 * step;
      return (line, out) => {
        for (let x = 0, i = 0; x < w; x++, i += px) out[x] = (77 * line[i]! + 150 * line[i + step]! + 29 * line[i + 2 * step]!) >> 8;
      };
    }
    case 'cmyk': {
      const px = 4 * step;
      return (line, out) => {
        for (let x = 0, i = 0; x < w; x++, i += px) {
          const ink = ((77 * line[i]! + 150 * line[i + step]! + 29 * line[i + 2 * step]!) >> 8) + line[i + 3 * step]!;
          out[x] = ink >= 255 ? 0 : 255 - ink;
        }
      };
    }
  }
}

export class FaxPageBuilder implements RasterPageSink {
  readonly width: number;
  readonly height: number;
  private readonly pixels: Uint8Array;
  private readonly toGray: (line: Uint8Array, out: Uint8Array) => void;
  private readonly gray: Uint8Array;
  /** Output column of each input column, and how many input columns feed each output column. */
  private readonly columnOf: Uint32Array;
  /** 1 / how many input columns feed each output column. */
  private readonly inverseWeight: Float64Array;
  private readonly sums: Float64Array;
  /** The current input line reduced to the output's columns (sums, not yet averaged). */
  private readonly reduced: Float64Array;
  private rowsInSums = 0;
  private inputRow = 0;
  private outputRow = 0;

  constructor(
    private readonly header: RasterPageHeader,
    private readonly done: (page: GrayPage) => void,
  ) {
    this.width = header.dpiX > FAX_DPI_X ? Math.max(1, Math.round((header.width * FAX_DPI_X) / header.dpiX)) : header.width;
    this.height = header.dpiY > FAX_DPI_Y ? Math.max(1, Math.round((header.height * FAX_DPI_Y) / header.dpiY)) : header.height;
    this.pixels = new Uint8Array(this.width * this.height).fill(255);
    this.toGray = grayConverter(header);
    this.gray = new Uint8Array(header.width);
    this.columnOf = new Uint32Array(header.width);
    const weight = new Uint32Array(this.width);
    for (let x = 0; x < header.width; x++) {
      const ox = Math.min(this.width - 1, Math.floor((x * this.width) / header.width));
      this.columnOf[x] = ox;
      weight[ox]!++;
    }
    this.inverseWeight = Float64Array.from(weight, (w) => 1 / w);
    this.sums = new Float64Array(this.width);
    this.reduced = new Float64Array(this.width);
  }

  lines(line: Uint8Array, count: number): void {
    const gray = this.gray;
    const reduced = this.reduced;
    const columnOf = this.columnOf;
    this.toGray(line, gray);
    // Columns are reduced once per distinct line; a repeated line (blank space) then costs one output row's width per output row.
    reduced.fill(0);
    for (let x = 0; x < gray.length; x++) reduced[columnOf[x]!]! += gray[x]!;
    const sums = this.sums;
    const width = this.width;
    let left = count;
    while (left > 0) {
      // Input rows up to the next output row's first one all feed this output row.
      const nextBoundary = Math.ceil(((this.outputRow + 1) * this.header.height) / this.height);
      const take = Math.min(left, Math.max(1, nextBoundary - this.inputRow));
      for (let ox = 0; ox < width; ox++) sums[ox]! += reduced[ox]! * take;
      this.rowsInSums += take;
      this.inputRow += take;
      left -= take;
      if (this.inputRow >= nextBoundary) this.flushRow();
    }
  }

  end(): void {
    if (this.rowsInSums > 0) this.flushRow();
    this.done({
      pixels: this.pixels,
      width: this.width,
      height: this.height,
      widthPt: (this.header.width / this.header.dpiX) * 72,
      heightPt: (this.header.height / this.header.dpiY) * 72,
    });
  }

  private flushRow(): void {
    if (this.outputRow < this.height) {
      const base = this.outputRow * this.width;
      const perRow = 1 / this.rowsInSums;
      const { pixels, sums, inverseWeight } = this;
      for (let ox = 0; ox < this.width; ox++) pixels[base + ox] = (sums[ox]! * inverseWeight[ox]! * perRow + 0.5) | 0;
    }
    this.sums.fill(0);
    this.rowsInSums = 0;
    this.outputRow++;
  }
}
