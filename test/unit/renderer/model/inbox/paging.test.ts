import { describe, expect, it } from 'vitest';
import { InboxListInputSchema } from '../../../../../src/shared/ipc/contract/inbox';
import { anchoredScrollTop, filtersProblem, hasFilters, listInput, localDayBound, movedIndex, NO_FILTERS } from '../../../../../src/renderer/src/model/inbox/paging';

describe('the inbox:list input', () => {
  it('asks for the first page with no filters, counted (the list is as long as the history)', () => {
    expect(listInput(NO_FILTERS)).toEqual({ unreadOnly: false, limit: 50, count: true });
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('passes search, number, unread and account; trims words; leaves empty ones out', () => {
    const input = listInput({ ...NO_FILTERS, search: '  0170 ', number: ' 312 ', unreadOnly: true, accountId: 'sandbox' });
    expect(input).toEqual({ unreadOnly: true, limit: 50, search: '0170', number: '312', accountId: 'sandbox', count: true });
    expect(listInput({ ...NO_FILTERS, search: '   ' }).search).toBeUndefined();
  });

  it('reads down from a cursor, up from one, or afresh at a position (counted); main accepts each', () => {
    const older = listInput(NO_FILTERS, { kind: 'older', cursor: 'c1' }, 200);
    const newer = listInput(NO_FILTERS, { kind: 'newer', cursor: 'c0' }, 200);
    const jump = listInput(NO_FILTERS, { kind: 'jump', skip: 41_970 }, 200);
    expect(older).toEqual({ unreadOnly: false, limit: 200, cursor: 'c1' });
    expect(newer).toEqual({ unreadOnly: false, limit: 200, cursor: 'c0', direction: 'newer' });
    expect(jump).toEqual({ unreadOnly: false, limit: 200, skip: 41_970, count: true });
    for (const input of [older, newer, jump]) expect(InboxListInputSchema.safeParse(input).success).toBe(true);
  });

  it('turns local calendar days into the start and the end of those days, which main accepts', () => {
    const input = listInput({ ...NO_FILTERS, fromDay: '2026-03-01', toDay: '2026-03-02' });
    expect(input.from).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString());
    expect(input.to).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
    expect(InboxListInputSchema.safeParse(input).success).toBe(true);
  });

  it('ignores a day that does not exist, and says when the range is backwards', () => {
    expect(localDayBound('2026-02-30', 'start')).toBeNull();
    expect(localDayBound('yesterday', 'start')).toBeNull();
    expect(localDayBound('', 'end')).toBeNull();
    expect(filtersProblem({ ...NO_FILTERS, fromDay: '2026-03-02', toDay: '2026-03-01' })).toBe('The start of the date range is after its end.');
    expect(filtersProblem({ ...NO_FILTERS, fromDay: '2026-03-01', toDay: '2026-03-01' })).toBeNull();
  });
});

describe('keeping the view still', () => {
  const H = 68;
  const held = (ids: string[], offset = 0) => ({ offset, ids });
  it('scrolls down by the rows inserted above the top row, keeping the offset within it', () => {
    expect(anchoredScrollTop(held(['a', 'b', 'c', 'd']), held(['n', 'm', 'a', 'b', 'c', 'd']), 2 * H + 10, H)).toBe(4 * H + 10);
  });

  it('moves nothing at the very top (new faxes come into view) or when nothing moved', () => {
    expect(anchoredScrollTop(held(['a', 'b']), held(['n', 'a', 'b']), 0, H)).toBe(0);
    expect(anchoredScrollTop(held(['a', 'b', 'c']), held(['a', 'b', 'c', 'd']), H, H)).toBe(H);
  });

  it('tells a page appended below from rows inserted above in a list that also grew', () => {
    const loaded = Array.from({ length: 1000 }, (_, i) => `r${i}`);
    expect(anchoredScrollTop(held(loaded), held([...loaded, 'n1', 'n2']), 500 * H + 3, H)).toBe(500 * H + 3);
    expect(anchoredScrollTop(held(['a', 'b', 'c']), held(['a', 'x', 'b', 'c', 'd']), 2 * H, H)).toBe(3 * H);
  });

  it('scrolls up when rows above were removed, and anchors on the next row when the top row itself went', () => {
    expect(anchoredScrollTop(held(['a', 'b', 'c', 'd']), held(['c', 'd']), 2 * H, H)).toBe(0);
    expect(anchoredScrollTop(held(['a', 'b', 'c', 'd']), held(['a', 'd']), 2 * H + 5, H)).toBe(5); // 'd' stays one row below the top of the view
  });

  it('stays still when pages held above the view are dropped, and follows its rows when their index moves', () => {
    const rows = Array.from({ length: 600 }, (_, i) => `r${i}`);
    // Rows 5,000-5,599 held, the view at 5,450: the first 200 dropped, 200 more read below.
    const after = held([...rows.slice(200), ...Array.from({ length: 200 }, (_, i) => `s${i}`)], 5_200);
    expect(anchoredScrollTop(held(rows, 5_000), after, 5_450 * H + 7, H)).toBe(5_450 * H + 7);
    // The same rows now at index 5,003 (three faxes arrived above them): the view moves down with them.
    expect(anchoredScrollTop(held(rows, 5_000), held(rows, 5_003), 5_450 * H + 7, H)).toBe(5_453 * H + 7);
  });

  it('leaves the view where it is when it held none of the rows now held (a jump)', () => {
    expect(anchoredScrollTop(held(['a', 'b'], 0), held(['x', 'y'], 40_000), 40_010 * H, H)).toBe(40_010 * H);
  });
});

describe('keyboard moves', () => {
  it('moves with arrows and j/k, clamped to the list', () => {
    expect(movedIndex(-1, 5, 'ArrowDown', 10)).toBe(0);
    expect(movedIndex(0, 5, 'j', 10)).toBe(1);
    expect(movedIndex(4, 5, 'ArrowDown', 10)).toBe(4);
    expect(movedIndex(3, 5, 'k', 10)).toBe(2);
    expect(movedIndex(0, 5, 'ArrowUp', 10)).toBe(0);
    expect(movedIndex(-1, 5, 'ArrowUp', 10)).toBe(0);
  });

  it('jumps with Home/End and by a page, and ignores other keys and empty lists', () => {
    expect(movedIndex(2, 50, 'Home', 10)).toBe(0);
    expect(movedIndex(2, 50, 'End', 10)).toBe(49);
    expect(movedIndex(2, 50, 'PageDown', 10)).toBe(12);
    expect(movedIndex(45, 50, 'PageDown', 10)).toBe(49);
    expect(movedIndex(5, 50, 'PageUp', 10)).toBe(0);
    expect(movedIndex(2, 50, 'x', 10)).toBeNull();
    expect(movedIndex(-1, 0, 'ArrowDown', 10)).toBeNull();
  });
});
