/**
 * Keeping a loaded, paged list current when `outbox:changed` arrives, without reloading everything
 * (the person may have scrolled through thousands of rows). The list is newest first (keyset paging in
 * main), so new jobs can only appear in the first page: the page re-reads it and merges, and re-reads
 * the changed rows further down one by one.
 */
import type { OutboxItem } from '../../../../shared/domain/outbox';
import type { PhaseFilter } from './phases';

export interface LoadedList {
  items: OutboxItem[];
  next: string | null;
}

/**
 * The list after the first page was read again. Rows of the current list after the first page's last
 * row stay (with their cursor); rows that used to be within the first page and are no longer in it have
 * left the filter (or were deleted) and go.
 */
export function mergeFirstPage(current: LoadedList, first: LoadedList): LoadedList {
  if (first.next === null || first.items.length === 0) return first;
  const inFirst = new Set(first.items.map((i) => i.id));
  const last = first.items[first.items.length - 1]!;
  const at = current.items.findIndex((i) => i.id === last.id);
  const tail = (at >= 0 ? current.items.slice(at + 1) : current.items.filter((i) => i.createdAt < last.createdAt)).filter((i) => !inFirst.has(i.id));
  if (tail.length === 0) return first;
  return { items: [...first.items, ...tail], next: current.next };
}

/** Whether a job belongs in the list under this tab. (Search and account are checked by main.) */
export function matchesPhase(item: OutboxItem, phase: PhaseFilter): boolean {
  return phase === 'all' || item.phase === phase;
}

/** The list with one re-read row put in place (or taken out when it left the tab). */
export function replaceItem(items: readonly OutboxItem[], item: OutboxItem, phase: PhaseFilter): OutboxItem[] {
  const at = items.findIndex((i) => i.id === item.id);
  if (at < 0) return items as OutboxItem[];
  if (!matchesPhase(item, phase)) return [...items.slice(0, at), ...items.slice(at + 1)];
  const copy = items.slice();
  copy[at] = item;
  return copy;
}

/** Appends a next page, skipping rows already there (a row may move while pages are read). */
export function appendPage(current: LoadedList, page: LoadedList): LoadedList {
  const seen = new Set(current.items.map((i) => i.id));
  return { items: [...current.items, ...page.items.filter((i) => !seen.has(i.id))], next: page.next };
}

/**
 * The rows of a list read again, with each row that did not change kept as the object already shown:
 * a search refined letter by letter mostly finds the rows on screen again, and rows memoised on their
 * props then are not drawn again.
 */
export function keepUnchanged(shown: readonly OutboxItem[], fresh: readonly OutboxItem[]): OutboxItem[] {
  if (shown.length === 0) return fresh as OutboxItem[];
  const byId = new Map(shown.map((item) => [item.id, item]));
  return fresh.map((item) => {
    const old = byId.get(item.id);
    return old && sameItem(old, item) ? old : item;
  });
}

function sameItem(a: OutboxItem, b: OutboxItem): boolean {
  for (const key of Object.keys(b) as (keyof OutboxItem)[]) {
    if (key === 'hold') {
      if (a.hold?.reason !== b.hold?.reason || a.hold?.retryAt !== b.hold?.retryAt) return false;
    } else if (a[key] !== b[key]) {
      return false;
    }
  }
  return Object.keys(a).length === Object.keys(b).length;
}
