import { describe, expect, it } from 'vitest';
import {
  countryCodeOf,
  formatFaxNumber,
  isValidServiceFaxNumber,
  normalizeFaxNumber,
} from '../../../src/shared/fax-number';
import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import metadata from 'libphonenumber-js/min/metadata';
import { parseRecipientList } from '../../../src/shared/fax-number';

const CHARS = 'Fax numbers may contain only digits, spaces, dashes, dots, parentheses and a leading "+"';
const LETTER_HINT = ' Write letters as their keypad digits, and leave out extensions.';

describe('normalizeFaxNumber: accepted', () => {
  it.each([
    ['5551234567', '15551234567', '+1 555 123 4567'],
    ['(555) 123-4567', '15551234567', '+1 555 123 4567'],
    ['555.123.4567', '15551234567', '+1 555 123 4567'],
    ['  555 123 4567  ', '15551234567', '+1 555 123 4567'],
    ['1-555-123-4567', '15551234567', '+1 555 123 4567'],
    ['15551234567', '15551234567', '+1 555 123 4567'],
    ['+1 (555) 123-4567', '15551234567', '+1 555 123 4567'],
    ['001 555 123 4567', '15551234567', '+1 555 123 4567'],
    ['555\u00a0123\u20134567', '15551234567', '+1 555 123 4567'],
    ['+44 20 7946 0000', '442079460000', '+44 20 7946 0000'],
    ['+44 (0)20 7946 0000', '442079460000', '+44 20 7946 0000'],
    ['0044 (0) 20 7946 0000', '442079460000', '+44 20 7946 0000'],
    ['0044 20 7946 0000', '442079460000', '+44 20 7946 0000'],
    ['81342167158', '81342167158', '+81 3 4216 7158'],
    ['+81-3-4216-7158', '81342167158', '+81 3 4216 7158'],
    ['+49 89 1234567', '49891234567', '+49 89 1234567'],
    ['+353 1 234 5678', '35312345678', '+353 1 234 5678'],
    ['+7 495 123 45 67', '74951234567', '+7 495 123 45 67'],
    ['+354 5551234', '3545551234', '+354 555 1234'],
  ])('%s -> %s', (input, value, display) => {
    expect(normalizeFaxNumber(input)).toEqual({ ok: true, value, display });
  });

  it('accepts the E.164 extremes after a +: 7 and 15 digits', () => {
    expect(normalizeFaxNumber('+4912345')).toEqual({ ok: true, value: '4912345', display: '+49 12345' });
    expect(normalizeFaxNumber('+861234567890123')).toEqual({ ok: true, value: '861234567890123', display: '+86 1234567890123' });
  });

  it('reads 11 to 15 bare digits not starting with 1 as including the country code', () => {
    expect(normalizeFaxNumber('442079460000')).toEqual({ ok: true, value: '442079460000', display: '+44 20 7946 0000' });
    expect(normalizeFaxNumber('861234567890123')).toMatchObject({ ok: true, value: '861234567890123' });
  });
});

