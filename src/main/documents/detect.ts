/**
 * What a file is, from its content first and its name second.
 *
 * Rules, in order:
 * 1. Signatures that cannot be text decide the type, whatever the name says: %PDF- (at byte 0, or within the
 *    first 1024 bytes of a file named .pdf), PNG, JPEG (FF D8 FF), TIFF (II*\0 / MM\0*), {\rtf. OLE2 files
 *    (D0 CF 11 E0) are DOC or XLS by the streams inside (WordDocument / Workbook); ZIP files are DOCX or
 *    XLSX by their entries ([Content_Types].xml with word/ or xl/). If the name says another supported type,
 *    the content wins and a warning says so.
 * 2. Recognisable formats that cannot be faxed (GIF, BMP, WebP, HEIC, PowerPoint, OpenDocument, archives,
 *    programs, ...) are UNSUPPORTED, with the fix for that format.
 * 3. Text (UTF-8, UTF-16 with a byte-order mark, or Windows ANSI; no NUL bytes, almost no control
 *    characters) is HTML when it starts with <!DOCTYPE html or <html, or when it is named .html/.htm
 *    (fragments have no <html>); otherwise TXT. Text named as a binary type (a ".pdf" that is an HTML error
 *    page from a failed download) is MISMATCH: sending it as found would fax the wrong thing.
 * 4. Anything else is UNSUPPORTED (or MISMATCH when its name claims a supported type).
 */
import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_TYPE_LABEL,
  DOCUMENT_TYPES,
  SUPPORTED_TYPES_SENTENCE,
  type DocumentProblemCode,
  type DocumentType,
} from '../../shared/domain/documents';
import { CFB_SIGNATURE } from './formats/cfb';
import { classifyCompoundFile, classifyZip, type ContainerVerdict } from './formats/office';
import { pdfHeaderOffset } from './formats/pdf';
import { PNG_SIGNATURE } from './formats/png';
import { looksLikeHtml, looksLikeRtf, textEncodingOf, textStart, type TextEncoding } from './formats/text';
import { isBigTiffSignature, isTiffSignature } from './formats/tiff';

export type Detection =
  | { ok: true; type: DocumentType; warnings: string[]; /** set for TXT and HTML */ encoding?: TextEncoding }
  | { ok: false; code: Extract<DocumentProblemCode, 'EMPTY' | 'UNSUPPORTED' | 'MISMATCH' | 'CORRUPT' | 'ENCRYPTED'>; message: string };

/** Lower-case extension without the dot ("" when none). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The supported type a file name claims, if any. */
export function typeFromName(name: string): DocumentType | undefined {
  const extension = extensionOf(name);
  return DOCUMENT_TYPES.find((type) => DOCUMENT_EXTENSIONS[type].includes(extension));
}

const TEXT_TYPES: readonly DocumentType[] = ['TXT', 'HTML', 'RTF'];

interface KnownFormat {
  what: string;
  fix: string;
  test: (b: Uint8Array) => boolean;
}

const startsWith = (b: Uint8Array, ...sig: number[]) => b.byteLength >= sig.length && sig.every((v, i) => b[i] === v);
const ascii = (b: Uint8Array, at: number, text: string) =>
  b.byteLength >= at + text.length && [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));

const SAVE_AS_IMAGE = 'Save it as PNG, JPEG or PDF and add that instead.';
/** Binary formats people drop by mistake, named so the message can say what they are. */
const KNOWN_UNSUPPORTED: readonly KnownFormat[] = [
  { what: 'a GIF image', fix: SAVE_AS_IMAGE, test: (b) => ascii(b, 0, 'GIF87a') || ascii(b, 0, 'GIF89a') },
  { what: 'a WebP image', fix: SAVE_AS_IMAGE, test: (b) => ascii(b, 0, 'RIFF') && ascii(b, 8, 'WEBP') },
  {
    what: 'a HEIC/AVIF photo',
    fix: SAVE_AS_IMAGE,
    test: (b) => ascii(b, 4, 'ftyp') && ['heic', 'heix', 'hevc', 'mif1', 'msf1', 'avif'].some((brand) => ascii(b, 8, brand)),
  },
  { what: 'a video or audio file', fix: 'Only documents and images can be faxed.', test: (b) => ascii(b, 4, 'ftyp') || ascii(b, 0, 'ID3') || ascii(b, 0, 'OggS') },
  { what: 'a BMP image', fix: SAVE_AS_IMAGE, test: (b) => ascii(b, 0, 'BM') && b.byteLength > 26 && b[14]! >= 12 && b[15] === 0 && b[16] === 0 },
  { what: 'a compressed archive', fix: 'Extract it and add the documents inside.', test: (b) => startsWith(b, 0x1f, 0x8b) || ascii(b, 0, 'Rar!') || startsWith(b, 0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) },
  { what: 'a WordPerfect document', fix: 'Save it as DOCX or PDF and add that instead.', test: (b) => startsWith(b, 0xff, 0x57, 0x50, 0x43) },
  { what: 'a program', fix: 'Only documents and images can be faxed.', test: (b) => ascii(b, 0, 'MZ') || startsWith(b, 0x7f, 0x45, 0x4c, 0x46) },
];

function quote(name: string): string {
  return `"${name}"`;
}

