/**
 * Sample documents that arrive as inbound faxes: realistic multi-page PDFs kept in
 * resources/sandbox/ (an invoice, a referral letter, a purchase order, an agreement). They are made by
 * `npx tsx src/emulator/tools/make-samples.ts` from the generators below; when the folder is missing
 * (say, a packaged app without it) the same documents are generated in memory.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, rgb, type PDFPage } from 'pdf-lib';
import { LETTER, embedFonts, type Fonts } from './documents';

export interface SampleDocument {
  name: string;
  pdf: Uint8Array;
  pages: number;
}

export function defaultSamplesDir(): string {
  return fileURLToPath(new URL('../../../resources/sandbox/', import.meta.url));
}

/** The sample PDFs of `dir` (sorted by name), or generated ones when there are none. */
export async function loadSampleDocuments(dir: string = defaultSamplesDir()): Promise<SampleDocument[]> {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => n.toLowerCase().endsWith('.pdf'))
      .sort();
  } catch {
    names = [];
  }
  const loaded: SampleDocument[] = [];
  for (const name of names) {
    try {
      const pdf = new Uint8Array(readFileSync(join(dir, name)));
      const doc = await PDFDocument.load(pdf, { updateMetadata: false });
      loaded.push({ name, pdf, pages: doc.getPageCount() });
    } catch {
      // An unreadable sample is skipped; the others still arrive.
    }
  }
  return loaded.length > 0 ? loaded : generateSampleDocuments();
}

type Writer = { page: PDFPage; y: number };

function letterhead(page: PDFPage, fonts: Fonts, company: string, address: string[]): number {
  const [, height] = LETTER;
  page.drawText(company, { x: 60, y: height - 100, size: 20, font: fonts.sansBold });
  address.forEach((line, i) => page.drawText(line, { x: 60, y: height - 118 - i * 13, size: 10, font: fonts.sans }));
  const y = height - 122 - address.length * 13;
  page.drawLine({ start: { x: 60, y }, end: { x: 552, y }, thickness: 1.5, color: rgb(0.2, 0.2, 0.2) });
  return y - 30;
}

function paragraph(w: Writer, fonts: Fonts, text: string, size = 11, bold = false): void {
  const font = bold ? fonts.sansBold : fonts.sans;
  const words = text.split(' ');
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > 490) {
      w.page.drawText(line, { x: 60, y: w.y, size, font });
      w.y -= size + 4;
      line = word;
    } else line = next;
  }
  if (line) {
    w.page.drawText(line, { x: 60, y: w.y, size, font });
    w.y -= size + 4;
  }
  w.y -= 8;
}

function table(w: Writer, fonts: Fonts, columns: { title: string; x: number }[], rows: string[][]): void {
  w.page.drawRectangle({ x: 60, y: w.y - 5, width: 492, height: 18, color: rgb(0.88, 0.88, 0.88) });
  for (const c of columns) w.page.drawText(c.title, { x: c.x, y: w.y, size: 10, font: fonts.sansBold });
  w.y -= 20;
  for (const row of rows) {
    row.forEach((cell, i) => w.page.drawText(cell, { x: columns[i]!.x, y: w.y, size: 10, font: fonts.sans }));
    w.page.drawLine({ start: { x: 60, y: w.y - 5 }, end: { x: 552, y: w.y - 5 }, thickness: 0.4, color: rgb(0.6, 0.6, 0.6) });
    w.y -= 18;
  }
  w.y -= 10;
}

function footer(page: PDFPage, fonts: Fonts, text: string, n: number, total: number): void {
  page.drawText(`${text}    Page ${n} of ${total}`, { x: 60, y: 40, size: 8, font: fonts.sans, color: rgb(0.3, 0.3, 0.3) });
}

