/**
 * The part of the Inbox list held in the page: a few keyset pages around the view (at most
 * MAX_WINDOW_ROWS rows), where they sit in the whole list (`offset`) and how long the list is
 * (`total`). Rows outside it are drawn as placeholders and read when the view comes near them, so the
 * page holds the same number of faxes however far a history of 100,000 is scrolled. Pure: the store
 * applies these.
 */
import type { InboxFax } from '../../../../shared/domain/history';
import type { InboxPage } from '../../../../shared/ipc/contract/inbox';

export interface WindowPage {
  items: InboxFax[];
  /** Cursor for the rows above this page (direction 'newer'); null at the top of the list. */
  previous: string | null;
  /** Cursor for the rows below this page; null at the end of the list. */
  next: string | null;
}

export interface ListWindow {
  /** The index in the whole list of the first row held. */
  offset: number;
  /** How many rows the list has. */
  total: number;
  /** Contiguous pages, in list order. */
  pages: WindowPage[];
}

/** The rows in view, by index in the whole list. */
export interface ListView {
  first: number;
  last: number;
}

export type WindowLoad =
  | { kind: 'older'; cursor: string }
  | { kind: 'newer'; cursor: string }
  /** Start again at `skip` (the view is far from the rows held, or the list changed under it). */
  | { kind: 'jump'; skip: number };

export const EMPTY_WINDOW: ListWindow = { offset: 0, total: 0, pages: [] };
/** Three pages of 200: the view and a page's worth either side of it. */
export const MAX_WINDOW_ROWS = 600;
/** Rows from either end of what is held at which the next page is asked for (a few screens ahead). */
export const LOAD_MARGIN_ROWS = 30;

export function windowRows(window: ListWindow): InboxFax[] {
  return window.pages.length === 1 ? window.pages[0]!.items : window.pages.flatMap((page) => page.items);
}

const rowCount = (pages: readonly WindowPage[]) => pages.reduce((sum, page) => sum + page.items.length, 0);
const pageOf = (page: InboxPage): WindowPage => ({ items: page.items, previous: page.previous, next: page.next });

/** A window of one page read with `count` (its position says where it is). */
export function windowAt(page: InboxPage): ListWindow {
  const offset = page.position?.offset ?? 0;
  const total = page.position?.total ?? offset + page.items.length + (page.next === null ? 0 : 1);
  return { offset, total, pages: page.items.length > 0 ? [pageOf(page)] : [] };
}

/** The page below added; pages above dropped beyond the limit. Reaching the end makes the length exact. */
export function withOlder(window: ListWindow, page: InboxPage): ListWindow {
  const pages = [...window.pages, pageOf(page)];
  let offset = window.offset;
  while (pages.length > 1 && rowCount(pages) > MAX_WINDOW_ROWS) offset += pages.shift()!.items.length;
  const end = offset + rowCount(pages);
  return { offset, total: page.next === null ? end : Math.max(window.total, end + 1), pages: pages.filter((p) => p.items.length > 0 || p === pages[pages.length - 1]) };
}

/**
 * The page above added; pages below dropped beyond the limit. Reaching the top puts the first row at
 * index 0: when rows came or went above meanwhile, everything held moves by that much (and the list's
 * length with it), which the list's scroll anchoring keeps still on screen.
 */
export function withNewer(window: ListWindow, page: InboxPage): ListWindow {
  const pages = [pageOf(page), ...window.pages];
  let offset = window.offset - page.items.length;
  let total = window.total;
  if (page.previous === null || offset < 0) {
    total += -offset;
    offset = 0;
  }
  while (pages.length > 1 && rowCount(pages) > MAX_WINDOW_ROWS) pages.pop();
  return { offset, total, pages: pages.filter((p) => p.items.length > 0 || p === pages[0]) };
}

/** The rows held, with the given ones taken out (deleted): the list is that much shorter. */
export function withoutRows(window: ListWindow, ids: ReadonlySet<string>): { window: ListWindow; removed: number } {
  let removed = 0;
  const pages = window.pages.map((page) => {
    const items = page.items.filter((fax) => !ids.has(fax.id));
    removed += page.items.length - items.length;
    return items.length === page.items.length ? page : { ...page, items };
  });
  if (removed === 0) return { window, removed };
  return { window: { ...window, total: Math.max(0, window.total - removed), pages: pages.filter((p) => p.items.length > 0) }, removed };
}

/** The rows held, each passed through `change` (a row marked read, a download finished). */
export function withChangedRows(window: ListWindow, change: (fax: InboxFax) => InboxFax): ListWindow {
  let changed = false;
  const pages = window.pages.map((page) => {
    const items = page.items.map((fax) => {
      const next = change(fax);
      if (next !== fax) changed = true;
      return next;
    });
    return { ...page, items };
  });
  return changed ? { ...window, pages } : window;
}

/**
 * What to read for this view: the next page down or up as the view nears either end of what is held,
 * or, when the view is far from it (the scroll bar dragged, Home or End), a page where the view is.
 * Null when the view has what it needs.
 */
export function nextLoad(window: ListWindow, view: ListView, pageSize: number): WindowLoad | null {
  const start = window.offset;
  const end = start + rowCount(window.pages);
  const first = Math.max(0, view.first);
  if (first >= window.total) return null;
  const previous = window.pages[0]?.previous ?? null;
  const next = window.pages[window.pages.length - 1]?.next ?? null;
  const near = end > start && view.last >= start - pageSize && first < end + pageSize;
  if (near && next !== null && view.last >= end - LOAD_MARGIN_ROWS) return { kind: 'older', cursor: next };
  if (near && previous !== null && first <= start + LOAD_MARGIN_ROWS) return { kind: 'newer', cursor: previous };
  if (end === start || view.last < start || first >= end) return { kind: 'jump', skip: jumpSkip(view) };
  return null;
}

/** Where a page read for this view starts: a margin above it, so scrolling back up a little is served. */
export function jumpSkip(view: ListView): number {
  return Math.max(0, view.first - LOAD_MARGIN_ROWS);
}
