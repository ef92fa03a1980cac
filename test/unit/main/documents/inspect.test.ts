import { deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { estimateTextPages } from '../../../../src/main/documents/formats/text';
import { inspectDocument, type Inspection } from '../../../../src/main/documents/inspect';
import type { DocumentType } from '../../../../src/shared/domain/documents';
import {
  decodeJpegWithUtif,
  makeDoc,
  makeDocx,
  makeEncryptedPdf,
  makeJpeg,
  makePdf,
  makePng,
  makeTiff,
  makeTiffWithUtif,
  makeXls,
  makeZip,
} from './fixtures';

async function accepted(name: string, type: DocumentType, bytes: Uint8Array) {
  const result = await inspectDocument(name, type, bytes);
  if (!result.ok) throw new Error(`expected acceptance, got ${result.code}: ${result.message}`);
  return result;
}

async function refused(name: string, type: DocumentType, bytes: Uint8Array): Promise<Extract<Inspection, { ok: false }>> {
  const result = await inspectDocument(name, type, bytes);
  if (result.ok) throw new Error('expected a refusal');
  return result;
}

async function pdfjsOpen(bytes: Uint8Array, password?: string): Promise<number> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes), password, verbosity: 0 });
  const doc = await task.promise;
  const pages = doc.numPages;
  await task.destroy();
  return pages;
}

describe('PDF', () => {
  it('counts pages (with and without object streams)', async () => {
    expect((await accepted('a.pdf', 'PDF', await makePdf(3))).pages).toBe(3);
    expect((await accepted('b.pdf', 'PDF', await makePdf(7, { objectStreams: false }))).pages).toBe(7);
  });

  it('the encrypted fixture really needs a password (checked with pdfjs)', async () => {
    const locked = makeEncryptedPdf('secret');
    await expect(pdfjsOpen(locked)).rejects.toMatchObject({ name: 'PasswordException' });
    expect(await pdfjsOpen(locked, 'secret')).toBe(1);
    expect(await pdfjsOpen(makeEncryptedPdf(''))).toBe(1);
  });

  it('refuses a password-protected PDF as ENCRYPTED, saying how to remove the password', async () => {
    const result = await refused('statement.pdf', 'PDF', makeEncryptedPdf('secret'));
    expect(result.code).toBe('ENCRYPTED');
    expect(result.message).toBe(
      '"statement.pdf" is password-protected (encrypted). Remove the password, for example by printing it to a new PDF ("Save as PDF" / "Microsoft Print to PDF"), and add that file instead.',
    );
  });

  it('also refuses a PDF encrypted with restrictions only (opens without a password): the service may not open it', async () => {
    expect((await refused('restricted.pdf', 'PDF', makeEncryptedPdf(''))).code).toBe('ENCRYPTED');
  });

  it('refuses a PDF cut off in the middle as CORRUPT, even where pdf-lib alone would load it', async () => {
    const whole = await makePdf(3, { objectStreams: false });
    for (const fraction of [0.3, 0.5, 0.8, 0.99]) {
      const result = await refused('cut.pdf', 'PDF', whole.subarray(0, Math.floor(whole.length * fraction)));
      expect(result.code).toBe('CORRUPT');
      expect(result.message).toBe('"cut.pdf" is damaged: the file is cut off (its end is missing). Download or export it again, and add the new file.');
    }
  });

  it('refuses a PDF whose structure is garbage as CORRUPT', async () => {
    const result = await refused('junk.pdf', 'PDF', Buffer.from('%PDF-1.4\nthis is not a pdf at all\n%%EOF\n'));
    expect(result.code).toBe('CORRUPT');
    expect(result.message).toContain('"junk.pdf" is damaged:');
    expect(result.message).toContain('Download or export it again');
  });

  it('refuses a PDF whose page tree loops, or is missing, as CORRUPT without hanging', async () => {
    const handWritten = (objects: string[]) => {
      let out = '%PDF-1.4\n';
      const offsets: number[] = [];
      objects.forEach((o, i) => {
        offsets.push(out.length);
        out += `${i + 1} 0 obj\n${o}\nendobj\n`;
      });
      const xref = out.length;
      out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
      out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
      return Buffer.from(out, 'latin1');
    };
    for (const objects of [
      ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R] /Count 1 >>'],
      ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>'],
      ['<< /Type /Catalog >>'],
    ]) {
      const result = await refused('loop.pdf', 'PDF', handWritten(objects));
      expect(result.code).toBe('CORRUPT');
      expect(result.message).toContain('its page list cannot be read');
    }
  });

  it('refuses a PDF with no pages as EMPTY', async () => {
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    const result = await refused('none.pdf', 'PDF', empty);
    expect(result.code).toBe('EMPTY');
    expect(result.message).toBe('"none.pdf" is a PDF document but it has no pages, so there is nothing to fax. Download or export it again, and add the new file.');
  });
});

