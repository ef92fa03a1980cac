/**
 * TIFF: page count and a structural check (every page's image data lies inside the file), plus page decoding
 * for thumbnails. Tags are read by utif2; the IFD chain is walked first (src/shared/tiff-directories.ts, the
 * walker the viewer uses too) because utif2's own walk has no bounds or loop check (a truncated or looping
 * chain makes `UTIF.decode` spin forever).
 */
import UTIF, { type IFD } from 'utif2';
import { walkTiffDirectories, type TiffDirectoryProblem } from '../../../shared/tiff-directories';
import { damaged, type FormatCheck } from './check';

export interface TiffInfo {
  pages: number;
  /** Pixel size of the first page. */
  width: number;
  height: number;
}

/** A fax TIFF has one IFD per page; far more than this is a damaged or hostile file. */
const MAX_IFDS = 10_000;

export function isTiffSignature(bytes: Uint8Array): boolean {
  return (
    bytes.byteLength >= 4 &&
    ((bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2a && bytes[3] === 0x00) ||
      (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2a))
  );
}

export function isBigTiffSignature(bytes: Uint8Array): boolean {
  return (
    bytes.byteLength >= 4 &&
    ((bytes[0] === 0x49 && bytes[1] === 0x49 && bytes[2] === 0x2b && bytes[3] === 0x00) ||
      (bytes[0] === 0x4d && bytes[1] === 0x4d && bytes[2] === 0x00 && bytes[3] === 0x2b))
  );
}

/** Why the chain of image file directories (src/shared/tiff-directories.ts) cannot be read, in this module's words. */
function chainProblem(problem: TiffDirectoryProblem): string {
  switch (problem.kind) {
    case 'too-short':
      return 'the file is cut off';
    case 'not-tiff':
      return 'it does not start with a TIFF header';
    case 'bigtiff':
      return 'it is a BigTIFF file';
    case 'outside':
      return 'the file is cut off (a page directory lies past its end)';
    case 'cut':
    case 'value-cut':
      return 'the file is cut off (a page directory is incomplete)';
    case 'loop':
      return 'its page directories loop';
    case 'too-many':
      return `it has more than ${problem.max} page directories`;
  }
}

type Ifd = IFD;

/** utif2 copies a typed array it is given (once per call); an exact ArrayBuffer it only wraps. */
function exactArrayBuffer(bytes: Uint8Array): ArrayBuffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer) return bytes.buffer;
  // Not bytes.slice(): on a Buffer that is a view of the shared pool, not a copy.
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  return copy.buffer;
}

function tagNumbers(ifd: Ifd, tag: number): number[] | undefined {
  const value = ifd[`t${tag}`];
  return Array.isArray(value) ? (value as number[]) : undefined;
}

/** Decoded IFDs that are pages (not reduced-resolution previews), or why they cannot be read. */
function readPages(bytes: Uint8Array, buffer: ArrayBuffer): FormatCheck<Ifd[]> {
  if (isBigTiffSignature(bytes)) return { ok: false, code: 'UNSUPPORTED', reason: 'it is a BigTIFF file' };
  const chain = walkTiffDirectories(bytes, MAX_IFDS);
  if (!chain.ok) return damaged(chainProblem(chain.problem));
  let ifds: Ifd[];
  try {
    ifds = UTIF.decode(buffer);
  } catch {
    return damaged('its page directories cannot be read');
  }
  const pages = ifds.filter((ifd) => ((tagNumbers(ifd, 254)?.[0] ?? 0) & 1) === 0);
  const size = bytes.byteLength;
  for (const [index, ifd] of pages.entries()) {
    const width = tagNumbers(ifd, 256)?.[0];
    const height = tagNumbers(ifd, 257)?.[0];
    if (!Number.isFinite(width) || !Number.isFinite(height)) return damaged(`page ${index + 1} has no size`);
    if (width === 0 || height === 0) return { ok: false, code: 'EMPTY', reason: `page ${index + 1} is 0 pixels wide or high` };
    const tiled = ifd['t322'] !== undefined;
    const offsets = tagNumbers(ifd, tiled ? 324 : 273);
    const counts = tagNumbers(ifd, tiled ? 325 : 279);
    if (!offsets || offsets.length === 0) return damaged(`page ${index + 1} has no image data`);
    for (let i = 0; i < offsets.length; i++) {
      const start = offsets[i]!;
      const length = counts?.[i];
      if (!Number.isFinite(start) || start >= size) return damaged(`the file is cut off (page ${index + 1}'s image data is missing)`);
      if (length !== undefined && (!Number.isFinite(length) || start + length > size)) {
        return damaged(`the file is cut off (page ${index + 1}'s image data is incomplete)`);
      }
    }
  }
  return { ok: true, info: pages };
}

export function checkTiff(bytes: Uint8Array): FormatCheck<TiffInfo> {
  const pages = readPages(bytes, exactArrayBuffer(bytes));
  if (!pages.ok) return pages;
  if (pages.info.length === 0) return { ok: false, code: 'EMPTY', reason: 'it contains no pages' };
  const first = pages.info[0]!;
  return { ok: true, info: { pages: pages.info.length, width: tagNumbers(first, 256)![0]!, height: tagNumbers(first, 257)![0]! } };
}

export interface DecodedPage {
  width: number;
  height: number;
  /** 8-bit RGBA. */
  rgba: Uint8Array;
}

/** Decodes pages to RGBA (1-based page numbers; all pages when omitted). Throws on a file checkTiff refuses. */
export function decodeTiffPages(bytes: Uint8Array, pageNumbers?: readonly number[]): DecodedPage[] {
  const buffer = exactArrayBuffer(bytes);
  const pages = readPages(bytes, buffer);
  if (!pages.ok) throw new Error(`cannot decode TIFF: ${pages.reason}`);
  const wanted = pageNumbers ?? pages.info.map((_, i) => i + 1);
  return wanted.map((n) => {
    const ifd = pages.info[n - 1];
    if (!ifd) throw new RangeError(`page ${n} does not exist (the file has ${pages.info.length})`);
    UTIF.decodeImage(buffer, ifd);
    return { width: ifd.width, height: ifd.height, rgba: UTIF.toRGBA8(ifd) };
  });
}
