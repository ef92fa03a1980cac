import { describe, expect, it } from 'vitest';
import {
  addRecipients,
  checkRows,
  compactRows,
  emptyRow,
  isBlankRow,
  looksLikeRecipientList,
  readPastedRecipients,
  recipientsForDraft,
  tidyNumber,
  type RecipientRow,
} from '../../../../../src/renderer/src/model/compose/recipients';

function keys(): () => string {
  let n = 0;
  return () => `k${++n}`;
}
const row = (key: string, number: string, name = '', company = ''): RecipientRow => ({ key, number, name, company, contactId: null });

describe('recipient rows', () => {
  it('checks each number with the shared module, and a repeated number against the row it repeats', () => {
    const checks = checkRows([row('a', '(212) 555-0100'), row('b', ''), row('c', '555-12'), row('d', '+1 212 555 0100')]);
    expect(checks[0]).toEqual({ state: 'ok', value: '12125550100', display: '+1 212 555 0100' });
    expect(checks[1]).toEqual({ state: 'empty' });
    expect(checks[2]).toMatchObject({ state: 'error', message: expect.stringMatching(/^5 digits is too short/) });
    expect(checks[3]).toEqual({
      state: 'error',
      message: 'Same number as recipient 1 (+1 212 555 0100); a fax goes once to each number. Remove one of them.',
    });
  });

  it('shows a valid number formatted once it leaves its field, and leaves an invalid one as typed', () => {
    expect(tidyNumber(' 212.555.0100 ')).toBe('+1 212 555 0100');
    expect(tidyNumber('0044 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(tidyNumber('555-12')).toBe('555-12');
  });

  it('sends the filled rows (blank ones are dropped) and remembers which row each came from', () => {
    const rows = [row('a', '2125550100', ' Ada ', ' AE '), row('b', ''), row('c', '', 'Only a name')];
    expect(isBlankRow(rows[1]!)).toBe(true);
    expect(recipientsForDraft(rows)).toEqual({
      recipients: [
        { number: '2125550100', name: 'Ada', company: 'AE' },
        { number: '', name: 'Only a name', company: '' },
      ],
      keys: ['a', 'c'],
    });
    expect(compactRows(rows, keys()).map((r) => r.key)).toEqual(['a', 'c']);
    expect(compactRows([row('x', ' ')], keys())).toEqual([emptyRow('k1')]);
  });

  it('adds recipients after the filled rows, skipping invalid numbers, numbers already listed and any past the limit, each with the reason', () => {
    const result = addRecipients(
      [row('a', '+1 212 555 0100', 'Ada'), row('b', '')],
      [
        { number: '12125550100', name: 'Ada again', label: 'Ada again' },
        { number: '415 555 2001', name: 'Bob', company: 'B&Co', contactId: 'c1', label: 'Bob' },
        { number: '12-34', label: 'Line 3 (12-34)' },
        { number: '+14155552001', label: 'Bob twice' },
        { number: '+44 20 7946 0000', label: 'London' },
      ],
      keys(),
      3,
    );
    expect(result.rows).toEqual([
      row('a', '+1 212 555 0100', 'Ada'),
      { key: 'k1', number: '+1 415 555 2001', name: 'Bob', company: 'B&Co', contactId: 'c1' },
      { key: 'k2', number: '+44 20 7946 0000', name: '', company: '', contactId: null },
    ]);
    expect(result.added).toBe(2);
    expect(result.skipped).toEqual([
      { label: 'Ada again', reason: '+1 212 555 0100 is already in the list (Ada).' },
      { label: 'Line 3 (12-34)', reason: expect.stringMatching(/^4 digits is too short/) },
      { label: 'Bob twice', reason: '+1 415 555 2001 is already in the list (Bob).' },
    ]);

    const full = addRecipients(result.rows, [{ number: '+33 1 23 45 67 89', label: 'Paris' }], keys(), 3);
    expect(full.added).toBe(0);
    expect(full.skipped).toEqual([{ label: 'Paris', reason: 'Not added: a fax goes to at most 3 recipients. Send to the others as a second fax.' }]);
  });

  it('reads a pasted list or CSV into recipients, and names the lines it cannot use', () => {
    const { incoming, skipped } = readPastedRecipients('Fax,Name,Company\n+44 20 7946 0000,"Babbage, Charles",Difference Engines\n\n12-34,Nobody\n415-555-2001');
    expect(incoming).toEqual([
      { number: '442079460000', name: 'Babbage, Charles', company: 'Difference Engines', label: 'Line 2 (+44 20 7946 0000,"Babbage, Charles",Difference Engines)' },
      { number: '14155552001', name: '', company: '', label: 'Line 5 (415-555-2001)' },
    ]);
    expect(skipped).toEqual([{ label: 'Line 4 (12-34,Nobody)', reason: expect.stringMatching(/^4 digits is too short/) }]);
  });

  it('tells a pasted list from one pasted number', () => {
    expect(looksLikeRecipientList('+1 (212) 555-0100')).toBe(false);
    expect(looksLikeRecipientList('2125550100\n4155552001')).toBe(true);
    expect(looksLikeRecipientList('2125550100; 4155552001')).toBe(true);
    expect(looksLikeRecipientList('2125550100, Ada Lovelace')).toBe(false);
    expect(looksLikeRecipientList('  2125550100\n')).toBe(false);
  });
});
