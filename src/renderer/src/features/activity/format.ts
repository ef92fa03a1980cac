/** The Activity page's words, pure (unit-tested). */
import type { LoggedNotification } from '../../../../shared/domain/history';


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
