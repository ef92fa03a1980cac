/** Rule 6: real images. Text is extracted from the produced PDFs with pdfjs and checked against the shared header module. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import * as UTIFModule from 'utif2';
import { headerWidthChars, type RunningEmulator } from '../../../src/emulator';
import { expandHeader, layoutHeaderLines, type HeaderOptions } from '../../../src/shared/header';
import { ApiClient, MINUTE, b64, call, pdfPageItems, pdfPageTexts, sendOne, startTestEmulator, type TextItem } from './helpers';

const UTIF = ((UTIFModule as unknown as { default?: typeof UTIFModule }).default ?? UTIFModule) as typeof UTIFModule;

let emu: RunningEmulator;
let api: ApiClient;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  await emu.control.reset();
  api = await ApiClient.for(emu);
});

const LETTER_HEIGHT = 792;
const HEADER_X = 18;
const CHAR = 9 * 0.6;

async function deliveredPdf(faxId: string): Promise<Uint8Array> {
  await emu.control.advance(30 * MINUTE);
  const res = await api.get(`/faxes/${faxId}/image?desired_format=PDF`);
  expect(res.status, res.text).toBe(200);
  return new Uint8Array(Buffer.from(res.body.image, 'base64'));
}

/** The header runs of a page (line 1 or 2), each with the column its x position puts it at. */
function headerRuns(items: TextItem[], line: 1 | 2): { str: string; column: number }[] {
  const baseline = LETTER_HEIGHT - (line === 1 ? 16 : 27);
  return items
    .filter((i) => Math.abs(i.y - baseline) < 0.5)
    .sort((a, b) => a.x - b.x)
    .map((i) => ({ str: i.str, column: Math.round((i.x - HEADER_X) / CHAR) }));
}

/** Asserts that the printed runs are exactly the laid-out line: same text at the same columns. */
function expectLine(runs: { str: string; column: number }[], expected: string): void {
  expect(runs.map((r) => r.str).join(' ').replace(/\s+/g, ' ').trim()).toBe(expected.replace(/\s+/g, ' ').trim());
  for (const run of runs) expect(expected.slice(run.column, run.column + run.str.length), `"${run.str}" at column ${run.column}`).toBe(run.str);
}

const PDF_DATE = (ts: string) => new Date(ts.replace('+0000', 'Z'));

