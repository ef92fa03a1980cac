import { describe, expect, it } from 'vitest';
import type { InboxPage } from '../../../../../src/shared/ipc/contract/inbox';
import {
  EMPTY_WINDOW,
  LOAD_MARGIN_ROWS,
  MAX_WINDOW_ROWS,
  nextLoad,
  windowAt,
  windowRows,
  withChangedRows,
  withNewer,
  withOlder,
  withoutRows,
  type ListWindow,
  type WindowLoad,
} from '../../../../../src/renderer/src/model/inbox/list-window';
import { fax } from '../../features/inbox/fixtures';

const PAGE = 200;

/**
 * A list of `length` faxes served the way inbox:list serves them: ids r0 (newest) to r<length-1>;
 * a cursor names the row at a page's end (its id), wherever that row has moved since.
 */
function service(length: number) {
  let rows = Array.from({ length }, (_, i) => `r${i}`);
  const page = (from: number, to: number, counted: boolean): InboxPage => {
    const start = Math.max(0, from);
    const end = Math.min(rows.length, to);
    const items = rows.slice(start, end).map((id) => fax({ id }));
    return {
      items,
      previous: start > 0 && items.length > 0 ? rows[start]! : null,
      next: end < rows.length && items.length > 0 ? rows[end - 1]! : null,
      position: counted ? { offset: items.length > 0 ? start : rows.length, total: rows.length } : null,
    };
  };
  return {
    get rows() {
      return rows;
    },
    read(load: WindowLoad | null, limit = PAGE): InboxPage {
      if (load === null) return page(0, limit, true);
      if (load.kind === 'jump') return page(load.skip, load.skip + limit, true);
      const at = rows.indexOf(load.cursor);
      return load.kind === 'older' ? page(at + 1, at + 1 + limit, false) : page(at - limit, at, false);
    },
    insertAtTop(count: number) {
      rows = [...Array.from({ length: count }, (_, i) => `new${i}`), ...rows];
    },
  };
}

function apply(window: ListWindow, load: WindowLoad, page: InboxPage): ListWindow {
  return load.kind === 'older' ? withOlder(window, page) : load.kind === 'newer' ? withNewer(window, page) : windowAt(page);
}

/** Reads until the view has what it needs, as the store does; returns the window and how many pages it read. */
function settle(list: ReturnType<typeof service>, window: ListWindow, first: number, last: number): { window: ListWindow; reads: number } {
  let reads = 0;
  for (let load = nextLoad(window, { first, last }, PAGE); load; load = nextLoad(window, { first, last }, PAGE)) {
    window = apply(window, load, list.read(load));
    if (++reads > 100) throw new Error('the window never settles');
  }
  return { window, reads };
}

/** Every row held is the row at its index in the list. */
function expectInPlace(list: ReturnType<typeof service>, window: ListWindow): void {
  windowRows(window).forEach((row, i) => expect(row.id).toBe(list.rows[window.offset + i]));
}

