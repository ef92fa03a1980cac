import { describe, expect, it } from 'vitest';
import type { ContactDraft } from '../../../../src/shared/contacts-csv';
import { parseVCards, writeVCards } from '../../../../src/shared/domain/vcard';

const strip = (contacts: { line: number }[]) => contacts.map(({ line: _line, ...c }) => c);

describe('parseVCards', () => {
  it('reads several 3.0 cards: FN, ORG, the FAX-typed TEL, NOTE', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Ada Lovelace',
      'N:Lovelace;Ada;;;',
      'ORG:Analytical Engines;Research',
      'TEL;TYPE=WORK,VOICE:+1 555 000 0000',
      'TEL;TYPE=WORK,FAX:+1 555 123 4567',
      'NOTE:Mornings only',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Hank Scorpio',
      'TEL;TYPE=fax:+44 20 7946 0000',
      'END:VCARD',
      '',
    ].join('\r\n');
    expect(parseVCards(text)).toEqual({
      contacts: [
        { line: 1, name: 'Ada Lovelace', company: 'Analytical Engines', faxNumber: '15551234567', notes: 'Mornings only' },
        { line: 10, name: 'Hank Scorpio', company: '', faxNumber: '442079460000', notes: '' },
      ],
      skipped: [],
      warnings: [],
    });
  });

  it('unfolds folded lines and unescapes text', () => {
    const text =
      'BEGIN:VCARD\nVERSION:3.0\nFN:Smith\\, John\nORG:Acme\\; Sons\\\\Co\nNOTE:first line\\nsecond line that is long and is \n folded here\\, with a comma\nTEL;TYPE=FAX:555\n\t1234567\nEND:VCARD\n';
    expect(strip(parseVCards(text).contacts)).toEqual([
      { name: 'Smith, John', company: 'Acme; Sons\\Co', faxNumber: '15551234567', notes: 'first line\nsecond line that is long and is folded here, with a comma' },
    ]);
  });

  it('reads 4.0: quoted TYPE lists, tel: URIs, PREF, and a name from N when FN is empty', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:4.0',
      'N:Lovelace;Ada;King;;',
      'TEL;VALUE=uri;TYPE="work,fax":tel:+1-555-000-1111',
      'TEL;VALUE=uri;PREF=1;TYPE="fax":tel:+1-555-123-4567;ext=12',
      'END:VCARD',
    ].join('\n');
    expect(strip(parseVCards(text).contacts)).toEqual([{ name: 'Ada King Lovelace', company: '', faxNumber: '15551234567', notes: '' }]);
  });

  it('reads 2.1 as Outlook writes it: bare types, groups, quoted-printable UTF-8 with soft breaks', () => {
    const text = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=B6rg',
      'FN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:J=C3=B6rg M=C3=BC=',
      'ller',
      'item1.TEL;WORK;FAX:+49 30 1234567',
      'NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=ISO-8859-1:Gr=FC=DFe',
      'END:VCARD',
    ].join('\r\n');
    expect(strip(parseVCards(text).contacts)).toEqual([{ name: 'Jörg Müller', company: '', faxNumber: '49301234567', notes: 'Grüße' }]);
  });

  it('falls back to a TEL not typed FAX, with a warning', () => {
    const read = parseVCards('BEGIN:VCARD\nFN:Bob\nTEL;TYPE=cell:555 987 6543\nEND:VCARD\n');
    expect(strip(read.contacts)).toEqual([{ name: 'Bob', company: '', faxNumber: '15559876543', notes: '' }]);
    expect(read.warnings).toEqual([{ line: 1, reason: expect.stringContaining('No number is marked as a fax number') }]);
  });

  it('takes the next fax number when the first is not valid', () => {
    const read = parseVCards('BEGIN:VCARD\nFN:Bob\nTEL;TYPE=fax:12\nTEL;TYPE=fax:5559876543\nEND:VCARD\n');
    expect(read.contacts).toHaveLength(1);
    expect(read.contacts[0]!.faxNumber).toBe('15559876543');
  });

  it('skips a card without a number, or with a bad one, or without a name, with the reason', () => {
    const text = [
      'BEGIN:VCARD', 'FN:No Phone', 'END:VCARD',
      'BEGIN:VCARD', 'FN:Bad', 'TEL;TYPE=FAX:12345', 'END:VCARD',
      'BEGIN:VCARD', 'TEL;TYPE=FAX:5551234567', 'END:VCARD',
      'BEGIN:VCARD', 'FN:Good', 'TEL;TYPE=FAX:5551234567', 'END:VCARD',
    ].join('\n');
    const read = parseVCards(text);
    expect(read.contacts.map((c) => c.name)).toEqual(['Good']);
    expect(read.skipped).toEqual([
      { line: 1, reason: expect.stringContaining('no telephone number') },
      { line: 4, reason: expect.stringMatching(/^Fax number "12345": 5 digits is too short/) },
      { line: 8, reason: 'Give the contact a name or a company.' },
    ]);
  });

  it('reads a card missing END:VCARD, with a warning, and ignores text outside cards', () => {
    const read = parseVCards('junk before\nBEGIN:VCARD\nFN:A\nTEL;TYPE=FAX:5551234567\nBEGIN:VCARD\nFN:B\nTEL;TYPE=FAX:5559876543\n');
    expect(read.contacts.map((c) => c.name)).toEqual(['A', 'B']);
    expect(read.warnings.map((w) => w.line)).toEqual([2, 5]);
  });

  it('drops a byte order mark and reads lower-case names', () => {
    expect(parseVCards('\uFEFFbegin:vcard\nfn:Ada\ntel;type=fax:5551234567\nend:vcard').contacts).toHaveLength(1);
  });
});

describe('writeVCards', () => {
  const contacts: ContactDraft[] = [
    { name: 'Ada Lovelace', company: 'Analytical Engines', faxNumber: '15551234567', notes: 'Mornings, only; really\nsecond line \\ backslash' },
    { name: '', company: 'Globex Corporation', faxNumber: '442079460000', notes: '' },
    { name: 'Jörg Müller', company: '', faxNumber: '49301234567', notes: '株式会社'.repeat(30) },
    { name: 'Cher', company: '', faxNumber: '81342167158', notes: '' },
  ];

  it('writes vCard 3.0 with CRLF and a FAX-typed TEL in international form', () => {
    expect(writeVCards([contacts[0]!])).toBe(
      [
        'BEGIN:VCARD',
        'VERSION:3.0',
        'FN:Ada Lovelace',
        'N:Lovelace;Ada;;;',
        'ORG:Analytical Engines',
        'TEL;TYPE=WORK,FAX:+15551234567',
        'NOTE:Mornings\\, only\\; really\\nsecond line \\\\ backslash',
        'END:VCARD',
        '',
      ].join('\r\n'),
    );
    expect(writeVCards([])).toBe('');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const text = writeVCards([contacts[2]!]);
    const physical = text.split('\r\n');
    for (const line of physical) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
    expect(text).not.toContain('\ufffd');
  });

  it('round-trips through parseVCards, company-only cards included', () => {
    const read = parseVCards(writeVCards(contacts));
    expect(read.skipped).toEqual([]);
    expect(read.warnings).toEqual([]);
    expect(strip(read.contacts)).toEqual(contacts);
  });
});