describe('fax images', () => {
  it('stamps the custom header on every page exactly as the shared module lays it out', async () => {
    const header: HeaderOptions = {
      line_1: ['${DATE_TIME4}', '${FAX_ID}', 'Page ${CURRENT_PAGE} of ${TOTAL_PAGE}'],
      line_2: ['To: Dr Who', 'Attn: Billing'],
    };
    const text = Array.from({ length: 130 }, (_, i) => `Line ${i + 1} of the letter.`).join('\n');
    const faxId = await sendOne(api, '12125550100', {
      documents: [{ document_type: 'TXT', document_content: b64(text) }],
      fax_options: { header_options: header, include_cover_page: true, cover_page_options: { subject: 'Lab results', message: 'Please see attached.' } },
    });
    const pdf = await deliveredPdf(faxId);
    const pages = await pdfPageItems(pdf);
    expect(pages).toHaveLength(4); // cover + 3 text pages
    const detail = (await api.get(`/faxes/${faxId}/transmission-detail`)).body;
    const date = PDF_DATE(detail.attempts[0].start_timestamp);
    pages.forEach((items, i) => {
      const expanded = expandHeader(header, { toNumber: '12125550100', fromNumber: '', csid: '', faxId, currentPage: i + 1, totalPage: 4, date, timeZone: 'UTC' });
      const lines = layoutHeaderLines(expanded, headerWidthChars(612));
      expectLine(headerRuns(items, 1), lines.line1);
      expectLine(headerRuns(items, 2), lines.line2);
      expect(lines.line1).toContain(`Page ${i + 1} of 4`);
    });
    const meta = (await api.get(`/faxes/${faxId}/metadata`)).body;
    expect(meta.pages).toBe(4);
  });

  it('crops values silently when printing: FAX_ID to 32, CSID to 20, 235 in total', async () => {
    const header = { line_1: ['${CSID}', '${FAX_ID}'] };
    const faxId = await sendOne(api, '12125550100', { fax_options: { header_options: header, custom_CSID: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ' } });
    const [items] = await pdfPageItems(await deliveredPdf(faxId));
    const runs = headerRuns(items!, 1).map((r) => r.str);
    expect(runs[0]).toBe('ABCDEFGHIJKLMNOPQRST');
    expect(runs[1]).toBe(faxId.slice(0, 32));

    // Over 235 characters of variables: cropped by the budget, then laid out (and cut) at the line width.
    const long = { line_1: ['${FAX_ID}${FAX_ID}${FAX_ID}${FAX_ID}', '${FAX_ID}${FAX_ID}${FAX_ID}${FAX_ID}'] };
    const other = await sendOne(api, '12125550100', { fax_options: { header_options: long } });
    const [page] = await pdfPageItems(await deliveredPdf(other));
    const date = PDF_DATE((await api.get(`/faxes/${other}/transmission-detail`)).body.attempts[0].start_timestamp);
    const expanded = expandHeader(long, { toNumber: '12125550100', fromNumber: '', csid: '', faxId: other, currentPage: 1, totalPage: 1, date, timeZone: 'UTC' });
    expect(expanded.cropped.some((c) => c.reason === 'total-235')).toBe(true);
    expectLine(headerRuns(page!, 1), layoutHeaderLines(expanded, headerWidthChars(612)).line1);
  });

  it("prints ${DATE_TIMEn} in the user's time zone, in the chosen format", async () => {
    const admin = { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword };
    const users = (await call(`${emu.adminBaseUrl}/users`, { headers: admin })).body.users;
    expect((await call(`${emu.adminBaseUrl}/users/${users[0].customer_key}`, { method: 'PATCH', headers: admin, body: { time_zone: 'Asia/Tokyo' } })).status).toBe(200);
    const header = { line_1: ['${DATE_TIME5}', '${DATE_TIME2}'] };
    const faxId = await sendOne(api, '12125550100', { fax_options: { header_options: header } });
    const pdf = await deliveredPdf(faxId);
    const date = PDF_DATE((await api.get(`/faxes/${faxId}/transmission-detail`)).body.attempts[0].start_timestamp);
    const tokyo = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(date);
    const part = (t: string) => tokyo.find((p) => p.type === t)!.value;
    const [items] = await pdfPageItems(pdf);
    const runs = headerRuns(items!, 1).map((r) => r.str).join(' ');
    expect(runs).toContain(`${part('year')}/${part('month')}/${part('day')} ${Number(part('hour'))}:${part('minute')}:${part('second')}`);
  });

  it('uses the default header without header_options: date, sender, destination, page count', async () => {
    const faxId = await sendOne(api, '12125550100');
    const [text] = await pdfPageTexts(await deliveredPdf(faxId));
    expect(text).toContain(`FROM: ${emu.demo.faxNumber}`);
    expect(text).toContain('TO: 12125550100');
    expect(text).toContain('P. 1/1');
    expect(text).toContain('Hello from the conformance suite.');
  });

  it('lays out the cover page first, with the subject, message and page count', async () => {
    const faxId = await sendOne(api, '12125550100', {
      fax_options: { include_cover_page: 'true', cover_page_options: { from_name: 'Ann Sender', subject: 'Referral', message: 'Please call me back.' } },
    });
    const texts = await pdfPageTexts(await deliveredPdf(faxId));
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('FAX');
    expect(texts[0]).toContain('Referral');
    expect(texts[0]).toContain('Please call me back.');
    expect(texts[0]).toContain('Ann Sender');
    expect(texts[0]).toMatch(/2 \(including this cover page\)/);
    expect(texts[1]).toContain('Hello from the conformance suite.');
  });

  it('prints names in every script on the cover page, in the header and in text documents, as written', async () => {
    const names = ['Zoë Ødegård', 'Дмитрий Соколов', '王小明', 'Δήμητρα', 'שרה כהן', 'محمد عبد الله'];
    const res = await api.post('/faxes', {
      destinations: [{ fax_number: '12125550100', to_name: '王小明', to_company: 'Δήμητρα' }],
      documents: [{ document_type: 'TXT', document_content: b64(names.join('\n')) }],
      fax_options: {
        include_cover_page: true,
        cover_page_options: { from_name: 'Zoë Ødegård', subject: 'Дмитрий Соколов', message: names.join('\n') },
        header_options: { line_1: ['${CSID}', 'P. ${CURRENT_PAGE}/${TOTAL_PAGE}'], line_2: ['Att: שרה כהן'] },
        custom_CSID: 'Δήμητρα 𓀀',
      },
    });
    expect(res.status, res.text).toBe(201);
    const texts = await pdfPageTexts(await deliveredPdf(res.body[0].fax_id as string));
    expect(texts).toHaveLength(2);
    const [cover, page] = texts as [string, string];
    expect(cover).toContain('王小明, Δήμητρα');
    expect(cover).toContain('Zoë Ødegård');
    expect(cover).toContain('Дмитрий Соколов');
    for (const name of names) expect(cover).toContain(name);
    for (const name of names) expect(page).toContain(name);
    expect(page).toContain('Att: שרה כהן');
    // A character no bundled font has is printed as a visible placeholder, not dropped.
    expect(page).toContain('Δήμητρα \uFFFD');
    expect(cover).not.toContain('?');
  });

  it('copies PDF pages, places images on pages, and stands in for formats it does not lay out', async () => {
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    for (const label of ['Alpha page', 'Beta page']) source.addPage([595, 842]).drawText(label, { x: 60, y: 700, size: 20, font });
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const rgba = new Uint8Array(40 * 20 * 4).fill(0);
    const tiff = Buffer.from(UTIF.encodeImage(rgba, 40, 20));
    const faxId = await sendOne(api, '12125550100', {
      documents: [
        { document_type: 'PDF', document_content: b64(Buffer.from(await source.save())) },
        { document_type: 'PNG', document_content: png },
        { document_type: 'TIFF', document_content: tiff.toString('base64') },
        { document_type: 'DOC', document_content: b64('binary word document') },
        { document_type: 'HTML', document_content: b64('<html><body><p>Hello &amp; welcome</p></body></html>') },
      ],
    });
    const pdf = await deliveredPdf(faxId);
    const texts = await pdfPageTexts(pdf);
    expect(texts).toHaveLength(6);
    expect(texts[0]).toContain('Alpha page');
    expect(texts[1]).toContain('Beta page');
    expect(texts[4]).toContain('DOC document');
    expect(texts[5]).toContain('Hello & welcome');
    // Copied pages keep their size; every page carries the header.
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595, height: 842 });
    texts.forEach((t, i) => expect(t).toContain(`P. ${i + 1}/6`));
  });

  it('lays out at most 200 pages of a huge text document, saying so', async () => {
    const text = Array.from({ length: 12_000 }, (_, i) => `line ${i}`).join('\n');
    const faxId = await sendOne(api, '12125550100', { documents: [{ document_type: 'TXT', document_content: b64(text) }] });
    const pdf = await deliveredPdf(faxId);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(200);
    expect((await api.get(`/faxes/${faxId}/metadata`)).body.pages).toBe(200);
  });

  it('renders TIFF at the fax resolution: STANDARD has half the lines of FINE', async () => {
    const fine = await sendOne(api, '12125550100', { fax_options: { image_resolution: 'FINE' } });
    const standard = await sendOne(api, '12125550100', { fax_options: { image_resolution: 'STANDARD' } });
    await emu.control.advance(MINUTE);
    const heights = [];
    for (const id of [fine, standard]) {
      const res = await api.get(`/faxes/${id}/image?desired_format=TIFF`);
      const bytes = Buffer.from(res.body.image, 'base64');
      const [ifd] = UTIF.decode(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      heights.push(ifd!['t257'] as number[]);
    }
    expect(heights[0]![0]).toBe(2156);
    expect(heights[1]![0]).toBe(1078);
  });
});
