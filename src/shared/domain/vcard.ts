/**
 * vCard address-book files (RFC 2426 vCard 3.0, RFC 6350 vCard 4.0, and the vCard 2.1 that Outlook
 * still writes). Pure: no Node, no DOM.
 *
 * Reading (parseVCards):
 * - a UTF-8 byte order mark is dropped; lines may end in CRLF, LF or CR; folded lines (a line break
 *   followed by a space or tab) are joined; 2.1 quoted-printable values (ENCODING=QUOTED-PRINTABLE,
 *   soft breaks with '=') are decoded as UTF-8, or Latin-1 when the CHARSET says so;
 * - property groups (`item1.TEL`) and parameter case are ignored; escaped characters (\n \, \; \\)
 *   are unescaped;
 * - FN is the name (else N as "Given Additional Family"); ORG's first part is the company; NOTEs are
 *   the notes;
 * - the fax number is the first valid TEL typed FAX (TYPE=FAX, TYPE="work,fax", 2.1's bare `;FAX`),
 *   preferred ones (TYPE=PREF, PREF=1) first; a 4.0 `tel:` URI is read as its number. A card with no
 *   fax-typed TEL falls back to its first valid TEL, with a warning;
 * - each card becomes a contact or a skipped entry with the reason (line = its BEGIN:VCARD line).
 *
 * Writing (writeVCards): vCard 3.0 (what Outlook, Apple Contacts and Google Contacts all read), CRLF,
 * lines folded at 75 octets without splitting a character, one TEL;TYPE=WORK,FAX per contact.
 */
import { contactFromRecord, internationalNumber, type ContactDraft, type ContactsFileRead, type RawContactRecord } from '../contacts-csv';

interface ContentLine {
  /** 1-based line of the file where this (unfolded) line starts. */
  line: number;
  name: string;
  params: { name: string; values: string[] }[];
  value: string;
}

/** Splits the text into logical lines: unfolds folded lines and 2.1 quoted-printable soft breaks. */
function logicalLines(text: string): { line: number; text: string }[] {
  const physical = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const out: { line: number; text: string }[] = [];
  physical.forEach((raw, index) => {
    const last = out[out.length - 1];
    if (last && (raw.startsWith(' ') || raw.startsWith('\t'))) {
      last.text += raw.slice(1);
      return;
    }
    if (last && isQuotedPrintable(last.text) && last.text.endsWith('=')) {
      last.text = last.text.slice(0, -1) + raw;
      return;
    }
    out.push({ line: index + 1, text: raw });
  });
  return out.filter((l) => l.text.trim() !== '');
}

function isQuotedPrintable(line: string): boolean {
  const colon = findValueColon(line);
  return colon > 0 && /;\s*(ENCODING=)?QUOTED-PRINTABLE\b/i.test(line.slice(0, colon));
}

/** The ':' that ends the name and parameters (a ':' inside a quoted parameter value does not). */
function findValueColon(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ':' && !quoted) return i;
  }
  return -1;
}

/** Splits at `separator` outside double quotes. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    if (c === separator && !quoted) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function parseContentLine(line: number, text: string): ContentLine | null {
  const colon = findValueColon(text);
  if (colon < 0) return null;
  const [rawName = '', ...rawParams] = splitOutsideQuotes(text.slice(0, colon), ';');
  const name = rawName.replace(/^.*\./, '').trim().toUpperCase();
  const params = rawParams.map((p) => {
    const eq = p.indexOf('=');
    // vCard 2.1 writes bare types: TEL;WORK;FAX:...
    if (eq < 0) return { name: 'TYPE', values: [p.trim().toLowerCase()] };
    const values = splitOutsideQuotes(p.slice(eq + 1), ',').map((v) => v.trim().replace(/^"|"$/g, '').toLowerCase());
    return { name: p.slice(0, eq).trim().toUpperCase(), values: values.flatMap((v) => v.split(',')) };
  });
  return { line, name, params, value: text.slice(colon + 1) };
}

function param(content: ContentLine, name: string): string[] {
  return content.params.filter((p) => p.name === name).flatMap((p) => p.values);
}

/** The value as text: quoted-printable decoded, escapes undone. */
function textValue(content: ContentLine): string {
  let value = content.value;
  if (param(content, 'ENCODING').includes('quoted-printable') || param(content, 'TYPE').includes('quoted-printable')) {
    const charset = param(content, 'CHARSET')[0] ?? 'utf-8';
    value = decodeQuotedPrintable(value, /^(iso-8859-1|latin1|windows-1252|cp1252)$/.test(charset) ? 'latin1' : 'utf-8');
  }
  return value;
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\,;nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

/** Splits a structured value (N, ORG) at unescaped ';' and unescapes each part. */
function structured(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1];
      i++;
    } else if (c === ';') {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => unescapeText(p).trim());
}

function decodeQuotedPrintable(value: string, charset: 'utf-8' | 'latin1'): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      const code = c.codePointAt(0)!;
      if (code < 0x80) bytes.push(code);
      else {
        // Not quoted-printable after all: keep the character as UTF-8.
        for (const b of utf8Bytes(c)) bytes.push(b);
        if (code > 0xffff) i++;
      }
    }
  }
  return charset === 'latin1' ? String.fromCharCode(...bytes) : decodeUtf8(bytes);
}

