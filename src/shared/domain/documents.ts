/**
 * Fax documents: the types Faxdesk accepts, the limits the service enforces on a send, and the shapes main
 * hands to the UI after opening a file. Pure: shared by main (preparing), the renderer (compose) and the
 * emulator (enforcing the same limits).
 *
 * Limits (research/efax-api-facts.md §4): at most 25 documents per fax and at most 100 MB of payload
 * *including* base64, so the check is on the encoded size, not on the file sizes.
 */
import { z } from 'zod';

export const DOCUMENT_TYPES = ['PDF', 'TXT', 'PNG', 'JPG', 'TIFF', 'DOC', 'DOCX', 'XLS', 'XLSX', 'RTF', 'HTML'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/**
 * The `document_type` string sent in POST /faxes for each type. The service names types by upper-case
 * extension (clients send `PDF`, `TXT`; the research lists TIF/TIFF, JPG/JPEG, HTML/HTM as accepted).
 * We send one spelling per type so the emulator and the client agree on a single value.
 */
export const SERVICE_DOCUMENT_TYPE: Readonly<Record<DocumentType, string>> = Object.freeze({
  PDF: 'PDF',
  TXT: 'TXT',
  PNG: 'PNG',
  JPG: 'JPG',
  TIFF: 'TIFF',
  DOC: 'DOC',
  DOCX: 'DOCX',
  XLS: 'XLS',
  XLSX: 'XLSX',
  RTF: 'RTF',
  HTML: 'HTML',
});

/** Types Faxdesk opens and checks itself (page count known). */
export const CHECKED_LOCALLY_TYPES: readonly DocumentType[] = ['PDF', 'TXT', 'PNG', 'JPG', 'TIFF'];
/** Types passed through as they are: the service converts them, so their page count is unknown here. */
export const CONVERTED_BY_SERVICE_TYPES: readonly DocumentType[] = ['DOC', 'DOCX', 'XLS', 'XLSX', 'RTF', 'HTML'];

export function isConvertedByService(type: DocumentType): boolean {
  return CONVERTED_BY_SERVICE_TYPES.includes(type);
}

/** How a person calls each type, for messages ("is a PDF document, not plain text"). */
export const DOCUMENT_TYPE_LABEL: Readonly<Record<DocumentType, string>> = Object.freeze({
  PDF: 'a PDF document',
  TXT: 'plain text',
  PNG: 'a PNG image',
  JPG: 'a JPEG image',
  TIFF: 'a TIFF image',
  DOC: 'a Word document (DOC)',
  DOCX: 'a Word document (DOCX)',
  XLS: 'an Excel workbook (XLS)',
  XLSX: 'an Excel workbook (XLSX)',
  RTF: 'a rich-text document (RTF)',
  HTML: 'a web page (HTML)',
});

/** File-name extensions (lower case, no dot) that name each type. */
export const DOCUMENT_EXTENSIONS: Readonly<Record<DocumentType, readonly string[]>> = Object.freeze({
  PDF: ['pdf'],
  TXT: ['txt', 'text'],
  PNG: ['png'],
  JPG: ['jpg', 'jpeg', 'jpe', 'jfif'],
  TIFF: ['tif', 'tiff'],
  DOC: ['doc', 'dot'],
  DOCX: ['docx', 'docm', 'dotx', 'dotm'],
  XLS: ['xls', 'xlt'],
  XLSX: ['xlsx', 'xlsm', 'xltx', 'xltm'],
  RTF: ['rtf'],
  HTML: ['html', 'htm', 'xhtml'],
});

/** One sentence listing what can be faxed, used in every "unsupported" message. */
export const SUPPORTED_TYPES_SENTENCE =
  'Faxdesk can send PDF, Word (DOC, DOCX), Excel (XLS, XLSX), RTF, HTML, plain text (TXT) and images (PNG, JPEG, TIFF).';

export const MAX_DOCUMENTS = 25;
/** Pages one document may have (PDF and TIFF, whose pages Faxdesk counts); the service publishes no limit. */
export const MAX_DOCUMENT_PAGES = 1000;
export const MAX_PAYLOAD_BYTES = 100 * 1024 * 1024;

/**
 * JSON around one document in the request body: `{"document_type":"XLSX","document_content":""},` is 47
 * characters; 64 leaves room for a longer type name.
 */
export const PAYLOAD_BYTES_PER_DOCUMENT = 64;
/**
 * The rest of the request body (50 destinations with names and companies, options, header, cover page text,
 * client data) is well under 64 KiB; it is reserved so a set that passes here cannot fail at the service by a
 * few bytes.
 */
export const PAYLOAD_ENVELOPE_RESERVE_BYTES = 64 * 1024;

/** Length of the base64 text of `byteLength` bytes (with padding). */
export function base64Length(byteLength: number): number {
  return 4 * Math.ceil(byteLength / 3);
}

/** What one document adds to the request body once encoded. */
export function encodedDocumentBytes(byteLength: number): number {
  return base64Length(byteLength) + PAYLOAD_BYTES_PER_DOCUMENT;
}

/** Estimated size of the whole POST /faxes body for documents of these sizes. */
export function estimatePayloadBytes(byteLengths: readonly number[]): number {
  let total = PAYLOAD_ENVELOPE_RESERVE_BYTES;
  for (const n of byteLengths) total += encodedDocumentBytes(n);
  return total;
}

/** The largest single file that can still be sent alone (about 75 MB). */
export const MAX_SINGLE_FILE_BYTES = Math.floor(((MAX_PAYLOAD_BYTES - PAYLOAD_ENVELOPE_RESERVE_BYTES - PAYLOAD_BYTES_PER_DOCUMENT) / 4) * 3);

const MIB = 1024 * 1024;
/**
 * "104.2 MB" (MB = 2^20 bytes, as in the limit). Sizes over a limit are rounded up, so a total just over
 * 100 MB never reads "100.0 MB".
 */
export function formatMegabytes(bytes: number, rounding: 'nearest' | 'up' = 'nearest'): string {
  const tenths = rounding === 'up' ? Math.ceil((bytes / MIB) * 10) : Math.round((bytes / MIB) * 10);
  return `${(tenths / 10).toFixed(1)} MB`;
}

/** A document ready to send: stored in the data folder under its SHA-256, checked, with its page count. */
export interface PreparedDocument {
  /** SHA-256 of the stored bytes, lower-case hex; the key in the document store. */
  id: string;
  /** Display name (the file name the person chose). Never used as a path. */
  name: string;
  type: DocumentType;
  /** Size of the stored bytes. */
  size: number;
  /** Page count; null when the service converts the document and the count is unknown here. */
  pages: number | null;
  /** True for DOC, DOCX, XLS, XLSX, RTF and HTML: shown as "converted by the service". */
  convertedByService: boolean;
  /** Sentences worth showing but not blocking (a misleading extension, an estimated page count). */
  warnings: string[];
  /** True when `pages` is an estimate (plain text: the service lays the text out). */
  pagesEstimated?: boolean;
  /** Pixel size of PNG/JPEG images and of the first TIFF page. */
  imageSize?: { width: number; height: number };
}

export const DOCUMENT_PROBLEM_CODES = [
  'EMPTY',
  'CORRUPT',
  'ENCRYPTED',
  'UNSUPPORTED',
  'TOO_LARGE',
  'TOO_MANY',
  'UNREADABLE',
  'MISMATCH',
] as const;
export type DocumentProblemCode = (typeof DOCUMENT_PROBLEM_CODES)[number];

/** Why a file cannot be sent. Any problem in a set means nothing is queued. */
export interface DocumentProblem {
  /** The file's display name (for set-wide limits: the document named in the message). */
  file: string;
  code: DocumentProblemCode;
  /** Names the problem and the fix, in one or two sentences. */
  message: string;
}

/** Progress while files are read, checked and stored. */
export interface PrepareProgress {
  file: string;
  /** 0-based position of the file in the set being prepared, and the set's size. */
  index: number;
  count: number;
  phase: 'reading' | 'checking' | 'storing' | 'done';
  /** Bytes of this file read so far, and its size. */
  bytesDone: number;
  bytesTotal: number;
  /** Bytes of all files read so far, and their total size. */
  allBytesDone: number;
  allBytesTotal: number;
}

/** SHA-256 hex: the only form of document id main accepts over IPC. */
export const DocumentIdSchema = z.string().regex(/^[0-9a-f]{64}$/, 'a document id is 64 lower-case hex digits');

/**
 * The set-wide limits, checked on the whole set (documents already attached plus new ones): at most 25
 * documents and at most 100 MB once encoded. Returns one problem per limit broken.
 */
export function checkDocumentSet(documents: readonly { name: string; size: number }[]): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  if (documents.length > MAX_DOCUMENTS) {
    const excess = documents.length - MAX_DOCUMENTS;
    problems.push({
      file: documents[MAX_DOCUMENTS]!.name,
      code: 'TOO_MANY',
      message:
        `${documents.length} documents were added; a fax can carry at most ${MAX_DOCUMENTS}. ` +
        `Remove ${excess} ${excess === 1 ? 'document' : 'documents'}, or send the others as a second fax.`,
    });
  }
  const total = estimatePayloadBytes(documents.map((d) => d.size));
  if (total > MAX_PAYLOAD_BYTES && documents.length > 0) {
    const largest = documents.reduce((a, b) => (b.size > a.size ? b : a));
    problems.push({
      file: largest.name,
      code: 'TOO_LARGE',
      message:
        `The documents add up to ${formatMegabytes(total, 'up')} once encoded for sending; the service accepts at most ` +
        `${MAX_PAYLOAD_BYTES / MIB} MB. Remove or split a document. The largest is "${largest.name}" (${formatMegabytes(largest.size)}).`,
    });
  }
  return problems;
}
