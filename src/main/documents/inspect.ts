/**
 * Opens a file of a known type and checks it can be sent: page count for the types Faxdesk reads itself
 * (PDF, TXT, PNG, JPEG, TIFF), container and encryption checks for the types the service converts. Turns the
 * format checks' short reasons into sentences that name the problem and the fix.
 */
import { DOCUMENT_TYPE_LABEL, MAX_DOCUMENT_PAGES, type DocumentProblemCode, type DocumentType } from '../../shared/domain/documents';
import type { FormatCheck } from './formats/check';
import { checkJpeg } from './formats/jpeg';
import { officeEncryption } from './formats/office';
import { checkPdf } from './formats/pdf';
import { checkPng } from './formats/png';
import { decodeText, estimateTextPages, isBlank, textEncodingOf, type TextEncoding } from './formats/text';
import { checkTiff } from './formats/tiff';

export type Inspection =
  | {
      ok: true;
      pages: number | null;
      pagesEstimated: boolean;
      warnings: string[];
      imageSize?: { width: number; height: number };
      /** Set when the bytes to send differ from the file's (UTF-16 text is sent as UTF-8). */
      bytes?: Uint8Array;
    }
  | { ok: false; code: Extract<DocumentProblemCode, 'EMPTY' | 'CORRUPT' | 'ENCRYPTED' | 'UNSUPPORTED' | 'TOO_LARGE'>; message: string };

const quote = (name: string) => `"${name}"`;

/** Fix advice per type, for damaged files. */
const RESAVE: Record<DocumentType, string> = {
  PDF: 'Download or export it again, and add the new file.',
  TXT: 'Save it again from your text editor, and add the new file.',
  PNG: 'Open it in an image editor, save it again, and add the new file.',
  JPG: 'Open it in an image editor, save it again, and add the new file.',
  TIFF: 'Scan or save it again, and add the new file.',
  DOC: 'Open it in Word, save it again, and add the new file.',
  DOCX: 'Open it in Word, save it again, and add the new file.',
  XLS: 'Open it in Excel, save it again, and add the new file.',
  XLSX: 'Open it in Excel, save it again, and add the new file.',
  RTF: 'Save it again from your word processor, and add the new file.',
  HTML: 'Save the page again, and add the new file.',
};

function refused(name: string, type: DocumentType, check: Extract<FormatCheck<unknown>, { ok: false }>): Inspection {
  const label = DOCUMENT_TYPE_LABEL[type];
  switch (check.code) {
    case 'CORRUPT':
      return { ok: false, code: 'CORRUPT', message: `${quote(name)} is damaged: ${check.reason}. ${RESAVE[type]}` };
    case 'EMPTY':
      return { ok: false, code: 'EMPTY', message: `${quote(name)} is ${label} but ${check.reason}, so there is nothing to fax. ${RESAVE[type]}` };
    case 'ENCRYPTED':
      return {
        ok: false,
        code: 'ENCRYPTED',
        message: `${quote(name)} is password-protected (encrypted). Remove the password, for example by printing it to a new PDF ("Save as PDF" / "Microsoft Print to PDF"), and add that file instead.`,
      };
    case 'UNSUPPORTED':
      return { ok: false, code: 'UNSUPPORTED', message: `${quote(name)} cannot be faxed: ${check.reason}. Save it as PDF and add that instead.` };
    case 'ACTIVE':
      // A fax is only the printed pages; a script or a launch action in a file someone sends is a classic
      // way to deliver harmful code, and the person sending it rarely knows it is there.
      return {
        ok: false,
        code: 'UNSUPPORTED',
        message: `${quote(name)} ${check.reason.replace(/^it /, '')} (code that runs when the file is opened). Faxdesk does not send files with scripts or launch actions. Print it to a new PDF ("Save as PDF" / "Microsoft Print to PDF") and add that file instead.`,
      };
  }
}

/**
 * A document longer than MAX_DOCUMENT_PAGES is refused: at about half a minute a page it would hold the
 * line for hours, and such counts come from damaged or hostile files far more often than from real faxes.
 */
function tooManyPages(name: string, pages: number): Inspection | null {
  if (pages <= MAX_DOCUMENT_PAGES) return null;
  const format = (n: number) => n.toLocaleString('en-US');
  return {
    ok: false,
    code: 'TOO_LARGE',
    message: `${quote(name)} has ${format(pages)} pages; Faxdesk sends at most ${format(MAX_DOCUMENT_PAGES)} pages per document (a fax that long would hold the line for many hours). Split it into smaller documents and send them as separate faxes.`,
  };
}