describe('normalizeFaxNumber: refused', () => {
  it.each([
    ['', 'Enter a fax number.'],
    ['   ', 'Enter a fax number.'],
    ['()- .', 'A fax number needs digits; this has none.'],
    ['1-800-FAX-NOW', `${CHARS}; "F" is not allowed.${LETTER_HINT}`],
    ['555 123 4567 x12', `${CHARS}; "x" is not allowed.${LETTER_HINT}`],
    ['555/123/4567', `${CHARS}; "/" is not allowed.`],
    ['555#1234567', `${CHARS}; "#" is not allowed.`],
    ['555\t123\u00074567', `${CHARS}; U+0007 is not allowed.`],
    ['1 555 123 4567+', 'A "+" may only come first, before the country code. Remove the other "+".'],
    ['++15551234567', 'A "+" may only come first, before the country code. Remove the other "+".'],
    [
      '020 7946 0000',
      'A fax number cannot start with 0: write it with its country code instead, e.g. "+44 20 7946 0000" for the UK number 020 7946 0000.',
    ],
    [
      '+0 555 123 4567',
      'No country code starts with 0: after "+" or "00", write the country code (e.g. 44 for the UK), then the number without its leading 0.',
    ],
    [
      '00 0 20 7946 0000',
      'No country code starts with 0: after "+" or "00", write the country code (e.g. 44 for the UK), then the number without its leading 0.',
    ],
    [
      '555-1234',
      '7 digits is too short: include the area code (10 digits in North America), or write "+" and the country code for other countries.',
    ],
    [
      '123456789',
      '9 digits is too short: include the area code (10 digits in North America), or write "+" and the country code for other countries.',
    ],
    ['+49 12 34', '6 digits is too short for a fax number with its country code (at least 7). Check the number.'],
    ['+86 1234 5678 9012 34', '16 digits is too long: a fax number has at most 15 digits with its country code. Check the number.'],
    ['8612345678901234', '16 digits is too long: a fax number has at most 15 digits with its country code. Check the number.'],
    ['+1 555 1234', 'North American numbers (country code 1) have 10 digits after the 1; this one has 7. Check the number.'],
    ['155512345678', 'North American numbers (country code 1) have 10 digits after the 1; this one has 11. Check the number.'],
    ['1555123456', 'North American area codes never start with 1; check the number (area code, then the 7-digit number).'],
    ['+1 055 123 4567', 'North American area codes never start with 0; check the number (area code, then the 7-digit number).'],
  ])('%j', (input, message) => {
    expect(normalizeFaxNumber(input)).toEqual({ ok: false, message });
  });

  it('refuses a non-string without throwing', () => {
    expect(normalizeFaxNumber(undefined as unknown as string)).toEqual({ ok: false, message: 'Enter a fax number.' });
  });
});

describe('formatFaxNumber', () => {
  it('groups a number as its country writes it, after its country code', () => {
    expect(formatFaxNumber('15551234567')).toBe('+1 555 123 4567');
    expect(formatFaxNumber('+15551234567')).toBe('+1 555 123 4567');
    expect(formatFaxNumber('442079460000')).toBe('+44 20 7946 0000');
    expect(formatFaxNumber('3545551234')).toBe('+354 555 1234');
    expect(formatFaxNumber('33142685300')).toBe('+33 1 42 68 53 00');
  });

  it('groups North American numbers 3-3-4 exactly as libphonenumber-js does, without asking it', () => {
    for (const digits of ['12125551234', '14165550100', '18005550199', '16045550123', '13125550170', '19995550000', '12005550000']) {
      expect(formatFaxNumber(digits)).toBe(parsePhoneNumberFromString(`+${digits}`, metadata)!.formatInternational());
    }
  });

  it('never hides a digit: where the numbering plan has no grouping or would drop digits, country code then the rest', () => {
    // libphonenumber-js reads "12345" here as a Chinese carrier prefix and formats only "+86 67890123".
    expect(formatFaxNumber('861234567890123')).toBe('+86 1234567890123');
    // A country code no country has.
    expect(formatFaxNumber('999123456789')).toBe('+999 123456789');
    for (const digits of ['4912345', '201234567', '8821234567', '611300123456', '80012345678']) {
      expect(formatFaxNumber(digits).replace(/\D/g, '')).toBe(digits);
    }
  });

  it('returns anything else unchanged', () => {
    expect(formatFaxNumber('UNKNOWN')).toBe('UNKNOWN');
    expect(formatFaxNumber('unavailable')).toBe('unavailable');
    expect(formatFaxNumber('12345')).toBe('12345');
    expect(formatFaxNumber('')).toBe('');
  });
});

describe('countryCodeOf', () => {
  it('knows the one- and two-digit codes; the rest have three', () => {
    // Even before the rest of the number is typed.
    expect(['4912', '1', '7', '999'].map(countryCodeOf)).toEqual(['49', '1', '7', '999']);
    expect(['15551234567', '74951234567', '201234567', '442079460000', '861234567', '3531234567', '2121234567', '8801234567'].map(countryCodeOf)).toEqual([
      '1',
      '7',
      '20',
      '44',
      '86',
      '353',
      '212',
      '880',
    ]);
  });
});

