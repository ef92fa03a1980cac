import { zipSync, strToU8 } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { appendDocument, RenderError } from '../../../../src/emulator/images/documents';
import { readZipEntries } from '../../../../src/emulator/images/codecs';
import { PdfText } from '../../../../src/pdf-text';
import { pdfLines } from '../../pdf-text/extract';

const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const docx = (body: string, level: 0 | 6 = 6) =>
  zipSync({ '[Content_Types].xml': strToU8('<Types/>'), 'word/document.xml': [strToU8(`<w:document><w:body>${body}</w:body></w:document>`), { level }] });

async function render(type: string, bytes: Uint8Array): Promise<{ pages: number; lines: string[] }> {
  const doc = await PDFDocument.create();
  const pages = await appendDocument(doc, PdfText.for(doc), type, bytes);
  return { pages, lines: (await pdfLines(await doc.save())).flat() };
}

describe('Sandbox rendering of office documents (ZIP through fflate)', () => {
  it('lays out the text of a DOCX, deflated or stored', async () => {
    for (const level of [6, 0] as const) {
      const { pages, lines } = await render('DOCX', docx(paragraph('Quarterly report') + paragraph('Second &amp; last line'), level));
      expect(pages).toBe(1);
      expect(lines).toEqual(expect.arrayContaining(['Quarterly report', 'Second & last line']));
    }
  });

  it('lays out one page per PPTX slide, in slide order', async () => {
    const slide = (text: string) => strToU8(`<p:sld><a:p><a:r><a:t>${text}</a:t></a:r></a:p></p:sld>`);
    const pptx = zipSync({ 'ppt/slides/slide10.xml': slide('Tenth'), 'ppt/slides/slide2.xml': slide('Second'), 'ppt/slides/slide1.xml': slide('First') });
    const doc = await PDFDocument.create();
    expect(await appendDocument(doc, PdfText.for(doc), 'PPTX', pptx)).toBe(3);
    expect((await pdfLines(await doc.save())).map((page) => page.find((line) => /First|Second|Tenth/.test(line)))).toEqual(['First', 'Second', 'Tenth']);
  });

  it('refuses a damaged or cut-off archive, a DOCX without its document, and adds no page', async () => {
    const whole = docx(paragraph('x'));
    await expect(render('DOCX', whole.subarray(0, whole.length - 30))).rejects.toThrow(RenderError);
    await expect(render('DOCX', strToU8('not a zip at all, just text'))).rejects.toThrow(/cannot be read/);
    await expect(render('DOCX', zipSync({ 'other.xml': strToU8('<x/>') }))).rejects.toThrow(/no word\/document.xml/);
  });

  it('refuses an entry that claims to unpack to more than 256 MB before inflating anything', () => {
    const zip = docx(paragraph('x'));
    // Rewrite the uncompressed size of word/document.xml in its central directory entry.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let at = view.getUint32(zip.length - 22 + 16, true);
    for (;;) {
      const nameLength = view.getUint16(at + 28, true);
      const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
      if (name === 'word/document.xml') break;
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    }
    view.setUint32(at + 24, 0xfffffff0, true);
    expect(() => readZipEntries(zip, (name) => name === 'word/document.xml')).toThrow(/claims 4294967280 bytes/);
    // An entry nobody asked for is not inflated, whatever it claims.
    expect(readZipEntries(zip, (name) => name === '[Content_Types].xml').get('[Content_Types].xml')?.toString()).toBe('<Types/>');
  });
});
