/**
 * Streaming decoder for the two raster formats driverless clients send: PWG Raster (PWG 5102.4,
 * `image/pwg-raster`, "RaS2" + 1796-byte page headers) and Apple Raster (`image/urf`, "UNIRAST" +
 * 32-byte page headers). Both code each line with the same modified PackBits (CUPS
 * cups/raster-stream.c, cups-filters filter/urftopdf.cpp): a line-repeat byte (n → n+1 copies), then
 * runs of whole pixels: 0..127 → the next pixel n+1 times; 129..255 → 257-n literal pixels; 128 →
 * the rest of the line is blank.
 *
 * It is a push parser fed with the request's chunks as they arrive, so a job is never held whole in
 * memory: each decoded line goes to a page sink (which shrinks it to fax resolution) and only one
 * line buffer exists per page. Every header is checked before anything is allocated from it; a
 * stream that ends inside a page, a line that overruns its width, or a header out of bounds is a
 * RasterError naming the problem.
 */

export class RasterError extends Error {}

export type RasterFormat = 'pwg' | 'urf';

/** How a page's pixels are laid out and what white is. */
export interface RasterPageHeader {
  format: RasterFormat;
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  dpiX: number;
  dpiY: number;
  bitsPerPixel: number;
  bitsPerColor: number;
  /** Bytes of one line (PWG: cupsBytesPerLine; URF: width × bytes per pixel). */
  bytesPerLine: number;
  /** 'gray' (white = max), 'black' (black = max: CUPS K), 'rgb', 'cmyk'. */
  color: 'gray' | 'black' | 'rgb' | 'cmyk';
  /** The byte a "blank to end of line" (128) fills with. */
  fill: 0x00 | 0xff;
}

/** Receives one page's lines in order; `line` may be reused by the decoder after the call returns. */
export interface RasterPageSink {
  lines(line: Uint8Array, count: number): void;
  end(): void;
}

export interface RasterLimits {
  maxPages: number;
  /** Largest page accepted, in inches. */
  maxWidthInches: number;
  maxHeightInches: number;
  minDpi: number;
  maxDpi: number;
}

export const DEFAULT_RASTER_LIMITS: RasterLimits = { maxPages: 1000, maxWidthInches: 17, maxHeightInches: 24, minDpi: 50, maxDpi: 2400 };

const PWG_SYNC = 'RaS2';
const URF_SYNC = 'UNIRAST\0';
const PWG_HEADER_BYTES = 1796;
const URF_HEADER_BYTES = 32;

/** CUPS color spaces (cups/raster.h) whose white is 0xff. */
const WHITE_IS_FF = new Set([0, 1, 17, 18, 19, 20]);

type State = 'sync' | 'header' | 'repeat' | 'code' | 'pixel' | 'literal' | 'done';

export class RasterStream {
  private state: State = 'sync';
  private need: number;
  private readonly pending: Buffer;
  private pendingLength = 0;
  private page: RasterPageHeader | null = null;
  private sink: RasterPageSink | null = null;
  private pageCount = 0;
  /** URF: pages the file header announced (0: unknown, read to the end of the stream). */
  private pagesAnnounced = 0;
  private line = new Uint8Array(0);
  private bytesPerPixel = 1;
  private linePos = 0;
  private lineRepeat = 1;
  private linesLeft = 0;
  private literalBytes = 0;
  private runPixels = 0;

  constructor(
    readonly format: RasterFormat,
    private readonly openPage: (header: RasterPageHeader) => RasterPageSink,
    private readonly limits: RasterLimits = DEFAULT_RASTER_LIMITS,
  ) {
    this.need = format === 'pwg' ? 4 : 12;
    this.pending = Buffer.alloc(Math.max(PWG_HEADER_BYTES, 16));
  }

  get pages(): number {
    return this.pageCount;
  }

