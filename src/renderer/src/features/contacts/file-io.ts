/**
 * Files in and out of the Contacts page. Reading: the text of a chosen file, decoded as UTF-8, or
 * UTF-16 when it starts with that byte order mark (Excel's "Unicode text"), or Windows-1252 when it is
 * not valid UTF-8 (older Excel "CSV"). Writing: main's Save dialog in the desktop app (files:saveAs),
 * a download in the browser (files/download.ts).
 */
import type { ContactsFileFormat } from '../../../../shared/ipc/contract/contacts';

export interface DecodedFile {
  text: string;
  /** Set when the file was not UTF-8 and another encoding was assumed. */
  note: string | null;
}

export function decodeFileBytes(bytes: Uint8Array): DecodedFile {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes), note: null };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes), note: null };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), note: null };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), note: 'The file is not UTF-8; it was read as Windows-1252 (Western European). Check accented letters.' };
  }
}

/** By the file's extension, else by its content. */
export function detectFormat(fileName: string, text: string): ContactsFileFormat {
  if (/\.(vcf|vcard)$/i.test(fileName)) return 'vcard';
  if (/\.(csv|tsv|txt)$/i.test(fileName)) return 'csv';
  return /^\s*(\uFEFF)?BEGIN:VCARD/im.test(text) ? 'vcard' : 'csv';
}
