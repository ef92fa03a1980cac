/**
 * TIFF fax images through utif2: list the pages (every IFD that holds an image), work out each page's
 * physical size from its resolution (a standard-resolution fax is 204 x 98 dpi, so its pixels are twice
 * as tall as wide), and decode one page to RGBA on demand.
 *
 * Received files are untrusted: the IFD chain is walked here first (bounds, loops, a page cap; the walker in
 * src/shared/tiff-directories.ts, shared with main), since utif2 loops forever on a circular chain and
 * reads zeros past the end of a truncated file.
 * Works under Node too (no DOM), which is how it is unit-tested.
 */
import { walkTiffDirectories, type TiffDirectoryProblem } from '../../../../shared/tiff-directories';
import { DamagedDocumentError, reasonFrom } from './damage';
import type { PageSize } from './types';
import UTIF, { type IFD as UtifIfd } from './utif.js';

export const MAX_TIFF_PAGES = 2000;
/** Larger than any fax (A3 at 400 dpi is 4864 x 6912 = 34 Mpx); anything bigger is a broken header. */
export const MAX_TIFF_PAGE_PIXELS = 64_000_000;
/** Used when a page states no (or a nonsensical) resolution: 200 dpi is the common fax "fine" mode. */
export const DEFAULT_TIFF_DPI = 200;

export interface TiffPage {
  index: number;
  widthPx: number;
  heightPx: number;
  dpiX: number;
  dpiY: number;
  size: PageSize;
  /** No alpha channel (no ExtraSamples), as every fax page: drawing it covers the canvas whole. */
  opaque: boolean;
  ifd: UtifIfd;
}

export interface ParsedTiff {
  /** The file's bytes as one ArrayBuffer (what utif2 wants). */
  buffer: ArrayBuffer;
  pages: TiffPage[];
}

