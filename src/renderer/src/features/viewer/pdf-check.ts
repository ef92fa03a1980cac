/**
 * Cheap checks of a PDF's bytes before pdfjs sees them. pdfjs repairs what it can and would show a
 * truncated fax as a complete one with pages missing; for a fax that is worse than an error, so a file
 * without its end-of-file marker is reported as incomplete. Readers look for the marker in the last
 * 1024 bytes (PDF 32000-1, implementation note 18), so that is where it is looked for here.
 */
import { DamagedDocumentError } from './damage';

const HEADER_WINDOW = 1024;
const TRAILER_WINDOW = 1024;

function indexOfAscii(bytes: Uint8Array, text: string, from: number, to: number): number {
  const codes = Array.from(text, (c) => c.charCodeAt(0));
  const last = Math.min(to, bytes.length) - codes.length;
  outer: for (let i = Math.max(0, from); i <= last; i++) {
    for (let j = 0; j < codes.length; j++) if (bytes[i + j] !== codes[j]) continue outer;
    return i;
  }
  return -1;
}

/** Returns nothing when the bytes look like a whole PDF; throws DamagedDocumentError otherwise. */
export function checkPdfBytes(bytes: Uint8Array): void {
  if (bytes.length === 0) throw new DamagedDocumentError('the file is empty');
  if (indexOfAscii(bytes, '%PDF-', 0, HEADER_WINDOW) === -1) throw new DamagedDocumentError('it is not a PDF file');
  if (indexOfAscii(bytes, '%%EOF', bytes.length - TRAILER_WINDOW, bytes.length) === -1) {
    throw new DamagedDocumentError('the file ends early (its end-of-file marker is missing)');
  }
}
