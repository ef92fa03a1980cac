/**
 * PDF: opened with pdf-lib to count pages (walking the page tree, not trusting /Count) and to learn whether
 * it is encrypted. Two checks come first because pdf-lib is lenient: it loads a PDF cut off in the middle
 * when the objects it finds happen to be complete, so a missing end-of-file marker is looked for here.
 */
import { PDFDocument } from 'pdf-lib';
import { damaged, type FormatCheck } from './check';

export interface PdfInfo {
  pages: number;
}

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_EOF = Buffer.from('%%EOF', 'latin1');

/** Readers accept the header within the first 1024 bytes (some tools prepend a few bytes). */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).indexOf(PDF_HEADER);
}

export async function checkPdf(bytes: Uint8Array): Promise<FormatCheck<PdfInfo>> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (pdfHeaderOffset(bytes) < 0) return damaged('it does not start with a PDF header');
  // The end-of-file marker must be within the last 1024 bytes; without it the file was cut off.
  if (buffer.subarray(Math.max(0, buffer.byteLength - 1024)).indexOf(PDF_EOF) < 0) return damaged('the file is cut off (its end is missing)');

  let document: PDFDocument;
  try {
    // Loaded with ignoreEncryption and asked afterwards: pdf-lib's EncryptedPDFError is compiled to ES5 and
    // fails `instanceof`, so telling it from a parse error would mean matching its message.
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
  } catch {
    return damaged('its structure cannot be read');
  }
  if (document.isEncrypted) return { ok: false, code: 'ENCRYPTED', reason: 'it is encrypted' };
  let pages: number;
  try {
    pages = document.getPageCount();
  } catch {
    return damaged('its page list cannot be read');
  }
  if (pages === 0) return { ok: false, code: 'EMPTY', reason: 'it has no pages' };
  return { ok: true, info: { pages } };
}
