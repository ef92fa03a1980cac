/**
 * A minimal reader for OLE2 compound files ([MS-CFB]), the container of DOC, XLS, PPT, MSG and of
 * password-protected DOCX/XLSX. Detection needs the stream names (WordDocument, Workbook, EncryptedPackage,
 * ...) and the first bytes of one stream (the Word FIB flags, the first Excel records).
 *
 * Hand-written (no CFB reader is a dependency); every sector number and chain is bounds- and loop-checked,
 * so a damaged or hostile file ends in `ok: false`, never in a hang.
 */

export interface CfbEntry {
  name: string;
  /** 1 storage, 2 stream, 5 root. */
  kind: number;
  startSector: number;
  size: number;
}

export interface CompoundFile {
  entries: CfbEntry[];
  /** Up to `maxBytes` bytes of a stream (fewer when the stream is shorter); null when its chain is damaged. */
  readStream(entry: CfbEntry, maxBytes: number): Uint8Array | null;
}

export type CompoundFileResult = { ok: true; file: CompoundFile } | { ok: false; reason: string };

export const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] as const;

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;
const MAX_DIRECTORY_ENTRIES = 50_000;

class DamagedError extends Error {}

export function readCompoundFile(bytes: Uint8Array): CompoundFileResult {
  try {
    return { ok: true, file: parse(bytes) };
  } catch (error) {
    if (error instanceof DamagedError || error instanceof RangeError) return { ok: false, reason: error.message };
    throw error;
  }
}