describe('plain text', () => {
  it('estimates pages at 80 columns by 66 lines', () => {
    const lines = (n: number) => Array.from({ length: n }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    expect(estimateTextPages('x')).toBe(1);
    expect(estimateTextPages(lines(66))).toBe(1);
    expect(estimateTextPages(lines(67))).toBe(2);
    expect(estimateTextPages(lines(132))).toBe(2);
    expect(estimateTextPages(lines(133))).toBe(3);
    expect(estimateTextPages(lines(66).replace(/\n/g, '\r\n'))).toBe(1);
  });

  it('wraps long lines at 80 columns and expands tabs to 8-column stops', () => {
    // 65 short lines plus one of 81 characters (2 visual lines) = 67 lines = 2 pages.
    expect(estimateTextPages('a\n'.repeat(65) + 'b'.repeat(81) + '\n')).toBe(2);
    expect(estimateTextPages('a\n'.repeat(65) + 'b'.repeat(80) + '\n')).toBe(1);
    // 10 tabs fill the 80 columns, so a character after them wraps; after 9 tabs it fits.
    expect(estimateTextPages('a\n'.repeat(65) + '\t'.repeat(10) + 'x\n')).toBe(2);
    expect(estimateTextPages('a\n'.repeat(65) + '\t'.repeat(9) + 'x\n')).toBe(1);
  });

  it('starts a new page at a form feed, without an extra page for a trailing one', () => {
    expect(estimateTextPages('page one\fpage two\fpage three')).toBe(3);
    expect(estimateTextPages('page one\f')).toBe(1);
    expect(estimateTextPages('page one\f\fpage three')).toBe(3);
  });

  it('accepts text with an estimated page count', async () => {
    const result = await accepted('memo.txt', 'TXT', Buffer.from('x\n'.repeat(100)));
    expect(result).toEqual({ ok: true, pages: 2, pagesEstimated: true, warnings: [] });
  });

  it('sends UTF-16 text as UTF-8, and says so', async () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Grüße aus Köln\n', 'utf16le')]);
    const result = await accepted('gruss.txt', 'TXT', utf16);
    expect(Buffer.from(result.bytes!).toString('utf8')).toBe('Grüße aus Köln\n');
    expect(result.warnings).toEqual(['"gruss.txt" is UTF-16 text; it is sent as UTF-8.']);
  });

  it('warns that Windows (ANSI) text may show accents wrongly', async () => {
    const result = await accepted('menu.txt', 'TXT', Buffer.from('Caf\xe9\n', 'latin1'));
    expect(result.bytes).toBeUndefined();
    expect(result.warnings[0]).toContain('is not UTF-8 text; it is read as Windows (ANSI) text');
    expect(result.warnings[0]).toContain('save it as UTF-8');
  });

  it('refuses text that is only blanks as EMPTY', async () => {
    const result = await refused('blank.txt', 'TXT', Buffer.from(' \r\n\t\n\n  '));
    expect(result.code).toBe('EMPTY');
    expect(result.message).toBe('"blank.txt" contains no text (only spaces or blank lines), so there is nothing to fax. Check the file and add it again.');
  });
});

