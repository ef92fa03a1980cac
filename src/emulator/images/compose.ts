/**
 * The image of a fax, as the service stores it: a PDF (made with pdf-lib) with the cover page when
 * asked, then every document's pages, and the fax header stamped at the top of every page exactly as
 * the shared header module lays it out (src/shared/header: expandHeader fills ${CURRENT_PAGE},
 * ${TOTAL_PAGE}, ${FAX_ID}, the chosen ${DATE_TIMEn} for each page; layoutHeaderLines places the items
 * on a fixed-width line, printed in a monospaced font so the columns are the printed positions; the
 * line width is the shared module's headerWidthChars, the measure the designer warns with).
 * Text in any script is drawn by src/pdf-text (the same fonts and fallback as the app's reports); a
 * character no bundled font has is printed as U+FFFD and listed in `missingCharacters`.
 */
import { PDFDocument, degrees, rgb, type PDFPage } from 'pdf-lib';
import { PdfText } from '../../pdf-text';
import {
  HEADER_FONT_SIZE_PT as HEADER_FONT_SIZE,
  HEADER_SIDE_MARGIN_PT as HEADER_SIDE_MARGIN,
  expandHeader,
  formatDateTime,
  headerWidthChars,
  layoutHeaderLines,
  type HeaderContext,
  type HeaderOptions,
} from '../../shared/header';
import { HEADER_BAND, LETTER, SAVE_OPTIONS, appendDocument } from './documents';

/** Used when a fax has no header_options (or the account's custom header feature is off). */
export const DEFAULT_HEADER: HeaderOptions = Object.freeze({
  line_1: ['${DATE_TIME3}', 'FROM: ${FROM_NUMBER}', 'TO: ${TO_NUMBER}', 'P. ${CURRENT_PAGE}/${TOTAL_PAGE}'],
}) as HeaderOptions;

// The printed geometry (font size, advance, margins: DejaVu Sans Mono advances 0.6 em per character)
// is the shared header module's (src/shared/header/fit.ts): the designer warns with the same measure.
export { headerWidthChars };

export type PageHeaderContext = Omit<HeaderContext, 'currentPage' | 'totalPage'>;

/** The two header lines printed on page `currentPage` of `totalPage` (line2 '' when none). */
export function headerLinesFor(options: HeaderOptions, ctx: PageHeaderContext, currentPage: number, totalPage: number, pageWidth: number) {
  const expanded = expandHeader(options, { ...ctx, currentPage, totalPage });
  return layoutHeaderLines(expanded, headerWidthChars(pageWidth));
}

/**
 * Draws text lines along the visible top edge of a page, whatever its /Rotate: `down` is the
 * distance from the visible top, `along` from the visible left.
 */
async function drawAtTop(page: PDFPage, pdfText: PdfText, lines: string[]): Promise<void> {
  const box = page.getMediaBox();
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  const visibleWidth = angle === 90 || angle === 270 ? box.height : box.width;
  const bandDepth = lines.length > 1 ? 33 : 22;
  // Maps (along, down) measured on the visible page to user space.
  const at = (along: number, down: number): { x: number; y: number } => {
    switch (angle) {
      case 90:
        return { x: box.x + down, y: box.y + along };
      case 180:
        return { x: box.x + box.width - along, y: box.y + down };
      case 270:
        return { x: box.x + box.width - down, y: box.y + box.height - along };
      default:
        return { x: box.x + along, y: box.y + box.height - down };
    }
  };
  const rotate = degrees(angle);
  // A white band keeps the header legible over the page's own content, as a fax machine's would be.
  const corner = at(0, bandDepth);
  page.drawRectangle({ x: corner.x, y: corner.y, width: visibleWidth, height: bandDepth, color: rgb(1, 1, 1), rotate });
  for (const [i, line] of lines.entries()) {
    const p = at(HEADER_SIDE_MARGIN, 16 + i * 11);
    // Wide characters (CJK) take more than one column: such a line is drawn smaller to stay on the page.
    const room = visibleWidth - 2 * HEADER_SIDE_MARGIN;
    const width = await pdfText.width(line, HEADER_FONT_SIZE, 'mono');
    const size = width > room ? (HEADER_FONT_SIZE * room) / width : HEADER_FONT_SIZE;
    await pdfText.draw(page, line, { x: p.x, y: p.y, size, style: 'mono', rotate: angle });
  }
}

function visibleWidthOf(page: PDFPage): number {
  const box = page.getMediaBox();
  const angle = ((page.getRotation().angle % 360) + 360) % 360;
  return angle === 90 || angle === 270 ? box.height : box.width;
}

/** Stamps the header on every page of `doc`. */
export async function stampHeaders(doc: PDFDocument, pdfText: PdfText, options: HeaderOptions, ctx: PageHeaderContext): Promise<void> {
  const pages = doc.getPages();
  for (const [i, page] of pages.entries()) {
    const { line1, line2 } = headerLinesFor(options, ctx, i + 1, pages.length, visibleWidthOf(page));
    await drawAtTop(page, pdfText, line2 === '' ? [line1] : [line1, line2]);
  }
}

export interface CoverPageInput {
  toName: string;
  toCompany: string;
  toNumber: string;
  fromName: string;
  fromNumber: string;
  subject: string;
  message: string;
  tags: string[];
}