describe('the window of Inbox rows held', () => {
  it('starts from a counted page: where it is and how long the list is', () => {
    const list = service(100_000);
    const window = windowAt(list.read(null, 50));
    expect(window).toMatchObject({ offset: 0, total: 100_000 });
    expect(windowRows(window)).toHaveLength(50);
    expect(windowAt({ items: [], next: null, previous: null, position: { offset: 0, total: 0 } })).toEqual(EMPTY_WINDOW);
  });

  it('reads nothing while the view is well inside what is held', () => {
    const window = windowAt(service(100_000).read(null, 50));
    expect(nextLoad(window, { first: 0, last: 11 }, PAGE)).toBeNull();
  });

  it('reads the next page down as the view nears the end of what is held, and up as it nears the start', () => {
    const list = service(100_000);
    const window = windowAt(list.read({ kind: 'jump', skip: 5_000 }));
    expect(nextLoad(window, { first: 5_200 - LOAD_MARGIN_ROWS, last: 5_200 - LOAD_MARGIN_ROWS + 11 }, PAGE)).toEqual({ kind: 'older', cursor: 'r5199' });
    expect(nextLoad(window, { first: 5_010, last: 5_021 }, PAGE)).toEqual({ kind: 'newer', cursor: 'r5000' });
    expect(nextLoad(window, { first: 5_050, last: 5_061 }, PAGE)).toBeNull();
  });

  it('starts afresh where the view is when it is far from what is held, and never past the end', () => {
    const list = service(100_000);
    const window = windowAt(list.read(null, 50));
    expect(nextLoad(window, { first: 60_000, last: 60_011 }, PAGE)).toEqual({ kind: 'jump', skip: 60_000 - LOAD_MARGIN_ROWS });
    expect(nextLoad(EMPTY_WINDOW, { first: 0, last: 0 }, PAGE)).toBeNull();
    expect(nextLoad({ ...EMPTY_WINDOW, total: 10 }, { first: 0, last: 9 }, PAGE)).toEqual({ kind: 'jump', skip: 0 });
  });

  it('holds at most three pages scrolling down through 100,000 faxes, each at its index, and reads each page once', () => {
    const list = service(100_000);
    let window = windowAt(list.read(null, 50));
    let reads = 0;
    let mostHeld = 0;
    for (let first = 0; first < 100_000; first += 11) {
      const settled = settle(list, window, first, Math.min(99_999, first + 11));
      window = settled.window;
      reads += settled.reads;
      mostHeld = Math.max(mostHeld, windowRows(window).length);
      expect(window.offset).toBeLessThanOrEqual(first);
      expect(window.offset + windowRows(window).length).toBeGreaterThan(Math.min(99_999, first + 11));
    }
    expectInPlace(list, window);
    expect(mostHeld).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
    expect(reads).toBe(Math.ceil((100_000 - 50) / PAGE));
    expect(window.total).toBe(100_000);
    expect(window.pages[window.pages.length - 1]!.next).toBeNull();
  });

  it('reads its way back up, and reaching the top puts the first fax at index 0', () => {
    const list = service(5_000);
    let { window } = settle(list, windowAt(list.read(null, 50)), 4_000, 4_011);
    expect(window.offset).toBeGreaterThan(3_000);
    for (let first = 4_000; first >= 0; first -= 11) {
      window = settle(list, window, first, first + 11).window;
      expect(windowRows(window).length).toBeLessThanOrEqual(MAX_WINDOW_ROWS);
    }
    expect(window.offset).toBe(0);
    expect(window.pages[0]!.previous).toBeNull();
    expectInPlace(list, window);
  });

  it('moves everything held down, list and all, when faxes arrived above while reading up to the top', () => {
    const list = service(1_000);
    let window = windowAt(list.read({ kind: 'jump', skip: 150 }));
    list.insertAtTop(3);
    const load = nextLoad(window, { first: 150, last: 161 }, PAGE)!;
    expect(load.kind).toBe('newer');
    window = apply(window, load, list.read(load));
    // The page above reached the top holding 153 rows, not the 150 counted: the rest moved down by 3.
    expect(window).toMatchObject({ offset: 0, total: 1_003 });
    expectInPlace(list, window);
  });

  it('takes deleted rows out and shortens the list; changes rows in place; returns the same window when nothing changed', () => {
    const list = service(1_000);
    const window = windowAt(list.read(null));
    const { window: fewer, removed } = withoutRows(window, new Set(['r3', 'r7', 'not-held']));
    expect(removed).toBe(2);
    expect(fewer.total).toBe(998);
    expect(windowRows(fewer).map((f) => f.id)).not.toContain('r3');
    expect(withoutRows(window, new Set(['elsewhere'])).window).toBe(window);
    const read = withChangedRows(window, (f) => (f.id === 'r5' ? { ...f, readAt: '2026-03-01T10:00:00.000Z' } : f));
    expect(windowRows(read)[5]!.readAt).toBe('2026-03-01T10:00:00.000Z');
    expect(withChangedRows(window, (f) => f)).toBe(window);
  });

  it('knows the list ends where the last page says so, even when it was counted longer', () => {
    const list = service(300);
    let window: ListWindow = { ...windowAt(list.read(null)), total: 310 };
    window = withOlder(window, list.read({ kind: 'older', cursor: 'r199' }));
    expect(window.total).toBe(300);
    expect(nextLoad(window, { first: 290, last: 299 }, PAGE)).toBeNull();
  });
});
