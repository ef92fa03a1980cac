/**
 * Reads the central directory of a ZIP file (entry names and flags), which is all detection needs to tell a
 * DOCX from an XLSX, an OpenDocument file or a plain archive. Nothing is decompressed.
 *
 * Hand-written although fflate (the app's ZIP library) reads ZIP: fflate's unzipSync trusts the archive.
 * It takes the entry count from the end record as it stands, reads each directory entry without checking
 * its signature or that it lies inside the file, exposes neither the encryption flag nor the offsets, and
 * allocates the size an entry claims before inflating it. This reader checks every offset before use,
 * caps the entry count, and inflates nothing, so a hostile or cut-off file is refused here before any
 * library sees it (about 80 lines of the APPNOTE format). A truncated file loses its
 * end-of-central-directory record, which is how a cut-off DOCX is recognised.
 */

export interface ZipEntry {
  name: string;
  /** General-purpose flags; bit 0 = the entry is encrypted. */
  flags: number;
  localHeaderOffset: number;
}

export type ZipDirectoryResult = { ok: true; entries: ZipEntry[] } | { ok: false; reason: string };

const EOCD_SIGNATURE = 0x06054b50;
const ZIP64_LOCATOR_SIGNATURE = 0x07064b50;
const ZIP64_EOCD_SIGNATURE = 0x06064b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
/** An archive with more entries than this is not an office document; stop reading. */
const MAX_ENTRIES = 100_000;

export function readZipDirectory(bytes: Uint8Array): ZipDirectoryResult {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const size = bytes.byteLength;
  if (size < 22) return { ok: false, reason: 'too short to be a ZIP file' };

  // The end record is at most 22 + 65535 (comment) bytes from the end.
  let eocd = -1;
  for (let at = size - 22; at >= Math.max(0, size - 22 - 0xffff); at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return { ok: false, reason: 'the end of the file is missing (no ZIP directory)' };

  let count = view.getUint16(eocd + 10, true);
  let directorySize = view.getUint32(eocd + 12, true);
  let directoryOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || directorySize === 0xffffffff || directoryOffset === 0xffffffff) {
    const locator = eocd - 20;
    if (locator < 0 || view.getUint32(locator, true) !== ZIP64_LOCATOR_SIGNATURE) return { ok: false, reason: 'the ZIP64 locator is missing' };
    const record = Number(view.getBigUint64(locator + 8, true));
    if (record + 56 > size || view.getUint32(record, true) !== ZIP64_EOCD_SIGNATURE) return { ok: false, reason: 'the ZIP64 directory record is missing' };
    count = Number(view.getBigUint64(record + 32, true));
    directorySize = Number(view.getBigUint64(record + 40, true));
    directoryOffset = Number(view.getBigUint64(record + 48, true));
  }
  if (directoryOffset + directorySize > size) return { ok: false, reason: 'the ZIP directory points past the end of the file' };
  if (count > MAX_ENTRIES) return { ok: false, reason: `too many entries (${count})` };

  const decoder = new TextDecoder('utf-8');
  const entries: ZipEntry[] = [];
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > size || view.getUint32(at, true) !== CENTRAL_SIGNATURE) return { ok: false, reason: `ZIP directory entry ${i + 1} is damaged` };
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localHeaderOffset = view.getUint32(at + 42, true);
    if (at + 46 + nameLength > size) return { ok: false, reason: `ZIP directory entry ${i + 1} is cut off` };
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // Offsets of 0xffffffff live in the ZIP64 extra field; only the directory matters here, so skip the check.
    if (localHeaderOffset !== 0xffffffff) {
      if (localHeaderOffset + 30 > size || view.getUint32(localHeaderOffset, true) !== LOCAL_SIGNATURE) {
        return { ok: false, reason: `the data of "${name}" is missing` };
      }
    }
    entries.push({ name, flags, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { ok: true, entries };
}
