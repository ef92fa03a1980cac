/**
 * The bad-files corpus, generated into a folder: every kind of file a person (or a hot folder, or a
 * downloaded archive) can hand Compose that must not become a fax. PDFs are written object by object
 * with a correct cross-reference table, so each one is broken in exactly the way it says and no other.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';

export interface BadFile {
  /** What it is, for the report. */
  what: string;
  /** The file's name as Compose shows it. */
  name: string;
  path: string;
  /** Its bytes, when it is a plain file that can also arrive as bytes (compose:addBytes). */
  bytes: Buffer | null;
  /** Made just before it is added (the file that disappears while being read needs a live reader). */
  kind: 'file' | 'folder' | 'symlink' | 'sparse' | 'vanishing';
}

/** A PDF from object bodies (1-based numbering; object 1 is the catalog); `trailer` adds entries to the trailer. */
export function writePdf(objects: string[], trailer = ''): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(obj);
    length += obj.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${length}\n%%EOF\n`;
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}

/** A plain one-page PDF with text: the good file added beside each bad one. */
export async function goodPdf(label: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([612, 792]).drawText(`Good document: ${label}`, { x: 72, y: 700, font, size: 18 });
  return Buffer.from(await doc.save());
}

async function javascriptPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  const action = doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of("app.launchURL('https://evil.example/', true);") });
  doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(action));
  return Buffer.from(await doc.save());
}

/** `pages` pages sharing one page size, in one flat page tree: small on disk, huge as a fax. */
export function manyPagesPdf(pages: number): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 3} 0 R`).join(' ');
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 612 792] >>`];
  for (let i = 0; i < pages; i++) objects.push('<< /Type /Page /Parent 2 0 R >>');
  return writePdf(objects);
}

/** A TIFF whose page directory points back at itself: a reader that follows the chain never ends. */
export function loopingTiff(): Buffer {
  const bytes = Buffer.alloc(8 + 2 + 12 + 4);
  bytes.write('II', 0, 'latin1');
  bytes.writeUInt16LE(42, 2);
  bytes.writeUInt32LE(8, 4); // first IFD at 8
  bytes.writeUInt16LE(1, 8); // one entry
  bytes.writeUInt16LE(256, 10); // ImageWidth
  bytes.writeUInt16LE(3, 12); // SHORT
  bytes.writeUInt32LE(1, 14);
  bytes.writeUInt32LE(100, 18);
  bytes.writeUInt32LE(8, 22); // next IFD: itself
  return bytes;
}

/** The minimal ELF header of a Linux program. */
function program(): Buffer {
  const bytes = Buffer.alloc(256);
  Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]).copy(bytes);
  return bytes;
}

export const SPARSE_BYTES = 1024 ** 3;

/**
 * Writes the corpus into `dir`. `pageCount` is the page count of the huge PDF (the full run uses more).
 * The vanishing file is written but only disappears while Faxdesk reads it (see bad-files.ts).
 */
export async function writeCorpus(dir: string, options: { pageCount: number }): Promise<BadFile[]> {
  fs.mkdirSync(dir, { recursive: true });
  const files: BadFile[] = [];
  const add = (what: string, name: string, bytes: Buffer) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    files.push({ what, name, path: file, bytes, kind: 'file' });
  };
  add('an empty file', 'empty.pdf', Buffer.alloc(0));
  const noPages = await PDFDocument.create();
  add('a PDF with no pages', 'no-pages.pdf', Buffer.from(await noPages.save({ addDefaultPage: false })));
  add(
    'an encrypted PDF',
    'encrypted.pdf',
    writePdf(
      ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>', '<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -44 >>'],
      '/Encrypt 4 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>] ',
    ),
  );
  const whole = await goodPdf('cut short');
  add('a truncated PDF', 'truncated.pdf', whole.subarray(0, Math.floor(whole.length * 0.6)));
  add('a PDF with JavaScript', 'javascript.pdf', await javascriptPdf());
  add(`a PDF of ${options.pageCount.toLocaleString('en-US')} pages`, 'huge-page-count.pdf', manyPagesPdf(options.pageCount));
  add('a TIFF whose page directories loop', 'looping.tif', loopingTiff());
  add('a web page saved as .pdf (a failed download)', 'invoice.pdf', Buffer.from('<!DOCTYPE html><html><body><h1>403 Forbidden</h1></body></html>\n'));
  add('a program named .pdf', 'report.pdf', program());

  const sparse = path.join(dir, 'sparse-1GB.pdf');
  const fd = fs.openSync(sparse, 'w');
  fs.writeSync(fd, Buffer.from('%PDF-1.7\n'));
  fs.ftruncateSync(fd, SPARSE_BYTES);
  fs.closeSync(fd);
  files.push({ what: 'a 1 GB sparse file', name: 'sparse-1GB.pdf', path: sparse, bytes: null, kind: 'sparse' });

  const link = path.join(dir, 'notes.txt');
  fs.symlinkSync('/etc/passwd', link);
  files.push({ what: 'a symlink to /etc/passwd', name: 'notes.txt', path: link, bytes: null, kind: 'symlink' });

  const folder = path.join(dir, 'Scans.pdf');
  fs.mkdirSync(folder);
  fs.writeFileSync(path.join(folder, 'inside.pdf'), await goodPdf('inside a folder'));
  files.push({ what: 'a folder', name: 'Scans.pdf', path: folder, bytes: null, kind: 'folder' });

  // Large enough to be read in many chunks, so it can vanish between two of them.
  const vanishing = path.join(dir, 'vanishing.txt');
  fs.writeFileSync(vanishing, Buffer.alloc(48 * 1024 * 1024, 'Faxdesk text line\n'));
  files.push({ what: 'a file that disappears while being read', name: 'vanishing.txt', path: vanishing, bytes: null, kind: 'vanishing' });
  return files;
}
