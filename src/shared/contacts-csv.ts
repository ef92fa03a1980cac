/**
 * The address book's record rules and its CSV format. Pure: no Node, no DOM.
 *
 * - checkContactDraft: the one check of a contact's fields (name or company, lengths, the fax number
 *   through normalizeFaxNumber). Main applies it to every write; the Contacts form uses it to
 *   validate inline; the CSV and vCard readers apply it to every record they read.
 * - parseContactsCsv / writeContactsCsv: RFC 4180 CSV as spreadsheets and address books write it.
 *
 * Reading CSV:
 * - a UTF-8 byte order mark is dropped; lines may end in CRLF, LF or CR;
 * - the separator is ',' or ';' (European spreadsheets) or a tab: whichever the first line holds most
 *   of, outside quotes;
 * - quoted fields follow RFC 4180 ('""' is a quote) and may span lines; a quote in the middle of an
 *   unquoted field is kept as text;
 * - a first row naming its columns (name, company, fax, number, notes, and common spellings such as
 *   "Business Fax", "First Name", "Organization", "Comments") is a header, in any column order;
 *   without one, the first field that looks like a number is the fax column and the others are name,
 *   company and notes in that order;
 * - a phone column ("Phone", "Tel", "Mobile") is used only when a row has no fax number, with a warning;
 * - every record becomes a contact or a skipped line with the reason; blank lines are ignored.
 *
 * Writing CSV: a header row `Name,Company,Fax,Notes`, CRLF line ends, the number in international form
 * (+15551234567), each field by the one CSV field rule (src/shared/csv.ts: quoted when needed, and a text
 * field starting with = + - @ gets a leading apostrophe so that spreadsheets do not run it as a formula);
 * reading drops that apostrophe again.
 *
 * The reader is hand-written, not papaparse: papaparse guesses the separator from field counts over the
 * first rows (a different answer than "what the first line holds most of" for the files tested here), does
 * not report the line a record starts on (which every skipped-line message names) and drops a quote that
 * follows leading spaces; wrapping it to restore those would be longer than the ~90 lines of splitting
 * below, and would add 20 KB to main for no rule it does better.
 */
import { csvField } from './csv';
import { formatFaxNumber, normalizeFaxNumber } from './fax-number';

export const CONTACT_NAME_MAX = 200;
export const CONTACT_COMPANY_MAX = 200;
export const CONTACT_NOTES_MAX = 2000;
/** What may be typed in the number field before normalisation (separators included). */
export const CONTACT_NUMBER_TEXT_MAX = 100;

/** A contact's fields as the address book stores them: trimmed, the number normalised (digits). */
export interface ContactDraft {
  name: string;
  company: string;
  faxNumber: string;
  notes: string;
}

export type ContactField = keyof ContactDraft;

export interface ContactDraftInput {
  name?: string | undefined;
  company?: string | undefined;
  faxNumber: string;
  notes?: string | undefined;
}

export type ContactCheck = { ok: true; value: ContactDraft; display: string } | { ok: false; field: ContactField; message: string };

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Checks and tidies a contact's fields; the first problem found is returned with its field. */
export function checkContactDraft(input: ContactDraftInput): ContactCheck {
  const name = (input.name ?? '').trim();
  const company = (input.company ?? '').trim();
  const notes = (input.notes ?? '').replace(/\r\n?/g, '\n').trim();
  if (name === '' && company === '') return { ok: false, field: 'name', message: 'Give the contact a name or a company.' };
  if (name.length > CONTACT_NAME_MAX) {
    return { ok: false, field: 'name', message: `Use at most ${CONTACT_NAME_MAX} characters for the name; this one has ${name.length}.` };
  }
  if (CONTROL.test(name)) return { ok: false, field: 'name', message: 'The name contains a line break or a control character; write it on one line.' };
  if (company.length > CONTACT_COMPANY_MAX) {
    return { ok: false, field: 'company', message: `Use at most ${CONTACT_COMPANY_MAX} characters for the company; this one has ${company.length}.` };
  }
  if (CONTROL.test(company)) return { ok: false, field: 'company', message: 'The company contains a line break or a control character; write it on one line.' };
  if (notes.length > CONTACT_NOTES_MAX) {
    return { ok: false, field: 'notes', message: `Use at most ${CONTACT_NOTES_MAX} characters for the notes; these have ${notes.length}.` };
  }
  if (CONTROL_BUT_LINES.test(notes)) return { ok: false, field: 'notes', message: 'The notes contain a control character; remove it.' };
  const numberText = input.faxNumber ?? '';
  if (numberText.length > CONTACT_NUMBER_TEXT_MAX) {
    return { ok: false, field: 'faxNumber', message: `That is not a fax number (${numberText.length} characters); enter the number with its country code.` };
  }
  const number = normalizeFaxNumber(numberText);
  if (!number.ok) return { ok: false, field: 'faxNumber', message: number.message };
  return { ok: true, value: { name, company, faxNumber: number.value, notes }, display: number.display };
}

