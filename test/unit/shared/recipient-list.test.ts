import { describe, expect, it } from 'vitest';
import { parseRecipientList } from '../../../src/shared/fax-number';

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
