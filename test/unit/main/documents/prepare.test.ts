import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocumentStore, type DocumentStore } from '../../../../src/main/documents/document-store';
import {
  displayName,
  prepareDocumentFromBytes,
  prepareDocuments,
} from '../../../../src/main/documents/prepare';
import {
  base64Length,
  checkDocumentSet,
  estimatePayloadBytes,
  MAX_PAYLOAD_BYTES,
  MAX_SINGLE_FILE_BYTES,
  PAYLOAD_BYTES_PER_DOCUMENT,
  PAYLOAD_ENVELOPE_RESERVE_BYTES,
  type PrepareProgress,
  type PreparedDocument,
} from '../../../../src/shared/domain/documents';
import { makeDocx, makeEncryptedPdf, makeJpeg, makePdf, makePng, makeTiff } from './fixtures';

const MIB = 1024 * 1024;

let dir: string;
let store: DocumentStore;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxdesk-prepare-'));
  store = createDocumentStore(path.join(dir, 'data'));
});
afterEach(async () => {
  await fs.chmod(dir, 0o700).catch(() => undefined);
  await fs.rm(dir, { recursive: true, force: true });
});

async function write(name: string, bytes: Uint8Array | string): Promise<string> {
  const file = path.join(dir, name);
  await fs.writeFile(file, bytes);
  return file;
}

/** A sparse file of `size` bytes: large on paper, nothing written. */
async function sparse(name: string, size: number): Promise<string> {
  const file = path.join(dir, name);
  const handle = await fs.open(file, 'w');
  await handle.truncate(size);
  await handle.close();
  return file;
}

