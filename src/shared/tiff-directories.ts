/**
 * The one walk of a TIFF file's chain of image file directories (IFDs, one per page or preview), used by
 * main's file checks (src/main/documents/formats/tiff.ts) and the fax viewer (renderer, viewer/tiff.ts)
 * before either hands the file to utif2, which loops forever on a circular chain and reads past the end
 * of a truncated file. Pure: no Node, no DOM.
 *
 * It checks the header (classic TIFF, not BigTIFF), that every IFD and every tag value stored outside its
 * IFD lies inside the file, that the chain does not loop, and a cap on the number of IFDs. A problem comes
 * back as data; each caller words it for its own readers.
 */

export type TiffDirectoryProblem =
  /** Fewer than the 8 bytes of a TIFF header. */
  | { kind: 'too-short' }
  | { kind: 'not-tiff' }
  | { kind: 'bigtiff' }
  /** IFD number `ifd` (1-based) starts inside the header or past the end of the file. */
  | { kind: 'outside'; ifd: number }
  /** The entries or next-IFD offset of IFD number `ifd` run past the end of the file. */
  | { kind: 'cut'; ifd: number }
  /** A tag value of IFD number `ifd`, stored outside it, runs past the end of the file. */
  | { kind: 'value-cut'; ifd: number }
  /** IFD number `ifd` is one the chain already passed. */
  | { kind: 'loop'; ifd: number }
  | { kind: 'too-many'; max: number };

export type TiffDirectoryWalk = { ok: true; littleEndian: boolean; offsets: number[] } | { ok: false; problem: TiffDirectoryProblem };

/** Bytes per value of each TIFF field type (BYTE, ASCII, SHORT, LONG, RATIONAL, …, DOUBLE, IFD). */
const TYPE_SIZES: Readonly<Record<number, number>> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };

/** The offsets of the file's IFDs in chain order (empty when the header points to none). */
export function walkTiffDirectories(bytes: Uint8Array, maxDirectories: number): TiffDirectoryWalk {
  const fail = (problem: TiffDirectoryProblem): TiffDirectoryWalk => ({ ok: false, problem });
  if (bytes.byteLength < 8) return fail({ kind: 'too-short' });
  const little = bytes[0] === 0x49 && bytes[1] === 0x49;
  const big = bytes[0] === 0x4d && bytes[1] === 0x4d;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = view.getUint16(2, little);
  if (!little && !big) return fail({ kind: 'not-tiff' });
  if (magic === 43) return fail({ kind: 'bigtiff' });
  if (magic !== 42) return fail({ kind: 'not-tiff' });

  const size = bytes.byteLength;
  const offsets: number[] = [];
  const seen = new Set<number>();
  let offset = view.getUint32(4, little);
  while (offset !== 0) {
    const ifd = offsets.length + 1;
    if (seen.has(offset)) return fail({ kind: 'loop', ifd });
    if (offsets.length >= maxDirectories) return fail({ kind: 'too-many', max: maxDirectories });
    if (offset < 8 || offset + 2 > size) return fail({ kind: 'outside', ifd });
    const entries = view.getUint16(offset, little);
    const end = offset + 2 + entries * 12 + 4;
    if (end > size) return fail({ kind: 'cut', ifd });
    for (let i = 0; i < entries; i++) {
      const entry = offset + 2 + i * 12;
      const valueBytes = (TYPE_SIZES[view.getUint16(entry + 2, little)] ?? 0) * view.getUint32(entry + 4, little);
      // Values of up to 4 bytes sit in the entry itself; larger ones at the offset it holds.
      if (valueBytes > 4 && view.getUint32(entry + 8, little) + valueBytes > size) return fail({ kind: 'value-cut', ifd });
    }
    seen.add(offset);
    offsets.push(offset);
    offset = view.getUint32(end - 4, little);
  }
  return { ok: true, littleEndian: little, offsets };
}