/** What a person sees for a contact in one line: its name, else its company. */
export function contactLabel(contact: { name: string; company: string; faxNumber: string }): string {
  return contact.name || contact.company || formatFaxNumber(contact.faxNumber);
}

// ---------------------------------------------------------------------------------------------
// Reading address-book files (shared by CSV and vCard)

/** One contact read from a file, with the 1-based line its record starts on. */
export interface ImportedContact extends ContactDraft {
  line: number;
}

export interface ImportNote {
  /** 1-based line of the file where the record (CSV row, vCard BEGIN) starts. */
  line: number;
  /** What happened and, for a skipped record, how to fix it. */
  reason: string;
}

export interface ContactsFileRead {
  contacts: ImportedContact[];
  /** Records that cannot become contacts. */
  skipped: ImportNote[];
  /** Records read with a guess worth checking (a phone number used as the fax number…). */
  warnings: ImportNote[];
}

export interface RawContactRecord {
  line: number;
  name: string;
  company: string;
  notes: string;
  /** Candidate numbers in order of preference, with how each was labelled in the file. */
  numbers: { text: string; fax: boolean }[];
}

/**
 * Turns a record read from a file into a contact, or the reason it cannot be one. The first fax
 * number that is valid wins; a number not marked as fax is used only when there is no fax number.
 */
export function contactFromRecord(record: RawContactRecord, out: ContactsFileRead, noNumberReason: string): void {
  const numbers = record.numbers.filter((n) => n.text.trim() !== '');
  const fax = numbers.filter((n) => n.fax);
  const candidates = fax.length > 0 ? fax : numbers;
  if (candidates.length === 0) {
    out.skipped.push({ line: record.line, reason: noNumberReason });
    return;
  }
  let firstProblem: { text: string; message: string } | null = null;
  let chosen: ContactDraft | null = null;
  let chosenText = '';
  for (const candidate of candidates) {
    const check = checkContactDraft({ name: record.name, company: record.company, notes: record.notes, faxNumber: candidate.text });
    if (check.ok) {
      chosen = check.value;
      chosenText = candidate.text;
      break;
    }
    if (check.field !== 'faxNumber') {
      out.skipped.push({ line: record.line, reason: check.message });
      return;
    }
    firstProblem ??= { text: candidate.text, message: check.message };
  }
  if (!chosen) {
    out.skipped.push({ line: record.line, reason: `Fax number "${clip(firstProblem!.text)}": ${firstProblem!.message}` });
    return;
  }
  if (fax.length === 0) {
    out.warnings.push({
      line: record.line,
      reason: `No number is marked as a fax number; used "${clip(chosenText)}". Check that it takes faxes.`,
    });
  }
  out.contacts.push({ line: record.line, ...chosen });
}

function clip(text: string): string {
  const t = text.trim();
  return t.length > 40 ? `${t.slice(0, 40)}…` : t;
}

// ---------------------------------------------------------------------------------------------
// CSV

interface CsvRecord {
  line: number;
  fields: string[];
}

type CsvSeparator = ',' | ';' | '\t';

function detectSeparator(text: string): CsvSeparator {
  const counts: Record<CsvSeparator, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) {
      if (counts[','] + counts[';'] + counts['\t'] > 0) break;
    } else if (!quoted && (char === ',' || char === ';' || char === '\t')) counts[char]++;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[','] && counts['\t'] > counts[';']) return '\t';
  return ',';
}

/**
 * RFC 4180 records. Returns the records and, when a quoted field is never closed, the line it opened on
 * (the rest of the file is then part of that field and cannot be read).
 */
function splitCsv(text: string, separator: CsvSeparator): { records: CsvRecord[]; unclosedAt: number | null } {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let quotedAt: number | null = null;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (quotedAt !== null) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quotedAt = null;
        i++;
        continue;
      }
      if (char === '\r' || char === '\n') {
        if (char === '\r' && text[i + 1] === '\n') i++;
        field += '\n';
        line++;
        i++;
        continue;
      }
      field += char;
      i++;
      continue;
    }
    if (char === '"' && field.trim() === '') {
      field = '';
      quotedAt = line;
      i++;
      continue;
    }
    if (char === separator) {
      fields.push(field);
      field = '';
      i++;
      continue;
    }
    if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
      i++;
      continue;
    }
    field += char;
    i++;
  }
  if (quotedAt !== null) return { records, unclosedAt: recordLine };
  if (field !== '' || fields.length > 0) endRecord();
  return { records, unclosedAt: null };
}

type CsvRole = 'name' | 'first' | 'middle' | 'last' | 'company' | 'fax' | 'phone' | 'notes';

function key(word: string): string {
  return word.toLowerCase().replace(/[^a-z]/g, '');
}

