/**
 * Plain text: telling text from binary, decoding it, and estimating how many fax pages it makes.
 *
 * The page estimate uses the classic fax/teleprinter page the service's text converter is assumed to use:
 * 80 columns by 66 lines (10 characters per inch and 6 lines per inch on a letter page). Long lines are
 * wrapped at 80 characters (by character, not by word, so a converter that wraps by word can make a few more
 * lines), tabs stop every 8 columns, and a form feed starts a new page.
 */
import { isUtf8 } from 'node:buffer';

export const TEXT_PAGE_COLUMNS = 80;
export const TEXT_PAGE_LINES = 66;

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * How the bytes are text, or null when they are binary. UTF-16 needs its byte-order mark (without one it is
 * indistinguishable from binary). Invalid UTF-8 without NUL bytes and with almost no control characters is
 * taken as a Windows (ANSI) text file.
 */
export function textEncodingOf(bytes: Uint8Array): TextEncoding | null {
  if (bytes.byteLength >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return bytes.byteLength % 2 === 0 ? 'utf-16le' : null;
  if (bytes.byteLength >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.byteLength % 2 === 0 ? 'utf-16be' : null;
  if (bytes.indexOf(0) !== -1) return null;
  if (isUtf8(bytes)) return controlRatio(bytes) <= 0.01 ? 'utf-8' : null;
  return controlRatio(bytes) <= 0.01 ? 'windows-1252' : null;
}

/** Share of bytes that are control characters other than tab, line feed, vertical tab, form feed, carriage return, escape. */
function controlRatio(bytes: Uint8Array): number {
  if (bytes.byteLength === 0) return 0;
  let control = 0;
  for (let i = 0; i < bytes.byteLength; i++) {
    const b = bytes[i]!;
    if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0b && b !== 0x0c && b !== 0x0d && b !== 0x1b) || b === 0x7f) control++;
  }
  return control / bytes.byteLength;
}

export function decodeText(bytes: Uint8Array, encoding: TextEncoding): string {
  // TextDecoder drops a byte-order mark that matches its encoding.
  return new TextDecoder(encoding).decode(bytes);
}

/** The first characters of a text, without a byte-order mark, leading blanks, an XML declaration and comments. */
export function textStart(bytes: Uint8Array, encoding: TextEncoding, length = 1024): string {
  const head = decodeText(bytes.subarray(0, Math.min(bytes.byteLength, length * 4)), encoding);
  let text = head.replace(/^\uFEFF/, '').trimStart();
  for (let guard = 0; guard < 20; guard++) {
    const before = text;
    text = text.replace(/^<\?xml[^>]*\?>/i, '').trimStart();
    text = text.replace(/^<!--[\s\S]*?-->/, '').trimStart();
    if (text === before) break;
  }
  return text.slice(0, length);
}

export function looksLikeHtml(start: string): boolean {
  return /^<!doctype\s+html[\s>]/i.test(start) || /^<html[\s>]/i.test(start);
}

export function looksLikeRtf(bytes: Uint8Array): boolean {
  const at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return bytes.byteLength >= at + 5 && String.fromCharCode(...bytes.subarray(at, at + 5)) === '{\\rtf';
}

export function isBlank(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what counts as blank here
  return !/[^\s\u0000-\u001f\uFEFF]/.test(text);
}

/** Estimated fax pages for a text at 80 columns by 66 lines (see the module comment). At least 1. */
export function estimateTextPages(text: string): number {
  let pages = 0;
  let lines = 0; // visual lines in the current form-feed section
  let column = 0;
  let lineOpen = false;
  const closeSection = (final: boolean) => {
    if (final && lines === 0 && pages > 0) return; // a trailing form feed makes no extra page
    pages += Math.max(1, Math.ceil(lines / TEXT_PAGE_LINES));
    lines = 0;
    column = 0;
    lineOpen = false;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a || c === 0x0d) {
      if (c === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
      if (!lineOpen) lines++;
      lineOpen = false;
      column = 0;
    } else if (c === 0x0c) {
      closeSection(false);
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      // second half of a surrogate pair: same character
    } else {
      if (!lineOpen) {
        lineOpen = true;
        lines++;
        column = 0;
      }
      const width = c === 0x09 ? 8 - (column % 8) : 1;
      if (column + width > TEXT_PAGE_COLUMNS) {
        lines++;
        column = c === 0x09 ? 0 : width;
      } else {
        column += width;
      }
    }
  }
  closeSection(true);
  return Math.max(1, pages);
}
