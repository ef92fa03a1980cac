/**
 * The documents the crash and soak harnesses fax: PDFs and multi-page TIFFs of 1 to 20 pages,
 * generated once into a cache folder and reused by every run (the files are deterministic, so a
 * cache from an earlier run is as good as a new one). Pages are small on purpose: what is measured
 * is whether faxes are lost or doubled, not how fast big files move.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { encodeBilevelTiff, type BilevelPage } from '../../src/emulator/images/codecs';

export interface CorpusDocument {
  /** Absolute path of the file. */
  file: string;
  kind: 'PDF' | 'TIFF';
  pages: number;
}

export const PDF_PAGE_COUNTS = [1, 2, 3, 5, 8, 13, 20] as const;
export const TIFF_PAGE_COUNTS = [1, 2, 4, 9, 20] as const;
/** Bumped when the generated files change, so an old cache is not reused. */
const CORPUS_VERSION = 'v2';

async function makePdf(pages: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = doc.embedStandardFont(StandardFonts.Helvetica);
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Faxdesk verify document: page ${i} of ${pages}`, { x: 72, y: 700, size: 14, font });
    page.drawText('Small on purpose: the harness counts faxes, it does not time transfers.', { x: 72, y: 670, size: 10, font });
  }
  return doc.save({ useObjectStreams: false });
}

/** A 1-bit page with a black frame and a diagonal, 204 x 196 dpi like a fine fax, but only about 1.3 x 1.6 inches. */
function tiffPage(index: number): BilevelPage {
  const width = 256;
  const height = 320;
  const black = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const frame = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
      const diagonal = Math.abs(Math.round((x * height) / width) - y) < 3;
      const mark = y > 20 && y < 40 && x > 20 && x < 20 + 12 * (index + 1);
      if (frame || diagonal || mark) black[y * width + x] = 1;
    }
  }
  return { width, height, black, xResolution: 204, yResolution: 196 };
}

/** Writes the corpus into `folder` (or finds it there) and lists it. */
export async function ensureCorpus(folder: string): Promise<CorpusDocument[]> {
  const dir = path.join(folder, `verify-documents-${CORPUS_VERSION}`);
  fs.mkdirSync(dir, { recursive: true });
  const out: CorpusDocument[] = [];
  for (const pages of PDF_PAGE_COUNTS) {
    const file = path.join(dir, `letter-${pages}p.pdf`);
    if (!fs.existsSync(file)) writeAtomically(file, await makePdf(pages));
    out.push({ file, kind: 'PDF', pages });
  }
  for (const pages of TIFF_PAGE_COUNTS) {
    const file = path.join(dir, `scan-${pages}p.tif`);
    if (!fs.existsSync(file)) writeAtomically(file, encodeBilevelTiff(Array.from({ length: pages }, (_, i) => tiffPage(i))));
    out.push({ file, kind: 'TIFF', pages });
  }
  return out;
}

function writeAtomically(file: string, bytes: Uint8Array): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, bytes);
  fs.renameSync(temp, file);
}