describe('images', () => {
  it('accepts a PNG: one page, with its size', async () => {
    expect(await accepted('a.png', 'PNG', makePng(30, 20))).toEqual({ ok: true, pages: 1, pagesEstimated: false, warnings: [], imageSize: { width: 30, height: 20 } });
  });

  it('our PNG fixture is a real PNG (pdf-lib decodes it)', async () => {
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(makePng(30, 20));
    expect([image.width, image.height]).toEqual([30, 20]);
  });

  it('refuses a cut-off PNG as CORRUPT without hanging (pdf-lib 1.17.1 loops on these)', async () => {
    const png = makePng(300, 200);
    for (const length of [20, 40, Math.floor(png.length / 2), png.length - 12]) {
      const result = await refused('cut.png', 'PNG', png.subarray(0, length));
      expect(result.code).toBe('CORRUPT');
      expect(result.message).toMatch(/^"cut\.png" is damaged: the file is cut off.*Open it in an image editor, save it again, and add the new file\.$/);
    }
  });

  it('refuses a PNG with a flipped byte as CORRUPT (checksum)', async () => {
    const png = Buffer.from(makePng(30, 20));
    png[45] ^= 0xff; // inside IDAT
    const result = await refused('flip.png', 'PNG', png);
    expect(result.code).toBe('CORRUPT');
    expect(result.message).toContain('its IDAT chunk fails its checksum');
  });

  it('refuses a PNG whose image data is shorter than its header promises', async () => {
    // A valid PNG structure whose IDAT inflates to one row of a 30x20 image.
    const good = makePng(30, 20);
    const idatStart = good.indexOf(Buffer.from('IDAT')) - 4;
    const short = deflateSync(Buffer.alloc(1 + 30 * 3));
    const chunk = Buffer.alloc(12 + short.length);
    chunk.writeUInt32BE(short.length, 0);
    chunk.write('IDAT', 4, 'latin1');
    short.copy(chunk, 8);
    const { crc32 } = await import('node:zlib');
    chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + short.length)), 8 + short.length);
    const bytes = Buffer.concat([good.subarray(0, idatStart), chunk, good.subarray(good.length - 12)]);
    const result = await refused('short.png', 'PNG', bytes);
    expect(result.code).toBe('CORRUPT');
    expect(result.message).toContain('its image data is incomplete');
  });

  it('accepts a JPEG: one page, with its size; the fixture decodes with utif2', async () => {
    const jpeg = makeJpeg(40, 24);
    expect(decodeJpegWithUtif(jpeg)).toEqual([40, 24, 128]);
    expect(await accepted('a.jpg', 'JPG', jpeg)).toEqual({ ok: true, pages: 1, pagesEstimated: false, warnings: [], imageSize: { width: 40, height: 24 } });
  });

  it('refuses a cut-off JPEG as CORRUPT, even when its EXIF thumbnail is complete', async () => {
    for (const jpeg of [makeJpeg(64, 64), makeJpeg(64, 64, { exifThumbnail: true })]) {
      const result = await refused('photo.jpg', 'JPG', jpeg.subarray(0, jpeg.length - 2));
      expect(result.code).toBe('CORRUPT');
      expect(result.message).toContain('"photo.jpg" is damaged: the file is cut off');
    }
  });

  it('refuses a JPEG cut off inside its headers as CORRUPT', async () => {
    const result = await refused('photo.jpg', 'JPG', makeJpeg(16, 16).subarray(0, 30));
    expect(result.code).toBe('CORRUPT');
  });

  it('counts TIFF pages and checks they are all there; the fixture decodes with utif2', async () => {
    expect(await accepted('fax.tif', 'TIFF', makeTiff(16, 12, [0, 128, 255]))).toEqual({
      ok: true,
      pages: 3,
      pagesEstimated: false,
      warnings: [],
      imageSize: { width: 16, height: 12 },
    });
    expect((await accepted('one.tif', 'TIFF', makeTiffWithUtif(8, 8))).pages).toBe(1);
  });

  it('reads a TIFF held in a view of a larger buffer (as Node pools small reads)', async () => {
    const view = Buffer.concat([Buffer.alloc(100, 0xee), makeTiff(8, 8, [0, 255])]).subarray(100);
    expect((await accepted('pooled.tif', 'TIFF', view)).pages).toBe(2);
  });

  it('refuses a TIFF cut off in its last page as CORRUPT', async () => {
    const tiff = makeTiff(16, 12, [0, 128, 255]);
    const result = await refused('fax.tif', 'TIFF', tiff.subarray(0, tiff.length - 10));
    expect(result.code).toBe('CORRUPT');
    expect(result.message).toBe("\"fax.tif\" is damaged: the file is cut off (page 3's image data is incomplete). Scan or save it again, and add the new file.");
  });

  it('refuses a TIFF whose page directories loop as CORRUPT, without hanging', async () => {
    const tiff = makeTiff(4, 4, [0, 255]);
    const secondIfd = 8 + (2 + 9 * 12 + 4 + 16);
    tiff.writeUInt32LE(8, secondIfd + 2 + 9 * 12); // page 2 points back to page 1
    const result = await refused('loop.tif', 'TIFF', tiff);
    expect(result.code).toBe('CORRUPT');
    expect(result.message).toContain('its page directories loop');
  });
});

