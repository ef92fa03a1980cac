import { describe, expect, it } from 'vitest';
import { checkContactDraft, contactLabel, parseContactsCsv, writeContactsCsv, type ContactDraft } from '../../../src/shared/contacts-csv';

const ada: ContactDraft = { name: 'Ada Lovelace', company: 'Analytical Engines', faxNumber: '15551234567', notes: '' };

describe('checkContactDraft', () => {
  it('trims the fields and normalises the number', () => {
    expect(checkContactDraft({ name: '  Ada ', company: ' Engines ', faxNumber: '(555) 123-4567', notes: ' a\r\nb ' })).toEqual({
      ok: true,
      value: { name: 'Ada', company: 'Engines', faxNumber: '15551234567', notes: 'a\nb' },
      display: '+1 555 123 4567',
    });
  });

  it('names the field and the problem', () => {
    expect(checkContactDraft({ faxNumber: '5551234567' })).toEqual({ ok: false, field: 'name', message: 'Give the contact a name or a company.' });
    expect(checkContactDraft({ name: 'Ada', faxNumber: '555-1234' })).toMatchObject({ ok: false, field: 'faxNumber', message: expect.stringContaining('too short') });
    expect(checkContactDraft({ name: 'Ada', faxNumber: '555 123 4567 x12' })).toMatchObject({ ok: false, field: 'faxNumber', message: expect.stringContaining('"x" is not allowed') });
    expect(checkContactDraft({ name: 'Ada', faxNumber: '' })).toMatchObject({ ok: false, field: 'faxNumber', message: 'Enter a fax number.' });
    expect(checkContactDraft({ name: 'A'.repeat(201), faxNumber: '5551234567' })).toMatchObject({ ok: false, field: 'name', message: expect.stringContaining('at most 200') });
    expect(checkContactDraft({ name: 'Ada\nLovelace', faxNumber: '5551234567' })).toMatchObject({ ok: false, field: 'name' });
    expect(checkContactDraft({ company: 'C'.repeat(201), faxNumber: '5551234567' })).toMatchObject({ ok: false, field: 'company' });
    expect(checkContactDraft({ name: 'Ada', notes: 'n'.repeat(2001), faxNumber: '5551234567' })).toMatchObject({ ok: false, field: 'notes' });
  });

  it('labels a contact by name, else company, else number', () => {
    expect(contactLabel(ada)).toBe('Ada Lovelace');
    expect(contactLabel({ ...ada, name: '' })).toBe('Analytical Engines');
    expect(contactLabel({ ...ada, name: '', company: '' })).toBe('+1 555 123 4567');
  });
});