  /** Feeds the next bytes; throws RasterError on the first thing wrong. */
  push(chunk: Uint8Array): void {
    let i = 0;
    const n = chunk.byteLength;
    while (i < n) {
      switch (this.state) {
        case 'sync':
        case 'header': {
          const take = Math.min(this.need - this.pendingLength, n - i);
          this.pending.set(chunk.subarray(i, i + take), this.pendingLength);
          this.pendingLength += take;
          i += take;
          if (this.pendingLength === this.need) {
            const bytes = this.pending.subarray(0, this.need);
            this.pendingLength = 0;
            if (this.state === 'sync') this.readSync(bytes);
            else this.startPage(bytes);
          }
          break;
        }
        case 'repeat':
          this.lineRepeat = chunk[i++]! + 1;
          this.linePos = 0;
          this.state = 'code';
          break;
        case 'code': {
          const code = chunk[i++]!;
          const remaining = this.line.byteLength - this.linePos;
          if (code === 128) {
            this.line.fill(this.page!.fill, this.linePos);
            this.linePos = this.line.byteLength;
            this.endLine();
          } else if (code > 128) {
            this.literalBytes = (257 - code) * this.bytesPerPixel;
            if (this.literalBytes > remaining) throw new RasterError(`page ${this.page!.number}: a run of pixels goes past the end of its line`);
            this.state = 'literal';
          } else {
            this.runPixels = code + 1;
            if (this.runPixels * this.bytesPerPixel > remaining) throw new RasterError(`page ${this.page!.number}: a run of pixels goes past the end of its line`);
            this.need = this.bytesPerPixel;
            this.pendingLength = 0;
            this.state = 'pixel';
          }
          break;
        }
        case 'pixel': {
          const take = Math.min(this.need - this.pendingLength, n - i);
          this.pending.set(chunk.subarray(i, i + take), this.pendingLength);
          this.pendingLength += take;
          i += take;
          if (this.pendingLength === this.need) {
            this.pendingLength = 0;
            const bpp = this.bytesPerPixel;
            const end = this.linePos + this.runPixels * bpp;
            if (bpp === 1) this.line.fill(this.pending[0]!, this.linePos, end);
            else for (let p = this.linePos; p < end; p += bpp) this.line.set(this.pending.subarray(0, bpp), p);
            this.linePos = end;
            this.afterRun();
          }
          break;
        }
        case 'literal': {
          const take = Math.min(this.literalBytes, n - i);
          this.line.set(chunk.subarray(i, i + take), this.linePos);
          this.linePos += take;
          this.literalBytes -= take;
          i += take;
          if (this.literalBytes === 0) this.afterRun();
          break;
        }
        case 'done':
          if (this.format === 'urf') throw new RasterError(`data follows the last of the ${this.pagesAnnounced} pages the Apple raster announced`);
          throw new RasterError('data follows the end of the raster');
      }
    }
  }

  /** The stream is over: throws RasterError when it stopped inside a page (or had none). */
  end(): void {
    if (this.state === 'sync' && this.pendingLength === 0 && this.pageCount === 0) throw new RasterError('the raster is empty');
    if (this.state === 'sync') throw new RasterError('the raster is cut off inside its file header');
    if (this.state === 'header' && this.pendingLength > 0) throw new RasterError(`the raster is cut off inside the header of page ${this.pageCount + 1}`);
    if (this.state !== 'header' && this.state !== 'done') throw new RasterError(`the raster is cut off in page ${this.pageCount} (${this.linesLeft} of ${this.page?.height} lines missing)`);
    if (this.format === 'urf' && this.pagesAnnounced > 0 && this.pageCount < this.pagesAnnounced) {
      throw new RasterError(`the Apple raster announced ${this.pagesAnnounced} pages but has ${this.pageCount}`);
    }
    if (this.pageCount === 0) throw new RasterError('the raster has no pages');
  }

  private readSync(bytes: Buffer): void {
    if (this.format === 'pwg') {
      if (bytes.toString('latin1') !== PWG_SYNC) throw new RasterError('it does not start like a PWG raster ("RaS2")');
    } else {
      if (bytes.subarray(0, 8).toString('latin1') !== URF_SYNC) throw new RasterError('it does not start like an Apple raster ("UNIRAST")');
      // 0 means "not known yet": CUPS's own Apple raster writer streams pages without counting them first.
      this.pagesAnnounced = bytes.readUInt32BE(8);
      if (this.pagesAnnounced > this.limits.maxPages) throw new RasterError(`the Apple raster announces ${this.pagesAnnounced} pages; at most ${this.limits.maxPages} are accepted`);
    }
    this.state = 'header';
    this.need = this.format === 'pwg' ? PWG_HEADER_BYTES : URF_HEADER_BYTES;
  }

  private startPage(bytes: Buffer): void {
    const number = this.pageCount + 1;
    if (number > this.limits.maxPages) throw new RasterError(`the raster has more than ${this.limits.maxPages} pages`);
    const header = this.format === 'pwg' ? pwgHeader(bytes, number) : urfHeader(bytes, number);
    checkHeader(header, this.limits);
    this.page = header;
    this.pageCount = number;
    this.bytesPerPixel = Math.max(1, header.bitsPerPixel >> 3);
    if (this.line.byteLength !== header.bytesPerLine) this.line = new Uint8Array(header.bytesPerLine);
    this.linesLeft = header.height;
    this.sink = this.openPage(header);
    this.state = 'repeat';
  }

  private afterRun(): void {
    if (this.linePos === this.line.byteLength) this.endLine();
    else this.state = 'code';
  }

  private endLine(): void {
    const count = Math.min(this.lineRepeat, this.linesLeft);
    this.sink!.lines(this.line, count);
    this.linesLeft -= count;
    if (this.linesLeft > 0) {
      this.state = 'repeat';
      return;
    }
    this.sink!.end();
    this.sink = null;
    if (this.format === 'urf' && this.pagesAnnounced > 0 && this.pageCount === this.pagesAnnounced) {
      this.state = 'done';
      return;
    }
    this.state = 'header';
    this.need = this.format === 'pwg' ? PWG_HEADER_BYTES : URF_HEADER_BYTES;
  }
}