export async function inspectDocument(name: string, type: DocumentType, bytes: Uint8Array, encoding?: TextEncoding): Promise<Inspection> {
  switch (type) {
    case 'PDF': {
      const check = await checkPdf(bytes);
      if (!check.ok) return refused(name, type, check);
      return tooManyPages(name, check.info.pages) ?? { ok: true, pages: check.info.pages, pagesEstimated: false, warnings: [] };
    }
    case 'PNG': {
      const check = await checkPng(bytes);
      if (!check.ok) return refused(name, type, check);
      const warnings = check.info.animated ? [`${quote(name)} is animated; only its first frame will be faxed.`] : [];
      return { ok: true, pages: 1, pagesEstimated: false, warnings, imageSize: { width: check.info.width, height: check.info.height } };
    }
    case 'JPG': {
      const check = checkJpeg(bytes);
      if (!check.ok) return refused(name, type, check);
      return { ok: true, pages: 1, pagesEstimated: false, warnings: [], imageSize: { width: check.info.width, height: check.info.height } };
    }
    case 'TIFF': {
      const check = checkTiff(bytes);
      if (!check.ok) return refused(name, type, check);
      const long = tooManyPages(name, check.info.pages);
      if (long) return long;
      return { ok: true, pages: check.info.pages, pagesEstimated: false, warnings: [], imageSize: { width: check.info.width, height: check.info.height } };
    }
    case 'TXT':
      return inspectText(name, bytes, encoding);
    case 'HTML':
      return inspectHtml(name, bytes, encoding);
    case 'RTF': {
      // A cut-off RTF still opens (the converter prints what is there), so this warns rather than refuses.
      const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(-64).toString('latin1').replace(/[\s\0]+$/, '');
      const warnings = tail.endsWith('}') ? [] : [`${quote(name)} may be incomplete (it does not end the way RTF files do); check the fax preview after sending.`];
      return { ok: true, pages: null, pagesEstimated: false, warnings };
    }
    case 'DOC':
    case 'XLS':
    case 'DOCX':
    case 'XLSX': {
      const encryption = officeEncryption(type, bytes);
      const app = type === 'DOC' || type === 'DOCX' ? 'Word' : 'Excel';
      if (encryption === 'damaged') return refused(name, type, { ok: false, code: 'CORRUPT', reason: `its ${app} data cannot be read` });
      if (encryption === 'encrypted') {
        return {
          ok: false,
          code: 'ENCRYPTED',
          message: `${quote(name)} is password-protected. Open it in ${app}, remove the password (File > Info > Protect > Encrypt with Password), save it, and add it again.`,
        };
      }
      const warnings =
        encryption === 'maybe'
          ? [`${quote(name)} is encrypted. If Excel asks for a password to open it, remove the password and add it again: the service cannot open password-protected workbooks.`]
          : [];
      return { ok: true, pages: null, pagesEstimated: false, warnings };
    }
  }
}

function transcodeWarning(name: string, encoding: TextEncoding): string[] {
  if (encoding === 'windows-1252') {
    return [`${quote(name)} is not UTF-8 text; it is read as Windows (ANSI) text. If accented letters look wrong in the fax, save it as UTF-8 and add it again.`];
  }
  if (encoding === 'utf-16le' || encoding === 'utf-16be') return [`${quote(name)} is UTF-16 text; it is sent as UTF-8.`];
  return [];
}

function utf16AsUtf8(text: string, encoding: TextEncoding): Uint8Array | undefined {
  return encoding === 'utf-16le' || encoding === 'utf-16be' ? Buffer.from(text, 'utf8') : undefined;
}

function inspectText(name: string, bytes: Uint8Array, given?: TextEncoding): Inspection {
  const encoding = given ?? textEncodingOf(bytes);
  if (encoding === null) return { ok: false, code: 'CORRUPT', message: `${quote(name)} is named as text but contains binary data. ${RESAVE.TXT}` };
  const text = decodeText(bytes, encoding);
  if (isBlank(text)) return { ok: false, code: 'EMPTY', message: `${quote(name)} contains no text (only spaces or blank lines), so there is nothing to fax. Check the file and add it again.` };
  const converted = utf16AsUtf8(text, encoding);
  return {
    ok: true,
    pages: estimateTextPages(text),
    pagesEstimated: true,
    warnings: transcodeWarning(name, encoding),
    ...(converted ? { bytes: converted } : {}),
  };
}

/** HTML is passed through byte for byte: its own charset declaration or byte-order mark tells the converter how to read it. */
function inspectHtml(name: string, bytes: Uint8Array, given?: TextEncoding): Inspection {
  const encoding = given ?? textEncodingOf(bytes) ?? 'utf-8';
  if (isBlank(decodeText(bytes, encoding))) {
    return { ok: false, code: 'EMPTY', message: `${quote(name)} contains no text, so there is nothing to fax. Check the file and add it again.` };
  }
  return { ok: true, pages: null, pagesEstimated: false, warnings: [] };
}
