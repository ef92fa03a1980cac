/**
 * The Inbox list's bookkeeping, pure: the inbox:list input for the filters, how a new page, a fresh
 * first page (new arrivals) or changed rows merge into what is loaded, and where to scroll so that the
 * rows in view stay put when rows are inserted above them.
 */
import type { InboxFax } from '../../../../shared/domain/history';
import type { InboxListInput } from '../../../../shared/ipc/contract/inbox';

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

/** The inbox:list input for these filters (and the page after `cursor`). */
export function listInput(filters: InboxFilters, cursor?: string | null, limit: number = INBOX_PAGE_SIZE): InboxListInput {
  const input: InboxListInput = { unreadOnly: filters.unreadOnly, limit };
  const search = filters.search.trim();
  const number = filters.number.trim();
  const from = localDayBound(filters.fromDay, 'start');
  const to = localDayBound(filters.toDay, 'end');
  if (search) input.search = search.slice(0, 200);
  if (number) input.number = number.slice(0, 40);
  if (from) input.from = from;
  if (to) input.to = to;
  if (filters.accountId) input.accountId = filters.accountId;
  if (cursor) input.cursor = cursor;
  return input;
}

/**
 * Searches come newest-first by arrival in the history (new arrivals go on top); plain lists by the
 * time received (a late fax may belong further down).
 */
export function orderOf(filters: InboxFilters): 'arrival' | 'received' {
  return filters.search.trim() !== '' || filters.number.trim() !== '' ? 'arrival' : 'received';
}

/** The next page appended; a row already loaded (it moved while paging) is not shown twice. */
export function appendPage<T extends { id: string }>(loaded: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(loaded.map((item) => item.id));
  const added = page.filter((item) => !seen.has(item.id));
  return added.length === 0 ? [...loaded] : [...loaded, ...added];
}

/**
 * A freshly read first page merged into what is loaded: rows already there are updated in place, new
 * ones are inserted where they sort. With more pages still to load, a new row that sorts after the last
 * loaded one is left for those pages (the cursor reaches it).
 */
export function mergeFreshPage(loaded: readonly InboxFax[], fresh: readonly InboxFax[], options: { order: 'arrival' | 'received'; hasMore: boolean }): InboxFax[] {
  const freshById = new Map(fresh.map((fax) => [fax.id, fax]));
  const loadedIds = new Set(loaded.map((fax) => fax.id));
  const updated = loaded.map((fax) => freshById.get(fax.id) ?? fax);
  const newcomers = fresh.filter((fax) => !loadedIds.has(fax.id));
  if (newcomers.length === 0) return updated;
  if (options.order === 'arrival') {
    // Arrival order: whatever the first page has that is new arrived after everything loaded.
    return [...newcomers, ...updated];
  }
  const result = [...updated];
  const last = result[result.length - 1];
  for (const fax of newcomers) {
    if (options.hasMore && last && fax.completedAt < last.completedAt) continue;
    // Newest first; among equal times the newcomer goes first (it was seen later).
    let at = result.findIndex((other) => other.completedAt <= fax.completedAt);
    if (at < 0) at = result.length;
    result.splice(at, 0, fax);
  }
  return result;
}

/** Rows replaced by their new version (ids not loaded are ignored). */
export function patchRows<T extends { id: string }>(loaded: readonly T[], changed: readonly T[]): T[] {
  if (changed.length === 0) return [...loaded];
  const byId = new Map(changed.map((item) => [item.id, item]));
  return loaded.map((item) => byId.get(item.id) ?? item);
}

export function removeRows<T extends { id: string }>(loaded: readonly T[], ids: readonly string[]): T[] {
  const gone = new Set(ids);
  return loaded.filter((item) => !gone.has(item.id));
}

/**
 * Where to scroll after the rows changed so the row at the top of the view stays at the top (rows of a
 * fixed height). At the very top nothing moves: new faxes then come into view.
 */
export function anchoredScrollTop(before: readonly string[], after: readonly string[], scrollTop: number, rowHeight: number): number {
  if (scrollTop <= 0 || rowHeight <= 0) return scrollTop;
  // A page appended below (the common case while scrolling): nothing above the view moved.
  if (before.length <= after.length && before.every((id, i) => after[i] === id)) return scrollTop;
  const index = Math.floor(scrollTop / rowHeight);
  const offset = scrollTop - index * rowHeight;
  // The first row at or below the old top that is still there anchors the view.
  const position = new Map(after.map((id, i) => [id, i]));
  for (let i = index; i < before.length; i++) {
    const now = position.get(before[i]!);
    if (now !== undefined) return Math.max(0, (now - (i - index)) * rowHeight + offset);
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

/** Bytes of a base64 string (the fax's PDF as inbox:image returns it). */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
