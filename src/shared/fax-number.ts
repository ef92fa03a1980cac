/**
 * Fax numbers: what a person may type, what Faxdesk sends, and how it is shown.
 *
 * Sent form: digits only with the country code (E.164 without the '+'), e.g. '15551234567' for the US
 * or '442079460000' for the UK: the service's own examples and clients use it.
 *
 * Typing rules (normalizeFaxNumber):
 * - separators are ignored: spaces (any Unicode space), dashes (ASCII and Unicode), dots, parentheses;
 *   any other character (letters, '/', '#', 'x' for extensions, ...) is refused, by name;
 * - '+' or '00' in front means the country code follows; '+' anywhere else is refused. After such a
 *   prefix, a '(0)' (the trunk prefix some countries write, '+44 (0)20 ...') is dropped;
 * - without a prefix, 10 digits are a North American (NANP) number and get country code 1: the service
 *   is US-based and its clients send NANP numbers as 1 + 10 digits. Other digit strings of 11 to 15
 *   digits are taken to include their country code (as the service writes them); fewer than 10 are
 *   refused as ambiguous (a local number without its area code);
 * - the result must have 7 to 15 digits (E.164) and cannot start with 0 (no country code starts with 0;
 *   a leading 0 is a national trunk prefix);
 * - country code 1 (North America) must be followed by exactly 10 digits whose area code does not
 *   start with 0 or 1.
 *
 * Country codes and display grouping come from libphonenumber-js (Google's numbering-plan data, its
 * "min" metadata: formats and lengths, no number types); the typing rules above are the service's and
 * stay here.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';

export type FaxNumberResult = { ok: true; value: string; display: string } | { ok: false; message: string };

const E164_MIN = 7;
const E164_MAX = 15;

/**
 * The country code at the front of an E.164 digit string. Country codes are prefix-free, so the first
 * one, two or three digits that are an assigned code are it; a code the numbering-plan data does not
 * list is taken to have three digits, as every unassigned code does.
 */
export function countryCodeOf(digits: string): string {
  for (const length of [1, 2, 3]) {
    const code = digits.slice(0, length);
    if (code.length === length && Object.hasOwn(metadata.country_calling_codes, code)) return code;
  }
  return digits.slice(0, 3);
}

/**
 * How to show a number: in international form, grouped as its country writes it ('+1 555 123 4567',
 * '+44 20 7946 0000'), or '+<country code> <rest>' where the numbering-plan data has no grouping for it
 * or would drop digits (it strips what it takes for a carrier prefix, e.g. in some Chinese numbers):
 * every digit is always shown. Anything that is not 7-15 digits with an optional '+' (e.g. the
 * service's 'UNKNOWN') is returned unchanged.
 */
export function formatFaxNumber(number: string): string {
  if (!/^\+?\d{7,15}$/.test(number)) return number;
  const digits = number.replace(/^\+/, '');
  // North America, the service's home and most numbers anyone sends to: grouped 3-3-4 here, as
  // libphonenumber-js groups every NANP number (tested), for a hundredth of its cost (its parse runs the
  // numbering plan's patterns: ~0.1 ms a number, which a 10,000-contact import would feel).
  if (digits.length === 11 && digits.startsWith('1')) return `+1 ${digits.slice(1, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}`;
  const grouped = parsePhoneNumberFromString(`+${digits}`, metadata)?.formatInternational();
  if (grouped && grouped.replace(/\D/g, '') === digits) return grouped;
  const cc = countryCodeOf(digits);
  return `+${cc} ${digits.slice(cc.length)}`;
}

const SEPARATOR = /[\s\-\u2010-\u2015\u2212.()]/;

function describeChar(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code < 0x20 || code === 0x7f ? hex : `"${char}"`;
}

function nanpProblem(digits: string): string | null {
  if (digits.length !== 11) {
    return `North American numbers (country code 1) have 10 digits after the 1; this one has ${digits.length - 1}. Check the number.`;
  }
  if (digits[1] === '0' || digits[1] === '1') {
    return `North American area codes never start with ${digits[1]}; check the number (area code, then the 7-digit number).`;
  }
  return null;
}

