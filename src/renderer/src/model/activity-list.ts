/** The Activity log's list: an entry's identity and a fresh read merged into what is loaded, pure (unit-tested). */
import type { LoggedNotification } from '../../../shared/domain/history';

export function notificationKey(n: Pick<LoggedNotification, 'accountId' | 'notifyId'>): string {
  return `${n.accountId}:${n.notifyId}`;
}

/**
 * A fresh read of the first rows merged into what is loaded: entries already there take their new
 * state, new ones go where they sort (newest first). With more pages still to load, a new entry older
 * than the last loaded one is left for those pages.
 */
export function mergeActivity(loaded: readonly LoggedNotification[], fresh: readonly LoggedNotification[], hasMore: boolean): LoggedNotification[] {
  const tail = loaded[loaded.length - 1];
  const loadedKeys = new Set(loaded.map(notificationKey));
  const freshKeys = new Set(fresh.map(notificationKey));
  const kept = fresh.filter((n) => loadedKeys.has(notificationKey(n)) || !hasMore || !tail || n.completedAt >= tail.completedAt);
  const merged = [...kept, ...loaded.filter((n) => !freshKeys.has(notificationKey(n)))];
  // Stable: among equal times, the fresh read's order (the store's) wins.
  return merged.sort((a, b) => (a.completedAt === b.completedAt ? 0 : a.completedAt < b.completedAt ? 1 : -1));
}
