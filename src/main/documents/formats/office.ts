/**
 * Microsoft Office files, from their containers: OLE2 compound files (DOC, XLS, and password-protected
 * DOCX/XLSX) and ZIP packages (DOCX, XLSX). Tells the kinds apart by the names inside, not by the extension,
 * and finds the encryption flags Word and Excel leave where they are cheap to read.
 */
import { readCompoundFile, type CompoundFile } from './cfb';
import { readZipDirectory, type ZipEntry } from './zip';

export type ContainerVerdict =
  | { kind: 'document'; type: 'DOC' | 'XLS' | 'DOCX' | 'XLSX' }
  /** An Office Open XML file saved with "Encrypt with Password" (an OLE2 file holding EncryptedPackage). */
  | { kind: 'encrypted-package' }
  /** Something recognisable that cannot be faxed: `what` is "a PowerPoint presentation", `fix` what to do. */
  | { kind: 'unsupported'; what: string; fix: string }
  | { kind: 'damaged'; reason: string };

export function classifyCompoundFile(bytes: Uint8Array): ContainerVerdict {
  const parsed = readCompoundFile(bytes);
  if (!parsed.ok) return { kind: 'damaged', reason: parsed.reason };
  const names = new Set(parsed.file.entries.map((e) => e.name));
  if (names.has('EncryptedPackage') || names.has('EncryptionInfo')) return { kind: 'encrypted-package' };
  if (names.has('WordDocument')) return { kind: 'document', type: 'DOC' };
  if (names.has('Workbook') || names.has('Book')) return { kind: 'document', type: 'XLS' };
  if (names.has('PowerPoint Document')) return { kind: 'unsupported', what: 'a PowerPoint presentation (PPT)', fix: 'Save or print it as a PDF and add that instead.' };
  if ([...names].some((n) => n.startsWith('__substg1.0_'))) {
    return { kind: 'unsupported', what: 'an Outlook message (MSG)', fix: 'Save its attachments, or print the message to PDF, and add those instead.' };
  }
  if (names.has('VisioDocument')) return { kind: 'unsupported', what: 'a Visio drawing', fix: 'Save or print it as a PDF and add that instead.' };
  return { kind: 'unsupported', what: 'a Microsoft Office file of a kind Faxdesk does not recognise', fix: 'Save or print it as a PDF and add that instead.' };
}

export function classifyZip(bytes: Uint8Array): ContainerVerdict {
  const directory = readZipDirectory(bytes);
  if (!directory.ok) return { kind: 'damaged', reason: directory.reason };
  const names = directory.entries.map((e) => e.name);
  const has = (name: string) => names.includes(name);
  const under = (folder: string) => names.some((n) => n.startsWith(folder));
  if (has('[Content_Types].xml')) {
    if (under('word/')) return { kind: 'document', type: 'DOCX' };
    if (under('xl/')) return { kind: 'document', type: 'XLSX' };
    if (under('ppt/')) return { kind: 'unsupported', what: 'a PowerPoint presentation (PPTX)', fix: 'Save or print it as a PDF and add that instead.' };
    if (under('Documents/') || has('FixedDocumentSequence.fdseq') || has('FixedDocSeq.fdseq')) {
      return { kind: 'unsupported', what: 'an XPS document', fix: 'Print it to PDF and add that instead.' };
    }
    return { kind: 'unsupported', what: 'an Office file of a kind Faxdesk does not recognise', fix: 'Save or print it as a PDF and add that instead.' };
  }
  const mimetype = has('mimetype') ? storedEntryText(bytes, directory.entries.find((e) => e.name === 'mimetype')!) : null;
  if (mimetype?.startsWith('application/vnd.oasis.opendocument')) {
    return { kind: 'unsupported', what: 'an OpenDocument file (LibreOffice/OpenOffice)', fix: 'Save it as DOCX, XLSX or PDF and add that instead.' };
  }
  if (mimetype === 'application/epub+zip') return { kind: 'unsupported', what: 'an e-book (EPUB)', fix: 'Print the pages you need to PDF and add that instead.' };
  return { kind: 'unsupported', what: 'a ZIP archive', fix: 'Extract it and add the documents inside.' };
}

/** The text of an uncompressed ("stored") entry, as OpenDocument and EPUB write `mimetype`; null otherwise. */
function storedEntryText(bytes: Uint8Array, entry: ZipEntry): string | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localHeaderOffset;
  if (at + 30 > bytes.byteLength || view.getUint16(at + 8, true) !== 0) return null;
  const size = view.getUint32(at + 18, true);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (size > 200 || start + size > bytes.byteLength) return null;
  return new TextDecoder().decode(bytes.subarray(start, start + size)).trim();
}

export type EncryptionVerdict = 'none' | 'encrypted' | 'maybe' | 'damaged';

/**
 * Whether an Office file is encrypted. DOC: the fEncrypted bit of the Word FIB. XLS: a FILEPASS record among
 * the first records of the Workbook stream ("maybe": Excel also encrypts workbooks that open without a
 * password, using its built-in default password, so this cannot be refused outright). DOCX/XLSX: entries
 * flagged encrypted in the ZIP directory (a real password-protected DOCX is an OLE2 file and never gets here).
 */
export function officeEncryption(type: 'DOC' | 'XLS' | 'DOCX' | 'XLSX', bytes: Uint8Array): EncryptionVerdict {
  if (type === 'DOCX' || type === 'XLSX') {
    const directory = readZipDirectory(bytes);
    if (!directory.ok) return 'damaged';
    return directory.entries.some((e) => (e.flags & 1) !== 0) ? 'encrypted' : 'none';
  }
  const parsed = readCompoundFile(bytes);
  if (!parsed.ok) return 'damaged';
  return type === 'DOC' ? wordEncryption(parsed.file) : excelEncryption(parsed.file);
}

function wordEncryption(file: CompoundFile): EncryptionVerdict {
  const entry = file.entries.find((e) => e.name === 'WordDocument');
  const fib = entry ? file.readStream(entry, 12) : null;
  if (!fib || fib.byteLength < 12) return 'damaged';
  const view = new DataView(fib.buffer, fib.byteOffset, fib.byteLength);
  if (view.getUint16(0, true) !== 0xa5ec) return 'damaged';
  return (view.getUint16(0x0a, true) & 0x0100) !== 0 ? 'encrypted' : 'none';
}

function excelEncryption(file: CompoundFile): EncryptionVerdict {
  const entry = file.entries.find((e) => e.name === 'Workbook' || e.name === 'Book');
  const head = entry ? file.readStream(entry, 64 * 1024) : null;
  if (!head || head.byteLength < 4) return 'damaged';
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  if (view.getUint16(0, true) !== 0x0809 && view.getUint16(0, true) !== 0x0209 && view.getUint16(0, true) !== 0x0409) return 'damaged';
  // FILEPASS follows BOF closely in the workbook globals; stop at EOF (0x000A) or after 64 records.
  let at = 0;
  for (let n = 0; n < 64 && at + 4 <= head.byteLength; n++) {
    const record = view.getUint16(at, true);
    if (record === 0x002f) return 'maybe';
    if (record === 0x000a) break;
    at += 4 + view.getUint16(at + 2, true);
  }
  return 'none';
}