describe('isValidServiceFaxNumber', () => {
  it.each([
    ['15551234567', true],
    ['+15551234567', true],
    ['442079460000', true],
    ['+81342167158', true],
    ['4912345', true],
    ['861234567890123', true],
    ['5551234567', true], // reads as country code 55 (Brazil): the wire cannot tell
    ['1555123456', false], // country code 1 needs 11 digits
    ['155512345678', false],
    ['10551234567', false], // NANP area code cannot start with 0
    ['11551234567', false],
    ['05551234567', false],
    ['+05551234567', false],
    ['491234', false],
    ['8612345678901234', false],
    ['+1 555 123 4567', false],
    ['1-555-123-4567', false],
    ['++15551234567', false],
    ['', false],
    ['UNKNOWN', false],
  ])('%j -> %s', (input, valid) => {
    expect(isValidServiceFaxNumber(input)).toBe(valid);
  });

  it('accepts every value normalizeFaxNumber produces', () => {
    for (const input of ['5551234567', '+44 20 7946 0000', '81342167158', '+7 495 123 45 67', '+354 5551234']) {
      const result = normalizeFaxNumber(input);
      expect(result.ok && isValidServiceFaxNumber(result.value)).toBe(true);
    }
  });
});

describe('parseRecipientList', () => {
  it('reads one number per line, skipping blank lines', () => {
    expect(parseRecipientList('555 123 4567\n\n  \n+44 20 7946 0000\r\n(555) 987-6543\r')).toEqual([
      { line: 1, raw: '555 123 4567', number: '15551234567' },
      { line: 4, raw: '+44 20 7946 0000', number: '442079460000' },
      { line: 5, raw: '(555) 987-6543', number: '15559876543' },
    ]);
  });

  it('reads several numbers on a line separated by commas, semicolons or tabs', () => {
    expect(parseRecipientList('555 123 4567, 555 987 6543; 555-111-2222\t+81 3 4216 7158')).toEqual([
      { line: 1, raw: '555 123 4567', number: '15551234567' },
      { line: 1, raw: '555 987 6543', number: '15559876543' },
      { line: 1, raw: '555-111-2222', number: '15551112222' },
      { line: 1, raw: '+81 3 4216 7158', number: '81342167158' },
    ]);
  });

  it('reads number,name,company columns without a header', () => {
    expect(parseRecipientList('5551234567,John Smith,Acme\n5559876543,Jane Doe\n5551112222,,Globex\n5553334444,')).toEqual([
      { line: 1, raw: '5551234567,John Smith,Acme', number: '15551234567', name: 'John Smith', company: 'Acme' },
      { line: 2, raw: '5559876543,Jane Doe', number: '15559876543', name: 'Jane Doe' },
      { line: 3, raw: '5551112222,,Globex', number: '15551112222', company: 'Globex' },
      { line: 4, raw: '5553334444,', number: '15553334444' },
    ]);
  });

  it('reads spreadsheet pastes (tabs) and European CSV (semicolons)', () => {
    expect(parseRecipientList('5551234567\tJohn Smith\tAcme\n+49 89 1234567;Hans Müller;Beispiel GmbH')).toEqual([
      { line: 1, raw: '5551234567\tJohn Smith\tAcme', number: '15551234567', name: 'John Smith', company: 'Acme' },
      { line: 2, raw: '+49 89 1234567;Hans Müller;Beispiel GmbH', number: '49891234567', name: 'Hans Müller', company: 'Beispiel GmbH' },
    ]);
  });

  it('honours double quotes around fields with separators and escaped quotes', () => {
    expect(parseRecipientList('"555-123-4567","Smith, John","Acme ""East"" Inc"')).toEqual([
      { line: 1, raw: '"555-123-4567","Smith, John","Acme ""East"" Inc"', number: '15551234567', name: 'Smith, John', company: 'Acme "East" Inc' },
    ]);
  });

  it('ends an unclosed quote at the end of its line', () => {
    expect(parseRecipientList('5551234567,"Smith, John\n5559876543')).toEqual([
      { line: 1, raw: '5551234567,"Smith, John', number: '15551234567', name: 'Smith, John' },
      { line: 2, raw: '5559876543', number: '15559876543' },
    ]);
  });

  it('uses a header row to find the columns in any order, and drops it', () => {
    expect(parseRecipientList('Company,Name,Fax Number\nAcme,John Smith,555 123 4567\nGlobex,,5559876543')).toEqual([
      { line: 2, raw: 'Acme,John Smith,555 123 4567', number: '15551234567', name: 'John Smith', company: 'Acme' },
      { line: 3, raw: 'Globex,,5559876543', number: '15559876543', company: 'Globex' },
    ]);
  });

  it('recognises header words in other spellings', () => {
    expect(parseRecipientList('to_name;fax;organisation\nJane;5551234567;Initech')).toEqual([
      { line: 2, raw: 'Jane;5551234567;Initech', number: '15551234567', name: 'Jane', company: 'Initech' },
    ]);
    expect(parseRecipientList('Phone\n5551234567')).toEqual([{ line: 2, raw: '5551234567', number: '15551234567' }]);
  });

  it('takes the first unnamed column as the number when a header has no number word', () => {
    expect(parseRecipientList('Name,Digits\nJane,5551234567')).toEqual([
      { line: 2, raw: 'Jane,5551234567', number: '15551234567', name: 'Jane' },
    ]);
  });

  it('treats only the first non-blank line as a possible header', () => {
    expect(parseRecipientList('\n5551234567,Fax\nName,Company')).toEqual([
      { line: 2, raw: '5551234567,Fax', number: '15551234567', name: 'Fax' },
      {
        line: 3,
        raw: 'Name,Company',
        name: 'Company',
        error: 'Fax numbers may contain only digits, spaces, dashes, dots, parentheses and a leading "+"; "N" is not allowed. Write letters as their keypad digits, and leave out extensions.',
      },
    ]);
  });

  it('keeps bad lines with the reason, and names and companies still read', () => {
    expect(parseRecipientList('555-1234,Bob\n,Alice,Acme\n020 7946 0000')).toEqual([
      {
        line: 1,
        raw: '555-1234,Bob',
        name: 'Bob',
        error: '7 digits is too short: include the area code (10 digits in North America), or write "+" and the country code for other countries.',
      },
      { line: 2, raw: ',Alice,Acme', name: 'Alice', company: 'Acme', error: 'No fax number on this line.' },
      {
        line: 3,
        raw: '020 7946 0000',
        error: 'A fax number cannot start with 0: write it with its country code instead, e.g. "+44 20 7946 0000" for the UK number 020 7946 0000.',
      },
    ]);
  });

  it('marks a repeated number, however it was written, as an error pointing at the first', () => {
    expect(parseRecipientList('555 123 4567\n+1 (555) 123-4567, 5559876543\n15559876543')).toEqual([
      { line: 1, raw: '555 123 4567', number: '15551234567' },
      {
        line: 2,
        raw: '+1 (555) 123-4567',
        number: '15551234567',
        error: 'Same number as line 1 (+1 555 123 4567); a fax is sent once to each number, so remove this one.',
      },
      { line: 2, raw: '5559876543', number: '15559876543' },
      {
        line: 3,
        raw: '15559876543',
        number: '15559876543',
        error: 'Same number as line 2 (+1 555 987 6543); a fax is sent once to each number, so remove this one.',
      },
    ]);
  });

  it('returns nothing for empty input or separators only', () => {
    expect(parseRecipientList('')).toEqual([]);
    expect(parseRecipientList('\n ,,; \n\t\n')).toEqual([]);
  });
});
