/**
 * The Inbox list's bookkeeping, pure: the inbox:list input for the filters and the page wanted, where
 * to scroll so that the rows in view stay put when rows are inserted above them, and keyboard moves.
 * Which rows are held is list-window.ts.
 */
import type { CallInput } from '../../../../shared/ipc/contract';
import type { WindowLoad } from './list-window';

export const INBOX_PAGE_SIZE = 50;
/** Pages after the first are bigger: scrolling far through a long history asks main fewer times. */
export const INBOX_MORE_PAGE_SIZE = 200;

export interface InboxFilters {
  /** Words typed in the search box (sender number, station id, fax id). */
  search: string;
  unreadOnly: boolean;
  /** Local calendar days, yyyy-mm-dd ('' = open). */
  fromDay: string;
  toDay: string;
  /** Part of the sender's number. */
  number: string;
  /** '' = all accounts. */
  accountId: string;
}

export const NO_FILTERS: InboxFilters = { search: '', unreadOnly: false, fromDay: '', toDay: '', number: '', accountId: '' };

export function hasFilters(filters: InboxFilters): boolean {
  return filters.search.trim() !== '' || filters.unreadOnly || filters.fromDay !== '' || filters.toDay !== '' || filters.number.trim() !== '' || filters.accountId !== '';
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start (or the last millisecond) of a local calendar day, as ISO UTC; null for '' or nonsense. */
export function localDayBound(day: string, edge: 'start' | 'end'): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
  const at = edge === 'start' ? new Date(year, month, date, 0, 0, 0, 0) : new Date(year, month, date, 23, 59, 59, 999);
  if (Number.isNaN(at.getTime()) || at.getDate() !== date) return null;
  return at.toISOString();
}

/** A sentence about the filters that main would refuse anyway, said before asking it; null when fine. */
export function filtersProblem(filters: InboxFilters): string | null {
  const from = localDayBound(filters.fromDay, 'start');
  const to = localDayBound(filters.toDay, 'end');
  if (from && to && from > to) return 'The start of the date range is after its end.';
  return null;
}

/** The inbox:list input for these filters: the first page, or the page a window load asks for. */
export function listInput(filters: InboxFilters, load?: WindowLoad, limit: number = INBOX_PAGE_SIZE): CallInput<'inbox:list'> {
  const input: CallInput<'inbox:list'> = { unreadOnly: filters.unreadOnly, limit };
  const search = filters.search.trim();
  const number = filters.number.trim();
  const from = localDayBound(filters.fromDay, 'start');
  const to = localDayBound(filters.toDay, 'end');
  if (search) input.search = search.slice(0, 200);
  if (number) input.number = number.slice(0, 40);
  if (from) input.from = from;
  if (to) input.to = to;
  if (filters.accountId) input.accountId = filters.accountId;
  if (!load) {
    input.count = true;
  } else if (load.kind === 'jump') {
    // A page started afresh says where it is (the list may have changed since it was last counted).
    input.skip = load.skip;
    input.count = true;
  } else {
    input.cursor = load.cursor;
    if (load.kind === 'newer') input.direction = 'newer';
  }
  return input;
}

/** The rows held, by id, and the index in the whole list of the first. */
export interface HeldRows {
  offset: number;
  ids: readonly string[];
}

/**
 * Where to scroll after the rows held changed so the row at the top of the view stays at the top (rows
 * of a fixed height): rows inserted or removed above it, or the list's start moved (rows arrived above
 * a window read further down). At the very top nothing moves: new faxes then come into view.
 */
export function anchoredScrollTop(before: HeldRows, after: HeldRows, scrollTop: number, rowHeight: number): number {
  if (scrollTop <= 0 || rowHeight <= 0) return scrollTop;
  const index = Math.floor(scrollTop / rowHeight);
  const within = scrollTop - index * rowHeight;
  // The first row at or below the old top that is still held anchors the view.
  const position = new Map(after.ids.map((id, i) => [id, after.offset + i]));
  for (let i = Math.max(index, before.offset); i < before.offset + before.ids.length; i++) {
    const now = position.get(before.ids[i - before.offset]!);
    if (now !== undefined) return Math.max(0, (now - (i - index)) * rowHeight + within);
  }
  return scrollTop;
}

/** The next row for the keyboard (j/k, arrows, Home/End, page keys), clamped; -1 for an empty list. */
export function movedIndex(current: number, count: number, key: string, pageRows: number): number | null {
  if (count === 0) return null;
  const from = current < 0 ? -1 : Math.min(current, count - 1);
  switch (key) {
    case 'ArrowDown':
    case 'j':
      return Math.min(count - 1, from + 1);
    case 'ArrowUp':
    case 'k':
      return from < 0 ? 0 : Math.max(0, from - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return Math.min(count - 1, Math.max(0, from) + Math.max(1, pageRows));
    case 'PageUp':
      return Math.max(0, Math.max(0, from) - Math.max(1, pageRows));
    default:
      return null;
  }
}

