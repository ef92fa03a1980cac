/**
 * Test documents, generated: PDFs with pdf-lib, a genuinely password-protected PDF (RC4, written here: pdf-lib
 * cannot encrypt; the tests confirm with pdfjs that it really asks for a password), PNG/JPEG/TIFF made byte
 * by byte and confirmed by independent decoders (utif2), ZIP packages and OLE2 compound files written by
 * hand with just what Word/Excel files have where detection looks.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import UTIF from 'utif2';
import { encodePng } from '../../../../src/main/documents/formats/png';

// ---------- PDF ----------

export async function makePdf(pages: number, options: { objectStreams?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 72, y: 700, font, size: 24 });
  return Buffer.from(await doc.save({ useObjectStreams: options.objectStreams ?? true, addDefaultPage: false }));
}

const PASSWORD_PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Uint8Array, data: Uint8Array): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

const md5 = (...parts: Uint8Array[]) => {
  const hash = createHash('md5');
  for (const part of parts) hash.update(part);
  return hash.digest();
};
const padded = (password: string) => Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PAD]).subarray(0, 32);

/**
 * A one-page PDF encrypted with the standard security handler, revision 2 (40-bit RC4): the page's content
 * stream is really encrypted. With `userPassword` '' it opens without a password (owner restrictions only).
 */
