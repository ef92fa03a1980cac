/**
 * A minimal ZIP writer (PKWARE APPNOTE 6.3: local headers, central directory, end record; entries
 * stored or deflated, UTF-8 names, no ZIP64). Enough for a diagnostics bundle, which every OS opens
 * without extra software; node:zlib supplies deflate and CRC-32, so no dependency is needed.
 */
import zlib from 'node:zlib';

export interface ZipEntry {
  /** A relative path with "/" separators, e.g. "logs/faxdesk.log". */
  name: string;
  data: Buffer | string;
  modified?: Date;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const VERSION = 20; // 2.0: deflate
const UTF8_NAMES = 0x0800;
const STORED = 0;
const DEFLATED = 8;
const LIMIT = 0xffffffff;

export function createZip(entries: readonly ZipEntry[], now: Date = new Date()): Buffer {
  if (entries.length > 0xffff) throw new Error('A ZIP without ZIP64 holds at most 65535 entries.');
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  const names = new Set<string>();
  let offset = 0;
  for (const entry of entries) {
    const name = checkName(entry.name);
    if (names.has(name)) throw new Error(`The ZIP already has an entry named "${name}".`);
    names.add(name);
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const deflated = zlib.deflateRawSync(data, { level: 9 });
    const method = deflated.length < data.length ? DEFLATED : STORED;
    const body = method === DEFLATED ? deflated : data;
    const crc = zlib.crc32(data) >>> 0;
    const { time, date } = dosDateTime(entry.modified ?? now);
    const nameBytes = Buffer.from(name, 'utf8');
    if (data.length >= LIMIT || body.length >= LIMIT || offset >= LIMIT) throw new Error('The ZIP would need ZIP64 (an entry or the archive is over 4 GB).');

    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);

    const header = Buffer.alloc(46);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4); // made by: MS-DOS, 2.0
    header.writeUInt16LE(VERSION, 6);
    header.writeUInt16LE(UTF8_NAMES, 8);
    header.writeUInt16LE(method, 10);
    header.writeUInt16LE(time, 12);
    header.writeUInt16LE(date, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(body.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(nameBytes.length, 28);
    // extra length, comment length, disk number, internal and external attributes: 0
    header.writeUInt32LE(offset, 42);

    parts.push(local, nameBytes, body);
    central.push(header, nameBytes);
    offset += local.length + nameBytes.length + body.length;
  }
  const centralDirectory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralDirectory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, centralDirectory, end]);
}

function checkName(name: string): string {
  const normalized = name.replace(/\\/g, '/');
  if (!normalized || normalized.startsWith('/') || normalized.split('/').some((part) => part === '..' || part === '' || part === '.')) {
    throw new Error(`"${name}" is not a valid name inside a ZIP.`);
  }
  return normalized;
}

/** MS-DOS date and time (local time, 2-second steps, 1980-2107). */
function dosDateTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}