const CSV_HEADER_WORDS: Record<CsvRole, string[]> = {
  name: ['name', 'fullname', 'displayname', 'contact', 'contactname', 'recipient', 'recipientname', 'toname', 'to', 'attn', 'attention', 'person'],
  first: ['firstname', 'givenname', 'forename', 'first'],
  middle: ['middlename', 'additionalname', 'middle'],
  last: ['lastname', 'surname', 'familyname', 'last'],
  company: ['company', 'companyname', 'organization', 'organisation', 'org', 'organizationname', 'organisationname', 'business', 'firm', 'tocompany', 'employer'],
  fax: [
    'fax', 'faxnumber', 'faxno', 'faxnr', 'number', 'businessfax', 'workfax', 'homefax', 'otherfax', 'primaryfax',
    'recipientfax', 'destination', 'telefax', 'faxnummer',
  ],
  phone: ['phone', 'phonenumber', 'telephone', 'tel', 'businessphone', 'workphone', 'mobile', 'mobilephone', 'cell', 'primaryphone', 'homephone'],
  notes: ['notes', 'note', 'comment', 'comments', 'memo', 'description', 'remarks'],
};

function csvRole(field: string): CsvRole | null {
  const k = key(field);
  if (k === '') return null;
  for (const role of Object.keys(CSV_HEADER_WORDS) as CsvRole[]) if (CSV_HEADER_WORDS[role].includes(k)) return role;
  // "Fax 1 - Value", "Business Fax 2", "Phone 1 - Value": numbered columns of Google/Outlook exports.
  if (/fax/.test(k) && !/type|label/.test(k)) return 'fax';
  if (/(phone|tel)/.test(k) && !/type|label/.test(k)) return 'phone';
  return null;
}

/** Only characters that can be part of a typed number, and at least five digits. */
function looksLikeNumber(field: string): boolean {
  return (field.match(/\d/g)?.length ?? 0) >= 5 && /^[\d\s+\-\u2010-\u2015\u2212.()/]+$/.test(field.trim());
}

/** Drops the apostrophe writeContactsCsv puts before text a spreadsheet would run as a formula. */
function unguard(field: string): string {
  return /^'[=+\-@]/.test(field) ? field.slice(1) : field;
}

export function parseContactsCsv(input: string): ContactsFileRead {
  const text = input.replace(/^\uFEFF/, '');
  const out: ContactsFileRead = { contacts: [], skipped: [], warnings: [] };
  const separator = detectSeparator(text);
  const { records, unclosedAt } = splitCsv(text, separator);
  const filled = records.filter((r) => r.fields.some((f) => f.trim() !== ''));
  const first = filled[0];
  let columns: (CsvRole | null)[];
  let data = filled;
  if (first && first.fields.some((f) => csvRole(f) !== null) && !first.fields.some(looksLikeNumber)) {
    columns = first.fields.map(csvRole);
    data = filled.slice(1);
    if (!columns.includes('fax') && !columns.includes('phone')) {
      out.skipped.push({
        line: first.line,
        reason: 'The header row has no fax number column. Name one column "Fax" (or "Number"), then import again.',
      });
      return out;
    }
  } else {
    const sample = first?.fields ?? [];
    const numberAt = sample.findIndex(looksLikeNumber);
    const faxColumn = numberAt < 0 ? 0 : numberAt;
    const others: CsvRole[] = ['name', 'company', 'notes'];
    columns = sample.map((_, i) => (i === faxColumn ? 'fax' : (others.shift() ?? null)));
    if (columns.length === 0) columns = ['fax'];
  }

  for (const record of data) {
    const raw: RawContactRecord = { line: record.line, name: '', company: '', notes: '', numbers: [] };
    const parts: Partial<Record<'first' | 'middle' | 'last', string>> = {};
    const notes: string[] = [];
    record.fields.forEach((value, index) => {
      const role = columns[index];
      const field = unguard(value.trim());
      if (!role || field === '') return;
      if (role === 'name') raw.name ||= field;
      else if (role === 'company') raw.company ||= field;
      else if (role === 'notes') notes.push(field);
      else if (role === 'fax' || role === 'phone') raw.numbers.push({ text: field, fax: role === 'fax' });
      else parts[role] ||= field;
    });
    if (raw.name === '') raw.name = [parts.first, parts.middle, parts.last].filter(Boolean).join(' ');
    raw.notes = notes.join('\n');
    contactFromRecord(raw, out, 'No fax number on this line.');
  }
  if (unclosedAt !== null) {
    out.skipped.push({
      line: unclosedAt,
      reason: 'A quoted field starts on this line and is never closed (a closing " is missing), so the rest of the file could not be read. Add the missing quote and import again.',
    });
  }
  return out;
}

/** The international form a file carries: '+' and the digits. */
export function internationalNumber(digits: string): string {
  return /^\d+$/.test(digits) ? `+${digits}` : digits;
}

export function writeContactsCsv(contacts: readonly ContactDraft[]): string {
  const rows = [['Name', 'Company', 'Fax', 'Notes'].join(',')];
  for (const c of contacts) {
    rows.push([csvField(c.name, true), csvField(c.company, true), csvField(internationalNumber(c.faxNumber), false), csvField(c.notes.replace(/\r\n?/g, '\n'), true)].join(','));
  }
  return rows.join('\r\n') + '\r\n';
}
