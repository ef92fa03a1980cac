import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readDestinations, telUriNumber } from '../../../../src/main/printer/destinations';
import { findFaxLine, parseToUnicode, pdfTextLines } from '../../../../src/main/printer/fax-line';
import { collection, text, uri } from './fixtures/ipp-values';

describe('FaxOut destinations', () => {
  it('reads the number of a tel: URI (RFC 3966), without separators, pauses or what is dialled after them', () => {
    expect(telUriNumber('tel:+1-212-555-0147')).toEqual({ ok: true, number: '+12125550147' });
    expect(telUriNumber('TEL:4055551212')).toEqual({ ok: true, number: '4055551212' });
    expect(telUriNumber('tel:(212)%20555.0147')).toEqual({ ok: true, number: '2125550147' });
    expect(telUriNumber('tel:2125550147p123')).toEqual({ ok: true, number: '2125550147' });
    expect(telUriNumber('tel:+442079460000;isub=12')).toEqual({ ok: true, number: '+442079460000' });
  });

  it('refuses what holds no number, saying why, and leaves judging a number to Compose', () => {
    expect(telUriNumber('mailto:a@b.c')).toMatchObject({ ok: false, reason: expect.stringMatching(/not a tel: address/) });
    expect(telUriNumber('tel:call-me')).toMatchObject({ ok: false, reason: expect.stringMatching(/does not hold a fax number/) });
    expect(telUriNumber('tel:%E0%A4%A')).toMatchObject({ ok: false });
    // Too short, or local: Compose says why (the same rules as for a typed number).
    expect(telUriNumber('tel:+1')).toEqual({ ok: true, number: '+1' });
    expect(telUriNumber('tel:7042;phone-context=example.com')).toEqual({ ok: true, number: '7042' });
  });

  it('takes names from the destination, else cover-sheet-info.to-name for a single one', () => {
    expect(
      readDestinations([collection('destination-uris', [[uri('destination-uri', 'tel:+12125550147'), text('destination-name', ' Ada ')], [uri('destination-uri', 'tel:4055551212')], [uri('destination-uri', 'ipp://x/ipp/print')]])]),
    ).toEqual({ recipients: [{ number: '+12125550147', name: 'Ada' }, { number: '4055551212' }], problems: ['"ipp://x/ipp/print" is not a tel: address'] });
    expect(readDestinations([collection('destination-uris', [[uri('destination-uri', 'tel:4055551212')]]), collection('cover-sheet-info', [[text('to-name', 'Accounts payable')]])]).recipients).toEqual([
      { number: '4055551212', name: 'Accounts payable' },
    ]);
    expect(() => readDestinations([collection('destination-uris', [[text('destination-name', 'no uri')]])])).toThrow(/destination-uri/);
  });
});

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