async function drawCoverPage(page: PDFPage, pdfText: PdfText, cover: CoverPageInput, totalPages: number, date: Date, timeZone: string): Promise<void> {
  const [width, height] = LETTER;
  const left = 72;
  const right = width - left;
  const valueX = left + 80;
  let y = height - HEADER_BAND - 60;
  await pdfText.draw(page, 'FAX', { x: left, y, size: 40, style: 'bold' });
  y -= 24;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 2, color: rgb(0, 0, 0) });
  y -= 34;
  const rows: [string, string][] = [
    ['Date', formatDateTime(1, date, timeZone)],
    ['To', [cover.toName, cover.toCompany].filter(Boolean).join(', ') || cover.toNumber],
    ['Fax', cover.toNumber],
    ['From', cover.fromName || cover.fromNumber || 'Sandbox'],
    ['Fax', cover.fromNumber],
    ['Pages', `${totalPages} (including this cover page)`],
    ['Subject', cover.subject],
  ];
  for (const [label, value] of rows) {
    if (value === '') continue;
    await pdfText.draw(page, `${label}:`, { x: left, y, size: 13, style: 'bold' });
    await pdfText.draw(page, await pdfText.clipToWidth(value, 13, 'regular', right - valueX), { x: valueX, y, size: 13 });
    y -= 22;
  }
  for (const tag of cover.tags) {
    await pdfText.draw(page, await pdfText.clipToWidth(tag, 11, 'regular', right - left), { x: left, y, size: 11 });
    y -= 16;
  }
  y -= 12;
  page.drawLine({ start: { x: left, y }, end: { x: right, y }, thickness: 0.75, color: rgb(0, 0, 0) });
  y -= 26;
  for (const paragraph of cover.message.replace(/\r\n?/g, '\n').split('\n')) {
    for (const line of await pdfText.wrap(paragraph, 12, 'regular', right - left)) {
      if (y < 72) return;
      await pdfText.draw(page, line, { x: left, y, size: 12 });
      y -= 16;
    }
  }
}

export interface FaxImageInput {
  title: string;
  documents: { type: string; bytes: Uint8Array }[];
  cover: CoverPageInput | null;
  header: HeaderOptions;
  headerContext: PageHeaderContext;
}

export interface RenderedPdf {
  pdf: Uint8Array;
  pages: number;
  /** Characters no bundled font has, printed as U+FFFD (each once). */
  missingCharacters: string[];
}

/** Builds the fax image. Throws RenderError when a document cannot be read. */
export async function renderFaxPdf(input: FaxImageInput): Promise<RenderedPdf> {
  const doc = await PDFDocument.create();
  const pdfText = PdfText.for(doc);
  const coverPage = input.cover ? doc.addPage(LETTER) : null;
  for (const document of input.documents) await appendDocument(doc, pdfText, document.type, document.bytes);
  const pages = doc.getPageCount();
  if (coverPage && input.cover) await drawCoverPage(coverPage, pdfText, input.cover, pages, input.headerContext.date, input.headerContext.timeZone);
  await stampHeaders(doc, pdfText, input.header, input.headerContext);
  setMetadata(doc, input.title, input.headerContext.date);
  return { pdf: await doc.save(SAVE_OPTIONS), pages, missingCharacters: pdfText.missing() };
}

export function setMetadata(doc: PDFDocument, title: string, date: Date): void {
  doc.setTitle(title);
  doc.setProducer('Faxdesk Sandbox emulator');
  doc.setCreator('Faxdesk Sandbox emulator');
  doc.setCreationDate(date);
  doc.setModificationDate(date);
}

/** One page of a PDF as a PDF of its own (GET /faxes/{id}/image/pages with desired_format=PDF). */
export async function extractPdfPage(pdf: Uint8Array, index: number): Promise<Uint8Array> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false });
  const out = await PDFDocument.create({ updateMetadata: false });
  const [page] = await out.copyPages(source, [index]);
  out.addPage(page!);
  return out.save(SAVE_OPTIONS);
}

/**
 * An inbound fax image: `pages` pages taken in turn from the sample documents (starting with sample
 * `first`), with the sending machine's header stamped on each.
 */
export async function renderInboundPdf(input: {
  samples: { pdf: Uint8Array }[];
  first: number;
  pages: number;
  title: string;
  header: HeaderOptions;
  headerContext: PageHeaderContext;
}): Promise<RenderedPdf> {
  const doc = await PDFDocument.create();
  const pdfText = PdfText.for(doc);
  let sampleIndex = input.first;
  while (doc.getPageCount() < input.pages && input.samples.length > 0) {
    const source = await PDFDocument.load(input.samples[sampleIndex % input.samples.length]!.pdf, { updateMetadata: false });
    const wanted = source.getPageIndices().slice(0, input.pages - doc.getPageCount());
    for (const page of await doc.copyPages(source, wanted)) doc.addPage(page);
    sampleIndex++;
  }
  while (doc.getPageCount() < input.pages) doc.addPage(LETTER);
  await stampHeaders(doc, pdfText, input.header, input.headerContext);
  setMetadata(doc, input.title, input.headerContext.date);
  return { pdf: await doc.save(SAVE_OPTIONS), pages: doc.getPageCount(), missingCharacters: pdfText.missing() };
}