function utf8Bytes(char: string): number[] {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return [code];
  if (code < 0x800) return [0xc0 | (code >> 6), 0x80 | (code & 0x3f)];
  if (code < 0x10000) return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
  return [0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)];
}

/** UTF-8 bytes to text; a malformed sequence becomes U+FFFD. */
function decodeUtf8(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const need = b < 0x80 ? 0 : b >= 0xf0 && b < 0xf8 ? 3 : b >= 0xe0 ? 2 : b >= 0xc2 && b < 0xe0 ? 1 : -1;
    if (need < 0) {
      out += '\ufffd';
      i++;
      continue;
    }
    let code = need === 0 ? b : b & (0x3f >> need);
    let ok = true;
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) {
        ok = false;
        break;
      }
      code = (code << 6) | (next & 0x3f);
    }
    if (!ok) {
      out += '\ufffd';
      i++;
      continue;
    }
    out += String.fromCodePoint(code);
    i += need + 1;
  }
  return out;
}

/** The number of a TEL value: a 4.0 `tel:` URI loses its scheme and parameters (;ext=…). */
function telNumber(value: string): string {
  const v = value.trim();
  return /^tel:/i.test(v) ? v.slice(4).split(';')[0]! : v;
}

export function parseVCards(text: string): ContactsFileRead {
  const out: ContactsFileRead = { contacts: [], skipped: [], warnings: [] };
  let card: ContentLine[] | null = null;
  let cardLine = 0;
  const finish = () => {
    if (card) readCard(card, cardLine, out);
    card = null;
  };
  for (const { line, text: lineText } of logicalLines(text)) {
    const content = parseContentLine(line, lineText);
    if (!content) continue;
    if (content.name === 'BEGIN' && content.value.trim().toUpperCase() === 'VCARD') {
      if (card) {
        out.warnings.push({ line: cardLine, reason: 'This card has no END:VCARD; it was read up to the next card.' });
        finish();
      }
      card = [];
      cardLine = line;
    } else if (content.name === 'END' && content.value.trim().toUpperCase() === 'VCARD') {
      finish();
    } else if (card) card.push(content);
  }
  if (card) {
    out.warnings.push({ line: cardLine, reason: 'This card has no END:VCARD; it was read to the end of the file.' });
    finish();
  }
  return out;
}

function readCard(lines: ContentLine[], line: number, out: ContactsFileRead): void {
  const first = (name: string) => lines.find((l) => l.name === name);
  const fn = first('FN');
  const n = first('N');
  const [family = '', given = '', additional = ''] = n ? structured(textValue(n)) : [];
  const nName = [given, additional, family].filter(Boolean).join(' ');
  const org = first('ORG');
  const company = org ? (structured(textValue(org))[0] ?? '') : '';
  let name = fn ? unescapeText(textValue(fn)).trim() : '';
  if (name === '') name = nName;
  // A company's own card: FN repeats the company and N is empty (Apple writes X-ABShowAs:COMPANY).
  const showAsCompany = first('X-ABSHOWAS')?.value.trim().toUpperCase() === 'COMPANY';
  if (company !== '' && name === company && (nName === '' || showAsCompany)) name = '';
  const notes = lines
    .filter((l) => l.name === 'NOTE')
    .map((l) => unescapeText(textValue(l)).trim())
    .filter(Boolean)
    .join('\n');
  const tels = lines
    .filter((l) => l.name === 'TEL')
    .map((l, index) => {
      const types = param(l, 'TYPE');
      const preferred = types.includes('pref') || param(l, 'PREF').length > 0;
      return { text: telNumber(unescapeText(textValue(l))), fax: types.includes('fax'), rank: preferred ? index - 1000 : index };
    })
    .sort((a, b) => a.rank - b.rank);
  const record: RawContactRecord = { line, name, company, notes, numbers: tels.map(({ text, fax }) => ({ text, fax })) };
  contactFromRecord(record, out, 'This card has no telephone number (TEL), so there is no fax number to send to.');
}

// ---------------------------------------------------------------------------------------------
// Writing

function escapeText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r\n?|\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');
}

/** Folds a content line at 75 octets (RFC 6350 §3.2), never inside a UTF-8 sequence. */
function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Bytes(char).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** N from a name: the last word is the family name, the words before it the given name. */
function structuredName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return ';;;;';
  const family = words.pop()!;
  return `${escapeText(family)};${escapeText(words.join(' '))};;;`;
}

export function writeVCards(contacts: readonly ContactDraft[]): string {
  const lines: string[] = [];
  for (const c of contacts) {
    lines.push('BEGIN:VCARD', 'VERSION:3.0');
    lines.push(`FN:${escapeText(c.name || c.company)}`);
    lines.push(`N:${structuredName(c.name)}`);
    if (c.company) lines.push(`ORG:${escapeText(c.company)}`);
    if (!c.name && c.company) lines.push('X-ABShowAs:COMPANY');
    lines.push(`TEL;TYPE=WORK,FAX:${internationalNumber(c.faxNumber)}`);
    if (c.notes) lines.push(`NOTE:${escapeText(c.notes)}`);
    lines.push('END:VCARD');
  }
  return lines.map(fold).join('\r\n') + (lines.length ? '\r\n' : '');
}