function parse(bytes: Uint8Array): CompoundFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 512) throw new DamagedError('too short for a compound file header');
  for (let i = 0; i < 8; i++) if (bytes[i] !== CFB_SIGNATURE[i]) throw new DamagedError('not a compound file');
  const sectorShift = view.getUint16(0x1e, true);
  const miniSectorShift = view.getUint16(0x20, true);
  if (sectorShift !== 9 && sectorShift !== 12) throw new DamagedError(`unexpected sector size 2^${sectorShift}`);
  if (miniSectorShift !== 6) throw new DamagedError(`unexpected mini sector size 2^${miniSectorShift}`);
  const sectorSize = 1 << sectorShift;
  const fatSectorCount = view.getUint32(0x2c, true);
  const firstDirectorySector = view.getUint32(0x30, true);
  const miniStreamCutoff = view.getUint32(0x38, true);
  const firstMiniFatSector = view.getUint32(0x3c, true);
  let difatSector = view.getUint32(0x44, true);
  const sectorCount = Math.max(0, Math.ceil((bytes.byteLength - sectorSize) / sectorSize));

  const sectorOffset = (sector: number): number => {
    if (sector >= sectorCount) throw new DamagedError(`sector ${sector} lies past the end of the file`);
    return (sector + 1) * sectorSize;
  };

  // The FAT's own sectors: 109 listed in the header, the rest in a chain of DIFAT sectors.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109 && fatSectors.length < fatSectorCount; i++) fatSectors.push(view.getUint32(0x4c + 4 * i, true));
  const perDifat = sectorSize / 4 - 1;
  let difatHops = 0;
  while (fatSectors.length < fatSectorCount) {
    if (difatSector === END_OF_CHAIN || difatSector === FREE_SECTOR || ++difatHops > sectorCount) throw new DamagedError('the sector table is incomplete');
    const base = sectorOffset(difatSector);
    for (let i = 0; i < perDifat && fatSectors.length < fatSectorCount; i++) fatSectors.push(view.getUint32(base + 4 * i, true));
    difatSector = view.getUint32(base + 4 * perDifat, true);
  }
  const fat = new Uint32Array(fatSectors.length * (sectorSize / 4));
  fatSectors.forEach((sector, i) => {
    const base = sectorOffset(sector);
    for (let j = 0; j < sectorSize / 4; j++) fat[i * (sectorSize / 4) + j] = view.getUint32(base + 4 * j, true);
  });

  const chain = (start: number, table: Uint32Array, limit: number): number[] => {
    const sectors: number[] = [];
    let sector = start;
    while (sector !== END_OF_CHAIN) {
      if (sector >= table.length || sectors.length >= limit) throw new DamagedError('a sector chain is broken or loops');
      sectors.push(sector);
      sector = table[sector]!;
    }
    return sectors;
  };

  const readChain = (start: number, maxBytes: number): Uint8Array => {
    const out = new Uint8Array(Math.min(maxBytes, sectorCount * sectorSize));
    let filled = 0;
    let sector = start;
    let hops = 0;
    while (sector !== END_OF_CHAIN && filled < out.length) {
      if (sector >= fat.length || ++hops > sectorCount) throw new DamagedError('a sector chain is broken or loops');
      const base = sectorOffset(sector);
      const take = Math.min(sectorSize, out.length - filled, bytes.byteLength - base);
      out.set(bytes.subarray(base, base + take), filled);
      filled += take;
      sector = fat[sector]!;
    }
    return out.subarray(0, filled);
  };

  // Directory: 128-byte entries in the directory chain.
  const directorySectors = chain(firstDirectorySector, fat, Math.ceil((MAX_DIRECTORY_ENTRIES * 128) / sectorSize));
  const entries: CfbEntry[] = [];
  for (const sector of directorySectors) {
    const base = sectorOffset(sector);
    for (let at = base; at + 128 <= base + sectorSize && at + 128 <= bytes.byteLength; at += 128) {
      const nameLength = view.getUint16(at + 0x40, true);
      const kind = bytes[at + 0x42]!;
      if (kind === 0 || nameLength < 2 || nameLength > 64) continue;
      let name = '';
      for (let i = 0; i < nameLength / 2 - 1; i++) name += String.fromCharCode(view.getUint16(at + 2 * i, true));
      const startSector = view.getUint32(at + 0x74, true);
      // Version 3 files may leave garbage in the high half of the size.
      const size = sectorShift === 9 ? view.getUint32(at + 0x78, true) : Number(view.getBigUint64(at + 0x78, true));
      entries.push({ name, kind, startSector, size });
    }
  }
  const root = entries.find((e) => e.kind === 5);
  if (!root) throw new DamagedError('the root directory entry is missing');

  // Small streams live in the mini stream (held by the root entry), addressed through the mini FAT.
  let miniFat: Uint32Array | null = null;
  let miniStream: Uint8Array | null = null;
  const loadMini = (): void => {
    if (miniFat && miniStream) return;
    const miniFatBytes = firstMiniFatSector === END_OF_CHAIN ? new Uint8Array(0) : readChain(firstMiniFatSector, sectorCount * sectorSize);
    const table = new DataView(miniFatBytes.buffer, miniFatBytes.byteOffset, miniFatBytes.byteLength);
    miniFat = new Uint32Array(Math.floor(miniFatBytes.byteLength / 4));
    for (let i = 0; i < miniFat.length; i++) miniFat[i] = table.getUint32(4 * i, true);
    miniStream = root.startSector === END_OF_CHAIN ? new Uint8Array(0) : readChain(root.startSector, root.size);
  };

  const readStreamOrThrow = (entry: CfbEntry, maxBytes: number): Uint8Array => {
    const want = Math.min(maxBytes, entry.size);
    if (want === 0) return new Uint8Array(0);
    if (entry.size >= miniStreamCutoff) return readChain(entry.startSector, want);
    loadMini();
    const out = new Uint8Array(want);
    let filled = 0;
    for (const mini of chain(entry.startSector, miniFat!, Math.ceil(entry.size / 64) + 1)) {
      if (filled >= want) break;
      const from = mini * 64;
      if (from + 64 > miniStream!.byteLength) throw new DamagedError('a small stream lies outside the mini stream');
      const take = Math.min(64, want - filled);
      out.set(miniStream!.subarray(from, from + take), filled);
      filled += take;
    }
    return out.subarray(0, filled);
  };

  const readStream = (entry: CfbEntry, maxBytes: number): Uint8Array | null => {
    try {
      return readStreamOrThrow(entry, maxBytes);
    } catch (error) {
      if (error instanceof DamagedError || error instanceof RangeError) return null;
      throw error;
    }
  };

  return { entries, readStream };
}