export function normalizeFaxNumber(input: string): FaxNumberResult {
  const text = typeof input === 'string' ? input.trim() : '';
  if (text === '') return { ok: false, message: 'Enter a fax number.' };

  let rest = text;
  let international = false;
  if (rest.startsWith('+')) {
    international = true;
    rest = rest.slice(1);
  }
  // Drop a '(0)' trunk prefix written after the country code: '+44 (0)20 7946 0000'.
  if (international || /^\s*00/.test(rest)) rest = rest.replace(/\(\s*0\s*\)/, '');

  let digits = '';
  for (const char of rest) {
    if (char >= '0' && char <= '9') digits += char;
    else if (char === '+') {
      return { ok: false, message: 'A "+" may only come first, before the country code. Remove the other "+".' };
    } else if (!SEPARATOR.test(char)) {
      const letter = /\p{L}/u.test(char);
      return {
        ok: false,
        message:
          `Fax numbers may contain only digits, spaces, dashes, dots, parentheses and a leading "+"; ${describeChar(char)} is not allowed.` +
          (letter ? ' Write letters as their keypad digits, and leave out extensions.' : ''),
      };
    }
  }
  if (digits === '') return { ok: false, message: 'A fax number needs digits; this has none.' };

  if (!international && digits.startsWith('00')) {
    international = true;
    digits = digits.slice(2);
  }

  if (international) {
    if (digits.startsWith('0')) {
      return { ok: false, message: 'No country code starts with 0: after "+" or "00", write the country code (e.g. 44 for the UK), then the number without its leading 0.' };
    }
  } else if (digits.startsWith('0')) {
    return {
      ok: false,
      message:
        'A fax number cannot start with 0: write it with its country code instead, e.g. "+44 20 7946 0000" for the UK number 020 7946 0000.',
    };
  } else if (digits.length === 10) {
    digits = `1${digits}`;
  } else if (digits.length < 10) {
    return {
      ok: false,
      message: `${digits.length} digits is too short: include the area code (10 digits in North America), or write "+" and the country code for other countries.`,
    };
  }

  if (digits.length < E164_MIN) {
    return { ok: false, message: `${digits.length} digits is too short for a fax number with its country code (at least ${E164_MIN}). Check the number.` };
  }
  if (digits.length > E164_MAX) {
    return { ok: false, message: `${digits.length} digits is too long: a fax number has at most ${E164_MAX} digits with its country code. Check the number.` };
  }
  if (digits.startsWith('1')) {
    const problem = nanpProblem(digits);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, value: digits, display: formatFaxNumber(digits) };
}

/**
 * What the service accepts as destinations[].fax_number on the wire: an optional '+', then 7 to 15
 * digits starting with a country code (not 0); a number with country code 1 has exactly 11 digits.
 * Without a numbering-plan database this is all that can be checked; the emulator answers E51 otherwise.
 */
export function isValidServiceFaxNumber(s: string): boolean {
  if (typeof s !== 'string' || !/^\+?[1-9]\d{6,14}$/.test(s)) return false;
  const digits = s.replace(/^\+/, '');
  return !digits.startsWith('1') || nanpProblem(digits) === null;
}

// ---------------------------------------------------------------------------------------------------
// Pasted recipient lists

export interface RecipientLine {
  /** 1-based line of the pasted text. */
  line: number;
  /** The text this entry came from: the whole line in column form, the one field in list form. */
  raw: string;
  /** Normalised (digits with country code) when valid, and also on a duplicate. */
  number?: string;
  name?: string;
  company?: string;
  /** Why this entry cannot be used as is. */
  error?: string;
}

const HEADER_WORDS: Record<'number' | 'name' | 'company', string[]> = {
  number: ['fax', 'faxnumber', 'faxno', 'number', 'phone', 'phonenumber', 'telephone', 'tel', 'destination', 'recipientfax'],
  name: ['name', 'toname', 'recipient', 'recipientname', 'contact', 'contactname', 'fullname', 'attn', 'attention', 'to'],
  company: ['company', 'tocompany', 'companyname', 'organisation', 'organization', 'org', 'business', 'firm'],
};

