/** The Activity page's words and list merging, pure (unit-tested). */
import type { LoggedNotification } from '../../../../shared/domain/history';

export function notificationKey(n: Pick<LoggedNotification, 'accountId' | 'notifyId'>): string {
  return `${n.accountId}:${n.notifyId}`;
}

/** The delivery outcome in words: "Delivered", "Failed", "Queued (will retry)". */
export function sentStatusLabel(status: string | null): string {
  switch ((status ?? '').toUpperCase()) {
    case 'SUCCESSFUL':
    case 'SUCCESS':
      return 'Delivered';
    case 'FAILED':
    case 'FAILURE':
      return 'Failed';
    case 'QUEUED':
      return 'Queued (will retry)';
    case '':
      return 'Unknown';
    default:
      return status!;
  }
}

export function sentStatusTone(status: string | null): 'ok' | 'failed' | 'pending' | 'unknown' {
  switch ((status ?? '').toUpperCase()) {
    case 'SUCCESSFUL':
    case 'SUCCESS':
      return 'ok';
    case 'FAILED':
    case 'FAILURE':
      return 'failed';
    case 'QUEUED':
      return 'pending';
    default:
      return 'unknown';
  }
}

export function directionLabel(direction: string | null): string {
  if (direction === 'INBOUND') return 'Inbound';
  if (direction === 'OUTBOUND') return 'Outbound';
  return '—';
}

/** What the entry was about: a fax (its id, shortened) or a test ping. */
export function subjectLabel(n: Pick<LoggedNotification, 'faxId'>): string {
  if (!n.faxId) return 'Test ping';
  return n.faxId.length > 13 ? `Fax ${n.faxId.slice(0, 8)}…` : `Fax ${n.faxId}`;
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
