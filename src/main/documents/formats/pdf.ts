/**
 * PDF: opened with pdf-lib to count pages (walking the page tree, not trusting /Count) and to learn whether
 * it is encrypted. Two checks come first because pdf-lib is lenient: it loads a PDF cut off in the middle
 * when the objects it finds happen to be complete, so a missing end-of-file marker is looked for here.
 */
import { ParseSpeeds, PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, type PDFObject } from 'pdf-lib';
import { damaged, type FormatCheck } from './check';

export interface PdfInfo {
  pages: number;
}

/** Action types that run something when the PDF is opened or clicked: a script, or another program. */
const ACTIVE_ACTIONS = new Set(['/JavaScript', '/Launch']);
const SCRIPT_KEY = PDFName.of('JS');
const ACTION_TYPE_KEY = PDFName.of('S');
const JAVASCRIPT_NAME_TREE = PDFName.of('JavaScript');

/**
 * What active content the PDF carries, if any: JavaScript (an action, a /JS entry, the document-level
 * /JavaScript name tree) or a /Launch action, anywhere in the file (object streams included). Walks every
 * object once, without recursion into references (each indirect object is visited on its own).
 */
export function activeContentOf(document: PDFDocument): 'JavaScript' | 'a launch action' | null {
  const pending: PDFObject[] = document.context.enumerateIndirectObjects().map(([, object]) => object);
  while (pending.length > 0) {
    const object = pending.pop()!;
    const dict = object instanceof PDFStream ? object.dict : object instanceof PDFDict ? object : null;
    if (dict) {
      if (dict.has(SCRIPT_KEY) || dict.has(JAVASCRIPT_NAME_TREE)) return 'JavaScript';
      const type = dict.get(ACTION_TYPE_KEY);
      if (type instanceof PDFName && ACTIVE_ACTIONS.has(type.asString())) return type.asString() === '/JavaScript' ? 'JavaScript' : 'a launch action';
      for (const [, value] of dict.entries()) if (value instanceof PDFDict || value instanceof PDFArray) pending.push(value);
    } else if (object instanceof PDFArray) {
      for (const value of object.asArray()) if (value instanceof PDFDict || value instanceof PDFArray) pending.push(value);
    }
  }
  return null;
}

const PDF_HEADER = Buffer.from('%PDF-', 'latin1');
const PDF_EOF = Buffer.from('%%EOF', 'latin1');

/** Readers accept the header within the first 1024 bytes (some tools prepend a few bytes). */
export function pdfHeaderOffset(bytes: Uint8Array): number {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).indexOf(PDF_HEADER);
}

/**
 * The cheap part of the check: a PDF header at the start and an end-of-file marker at the end, so not
 * another kind of file and not cut off. Null when both are there, else the reason.
 */
export function pdfNotWhole(bytes: Uint8Array): string | null {
  if (pdfHeaderOffset(bytes) < 0) return 'it does not start with a PDF header';
  // The end-of-file marker must be within the last 1024 bytes; without it the file was cut off.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.subarray(Math.max(0, buffer.byteLength - 1024)).indexOf(PDF_EOF) < 0) return 'the file is cut off (its end is missing)';
  return null;
}

export async function checkPdf(bytes: Uint8Array): Promise<FormatCheck<PdfInfo>> {
  const notWhole = pdfNotWhole(bytes);
  if (notWhole) return damaged(notWhole);

  let document: PDFDocument;
  try {
    // Loaded with ignoreEncryption and asked afterwards: pdf-lib's EncryptedPDFError is compiled to ES5 and
    // fails `instanceof`, so telling it from a parse error would mean matching its message.
    document = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true, parseSpeed: ParseSpeeds.Fast });
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
  const active = activeContentOf(document);
  if (active) return { ok: false, code: 'ACTIVE', reason: `it contains ${active}` };
  return { ok: true, info: { pages } };
}
