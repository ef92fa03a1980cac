/**
 * Files that open fine but must not become a fax, and files that change under Faxdesk's feet: active
 * content in PDFs, absurd page counts, symbolic links, a file deleted or replaced while it is read.
 * (Found by `npm run verify`'s bad-files part; each was accepted before.)
 */
import * as fsSync from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDocumentStore, type DocumentStore } from '../../../../src/main/documents/document-store';
import { inspectDocument } from '../../../../src/main/documents/inspect';
import { prepareDocuments } from '../../../../src/main/documents/prepare';
import { MAX_DOCUMENT_PAGES } from '../../../../src/shared/domain/documents';
import { manyPagesPdf } from '../../../../verify/bad-files/corpus';
import { makePdf, makeTiff } from './fixtures';

let dir: string;
let store: DocumentStore;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'faxdesk-hostile-'));
  store = createDocumentStore(path.join(dir, 'data'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function withAction(set: (doc: PDFDocument) => void, objectStreams = false): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  set(doc);
  return doc.save({ useObjectStreams: objectStreams });
}

describe('PDFs with active content', () => {
  const cases: [string, (doc: PDFDocument) => void, boolean][] = [
    ['a JavaScript open action', (doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert(1)') })), false],
    [
      'a document-level JavaScript name tree, inside an object stream',
      (doc) => doc.catalog.set(PDFName.of('Names'), doc.context.obj({ JavaScript: doc.context.obj({ Names: [PDFString.of('x'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of('1') })] }) })),
      true,
    ],
    ['a launch action on a page', (doc) => doc.getPage(0).node.set(PDFName.of('AA'), doc.context.obj({ O: doc.context.obj({ S: 'Launch', F: PDFString.of('calc.exe') }) })), false],
  ];
  for (const [what, set, objectStreams] of cases) {
    it(`refuses ${what}, naming the file and the fix`, async () => {
      const result = await inspectDocument('form.pdf', 'PDF', await withAction(set, objectStreams));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.code).toBe('UNSUPPORTED');
      expect(result.message).toMatch(/^"form\.pdf" contains (JavaScript|a launch action) \(code that runs when the file is opened\)/);
      expect(result.message).toMatch(/Print it to a new PDF/);
    });
  }

  it('accepts an ordinary PDF with links and an outline (no script)', async () => {
    const bytes = await withAction((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(0).ref, PDFName.of('Fit')])));
    expect((await inspectDocument('plain.pdf', 'PDF', bytes)).ok).toBe(true);
  });
});

describe('page count limit', () => {
  it(`accepts ${MAX_DOCUMENT_PAGES} pages and refuses one more, saying the count and the limit`, async () => {
    expect(await inspectDocument('max.pdf', 'PDF', manyPagesPdf(MAX_DOCUMENT_PAGES))).toMatchObject({ ok: true, pages: MAX_DOCUMENT_PAGES });
    const over = await inspectDocument('book.pdf', 'PDF', manyPagesPdf(MAX_DOCUMENT_PAGES + 1));
    expect(over).toMatchObject({ ok: false, code: 'TOO_LARGE' });
    expect(!over.ok && over.message).toMatch(/^"book\.pdf" has 1,001 pages; Faxdesk sends at most 1,000 pages per document/);
  });

  it('applies to TIFF pages too', async () => {
    const over = await inspectDocument('scan.tif', 'TIFF', makeTiff(2, 2, new Array<number>(MAX_DOCUMENT_PAGES + 1).fill(0)));
    expect(over).toMatchObject({ ok: false, code: 'TOO_LARGE' });
  });
});

describe('files that are not what they seem, or change while read', () => {
  it('refuses a symbolic link, naming where it points, and keeps the other files of the call', async () => {
    const good = path.join(dir, 'good.pdf');
    await fs.writeFile(good, await makePdf(1));
    const secret = path.join(dir, 'secret.txt');
    await fs.writeFile(secret, 'password: hunter2\n');
    const link = path.join(dir, 'invoice.txt');
    await fs.symlink(secret, link);
    const result = await prepareDocuments([{ path: good }, { path: link }], { store });
    expect(result.documents.map((d) => d.name)).toEqual(['good.pdf']);
    expect(result.problems).toHaveLength(1);
    expect(result.problems[0]).toMatchObject({ file: 'invoice.txt', code: 'UNREADABLE' });
    expect(result.problems[0]!.message).toContain(`"invoice.txt" is a link (symbolic link) to ${await fs.realpath(secret)}`);
  });

  it('follows links in the folders above the file (only the file itself must not be a link)', async () => {
    await fs.mkdir(path.join(dir, 'real'));
    await fs.writeFile(path.join(dir, 'real', 'doc.pdf'), await makePdf(1));
    await fs.symlink(path.join(dir, 'real'), path.join(dir, 'Documents'));
    const result = await prepareDocuments([{ path: path.join(dir, 'Documents', 'doc.pdf') }], { store });
    expect(result.problems).toEqual([]);
    expect(result.documents).toHaveLength(1);
  });

  it('refuses a file deleted while it is being read (its bytes were still readable)', async () => {
    const file = path.join(dir, 'scan.txt');
    await fs.writeFile(file, Buffer.alloc(3 * 1024 * 1024, 'line of text\n'));
    let deleted = false;
    const result = await prepareDocuments([{ path: file }], {
      store,
      onProgress: (p) => {
        if (!deleted && p.phase === 'reading' && p.bytesDone > 0) {
          deleted = true;
          // At once, while the read is under way (an asynchronous unlink could land after it finished).
          fsSync.unlinkSync(file);
        }
      },
    });
    expect(deleted).toBe(true);
    expect(result.documents).toEqual([]);
    expect(result.problems[0]).toMatchObject({ file: 'scan.txt', code: 'UNREADABLE' });
    expect(result.problems[0]!.message).toMatch(/was deleted, moved or replaced while it was being read/);
  });

  it('refuses a file replaced by another under the same name while it is read', async () => {
    const file = path.join(dir, 'report.txt');
    await fs.writeFile(file, Buffer.alloc(3 * 1024 * 1024, 'first version\n'));
    let replaced = false;
    const result = await prepareDocuments([{ path: file }], {
      store,
      onProgress: (p) => {
        if (!replaced && p.phase === 'reading' && p.bytesDone > 0) {
          replaced = true;
          // At once, while the read is under way (the read-ahead can finish before an asynchronous rename).
          fsSync.writeFileSync(`${file}.new`, 'second version\n');
          fsSync.renameSync(`${file}.new`, file);
        }
      },
    });
    expect(replaced).toBe(true);
    expect(result.documents).toEqual([]);
    expect(result.problems[0]!.message).toMatch(/deleted, moved or replaced/);
  });
});