async function invoice(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const p1 = doc.addPage(LETTER);
  const w: Writer = { page: p1, y: letterhead(p1, fonts, 'Northwind Medical Supply', ['480 Harbor Street, Suite 12', 'Portland, OR 97204', 'Fax +1 503 555 0148']) };
  paragraph(w, fonts, 'INVOICE 2024-01187', 16, true);
  paragraph(w, fonts, 'Bill to: Lakeside Family Practice, 22 Elm Avenue, Salem, OR 97301. Account 55-0912. Terms: net 30 days.');
  table(
    w,
    fonts,
    [
      { title: 'Item', x: 66 },
      { title: 'Description', x: 130 },
      { title: 'Qty', x: 380 },
      { title: 'Unit', x: 420 },
      { title: 'Amount', x: 490 },
    ],
    [
      ['NW-220', 'Nitrile exam gloves, medium (box of 100)', '40', '8.50', '340.00'],
      ['NW-310', 'Sterile gauze pads 4x4 (pack of 200)', '12', '14.25', '171.00'],
      ['NW-415', 'Digital thermometer, oral', '6', '22.00', '132.00'],
      ['NW-502', 'Blood pressure cuff, adult', '3', '48.90', '146.70'],
      ['NW-640', 'Alcohol prep pads (box of 200)', '20', '4.80', '96.00'],
    ],
  );
  paragraph(w, fonts, 'Subtotal 885.70    Shipping 25.00    Total due USD 910.70', 12, true);
  paragraph(w, fonts, 'Please quote the invoice number with your payment. Questions about this invoice: accounts@northwind.example, +1 503 555 0147.');
  footer(p1, fonts, 'Northwind Medical Supply - Invoice 2024-01187', 1, 2);
  const p2 = doc.addPage(LETTER);
  const w2: Writer = { page: p2, y: 700 };
  paragraph(w2, fonts, 'Terms and conditions', 14, true);
  for (const t of [
    '1. Payment is due within 30 days of the invoice date. Late payments bear interest at 1% per month.',
    '2. Goods remain the property of Northwind Medical Supply until paid in full.',
    '3. Damaged or missing items must be reported within 5 business days of delivery.',
    '4. Returns of unopened items are accepted within 30 days with a return authorisation number.',
  ]) {
    paragraph(w2, fonts, t);
  }
  footer(p2, fonts, 'Northwind Medical Supply - Invoice 2024-01187', 2, 2);
  return doc;
}

async function referral(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const p = doc.addPage(LETTER);
  const w: Writer = { page: p, y: letterhead(p, fonts, 'Riverside Cardiology Associates', ['1200 Riverside Drive', 'Columbus, OH 43215', 'Fax +1 614 555 0190']) };
  paragraph(w, fonts, 'REFERRAL - CONFIDENTIAL', 14, true);
  paragraph(w, fonts, 'Patient: J. Doe (sample data)    Date of birth: 1961-04-17    Reference: RCA-88213');
  paragraph(
    w,
    fonts,
    'Dear colleague, thank you for seeing this patient, who presents with intermittent palpitations over three months and an abnormal resting ECG. ' +
      'A Holter monitor showed short runs of supraventricular tachycardia. Current medication: metoprolol 25 mg twice daily.',
  );
  paragraph(w, fonts, 'Requested: electrophysiology consultation and an opinion on ablation. Recent results are attached to the patient record.');
  paragraph(w, fonts, 'Kind regards,');
  paragraph(w, fonts, 'Dr. A. Morgan, MD - Riverside Cardiology Associates');
  footer(p, fonts, 'This fax may contain confidential information. If you received it in error, please call +1 614 555 0191.', 1, 1);
  return doc;
}