describe('payload arithmetic', () => {
  it('counts base64 as 4 characters per 3 bytes, rounded up', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(base64Length)).toEqual([0, 4, 4, 4, 8, 8, 8]);
    expect(base64Length(75 * MIB)).toBe(100 * MIB);
  });

  it('estimates the request body as base64 plus JSON per document plus an envelope reserve', () => {
    expect(estimatePayloadBytes([])).toBe(PAYLOAD_ENVELOPE_RESERVE_BYTES);
    expect(estimatePayloadBytes([3, 4])).toBe(PAYLOAD_ENVELOPE_RESERVE_BYTES + 4 + PAYLOAD_BYTES_PER_DOCUMENT + 8 + PAYLOAD_BYTES_PER_DOCUMENT);
    expect(estimatePayloadBytes([MAX_SINGLE_FILE_BYTES])).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(estimatePayloadBytes([MAX_SINGLE_FILE_BYTES + 1])).toBeGreaterThan(MAX_PAYLOAD_BYTES);
  });

  it('words the set-wide size limit with exact numbers, rounded up past the limit', () => {
    // A set encoding to just over 104.1 MB reads "104.2 MB".
    const size = 3 * Math.floor((104.15 * MIB - PAYLOAD_ENVELOPE_RESERVE_BYTES - 2 * PAYLOAD_BYTES_PER_DOCUMENT) / 4) - 1000;
    const problems = checkDocumentSet([
      { name: 'a.pdf', size: 1000 },
      { name: 'big.pdf', size },
    ]);
    expect(problems).toEqual([
      {
        file: 'big.pdf',
        code: 'TOO_LARGE',
        message:
          'The documents add up to 104.2 MB once encoded for sending; the service accepts at most 100 MB. Remove or split a document. The largest is "big.pdf" (78.1 MB).',
      },
    ]);
  });

  it('counts documents: 25 pass, 26 do not', () => {
    const docs = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i + 1}.pdf`, size: 10 }));
    expect(checkDocumentSet(docs(25))).toEqual([]);
    expect(checkDocumentSet(docs(27))).toEqual([
      { file: 'p26.pdf', code: 'TOO_MANY', message: '27 documents were added; a fax can carry at most 25. Remove 2 documents, or send the others as a second fax.' },
    ]);
  });
});

describe('prepareDocuments', () => {
  it('prepares a mixed set: types from content, pages, converted-by-service flags, stored bytes', async () => {
    const files = [
      { path: await write('report.pdf', await makePdf(3)) },
      { path: await write('memo.txt', 'Hello\n'.repeat(70)) },
      { path: await write('photo.jpg', makeJpeg(32, 16)) },
      { path: await write('scan.png', makePng(10, 10)) },
      { path: await write('fax.tif', makeTiff(8, 8, [0, 255])) },
      { path: await write('letter.docx', makeDocx()), name: 'Letter to ACME.docx' },
      { path: await write('page.html', '<!doctype html><p>Hi</p>') },
    ];
    const { documents, problems } = await prepareDocuments(files, { store });
    expect(problems).toEqual([]);
    expect(documents.map((d) => [d.name, d.type, d.pages, d.convertedByService])).toEqual([
      ['report.pdf', 'PDF', 3, false],
      ['memo.txt', 'TXT', 2, false],
      ['photo.jpg', 'JPG', 1, false],
      ['scan.png', 'PNG', 1, false],
      ['fax.tif', 'TIFF', 2, false],
      ['Letter to ACME.docx', 'DOCX', null, true],
      ['page.html', 'HTML', null, true],
    ]);
    expect(documents[1]!.pagesEstimated).toBe(true);
    expect(documents[2]!.imageSize).toEqual({ width: 32, height: 16 });
    for (const [i, document] of documents.entries()) {
      expect(await store.read(document.id)).toEqual(await fs.readFile(files[i]!.path));
      expect(document.size).toBe((await fs.stat(files[i]!.path)).size);
    }
  });

  it('detects a PDF named .txt as PDF with a warning', async () => {
    const { documents, problems } = await prepareDocuments([{ path: await write('invoice.txt', await makePdf(2)) }], { store });
    expect(problems).toEqual([]);
    expect(documents[0]).toMatchObject({ type: 'PDF', pages: 2, warnings: ['"invoice.txt" is a PDF document, not plain text as its name suggests; it will be sent as PDF.'] });
  });

  it('reports each bad file with its own code, keeping the good ones', async () => {
    const pdf = await makePdf(2, { objectStreams: false });
    const files = [
      { path: await write('good.pdf', pdf) },
      { path: await write('empty.pdf', '') },
      { path: await write('cut.pdf', pdf.subarray(0, pdf.length / 2)) },
      { path: await write('locked.pdf', makeEncryptedPdf('pw')) },
      { path: await write('anim.gif', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00', 'latin1')) },
      { path: path.join(dir, 'gone.pdf') },
      { path: await write('error.pdf', '<html><body>Session expired</body></html>') },
    ];
    await fs.mkdir(path.join(dir, 'folder'));
    files.push({ path: path.join(dir, 'folder') });
    const { documents, problems } = await prepareDocuments(files, { store });
    expect(documents.map((d) => d.name)).toEqual(['good.pdf']);
    expect(problems.map((p) => [p.file, p.code])).toEqual([
      ['empty.pdf', 'EMPTY'],
      ['cut.pdf', 'CORRUPT'],
      ['locked.pdf', 'ENCRYPTED'],
      ['anim.gif', 'UNSUPPORTED'],
      ['gone.pdf', 'UNREADABLE'],
      ['error.pdf', 'MISMATCH'],
      ['folder', 'UNREADABLE'],
    ]);
    expect(problems[0]!.message).toBe('"empty.pdf" is empty (0 bytes). Check that it was saved completely, then add it again.');
    expect(problems[1]!.message).toContain('the file is cut off');
    expect(problems[2]!.message).toContain('password-protected');
    expect(problems[3]!.message).toContain('is a GIF image, which cannot be faxed');
    expect(problems[4]!.message).toBe('"gone.pdf" could not be read: it no longer exists (it was moved, renamed or deleted) (ENOENT). Check the file and add it again.');
    expect(problems[5]!.message).toContain('a failed download often looks like this');
    expect(problems[6]!.message).toBe('"folder" is a folder. Add the files inside it instead.');
    // Only the good file is stored; the copies of the refused ones, made as they were read, are gone.
    const stored = (await fs.readdir(store.root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
    expect(stored).toEqual([documents[0]!.id]);
  });

  it('stores a UTF-16 text file as UTF-8, not the copy made as it was read', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zürich\n', 'utf16le')]);
    const { documents } = await prepareDocuments([{ path: await write('note.txt', utf16) }], { store });
    expect((await store.read(documents[0]!.id)).toString('utf8')).toBe('Zürich\n');
    const stored = (await fs.readdir(store.root, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);
    expect(stored).toEqual([documents[0]!.id]);
  });

  it('says a file could not be stored only when it passed its checks', async () => {
    await fs.mkdir(path.join(dir, 'data'), { recursive: true });
    await fs.writeFile(path.join(dir, 'data', 'documents'), 'a file where the folder should be');
    const locked = await write('locked.pdf', makeEncryptedPdf('pw'));
    expect((await prepareDocuments([{ path: locked }], { store })).problems.map((p) => p.code)).toEqual(['ENCRYPTED']);
    const good = await write('good.pdf', await makePdf(1));
    await expect(prepareDocuments([{ path: good }], { store })).rejects.toMatchObject({ code: 'STORAGE' });
  });

  it.skipIf(process.getuid?.() === 0 || process.platform === 'win32')('reports a file it may not read as UNREADABLE with the OS reason', async () => {
    const file = await write('private.pdf', await makePdf(1));
    await fs.chmod(file, 0o000);
    const { problems } = await prepareDocuments([{ path: file }], { store });
    expect(problems).toEqual([{ file: 'private.pdf', code: 'UNREADABLE', message: '"private.pdf" could not be read: permission denied (EACCES). Check the file and add it again.' }]);
  });

  it('refuses 26 documents with TOO_MANY, naming the numbers', async () => {
    const files = [];
    for (let i = 1; i <= 26; i++) files.push({ path: await write(`page${i}.txt`, `Page ${i}\n`) });
    const { documents, problems } = await prepareDocuments(files, { store });
    expect(documents).toHaveLength(26);
    expect(problems).toEqual([
      { file: 'page26.txt', code: 'TOO_MANY', message: '26 documents were added; a fax can carry at most 25. Remove 1 document, or send the others as a second fax.' },
    ]);
  });

  it('counts documents already attached towards the limit', async () => {
    const attached: PreparedDocument[] = Array.from({ length: 25 }, (_, i) => ({
      id: String(i).padStart(64, '0'),
      name: `old${i}.pdf`,
      type: 'PDF',
      size: 1000,
      pages: 1,
      convertedByService: false,
      warnings: [],
    }));
    const { problems } = await prepareDocuments([{ path: await write('one-more.txt', 'x') }], { store, existing: attached });
    expect(problems).toEqual([
      { file: 'one-more.txt', code: 'TOO_MANY', message: '26 documents were added; a fax can carry at most 25. Remove 1 document, or send the others as a second fax.' },
    ]);
  });

  it('refuses a single file too large to send without reading it (sparse 80 MB file)', async () => {
    const file = await sparse('huge.pdf', 80 * MIB);
    const progress: PrepareProgress[] = [];
    const { documents, problems } = await prepareDocuments([{ path: file }], { store, onProgress: (p) => progress.push(p) });
    expect(documents).toEqual([]);
    expect(problems).toEqual([
      {
        file: 'huge.pdf',
        code: 'TOO_LARGE',
        message:
          '"huge.pdf" is 80.0 MB, which is 106.8 MB once encoded for sending; the service accepts at most 100 MB per fax. Split it into smaller files (or scan it at a lower resolution) and add them instead.',
      },
    ]);
    expect(progress).toEqual([]); // never read
  });

  it('refuses a set that is too large together, counting documents already attached', async () => {
    const attached = (name: string, size: number): PreparedDocument => ({ id: 'f'.repeat(64), name, type: 'PDF', size, pages: 40, convertedByService: false, warnings: [] });
    const existing = [attached('scan.pdf', 40 * MIB), attached('annex.pdf', 36 * MIB)];
    const { documents, problems } = await prepareDocuments([{ path: await write('extra.pdf', await makePdf(1)) }], { store, existing });
    expect(documents).toHaveLength(1);
    expect(problems).toEqual([
      {
        file: 'scan.pdf',
        code: 'TOO_LARGE',
        message:
          'The documents add up to 101.4 MB once encoded for sending; the service accepts at most 100 MB. Remove or split a document. The largest is "scan.pdf" (40.0 MB).',
      },
    ]);
  });

  it('reports progress per file and overall, in order, for a file read in several chunks', async () => {
    const big = await write('big.txt', 'line of text\n'.repeat(300_000)); // 3.9 MB
    const small = await write('small.txt', 'hi\n');
    const progress: PrepareProgress[] = [];
    await prepareDocuments([{ path: big }, { path: small }], { store, onProgress: (p) => progress.push(p) });
    const bigSize = (await fs.stat(big)).size;
    const reading = progress.filter((p) => p.file === 'big.txt' && p.phase === 'reading');
    expect(reading.length).toBeGreaterThanOrEqual(5);
    expect(reading.map((p) => p.bytesDone)).toEqual([...reading.map((p) => p.bytesDone)].sort((a, b) => a - b));
    expect(reading.at(-1)).toMatchObject({ bytesDone: bigSize, bytesTotal: bigSize, index: 0, count: 2 });
    expect(progress.filter((p) => p.file === 'big.txt').map((p) => p.phase).filter((ph, i, all) => ph !== all[i - 1])).toEqual(['reading', 'checking', 'storing', 'done']);
    expect(progress.at(-1)).toMatchObject({ file: 'small.txt', phase: 'done', allBytesDone: bigSize + 3, allBytesTotal: bigSize + 3 });
  });

  it('warns when the same content is added twice', async () => {
    const bytes = await makePdf(1);
    const { documents } = await prepareDocuments([{ path: await write('a.pdf', bytes) }, { path: await write('b.pdf', bytes) }], { store });
    expect(documents[0]!.id).toBe(documents[1]!.id);
    expect(documents[1]!.warnings).toEqual(['"b.pdf" has the same content as "a.pdf"; it will be sent twice.']);
  });
});

describe('prepareDocumentFromBytes', () => {
  it('prepares pasted bytes with the same checks, and cleans the name', async () => {
    const { documents, problems } = await prepareDocumentFromBytes('C:\\Users\\me\\clip\u0007.png', makePng(5, 5), { store });
    expect(problems).toEqual([]);
    expect(documents[0]).toMatchObject({ name: 'clip.png', type: 'PNG', pages: 1 });
    expect(displayName('')).toBe('document');
  });

  it('stores UTF-16 text as UTF-8', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Zürich\n', 'utf16le')]);
    const { documents } = await prepareDocumentFromBytes('note.txt', utf16, { store });
    expect((await store.read(documents[0]!.id)).toString('utf8')).toBe('Zürich\n');
    expect(documents[0]!.size).toBe(Buffer.byteLength('Zürich\n'));
  });

  it('refuses bad bytes with the same codes', async () => {
    const { documents, problems } = await prepareDocumentFromBytes('x.jpg', makeJpeg(16, 16).subarray(0, 40), { store });
    expect(documents).toEqual([]);
    expect(problems.map((p) => p.code)).toEqual(['CORRUPT']);
  });
});
