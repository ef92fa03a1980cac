import { describe, expect, it } from 'vitest';
import type { InboxFax } from '../../../../src/shared/domain/history';
import { InboxListInputSchema } from '../../../../src/shared/ipc/contract/inbox';
import {
  anchoredScrollTop,
  appendPage,
  base64ToBytes,
  filtersProblem,
  hasFilters,
  listInput,
  localDayBound,
  mergeFreshPage,
  movedIndex,
  NO_FILTERS,
  orderOf,
  patchRows,
  removeRows,
} from '../../../../src/renderer/src/features/inbox/paging';
import { fax } from './fixtures';

const at = (minute: number) => `2026-03-01T09:${String(minute).padStart(2, '0')}:00.000Z`;
const row = (id: string, minute: number, extra: Partial<InboxFax> = {}) => fax({ id, completedAt: at(minute), ...extra });
const ids = (rows: readonly { id: string }[]) => rows.map((r) => r.id);

describe('the inbox:list input', () => {
  it('asks for the first page with no filters', () => {
    expect(listInput(NO_FILTERS)).toEqual({ unreadOnly: false, limit: 50 });
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('passes search, number, unread, account and the cursor; trims words; leaves empty ones out', () => {
    const input = listInput({ ...NO_FILTERS, search: '  0170 ', number: ' 312 ', unreadOnly: true, accountId: 'sandbox' }, 'cursor-1');
    expect(input).toEqual({ unreadOnly: true, limit: 50, search: '0170', number: '312', accountId: 'sandbox', cursor: 'cursor-1' });
    expect(listInput({ ...NO_FILTERS, search: '   ' }).search).toBeUndefined();
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

  it('knows a search lists by arrival, a plain list by the time received', () => {
    expect(orderOf(NO_FILTERS)).toBe('received');
    expect(orderOf({ ...NO_FILTERS, unreadOnly: true })).toBe('received');
    expect(orderOf({ ...NO_FILTERS, search: 'acme' })).toBe('arrival');
    expect(orderOf({ ...NO_FILTERS, number: '0170' })).toBe('arrival');
  });
});

describe('merging pages', () => {
  it('appends the next page without showing a row twice', () => {
    const loaded = [row('a', 30), row('b', 20)];
    expect(ids(appendPage(loaded, [row('b', 20), row('c', 10)]))).toEqual(['a', 'b', 'c']);
  });

  it('puts a new fax where it sorts, newest first, and updates rows already loaded', () => {
    const loaded = [row('a', 30), row('b', 20), row('c', 10)];
    const fresh = [row('n', 40), row('a', 30, { readAt: at(45) }), row('m', 25), row('b', 20)];
    const merged = mergeFreshPage(loaded, fresh, { order: 'received', hasMore: false });
    expect(ids(merged)).toEqual(['n', 'a', 'm', 'b', 'c']);
    expect(merged[1]!.readAt).toBe(at(45));
  });

  it('leaves a new fax older than everything loaded to the pages still to come', () => {
    const loaded = [row('a', 30), row('b', 20)];
    const fresh = [row('a', 30), row('old', 5)];
    expect(ids(mergeFreshPage(loaded, fresh, { order: 'received', hasMore: true }))).toEqual(['a', 'b']);
    expect(ids(mergeFreshPage(loaded, fresh, { order: 'received', hasMore: false }))).toEqual(['a', 'b', 'old']);
  });

  it('puts a new fax first among equal times, and on top of a search (arrival order)', () => {
    const loaded = [row('a', 30), row('b', 20)];
    expect(ids(mergeFreshPage(loaded, [row('n', 30)], { order: 'received', hasMore: false }))).toEqual(['n', 'a', 'b']);
    expect(ids(mergeFreshPage(loaded, [row('n', 1), row('a', 30)], { order: 'arrival', hasMore: true }))).toEqual(['n', 'a', 'b']);
  });

  it('returns the same rows (in a new array) when nothing is new', () => {
    const loaded = [row('a', 30), row('b', 20)];
    const merged = mergeFreshPage(loaded, [row('a', 30)], { order: 'received', hasMore: false });
    expect(merged).toEqual(loaded);
  });

  it('patches changed rows in place and removes deleted ones', () => {
    const loaded = [row('a', 30), row('b', 20)];
    const patched = patchRows(loaded, [row('b', 20, { imageState: 'failed' }), row('zz', 1)]);
    expect(ids(patched)).toEqual(['a', 'b']);
    expect(patched[1]!.imageState).toBe('failed');
    expect(ids(removeRows(loaded, ['a', 'nope']))).toEqual(['b']);
  });
});

describe('keeping the view still', () => {
  const H = 68;
  it('scrolls down by the rows inserted above the top row, keeping the offset within it', () => {
    expect(anchoredScrollTop(['a', 'b', 'c', 'd'], ['n', 'm', 'a', 'b', 'c', 'd'], 2 * H + 10, H)).toBe(4 * H + 10);
  });

  it('moves nothing at the very top (new faxes come into view) or when nothing moved', () => {
    expect(anchoredScrollTop(['a', 'b'], ['n', 'a', 'b'], 0, H)).toBe(0);
    expect(anchoredScrollTop(['a', 'b', 'c'], ['a', 'b', 'c', 'd'], H, H)).toBe(H);
  });

  it('tells a page appended below from rows inserted above in a list that also grew', () => {
    const loaded = Array.from({ length: 1000 }, (_, i) => `r${i}`);
    expect(anchoredScrollTop(loaded, [...loaded, 'n1', 'n2'], 500 * H + 3, H)).toBe(500 * H + 3);
    expect(anchoredScrollTop(['a', 'b', 'c'], ['a', 'x', 'b', 'c', 'd'], 2 * H, H)).toBe(3 * H);
  });

  it('scrolls up when rows above were removed, and anchors on the next row when the top row itself went', () => {
    expect(anchoredScrollTop(['a', 'b', 'c', 'd'], ['c', 'd'], 2 * H, H)).toBe(0);
    expect(anchoredScrollTop(['a', 'b', 'c', 'd'], ['a', 'd'], 2 * H + 5, H)).toBe(5); // 'd' stays one row below the top of the view
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

describe('base64', () => {
  it('decodes the PDF bytes main sends', () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x80]);
    expect(base64ToBytes(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
    expect(base64ToBytes('')).toEqual(new Uint8Array());
  });
});
