import { describe, expect, it } from 'vitest';
import {
  SAMPLE_FAX_ID,
  evaluateDraft,
  messagesAt,
  placementName,
  sampleContext,
  slotSegments,
} from '../../../../../src/renderer/src/features/header-designer/evaluate';

// 19:07:01 UTC is 15:07:01 in New York (EDT).
const ctx = sampleContext({ toNumber: '+12125550123', fromNumber: '2125550199', csid: 'ACME', pages: 3 }, new Date('2024-05-10T19:07:01Z'), 'America/New_York');

describe('sampleContext', () => {
  it('shows page 1 of the sample and a UUID-shaped fax id', () => {
    expect(ctx).toMatchObject({ currentPage: 1, totalPage: 3, faxId: SAMPLE_FAX_ID, timeZone: 'America/New_York' });
    expect(SAMPLE_FAX_ID).toHaveLength(36);
    expect(sampleContext({ toNumber: '', fromNumber: '', csid: '', pages: 0, faxId: 'abc' }, new Date(0), 'UTC')).toMatchObject({ totalPage: 1, faxId: 'abc' });
  });
});

describe('evaluateDraft', () => {
  it('gives the value, the preview and the counters of a valid header', () => {
    const result = evaluateDraft({ line_1: ['${DATE_TIME1}', 'To ${TO_NUMBER}', 'Page ${CURRENT_PAGE}/${TOTAL_PAGE}'] }, ctx);
    expect(result.value).toEqual({ line_1: ['${DATE_TIME1}', 'To ${TO_NUMBER}', 'Page ${CURRENT_PAGE}/${TOTAL_PAGE}'] });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(result.preview.line1).toEqual([
      { text: '2024-05-10 15:07:01', anchor: 0, align: 'left', cropped: false, start: 0, printed: '2024-05-10 15:07:01', overlaps: false },
      { text: 'To +12125550123', anchor: 0.5, align: 'center', cropped: false, start: 46, printed: 'To +12125550123', overlaps: false },
      { text: 'Page 1/3', anchor: 1, align: 'right', cropped: false, start: 98, printed: 'Page 1/3', overlaps: false },
    ]);
    expect(result.preview.line2).toEqual([]);
    expect(result.counts).toEqual({ line1Items: 3, variableChars: 19 + 12 + 1 + 1, variableCharsLongest: 20 + 16 + 3 + 3, line2Fields: [], line2Total: 0 });
  });

  it('places 1, 2 and 4 to 6 items by the spec rules', () => {
    const anchors = (line_1: string[]) => evaluateDraft({ line_1 }, ctx).preview.line1.map((i) => [i.anchor, i.align]);
    expect(anchors(['a'])).toEqual([[0, 'left']]);
    expect(anchors(['', 'a'])).toEqual([[0, 'left'], [1, 'right']]);
    expect(anchors(['a', 'b', 'c', 'd'])).toEqual([[0, 'left'], [1 / 3, 'center'], [2 / 3, 'center'], [1, 'right']]);
    expect(anchors(['1', '2', '3', '4', '5', '6']).map(([a]) => a)).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });

  it('refuses an unknown variable with a message about its slot, and emits nothing', () => {
    const result = evaluateDraft({ line_1: ['${DATE_TIME1}', 'Ref ${FOO}'] }, ctx);
    expect(result.value).toBeNull();
    const [error] = messagesAt(result.errors, 'line_1[1]');
    expect(error?.message).toBe('Unknown header variable ${FOO} in line 1, slot 2. Use a variable offered under "Items for line 1".');
    expect(evaluateDraft({ line_1: ['${to_number}'] }, ctx).errors[0]?.message).toBe(
      'Unknown header variable ${to_number} in line 1, slot 1; did you mean ${TO_NUMBER}? Use a variable offered under "Items for line 1".',
    );
    // The preview still prints what was typed, so the mistake is visible.
    expect(result.preview.line1[1]?.text).toBe('Ref ${FOO}');
  });

  it('still warns about crops elsewhere while a slot has an error', () => {
    const result = evaluateDraft({ line_1: ['${FOO}', '${FAX_ID}'], line_2: ['x'.repeat(60)] }, ctx);
    expect(result.value).toBeNull();
    expect(result.warnings.map((w) => [w.path, w.kind])).toEqual([
      ['line_1[1]', 'variable'],
      ['line_2[0]', 'line2-field'],
    ]);
    expect(result.warnings[1]?.message).toBe(
      'line 2, field 1 is 60 characters; the service prints only the first 50 of each line 2 field. Shorten it to 50 characters.',
    );
  });

  it('refuses variables in line 2 and an empty or over-long line 1', () => {
    expect(messagesAt(evaluateDraft({ line_1: ['a'], line_2: ['${TO_NUMBER}'] }, ctx).errors, 'line_2[0]')[0]?.message).toContain(
      'variables work only in line 1',
    );
    expect(messagesAt(evaluateDraft({ line_1: [] }, ctx).errors, 'line_1')[0]?.message).toContain('line 1 is empty');
    expect(messagesAt(evaluateDraft({ line_1: ['1', '2', '3', '4', '5', '6', '7'] }, ctx).errors, 'line_1')[0]?.message).toContain(
      'at most 6',
    );
  });

  it('marks the items the service crops for the sample and says what and where', () => {
    const result = evaluateDraft({ line_1: ['Fax ${FAX_ID}'], line_2: ['To: Accounts', 'y'.repeat(55)] }, ctx);
    expect(result.value).not.toBeNull();
    expect(result.preview.line1[0]).toMatchObject({ text: `Fax ${SAMPLE_FAX_ID.slice(0, 32)}`, cropped: true });
    expect(result.preview.line2.map((i) => [i.text.length, i.cropped])).toEqual([
      [12, false],
      [50, true],
    ]);
    expect(result.warnings.map((w) => w.message)).toEqual([
      '${FAX_ID} in line 1, slot 1 is 36 characters here; the service prints only the first 32. Nothing to do: the first 32 characters still identify the fax.',
      'line 2, field 2 is 55 characters; the service prints only the first 50 of each line 2 field. Shorten it to 50 characters.',
    ]);
    expect(result.counts).toMatchObject({ variableChars: 32, line2Fields: [12, 55], line2Total: 67 });
  });

  it('warns that the 12-hour formats can lose AM/PM, whatever the sample time', () => {
    const result = evaluateDraft({ line_1: ['${DATE_TIME2}'] }, ctx);
    expect(result.preview.line1[0]).toMatchObject({ text: '5/10/2024 3:07:01 PM', cropped: false });
    expect(result.warnings.map((w) => w.kind)).toEqual(['variable']);
    expect(result.warnings[0]?.message).toContain('the end (AM/PM) can be cut off');
  });

  it('warns about the 235 total for any fax when the sample stays under it', () => {
    const item = '${CSID}${CSID}${TO_NUMBER}${FROM_NUMBER}';
    const result = evaluateDraft({ line_1: Array.from({ length: 6 }, () => item) }, ctx);
    expect(result.counts.variableCharsLongest).toBe(6 * 71);
    expect(result.counts.variableChars).toBeLessThan(235);
    // Six such slots also need more than a printed line holds.
    expect(result.warnings.map((w) => [w.path, w.kind])).toEqual([
      ['line_1', 'line-overflow'],
      ['line_1', 'total-235'],
    ]);
    expect(result.warnings[1]?.message).toContain('can expand to 426 characters together');
  });

  it('names the 235 crop of the sample itself when it happens', () => {
    const result = evaluateDraft({ line_1: Array.from({ length: 6 }, () => '${FAX_ID}${FAX_ID}') }, ctx);
    expect(result.counts.variableChars).toBe(12 * 32);
    const totals = result.warnings.filter((w) => w.kind === 'total-235');
    expect(totals[0]?.message).toContain('so the service cuts ${FAX_ID} in line 1, slot 4 from 32 to 11 characters');
    expect(result.preview.line1.map((i) => i.cropped)).toEqual([true, true, true, true, true, true]);
  });
});

