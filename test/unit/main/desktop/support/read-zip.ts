/** Reads a ZIP back for tests, independently of the writer: central directory → local headers → data, CRC checked. */
import zlib from 'node:zlib';

export interface ReadEntry {
  name: string;
  method: number;
  data: Buffer;
}

export function readZip(zip: Buffer): ReadEntry[] {
  const end = zip.length - 22;
  if (zip.readUInt32LE(end) !== 0x06054b50) throw new Error('no end-of-central-directory record');
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (at + size !== end) throw new Error('central directory does not end where the end record starts');
  const entries: ReadEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central header ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const compressed = zip.readUInt32LE(at + 20);
    const uncompressed = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extra + comment;

    if (zip.readUInt32LE(offset) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const localName = zip.subarray(offset + 30, offset + 30 + zip.readUInt16LE(offset + 26)).toString('utf8');
    if (localName !== name) throw new Error(`local name ${localName} != ${name}`);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const body = zip.subarray(start, start + compressed);
    const data = method === 8 ? zlib.inflateRawSync(body) : method === 0 ? Buffer.from(body) : null;
    if (!data) throw new Error(`unknown method ${method}`);
    if (data.length !== uncompressed) throw new Error(`size mismatch for ${name}`);
    if ((zlib.crc32(data) >>> 0) !== crc) throw new Error(`CRC mismatch for ${name}`);
    entries.push({ name, method, data });
  }
  return entries;
}