/** cups_page_header2_t, big-endian in a PWG raster (offsets from cups/raster.h). */
function pwgHeader(b: Buffer, number: number): RasterPageHeader {
  const u = (offset: number) => b.readUInt32BE(offset);
  const bitsPerColor = u(384);
  const bitsPerPixel = u(388);
  const colorOrder = u(396);
  const colorSpace = u(400);
  if (colorOrder !== 0) throw new RasterError(`page ${number}: only chunky pixels (cupsColorOrder 0) are supported, not ${colorOrder}`);
  let color: RasterPageHeader['color'];
  switch (colorSpace) {
    case 0: // W
    case 18: // SW
      color = 'gray';
      break;
    case 3: // K
      color = 'black';
      break;
    case 1: // RGB
    case 19: // sRGB
    case 20: // AdobeRGB
      color = 'rgb';
      break;
    case 6: // CMYK
      color = 'cmyk';
      break;
    default:
      throw new RasterError(`page ${number}: the color space ${colorSpace} is not one Faxdesk reads (gray, black, RGB or CMYK)`);
  }
  return {
    format: 'pwg',
    number,
    width: u(372),
    height: u(376),
    dpiX: u(276),
    dpiY: u(280),
    bitsPerColor,
    bitsPerPixel,
    bytesPerLine: u(392),
    color,
    fill: WHITE_IS_FF.has(colorSpace) ? 0xff : 0x00,
  };
}

/** The Apple raster page header (cups-filters filter/unirast.h): bpp, color space, duplex, quality, 2 unknown, width, height, dpi, 2 unknown. */
function urfHeader(b: Buffer, number: number): RasterPageHeader {
  const bitsPerPixel = b[0]!;
  const colorSpace = b[1]!;
  let color: RasterPageHeader['color'];
  let bitsPerColor = 8;
  if (colorSpace === 0 || colorSpace === 4) color = 'gray';
  else if (colorSpace === 1 || colorSpace === 2 || colorSpace === 3 || colorSpace === 5) color = 'rgb';
  else if (colorSpace === 6) color = 'cmyk';
  else throw new RasterError(`page ${number}: the Apple raster color space ${colorSpace} is unknown`);
  if (color === 'gray' && bitsPerPixel === 16) bitsPerColor = 16;
  if (color === 'rgb' && bitsPerPixel === 48) bitsPerColor = 16;
  if (color === 'cmyk' && bitsPerPixel === 64) bitsPerColor = 16;
  const width = b.readUInt32BE(12);
  const dpi = b.readUInt32BE(20);
  return {
    format: 'urf',
    number,
    width,
    height: b.readUInt32BE(16),
    dpiX: dpi,
    dpiY: dpi,
    bitsPerColor,
    bitsPerPixel,
    bytesPerLine: width * Math.max(1, bitsPerPixel >> 3),
    color,
    fill: color === 'cmyk' ? 0x00 : 0xff,
  };
}

const CHANNELS: Record<RasterPageHeader['color'], number> = { gray: 1, black: 1, rgb: 3, cmyk: 4 };

function checkHeader(h: RasterPageHeader, limits: RasterLimits): void {
  const page = `page ${h.number}`;
  if (h.bitsPerColor !== 1 && h.bitsPerColor !== 8 && h.bitsPerColor !== 16) throw new RasterError(`${page}: ${h.bitsPerColor} bits per color is not supported`);
  if (h.bitsPerColor === 1 && (h.bitsPerPixel !== 1 || h.color === 'rgb' || h.color === 'cmyk')) throw new RasterError(`${page}: 1-bit pixels are read only as black and white`);
  if (h.bitsPerColor > 1 && h.bitsPerPixel !== h.bitsPerColor * CHANNELS[h.color]) {
    throw new RasterError(`${page}: ${h.bitsPerPixel} bits per pixel does not match ${CHANNELS[h.color]} colors of ${h.bitsPerColor} bits`);
  }
  if (h.dpiX < limits.minDpi || h.dpiX > limits.maxDpi || h.dpiY < limits.minDpi || h.dpiY > limits.maxDpi) {
    throw new RasterError(`${page}: the resolution ${h.dpiX}x${h.dpiY} dpi is outside ${limits.minDpi}-${limits.maxDpi} dpi`);
  }
  if (h.width < 1 || h.height < 1) throw new RasterError(`${page}: it has no pixels (${h.width}x${h.height})`);
  if (h.width / h.dpiX > limits.maxWidthInches || h.height / h.dpiY > limits.maxHeightInches) {
    throw new RasterError(
      `${page}: it is ${(h.width / h.dpiX).toFixed(1)} x ${(h.height / h.dpiY).toFixed(1)} inches; pages up to ${limits.maxWidthInches} x ${limits.maxHeightInches} inches are accepted`,
    );
  }
  const expected = Math.ceil((h.width * h.bitsPerPixel) / 8);
  if (h.bytesPerLine !== expected) throw new RasterError(`${page}: its lines are ${h.bytesPerLine} bytes where ${h.width} pixels need ${expected}`);
}