function unsupported(name: string, what: string, fix: string): Detection {
  return { ok: false, code: 'UNSUPPORTED', message: `${quote(name)} is ${what}, which cannot be faxed. ${fix} ${SUPPORTED_TYPES_SENTENCE}` };
}

/** The content decided `type`; warn when the name claimed a different supported type. */
function byContent(name: string, type: DocumentType, extra: Partial<{ encoding: TextEncoding }> = {}): Detection {
  const claimed = typeFromName(name);
  const warnings: string[] = [];
  if (claimed && claimed !== type) {
    warnings.push(`${quote(name)} is ${DOCUMENT_TYPE_LABEL[type]}, not ${DOCUMENT_TYPE_LABEL[claimed]} as its name suggests; it will be sent as ${type}.`);
  }
  return { ok: true, type, warnings, ...extra };
}

function fromContainer(name: string, verdict: ContainerVerdict, family: 'Microsoft Office' | 'ZIP'): Detection {
  switch (verdict.kind) {
    case 'document':
      return byContent(name, verdict.type);
    case 'encrypted-package': {
      const app = typeFromName(name) === 'XLSX' || typeFromName(name) === 'XLS' ? 'Excel' : 'Word or Excel';
      return {
        ok: false,
        code: 'ENCRYPTED',
        message: `${quote(name)} is password-protected. Open it in ${app}, remove the password (File > Info > Protect > Encrypt with Password), save it, and add it again.`,
      };
    }
    case 'unsupported':
      return unsupported(name, verdict.what, verdict.fix);
    case 'damaged':
      return {
        ok: false,
        code: 'CORRUPT',
        message: `${quote(name)} looks like a ${family} file but is damaged (${verdict.reason}). Open it in the program that made it, save it again, and add the new file.`,
      };
  }
}

export function detectDocumentType(name: string, bytes: Uint8Array): Detection {
  if (bytes.byteLength === 0) {
    return { ok: false, code: 'EMPTY', message: `${quote(name)} is empty (0 bytes). Check that it was saved completely, then add it again.` };
  }
  const claimed = typeFromName(name);

  const pdfAt = pdfHeaderOffset(bytes);
  if (pdfAt === 0 || (pdfAt > 0 && claimed === 'PDF')) return byContent(name, 'PDF');
  if (startsWith(bytes, ...PNG_SIGNATURE)) return byContent(name, 'PNG');
  if (startsWith(bytes, 0xff, 0xd8, 0xff)) return byContent(name, 'JPG');
  if (isTiffSignature(bytes)) return byContent(name, 'TIFF');
  if (isBigTiffSignature(bytes)) return unsupported(name, 'a BigTIFF image', 'Save it as a standard TIFF or as PDF and add that instead.');
  if (startsWith(bytes, ...CFB_SIGNATURE)) return fromContainer(name, classifyCompoundFile(bytes), 'Microsoft Office');
  if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04) || startsWith(bytes, 0x50, 0x4b, 0x05, 0x06)) return fromContainer(name, classifyZip(bytes), 'ZIP');
  if (looksLikeRtf(bytes)) return byContent(name, 'RTF');

  const encoding = textEncodingOf(bytes);
  if (encoding === null) {
    const known = KNOWN_UNSUPPORTED.find((format) => format.test(bytes));
    if (known) return unsupported(name, known.what, known.fix);
    if (claimed) {
      return {
        ok: false,
        code: 'MISMATCH',
        message: `${quote(name)} is named as ${DOCUMENT_TYPE_LABEL[claimed]} but does not contain one; it may be damaged or in another format. Open it in the program that made it, save it as ${claimed} again, and add the new file. ${SUPPORTED_TYPES_SENTENCE}`,
      };
    }
    return unsupported(name, 'in a format Faxdesk does not recognise', 'Print it to PDF from the program that opens it and add that instead.');
  }

  const start = textStart(bytes, encoding);
  if (/^<svg[\s>]/i.test(start)) return unsupported(name, 'an SVG drawing', SAVE_AS_IMAGE);
  if (start.startsWith('%!PS')) return unsupported(name, 'a PostScript file', 'Convert it to PDF (print it to PDF) and add that instead.');
  const html = looksLikeHtml(start);
  if (claimed && !TEXT_TYPES.includes(claimed)) {
    const what = html ? 'web-page text (HTML)' : 'plain text';
    return {
      ok: false,
      code: 'MISMATCH',
      message: `${quote(name)} is named as ${DOCUMENT_TYPE_LABEL[claimed]} but contains ${what}; a failed download often looks like this. Download or export it again. If the text is what you want to fax, rename it to .${html ? 'html' : 'txt'} and add it again.`,
    };
  }
  if (html) return byContent(name, 'HTML', { encoding });
  if (claimed === 'HTML') return { ok: true, type: 'HTML', warnings: [], encoding };
  if (claimed === 'RTF') {
    return {
      ok: false,
      code: 'MISMATCH',
      message: `${quote(name)} is named as ${DOCUMENT_TYPE_LABEL.RTF} but contains plain text without RTF formatting. Rename it to .txt and add it again, or save it as RTF from your word processor.`,
    };
  }
  return { ok: true, type: 'TXT', warnings: [], encoding };
}
