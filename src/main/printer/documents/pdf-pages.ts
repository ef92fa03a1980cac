/**
 * PDFs Faxdesk writes from printed images: one page per gray raster page (at the page's physical
 * size, the image filling it), or one page per JPEG (fitted onto the job's paper). Raster pages are
 * deflated with Node's zlib (native, several times faster than pdf-lib's bundled pako) and added
 * as they complete, so only compressed pages are held until the file is written.
 */
import { deflateSync } from 'node:zlib';
import { concatTransformationMatrix, drawObject, PDFDocument, popGraphicsState, pushGraphicsState } from 'pdf-lib';
import type { GrayPage } from '../raster/fax-page';

export class GrayPagesPdf {
  private doc: PDFDocument | null = null;
  private pending: Promise<PDFDocument> | null = null;
  private count = 0;

  get pages(): number {
    return this.count;
  }

  private document(): Promise<PDFDocument> {
    this.pending ??= PDFDocument.create({ updateMetadata: false }).then((doc) => (this.doc = doc));
    return this.pending;
  }

  /** Adds a page (synchronously once the document exists; the first call creates it). */
  async add(page: GrayPage): Promise<void> {
    const doc = this.doc ?? (await this.document());
    addGrayPage(doc, page);
    this.count++;
  }

  async save(producer: string): Promise<Uint8Array> {
    const doc = this.doc ?? (await this.document());
    doc.setProducer(producer);
    doc.setCreator(producer);
    return doc.save({ useObjectStreams: false });
  }
}

function addGrayPage(doc: PDFDocument, page: GrayPage): void {
  // Level 3: a third of level 6's time for about 1.5x the bytes (measured on text pages at fax resolution);
  // the service re-renders the page anyway, so the few hundred KB more per job are the cheaper cost.
  const image = doc.context.stream(deflateSync(page.pixels, { level: 3 }), {
    Type: 'XObject',
    Subtype: 'Image',
    Width: page.width,
    Height: page.height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
  });
  const ref = doc.context.register(image);
  const pdfPage = doc.addPage([page.widthPt, page.heightPt]);
  const name = pdfPage.node.newXObject('Im', ref);
  pdfPage.pushOperators(pushGraphicsState(), concatTransformationMatrix(page.widthPt, 0, 0, page.heightPt, 0, 0), drawObject(name), popGraphicsState());
}

export interface PaperSize {
  widthPt: number;
  heightPt: number;
}

export const LETTER: PaperSize = { widthPt: 612, heightPt: 792 };

/**
 * A one-page PDF of a JPEG: the picture as it is (not re-encoded), on the paper given, turned to
 * landscape when the picture is wider than tall, scaled to fit and centred.
 */
export async function jpegToPdf(jpeg: Uint8Array, paper: PaperSize, producer: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setProducer(producer);
  doc.setCreator(producer);
  const image = await doc.embedJpg(jpeg);
  const landscape = image.width > image.height;
  const pageW = landscape ? Math.max(paper.widthPt, paper.heightPt) : Math.min(paper.widthPt, paper.heightPt);
  const pageH = landscape ? Math.min(paper.widthPt, paper.heightPt) : Math.max(paper.widthPt, paper.heightPt);
  const scale = Math.min(pageW / image.width, pageH / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const page = doc.addPage([pageW, pageH]);
  page.drawImage(image, { x: (pageW - w) / 2, y: (pageH - h) / 2, width: w, height: h });
  return doc.save({ useObjectStreams: false });
}

/** Keeps only `ranges` (1-based, inclusive) of a PDF's pages, in order. Null when no page is left. */
export async function selectPages(pdf: Uint8Array, ranges: readonly { lower: number; upper: number }[], producer: string): Promise<{ bytes: Uint8Array; pages: number } | null> {
  const source = await PDFDocument.load(pdf, { updateMetadata: false, ignoreEncryption: true });
  const total = source.getPageCount();
  const indices: number[] = [];
  for (const r of ranges) for (let p = Math.max(1, r.lower); p <= Math.min(total, r.upper); p++) indices.push(p - 1);
  if (!indices.length) return null;
  const out = await PDFDocument.create({ updateMetadata: false });
  out.setProducer(producer);
  for (const page of await out.copyPages(source, indices)) out.addPage(page);
  return { bytes: await out.save({ useObjectStreams: false }), pages: indices.length };
}
