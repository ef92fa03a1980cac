import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { findFaxLine, parseToUnicode, pdfTextLines } from '../../../../src/main/printer/fax-line';

describe('the "Fax:" line', () => {
  it('finds the number on a line of its own, in the usual spellings', () => {
    expect(findFaxLine(['Invoice 42', 'Fax: +1 212 555 0147', 'Fax: 999'])).toBe('+12125550147');
    expect(findFaxLine(['  FAX NUMBER: (212) 555-0147  '])).toBe('2125550147');
    expect(findFaxLine(['To fax: 0044 20 7946 0000'])).toBe('00442079460000');
    expect(findFaxLine(['Our fax: +1 212 555 0147 for orders', 'Phone: +1 212 555 0100', 'Fax: call us'])).toBeNull();
  });

  it('reads lines of a PDF written with a standard font', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const page = doc.addPage([612, 792]);
    page.drawText('Purchase order', { x: 72, y: 700, font });
    page.drawText('Fax: +1 212 555 0147', { x: 72, y: 680, font });
    doc.addPage([612, 792]).drawText('Page two', { x: 72, y: 700, font });
    doc.addPage([612, 792]).drawText('Fax: +1 999 999 9999 (page three is not read)', { x: 72, y: 700, font });
    const lines = await pdfTextLines(await doc.save());
    expect(lines).toEqual(['Purchase order', 'Fax: +1 212 555 0147', 'Page two']);
    expect(findFaxLine(lines)).toBe('+12125550147');
  });

  it('maps codes through a ToUnicode CMap (bfchar and bfrange)', () => {
    const map = parseToUnicode('beginbfchar\n<0003> <0020>\nendbfchar\nbeginbfrange\n<0010> <0019> <0030>\n<0029> <002A> [<0046> <0061>]\nendbfrange');
    expect([3, 0x10, 0x19, 0x29, 0x2a].map((c) => map.get(c))).toEqual([' ', '0', '9', 'F', 'a']);
  });

  it('gives no lines, rather than failing, for what is not a readable PDF', async () => {
    expect(await pdfTextLines(Buffer.from('not a pdf'))).toEqual([]);
  });
});