describe('types the service converts', () => {
  it('passes DOCX, XLSX, DOC, XLS, RTF and HTML through: no page count', async () => {
    for (const [type, bytes] of [
      ['DOCX', makeDocx()],
      ['DOC', makeDoc()],
      ['XLS', makeXls()],
      ['RTF', Buffer.from('{\\rtf1 Hello}')],
      ['HTML', Buffer.from('<html><body>Hi</body></html>')],
    ] as const) {
      expect(await accepted(`x.${type.toLowerCase()}`, type, bytes)).toEqual({ ok: true, pages: null, pagesEstimated: false, warnings: [] });
    }
  });

  it('refuses a DOC whose Word header says it is encrypted as ENCRYPTED (small and large WordDocument streams)', async () => {
    for (const doc of [makeDoc(true), makeDoc(true, true)]) {
      const result = await refused('secret.doc', 'DOC', doc);
      expect(result.code).toBe('ENCRYPTED');
      expect(result.message).toBe(
        '"secret.doc" is password-protected. Open it in Word, remove the password (File > Info > Protect > Encrypt with Password), save it, and add it again.',
      );
    }
  });

  it('accepts an XLS with a FILEPASS record but warns (Excel encrypts some workbooks that open without a password)', async () => {
    const result = await accepted('locked.xls', 'XLS', makeXls(true));
    expect(result.warnings).toEqual([
      '"locked.xls" is encrypted. If Excel asks for a password to open it, remove the password and add it again: the service cannot open password-protected workbooks.',
    ]);
  });

  it('refuses a DOCX whose entries are flagged encrypted as ENCRYPTED', async () => {
    const docx = makeZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: 'xx', flags: 1 },
    ]);
    expect((await refused('x.docx', 'DOCX', docx)).code).toBe('ENCRYPTED');
  });

  it('warns about an RTF that does not end like one (cut off), without refusing it', async () => {
    const result = await accepted('cut.rtf', 'RTF', Buffer.from('{\\rtf1\\ansi Hello wor'));
    expect(result.warnings).toEqual(['"cut.rtf" may be incomplete (it does not end the way RTF files do); check the fax preview after sending.']);
  });

  it('refuses an HTML file with nothing in it as EMPTY', async () => {
    expect((await refused('x.html', 'HTML', Buffer.from('   \n'))).code).toBe('EMPTY');
  });
});
