import { describe, expect, it } from 'vitest';
import { csvField } from '../../../src/shared/csv';

describe('csvField (the one CSV field rule of the Outbox and address book exports)', () => {
  it('leaves plain text alone and quotes what a reader would split or trim', () => {
    expect(csvField('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvField('')).toBe('');
    for (const text of ['a,b', 'a;b', 'a\tb', 'line\nbreak', 'cr\rhere', ' padded', 'padded ']) expect(csvField(text)).toBe(`"${text}"`);
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });

  it('guards a field a spreadsheet would run as a formula, unless the caller says it is data', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+15551234567')).toBe("'+15551234567");
    expect(csvField('-2')).toBe("'-2");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('\r=cmd')).toBe(`"'\r=cmd"`);
    expect(csvField('+15551234567', false)).toBe('+15551234567');
  });
});