export function makeEncryptedPdf(userPassword: string, ownerPassword = 'owner-secret'): Buffer {
  const permissions = -44;
  const id = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
  const owner = rc4(md5(padded(ownerPassword)).subarray(0, 5), padded(userPassword));
  const p = Buffer.alloc(4);
  p.writeInt32LE(permissions);
  const key = md5(padded(userPassword), owner, p, id).subarray(0, 5);
  const user = rc4(key, PASSWORD_PAD);
  const objectKey = (num: number) => md5(key, Buffer.from([num & 255, (num >> 8) & 255, (num >> 16) & 255, 0, 0])).subarray(0, 10);
  const content = rc4(objectKey(4), Buffer.from('BT /F1 24 Tf 72 700 Td (Secret page) Tj ET', 'latin1'));

  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`), content, Buffer.from('\nendstream')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    Buffer.from(`<< /Filter /Standard /V 1 /R 2 /O <${owner.toString('hex')}> /U <${user.toString('hex')}> /P ${permissions} >>`),
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    chunks.push(obj);
    length += obj.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 6 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>] >>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

// ---------- images ----------

/** An RGB PNG filled with one colour. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [200, 30, 30]): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  for (let i = 0; i < pixels.length; i += 3) pixels.set(rgb, i);
  return encodePng(pixels, width, height, 3);
}

function segment(marker: number, body: number[]): number[] {
  const length = body.length + 2;
  return [0xff, marker, length >> 8, length & 255, ...body];
}

/**
 * A baseline greyscale JPEG of flat mid-grey: every 8x8 block has DC difference 0 and no AC terms, coded with
 * one-symbol Huffman tables (2 bits per block). `exifThumbnail` embeds a whole second JPEG in an APP1
 * segment, as cameras do.
 */
export function makeJpeg(width: number, height: number, options: { exifThumbnail?: boolean } = {}): Buffer {
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = blocks * 2;
  const scan = new Array<number>(Math.ceil(bits / 8)).fill(0);
  if (bits % 8) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1; // pad the last byte with 1-bits
  const oneSymbolTable = (tableClass: number) => [tableClass, 1, ...new Array<number>(15).fill(0), 0];
  const bytes = [
    0xff, 0xd8,
    ...segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...(options.exifThumbnail ? segment(0xe1, [0x45, 0x78, 0x69, 0x66, 0, 0, ...makeJpeg(8, 8)]) : []),
    ...segment(0xdb, [0, ...new Array<number>(64).fill(1)]),
    ...segment(0xc0, [8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]),
    ...segment(0xc4, oneSymbolTable(0x00)),
    ...segment(0xc4, oneSymbolTable(0x10)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff, 0xd9,
  ];
  return Buffer.from(bytes);
}

/** Decodes a JPEG with utif2's (independent) decoder: [width, height, first sample]. */
export function decodeJpegWithUtif(bytes: Uint8Array): [number, number, number] {
  const Decoder = (UTIF as unknown as { JpegDecoder: new () => { parse(b: Uint8Array): void; width: number; height: number; getData(o: object): Uint8ClampedArray } }).JpegDecoder;
  const decoder = new Decoder();
  decoder.parse(bytes);
  const data = decoder.getData({ width: decoder.width, height: decoder.height });
  return [decoder.width, decoder.height, data[0]!];
}

/** A little-endian, uncompressed, 8-bit greyscale TIFF with one IFD per page (page i filled with `shades[i]`). */
export function makeTiff(width: number, height: number, shades: number[]): Buffer {
  const entries = 9;
  const ifdSize = 2 + entries * 12 + 4;
  const pageSize = ifdSize + width * height;
  const out = Buffer.alloc(8 + pageSize * shades.length);
  out.write('II', 0, 'latin1');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  shades.forEach((shade, page) => {
    const ifd = 8 + page * pageSize;
    const pixels = ifd + ifdSize;
    const tags: [number, number, number][] = [
      [256, 3, width],
      [257, 3, height],
      [258, 3, 8],
      [259, 3, 1],
      [262, 3, 1], // BlackIsZero
      [273, 4, pixels],
      [277, 3, 1],
      [278, 3, height],
      [279, 4, width * height],
    ];
    out.writeUInt16LE(entries, ifd);
    tags.forEach(([tag, type, value], i) => {
      const at = ifd + 2 + i * 12;
      out.writeUInt16LE(tag, at);
      out.writeUInt16LE(type, at + 2);
      out.writeUInt32LE(1, at + 4);
      if (type === 3) out.writeUInt16LE(value, at + 8);
      else out.writeUInt32LE(value, at + 8);
    });
    out.writeUInt32LE(page + 1 < shades.length ? 8 + (page + 1) * pageSize : 0, ifd + 2 + entries * 12);
    out.fill(shade, pixels, pixels + width * height);
  });
  return out;
}

/** utif2's own encoder: a one-page RGBA TIFF (big-endian). */
export function makeTiffWithUtif(width: number, height: number): Buffer {
  const rgba = new Uint8Array(width * height * 4).fill(180);
  for (let i = 3; i < rgba.length; i += 4) rgba[i] = 255; // opaque
  return Buffer.from(UTIF.encodeImage(rgba, width, height));
}

// ---------- ZIP (stored entries) ----------

export interface ZipFile {
  name: string;
  data: string | Uint8Array;
  /** General-purpose flags (1 = encrypted). */
  flags?: number;
}

export function makeZip(files: ZipFile[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const data = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : Buffer.from(file.data);
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(file.flags ?? 0, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(file.flags ?? 0, 8);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>';
export const makeDocx = () =>
  makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: '<Relationships/>' },
    { name: 'word/document.xml', data: '<w:document><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>' },
  ]);
export const makeXlsx = () =>
  makeZip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: '<Relationships/>' },
    { name: 'xl/workbook.xml', data: '<workbook/>' },
    { name: 'xl/worksheets/sheet1.xml', data: '<worksheet/>' },
  ]);

// ---------- OLE2 compound files ----------

const FREE = 0xffffffff;
const END = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;

/**
 * A version-3 compound file (512-byte sectors) holding `streams`. Streams under 4096 bytes go to the mini
 * stream, as real files do; one FAT sector, so up to about 60 KB in all.
 */
export function makeCompoundFile(streams: { name: string; data: Uint8Array }[]): Buffer {
  const big = streams.filter((s) => s.data.length >= 4096);
  const small = streams.filter((s) => s.data.length < 4096);
  const sectors: Buffer[] = [];
  const fat: number[] = [];
  const allocate = (data: Uint8Array, table: number[], unit: number, into: Buffer[]): number => {
    const count = Math.max(1, Math.ceil(data.length / unit));
    const first = into.length;
    for (let i = 0; i < count; i++) {
      const sector = Buffer.alloc(unit);
      Buffer.from(data).copy(sector, 0, i * unit, Math.min(data.length, (i + 1) * unit));
      into.push(sector);
      table[first + i] = i + 1 < count ? first + i + 1 : END;
    }
    return first;
  };
  // Sector 0 is the FAT itself, sector 1 the directory (4 entries: root + 3 streams at most).
  sectors.push(Buffer.alloc(512), Buffer.alloc(512));
  fat[0] = FAT_SECTOR;
  fat[1] = END;
  if (streams.length > 3) throw new RangeError('this fixture writer holds at most 3 streams');

  const miniSectors: Buffer[] = [];
  const miniFat: number[] = [];
  const starts = new Map<string, number>();
  for (const stream of small) starts.set(stream.name, allocate(stream.data, miniFat, 64, miniSectors));
  for (const stream of big) starts.set(stream.name, allocate(stream.data, fat, 512, sectors));
  let miniStreamStart = END;
  let miniFatStart = END;
  const miniStream = Buffer.concat(miniSectors);
  if (miniSectors.length > 0) {
    miniStreamStart = allocate(miniStream, fat, 512, sectors);
    const miniFatBytes = Buffer.alloc(Math.ceil((miniFat.length * 4) / 512) * 512, 0xff);
    miniFat.forEach((v, i) => miniFatBytes.writeUInt32LE(v, i * 4));
    miniFatStart = allocate(miniFatBytes, fat, 512, sectors);
  }
  if (fat.length > 128) throw new RangeError('too much data for one FAT sector');
  for (let i = 0; i < 128; i++) sectors[0]!.writeUInt32LE(fat[i] ?? FREE, i * 4);

  const entry = (at: number, name: string, kind: number, start: number, size: number, child: number, right: number) => {
    const dir = sectors[1]!;
    for (let i = 0; i < name.length; i++) dir.writeUInt16LE(name.charCodeAt(i), at + 2 * i);
    dir.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    dir[at + 0x42] = kind;
    dir[at + 0x43] = 1; // black
    dir.writeUInt32LE(FREE, at + 0x44); // left sibling
    dir.writeUInt32LE(right, at + 0x48);
    dir.writeUInt32LE(child, at + 0x4c);
    dir.writeUInt32LE(start, at + 0x74);
    dir.writeUInt32LE(size, at + 0x78);
  };
  entry(0, 'Root Entry', 5, miniStreamStart, miniStream.length, streams.length ? 1 : FREE, FREE);
  streams.forEach((s, i) => entry(128 * (i + 1), s.name, 2, starts.get(s.name)!, s.data.length, FREE, i + 1 < streams.length ? i + 2 : FREE));

  const header = Buffer.alloc(512);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x3e, 0x18);
  header.writeUInt16LE(3, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c); // FAT sectors
  header.writeUInt32LE(1, 0x30); // first directory sector
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(miniFatStart, 0x3c);
  header.writeUInt32LE(miniSectors.length ? Math.ceil((miniFat.length * 4) / 512) : 0, 0x40);
  header.writeUInt32LE(END, 0x44);
  header.writeUInt32LE(0, 0x48);
  for (let i = 0; i < 109; i++) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + 4 * i);
  return Buffer.concat([header, ...sectors]);
}

/** The first bytes of a Word FIB: wIdent 0xA5EC and the flags word (0x0100 = fEncrypted). */
export function wordFib(encrypted: boolean, length = 1024): Uint8Array {
  const fib = Buffer.alloc(length);
  fib.writeUInt16LE(0xa5ec, 0);
  fib.writeUInt16LE(0x00c1, 2);
  fib.writeUInt16LE(encrypted ? 0x0100 : 0, 0x0a);
  return fib;
}

/** An Excel BIFF8 workbook stream: BOF, optionally FILEPASS, EOF. */
export function excelWorkbook(filepass: boolean, length = 512): Uint8Array {
  const out = Buffer.alloc(length);
  let at = 0;
  const record = (type: number, body: number[]) => {
    out.writeUInt16LE(type, at);
    out.writeUInt16LE(body.length, at + 2);
    Buffer.from(body).copy(out, at + 4);
    at += 4 + body.length;
  };
  record(0x0809, [0x00, 0x06, 0x05, 0x00, ...new Array<number>(12).fill(0)]);
  if (filepass) record(0x002f, [0x01, 0x00, ...new Array<number>(52).fill(7)]);
  record(0x0042, [0xe4, 0x04]); // CODEPAGE
  record(0x000a, []);
  return out;
}

export const makeDoc = (encrypted = false, big = false) => makeCompoundFile([{ name: 'WordDocument', data: wordFib(encrypted, big ? 8192 : 1024) }]);
export const makeXls = (filepass = false) => makeCompoundFile([{ name: 'Workbook', data: excelWorkbook(filepass) }]);