async function purchaseOrder(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const total = 3;
  for (let n = 1; n <= total; n++) {
    const p = doc.addPage(LETTER);
    const w: Writer = { page: p, y: letterhead(p, fonts, 'Contoso Builders Ltd', ['77 Quarry Road', 'Leeds LS1 4AB, United Kingdom', 'Fax +44 113 496 0000']) };
    paragraph(w, fonts, `PURCHASE ORDER PO-55120 (sheet ${n} of ${total})`, 14, true);
    if (n === 1) paragraph(w, fonts, 'Supplier: Fabrikam Timber Co. Deliver to: site 4, Kirkstall Road, Leeds. Required by: 14 days from order.');
    const rows = Array.from({ length: 9 }, (_, i) => {
      const line = (n - 1) * 9 + i + 1;
      return [String(line), `Timber batten 47x${50 + line * 3} mm, treated, 4.8 m`, String(10 + (line % 7) * 5), (3.1 + line / 10).toFixed(2)];
    });
    table(
      w,
      fonts,
      [
        { title: 'Line', x: 66 },
        { title: 'Description', x: 110 },
        { title: 'Qty', x: 420 },
        { title: 'GBP', x: 480 },
      ],
      rows,
    );
    if (n === total) paragraph(w, fonts, 'Authorised by: P. Okafor, Procurement. Please confirm by return fax.', 11, true);
    footer(p, fonts, 'Contoso Builders Ltd - PO-55120', n, total);
  }
  return doc;
}

async function agreement(): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const fonts = await embedFonts(doc);
  const p1 = doc.addPage(LETTER);
  const w: Writer = { page: p1, y: letterhead(p1, fonts, 'Adatum Property Management', ['9 Market Square', 'Springfield, IL 62701', 'Fax +1 217 555 0123']) };
  paragraph(w, fonts, 'LEASE RENEWAL AGREEMENT', 15, true);
  for (const t of [
    'This agreement renews the lease of unit 4B, 9 Market Square, between Adatum Property Management (the Landlord) and the Tenant named below, for twelve months from the first day of next month.',
    'Rent: USD 1,450 per month, payable on the first day of each month. Deposit: unchanged.',
    'All other terms of the original lease remain in force. The Tenant may end the lease with 60 days written notice.',
  ]) {
    paragraph(w, fonts, t);
  }
  footer(p1, fonts, 'Adatum Property Management - Lease renewal 4B', 1, 2);
  const p2 = doc.addPage(LETTER);
  const w2: Writer = { page: p2, y: 700 };
  paragraph(w2, fonts, 'Signatures', 14, true);
  for (const who of ['Landlord', 'Tenant']) {
    paragraph(w2, fonts, `${who}:`);
    const y = w2.y;
    p2.drawSvgPath('M 0 0 C 20 -25, 40 25, 60 0 S 100 -20, 130 5 S 170 10, 190 -5', { x: 120, y: y + 10, borderWidth: 1.4, borderColor: rgb(0.1, 0.1, 0.4) });
    p2.drawLine({ start: { x: 110, y: y - 8 }, end: { x: 340, y: y - 8 }, thickness: 0.6 });
    p2.drawText('Date: ____ / ____ / ________', { x: 370, y: y - 6, size: 10, font: fonts.sans });
    w2.y -= 60;
  }
  footer(p2, fonts, 'Adatum Property Management - Lease renewal 4B', 2, 2);
  return doc;
}

const GENERATORS: [string, () => Promise<PDFDocument>][] = [
  ['agreement.pdf', agreement],
  ['invoice.pdf', invoice],
  ['purchase-order.pdf', purchaseOrder],
  ['referral.pdf', referral],
];

export async function generateSampleDocuments(): Promise<SampleDocument[]> {
  const out: SampleDocument[] = [];
  const date = new Date(Date.UTC(2024, 4, 10, 15, 7, 1));
  for (const [name, make] of GENERATORS) {
    const doc = await make();
    doc.setTitle(name.replace('.pdf', ''));
    doc.setProducer('Faxdesk Sandbox samples');
    doc.setCreationDate(date);
    doc.setModificationDate(date);
    out.push({ name, pdf: await doc.save(), pages: doc.getPageCount() });
  }
  return out;
}