describe('parseContactsCsv', () => {
  it('reads a header row in any column order, with a BOM and CRLF', () => {
    const csv = '\uFEFFFax,Notes,Company,Name\r\n555 123 4567,mornings,Engines,Ada Lovelace\r\n+44 20 7946 0000,,Globex,Hank Scorpio\r\n';
    expect(parseContactsCsv(csv)).toEqual({
      contacts: [
        { line: 2, name: 'Ada Lovelace', company: 'Engines', faxNumber: '15551234567', notes: 'mornings' },
        { line: 3, name: 'Hank Scorpio', company: 'Globex', faxNumber: '442079460000', notes: '' },
      ],
      skipped: [],
      warnings: [],
    });
  });

  it('reads quoted fields with commas, doubled quotes and line breaks, counting lines', () => {
    const csv = 'name,company,fax,notes\n"Smith, John","Acme ""Rockets""",5551234567,"line one\nline two"\n"Jane",,5559876543,\n';
    const read = parseContactsCsv(csv);
    expect(read.skipped).toEqual([]);
    expect(read.contacts).toEqual([
      { line: 2, name: 'Smith, John', company: 'Acme "Rockets"', faxNumber: '15551234567', notes: 'line one\nline two' },
      { line: 4, name: 'Jane', company: '', faxNumber: '15559876543', notes: '' },
    ]);
  });

  it('takes ; as the separator when the first line says so (European spreadsheets)', () => {
    const read = parseContactsCsv('Name;Fax;Company\nMüller, Jörg;+49 30 1234567;Beispiel GmbH\n');
    expect(read.contacts).toEqual([{ line: 2, name: 'Müller, Jörg', company: 'Beispiel GmbH', faxNumber: '49301234567', notes: '' }]);
  });

  it('reads tab-separated text pasted from a spreadsheet', () => {
    expect(parseContactsCsv('Name\tNumber\nAda\t5551234567').contacts).toEqual([{ line: 2, name: 'Ada', company: '', faxNumber: '15551234567', notes: '' }]);
  });

  it('skips a row with no fax number or a bad one, with the reason, and keeps the others', () => {
    const read = parseContactsCsv('Name,Fax\nAda,5551234567\nNo Number,\nBad,555-12\n\nNo Name,5559876543\n,5551112222\n');
    expect(read.contacts.map((c) => c.name)).toEqual(['Ada', 'No Name']);
    expect(read.skipped).toEqual([
      { line: 3, reason: 'No fax number on this line.' },
      { line: 4, reason: expect.stringMatching(/^Fax number "555-12": 5 digits is too short/) },
      { line: 7, reason: 'Give the contact a name or a company.' },
    ]);
  });

  it('reads Outlook-style columns: first and last name, Business Fax before Business Phone', () => {
    const csv = 'First Name,Last Name,Company,Business Phone,Business Fax\nAda,Lovelace,Engines,5550000000,5551234567\nBob,Jones,,5559876543,\n';
    const read = parseContactsCsv(csv);
    expect(read.contacts).toEqual([
      { line: 2, name: 'Ada Lovelace', company: 'Engines', faxNumber: '15551234567', notes: '' },
      { line: 3, name: 'Bob Jones', company: '', faxNumber: '15559876543', notes: '' },
    ]);
    // Bob had only a phone number: used, with a warning to check it.
    expect(read.warnings).toEqual([{ line: 3, reason: expect.stringContaining('No number is marked as a fax number; used "5559876543"') }]);
  });

  it('without a header, finds the number column and reads the others as name, company, notes', () => {
    expect(parseContactsCsv('Ada Lovelace,Engines,555 123 4567,mornings\nBob,,555 987 6543,').contacts).toEqual([
      { line: 1, name: 'Ada Lovelace', company: 'Engines', faxNumber: '15551234567', notes: 'mornings' },
      { line: 2, name: 'Bob', company: '', faxNumber: '15559876543', notes: '' },
    ]);
    expect(parseContactsCsv('5551234567,Ada').contacts).toEqual([{ line: 1, name: 'Ada', company: '', faxNumber: '15551234567', notes: '' }]);
  });

  it('refuses a header row without a number column, saying what to do', () => {
    expect(parseContactsCsv('Name,Company\nAda,Engines\n')).toEqual({
      contacts: [],
      skipped: [{ line: 1, reason: expect.stringContaining('no fax number column') }],
      warnings: [],
    });
  });

  it('reports a quote that is never closed, keeping the rows before it', () => {
    const read = parseContactsCsv('Name,Fax\nAda,5551234567\n"Bob,5559876543\nCarol,5551112222\n');
    expect(read.contacts.map((c) => c.name)).toEqual(['Ada']);
    expect(read.skipped).toEqual([{ line: 3, reason: expect.stringContaining('never closed') }]);
  });

  it('keeps a quote inside an unquoted field, and old Mac CR line ends', () => {
    expect(parseContactsCsv('Name,Fax\rAda "the Countess",5551234567\r').contacts).toEqual([
      { line: 2, name: 'Ada "the Countess"', company: '', faxNumber: '15551234567', notes: '' },
    ]);
  });
});

describe('writeContactsCsv', () => {
  const contacts: ContactDraft[] = [
    ada,
    { name: 'Smith, John', company: 'Acme "Rockets"', faxNumber: '442079460000', notes: 'line one\nline two' },
    { name: '', company: 'Globex; Inc', faxNumber: '81342167158', notes: '' },
    { name: '=HYPERLINK("http://x")', company: '@corp', faxNumber: '15559876543', notes: '-1 +1' },
    { name: ' Padded ', company: 'Ünïcødé 株式会社', faxNumber: '15551112222', notes: 'tab\there' },
  ];

  it('writes a header, CRLF rows, international numbers and quotes only where needed', () => {
    expect(writeContactsCsv([ada, contacts[1]!])).toBe(
      'Name,Company,Fax,Notes\r\nAda Lovelace,Analytical Engines,+15551234567,\r\n"Smith, John","Acme ""Rockets""",+442079460000,"line one\nline two"\r\n',
    );
  });

  it('guards text a spreadsheet would run as a formula', () => {
    const text = writeContactsCsv([contacts[3]!]);
    expect(text).toContain(`"'=HYPERLINK(""http://x"")",'@corp,+15559876543,'-1 +1`);
  });

  it('round-trips through parseContactsCsv', () => {
    const read = parseContactsCsv(writeContactsCsv(contacts));
    expect(read.skipped).toEqual([]);
    expect(read.warnings).toEqual([]);
    expect(read.contacts.map(({ line: _line, ...c }) => c)).toEqual(
      contacts.map((c) => ({ ...c, name: c.name.trim() })),
    );
  });

  it('round-trips with a BOM in front (as the export writes it)', () => {
    expect(parseContactsCsv('\uFEFF' + writeContactsCsv([ada])).contacts).toEqual([{ line: 2, ...ada }]);
  });
});
