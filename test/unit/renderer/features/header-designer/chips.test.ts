import { describe, expect, it } from 'vitest';
import { chipLabel, decodeChip, dropChip, dropSlot, encodeChip, type Chip } from '../../../../../src/renderer/src/features/header-designer/chips';
import type { DraftItem } from '../../../../../src/renderer/src/features/header-designer/draft';

const line = (...texts: string[]): DraftItem[] => texts.map((text, i) => ({ id: `s${i}`, text }));
const fixedId = () => 'new';
const texts = (items: DraftItem[]) => items.map((i) => i.text);

describe('drag payloads', () => {
  it('round-trip the chips', () => {
    const chips: Chip[] = [{ kind: 'variable', token: '${TO_NUMBER}' }, { kind: 'text' }, { kind: 'spacer' }];
    for (const chip of chips) expect(decodeChip(encodeChip(chip))).toEqual(chip);
  });

  it('refuse anything that is not exactly one allowed variable', () => {
    for (const token of ['${FOO}', '${to_number}', '${TO_NUMBER} ', 'x${FAX_ID}', '${FAX_ID}${CSID}', '']) {
      expect(decodeChip(JSON.stringify({ kind: 'variable', token })), token).toBeNull();
    }
    expect(decodeChip('not json')).toBeNull();
    expect(decodeChip('null')).toBeNull();
    expect(decodeChip('{"kind":"image"}')).toBeNull();
  });

  it('label chips as the palette does', () => {
    expect(chipLabel({ kind: 'variable', token: '${TOTAL_PAGE}' })).toBe('Page count');
    expect(chipLabel({ kind: 'spacer' })).toBe('Spacer');
  });
});

describe('dropChip', () => {
  it('adds a variable to the text of the slot it is dropped on', () => {
    const edit = dropChip(line('Page ${CURRENT_PAGE}/'), { kind: 'variable', token: '${TOTAL_PAGE}' }, { slot: 0 }, fixedId);
    expect(edit).toMatchObject({ ok: true, itemId: 's0', announcement: 'Page count added to line 1, slot 1.' });
    expect(edit.ok && texts(edit.line1)).toEqual(['Page ${CURRENT_PAGE}/ ${TOTAL_PAGE}']);
  });

  it('makes a new slot at the end, or before the slot a Text or Spacer chip lands on', () => {
    const atEnd = dropChip(line('a'), { kind: 'variable', token: '${FAX_ID}' }, 'end', fixedId);
    expect(atEnd.ok && texts(atEnd.line1)).toEqual(['a', '${FAX_ID}']);
    expect(atEnd.announcement).toBe('Fax ID added to line 1 as slot 2 of 2.');
    const spacer = dropChip(line('a', 'b'), { kind: 'spacer' }, { slot: 1 }, fixedId);
    expect(spacer.ok && spacer.line1).toEqual([{ id: 's0', text: 'a' }, { id: 'new', text: '' }, { id: 's1', text: 'b' }]);
  });

  it('refuses a seventh slot but still adds a variable to an existing one', () => {
    const full = line('1', '2', '3', '4', '5', '6');
    const refused = dropChip(full, { kind: 'text' }, 'end', fixedId);
    expect(refused.ok).toBe(false);
    expect(refused.announcement).toContain('already has 6 slots');
    expect(dropChip(full, { kind: 'spacer' }, { slot: 2 }, fixedId).ok).toBe(false);
    const joined = dropChip(full, { kind: 'variable', token: '${CSID}' }, { slot: 5 }, fixedId);
    expect(joined.ok && texts(joined.line1)[5]).toBe('6 ${CSID}');
  });
});

describe('dropSlot', () => {
  it('moves a slot to the place it is dropped on, or to the end', () => {
    const moved = dropSlot(line('a', 'b', 'c'), 's2', { slot: 0 });
    expect(moved.ok && texts(moved.line1)).toEqual(['c', 'a', 'b']);
    const toEnd = dropSlot(line('a', 'b', 'c'), 's0', 'end');
    expect(toEnd.ok && texts(toEnd.line1)).toEqual(['b', 'c', 'a']);
    expect(dropSlot(line('a'), 'gone', 'end').ok).toBe(false);
  });
});