export interface RgbaImage {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

/**
 * Follows the chain of IFD offsets (src/shared/tiff-directories.ts, the walker main's file checks use too)
 * and returns them; throws DamagedDocumentError on anything off: an IFD, or a tag value stored outside it,
 * that lies past the end of the file, a loop, too many pages.
 */
export function walkIfdChain(bytes: Uint8Array): number[] {
  const walk = walkTiffDirectories(bytes, MAX_TIFF_PAGES);
  if (!walk.ok) throw new DamagedDocumentError(chainProblem(walk.problem, bytes.length));
  if (walk.offsets.length === 0) throw new DamagedDocumentError('it contains no pages');
  return walk.offsets;
}

function chainProblem(problem: TiffDirectoryProblem, fileLength: number): string {
  switch (problem.kind) {
    case 'too-short':
      return fileLength === 0 ? 'the file is empty' : 'the file is too short to be a TIFF image';
    case 'not-tiff':
      return 'it is not a TIFF image';
    case 'bigtiff':
      return 'it is a BigTIFF file, which fax images never are';
    case 'outside':
      return problem.ifd === 1 ? 'the file ends before its first page' : `the file ends before page ${problem.ifd}`;
    case 'cut':
    case 'value-cut':
      return `the file ends inside the description of page ${problem.ifd}`;
    case 'loop':
      return 'its page directory loops back on itself';
    case 'too-many':
      return `it claims more than ${problem.max} pages`;
  }
}

function firstNumber(value: unknown): number | undefined {
  if (!Array.isArray(value) || value.length === 0) return undefined;
  const first: unknown = value[0];
  if (typeof first === 'number') return first;
  // Rationals come as [numerator, denominator].
  if (Array.isArray(first) && typeof first[0] === 'number' && typeof first[1] === 'number') {
    return first[1] === 0 ? undefined : first[0] / first[1];
  }
  return undefined;
}

function numbers(value: unknown): number[] {
  if (!value || typeof (value as ArrayLike<unknown>).length !== 'number') return [];
  return Array.from(value as ArrayLike<unknown>).filter((n): n is number => typeof n === 'number');
}

const sensibleDpi = (dpi: number | undefined): dpi is number => dpi !== undefined && Number.isFinite(dpi) && dpi >= 10 && dpi <= 10_000;

/**
 * The physical size of a TIFF page. `unit` is ResolutionUnit: 2 inch (the default), 3 centimetre,
 * 1 none (the values then only give the pixel aspect ratio).
 */
export function tiffPageSize(
  widthPx: number,
  heightPx: number,
  xResolution?: number,
  yResolution?: number,
  unit = 2,
): { size: PageSize; dpiX: number; dpiY: number } {
  const perInch = unit === 3 ? 2.54 : 1;
  let dpiX = xResolution !== undefined ? xResolution * perInch : undefined;
  let dpiY = yResolution !== undefined ? yResolution * perInch : undefined;
  if (unit === 1 && xResolution && yResolution && xResolution > 0 && yResolution > 0) {
    dpiX = DEFAULT_TIFF_DPI;
    dpiY = (DEFAULT_TIFF_DPI * yResolution) / xResolution;
  }
  if (!sensibleDpi(dpiX) && !sensibleDpi(dpiY)) {
    dpiX = DEFAULT_TIFF_DPI;
    dpiY = DEFAULT_TIFF_DPI;
  } else if (!sensibleDpi(dpiX)) {
    dpiX = dpiY;
  } else if (!sensibleDpi(dpiY)) {
    dpiY = dpiX;
  }
  const x = dpiX as number;
  const y = dpiY as number;
  return { size: { widthIn: widthPx / x, heightIn: heightPx / y }, dpiX: x, dpiY: y };
}

function wholeBuffer(data: Uint8Array): ArrayBuffer {
  if (data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer) return data.buffer;
  return data.slice().buffer as ArrayBuffer;
}

/** Reads the page list and sizes without decoding any image data. */
export function parseTiff(data: Uint8Array): ParsedTiff {
  walkIfdChain(data);
  const buffer = wholeBuffer(data);
  let ifds: UtifIfd[];
  try {
    // Maker notes (camera data) are never in a fax: skip them.
    ifds = UTIF.decode(buffer, { parseMN: false, debug: false });
  } catch (error) {
    throw new DamagedDocumentError(reasonFrom(error, 'its page directory cannot be read'));
  }
  const pages: TiffPage[] = [];
  for (const ifd of ifds) {
    const widthPx = firstNumber(ifd['t256']);
    const heightPx = firstNumber(ifd['t257']);
    if (widthPx === undefined) continue; // not an image (e.g. an empty directory)
    const pageNo = pages.length + 1;
    if (!heightPx || widthPx <= 0 || heightPx <= 0) throw new DamagedDocumentError(`page ${pageNo} has no height or width`);
    if (widthPx * heightPx > MAX_TIFF_PAGE_PIXELS) throw new DamagedDocumentError(`page ${pageNo} claims an impossible size of ${widthPx} x ${heightPx} pixels`);
    checkImageData(ifd, pageNo, data.length);
    const { size, dpiX, dpiY } = tiffPageSize(widthPx, heightPx, firstNumber(ifd['t282']), firstNumber(ifd['t283']), firstNumber(ifd['t296']) ?? 2);
    pages.push({ index: pages.length, widthPx, heightPx, dpiX, dpiY, size, opaque: ifd['t338'] === undefined, ifd });
  }
  if (pages.length === 0) throw new DamagedDocumentError('it contains no pages');
  return { buffer, pages };
}

/** Every strip (or tile) of a page must lie inside the file: a cut-short download fails here. */
function checkImageData(ifd: UtifIfd, pageNo: number, fileLength: number): void {
  const tiled = ifd['t322'] !== undefined;
  const offsets = numbers(tiled ? ifd['t324'] : ifd['t273']);
  const counts = numbers(tiled ? ifd['t325'] : ifd['t279']);
  if (offsets.length === 0) throw new DamagedDocumentError(`page ${pageNo} has no image data`);
  offsets.forEach((offset, i) => {
    if (offset >= fileLength) throw new DamagedDocumentError(`the file ends before the image data of page ${pageNo}`);
    const count = counts[i];
    if (count !== undefined && offset + count > fileLength) throw new DamagedDocumentError(`the image data of page ${pageNo} is cut short`);
  });
}

/** Decodes one page to RGBA (8 bits per channel), e.g. for `new ImageData(rgba, width, height)`. */
export function decodeTiffPage(tiff: ParsedTiff, index: number): RgbaImage {
  const page = tiff.pages[index];
  if (!page) throw new RangeError(`There is no page ${index + 1}.`);
  // utif2 stores the decoded pixels on the IFD it is given: decode a copy so nothing large stays cached.
  const ifd = { ...page.ifd } as UtifIfd;
  let rgba: Uint8Array;
  try {
    UTIF.decodeImage(tiff.buffer, ifd);
    if (!ifd.data || ifd.data.length === 0) throw new DamagedDocumentError(`page ${page.index + 1} has no image data`);
    rgba = UTIF.toRGBA8(ifd);
  } catch (error) {
    throw new DamagedDocumentError(reasonFrom(error, `page ${page.index + 1} cannot be decoded`));
  }
  const { width, height } = ifd;
  if (width !== page.widthPx || height !== page.heightPx || rgba.length !== width * height * 4) {
    throw new DamagedDocumentError(`page ${page.index + 1} cannot be decoded`);
  }
  return { width, height, rgba: new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length) };
}