function headerRole(field: string): 'number' | 'name' | 'company' | null {
  const word = field.toLowerCase().replace(/[^a-z]/g, '');
  for (const role of ['number', 'name', 'company'] as const) if (HEADER_WORDS[role].includes(word)) return role;
  return null;
}

/** Only characters that can be part of a typed number, and at least one digit. */
function looksLikeNumber(field: string): boolean {
  return /\d/.test(field) && /^[\d\s+\-\u2010-\u2015\u2212.()]+$/.test(field);
}

/**
 * Splits one line into fields at ',', ';' and tabs (all three, so CSV, European CSV and spreadsheet
 * pastes work). A field that starts with '"' runs to the closing '"' ('""' is a quote inside); a field
 * never spans lines, and an unclosed quote runs to the end of the line.
 */
function splitFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let i = 0;
  while (i <= line.length) {
    const char = line[i];
    if (char === undefined || char === ',' || char === ';' || char === '\t') {
      fields.push(field.trim());
      field = '';
      i++;
      if (char === undefined) break;
      continue;
    }
    if (char === '"' && field.trim() === '') {
      field = '';
      i++;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (line[i] === '"') {
          i++;
          break;
        } else field += line[i++];
      }
      continue;
    }
    field += char;
    i++;
  }
  return fields;
}

/**
 * Reads a pasted list of recipients. Accepted shapes:
 * - one number per line, or several per line separated by ',', ';' or tabs;
 * - columns `number,name,company` (name and company optional), one recipient per line;
 * - the same with a header row naming the columns in any order (fax/number/phone, name/to/contact,
 *   company/organisation/org); the header row is not returned.
 * A line (after any header) whose non-empty fields all look like numbers is a list of numbers; any
 * other line is one recipient in columns. Blank lines are skipped. Each number is normalised with
 * normalizeFaxNumber; its message becomes the entry's error. A number seen before is an error too
 * ('Same number as line N ...'), since a fax goes once to each number.
 */
export function parseRecipientList(text: string): RecipientLine[] {
  const lines = text.split(/\r\n|\n|\r/);
  const out: RecipientLine[] = [];
  const seen = new Map<string, number>();
  let columns: { number: number; name: number | null; company: number | null } | null = null;
  let sawData = false;

  const add = (entry: RecipientLine, numberText: string | undefined): void => {
    if (numberText === undefined || numberText === '') {
      entry.error = 'No fax number on this line.';
    } else {
      const result = normalizeFaxNumber(numberText);
      if (!result.ok) entry.error = result.message;
      else {
        entry.number = result.value;
        const first = seen.get(result.value);
        if (first !== undefined) {
          entry.error = `Same number as line ${first} (${result.display}); a fax is sent once to each number, so remove this one.`;
        } else seen.set(result.value, entry.line);
      }
    }
    out.push(entry);
  };

  lines.forEach((lineText, index) => {
    const line = index + 1;
    const raw = lineText.trim();
    const fields = splitFields(lineText);
    const filled = fields.filter((f) => f !== '');
    if (filled.length === 0) return;

    if (!sawData && columns === null) {
      sawData = true;
      const roles = fields.map(headerRole);
      if (roles.some((r) => r !== null) && !fields.some(looksLikeNumber)) {
        const find = (role: 'number' | 'name' | 'company'): number | null => {
          const at = roles.indexOf(role);
          return at < 0 ? null : at;
        };
        const numberColumn = find('number') ?? roles.findIndex((r) => r === null);
        columns = { number: Math.max(0, numberColumn), name: find('name'), company: find('company') };
        return;
      }
    }
    sawData = true;

    if (columns === null && filled.length > 1 && filled.every(looksLikeNumber)) {
      for (const field of filled) add({ line, raw: field }, field);
      return;
    }
    const layout = columns ?? { number: 0, name: 1, company: 2 };
    const pick = (at: number | null): string | undefined => (at === null ? undefined : fields[at] || undefined);
    const entry: RecipientLine = { line, raw };
    const name = pick(layout.name);
    const company = pick(layout.company);
    if (name !== undefined) entry.name = name;
    if (company !== undefined) entry.company = company;
    add(entry, pick(layout.number));
  });
  return out;
}