describe('placementName', () => {
  it('says where each slot prints', () => {
    expect(placementName(0, 1)).toBe('left');
    expect([0, 1].map((i) => placementName(i, 2))).toEqual(['left', 'right']);
    expect([0, 1, 2].map((i) => placementName(i, 3))).toEqual(['left', 'centre', 'right']);
    expect([0, 1, 2, 3].map((i) => placementName(i, 4))).toEqual(['left', 'at 1/3', 'at 2/3', 'right']);
    expect(placementName(4, 2)).toBe('');
  });
});

describe('the printed line in the preview and the slots', () => {
  const ctx2 = sampleContext({ toNumber: '12125550147', fromNumber: '', csid: '', pages: 2 }, new Date(Date.UTC(2026, 10, 25, 14, 5, 9)), 'UTC');

  it('places items at the columns the Sandbox prints them, with what an overflowing line loses', () => {
    const result = evaluateDraft({ line_1: ['x'.repeat(100), 'To ${TO_NUMBER}', 'Page ${CURRENT_PAGE}'] }, ctx2);
    expect(result.preview.line1.map((i) => [i.start, i.printed.length, i.cropped])).toEqual([
      [0, 100, false],
      [101, 5, true],
      [106, 0, true],
    ]);
  });

  it('marks neighbours that run into each other', () => {
    const result = evaluateDraft({ line_1: ['y'.repeat(60), 'To ${TO_NUMBER}', '${CURRENT_PAGE}'] }, ctx2);
    expect(result.preview.line1.map((i) => i.overlaps)).toEqual([true, true, false]);
    expect(result.warnings.map((w) => w.kind)).toEqual(['overlap']);
  });

  it('shows a slot with its sample values instead of variable codes', () => {
    expect(slotSegments('To ${TO_NUMBER} ${FAX_ID}${FOO', ctx2)).toEqual([
      { kind: 'text', text: 'To ' },
      { kind: 'variable', token: '${TO_NUMBER}', label: 'Recipient fax number', value: '12125550147', cropped: false },
      { kind: 'text', text: ' ' },
      { kind: 'variable', token: '${FAX_ID}', label: 'Fax ID', value: SAMPLE_FAX_ID.slice(0, 32), cropped: true },
      { kind: 'invalid', text: '${FOO' },
    ]);
  });
});
