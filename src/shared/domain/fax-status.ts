/**
 * The transmission state of a sent fax, whatever source reported it (transmission detail, metadata,
 * sent list, webhook), and the one rule for combining reports.
 *
 * The service spells states several ways: `IN PROGRESS`, `INPROGRESS`, the spec typo `INPROGESS`,
 * `COMPLETE` (webhook, metadata) and `COMPLETED` (detail), `CANCELED` and `CANCELLED`, in any case.
 * Other status words are not transmission states and normalise to null: `STORED` (a received fax's
 * storage status), `FAILED`/`SUCCESSFUL`/`QUEUED` (webhook delivery status in the notification log),
 * `SFAX` (a transmission result code, see transmission-codes.ts).
 */

export const FAX_STATES = ['NEW', 'IN_PROGRESS', 'PENDING_RETRY', 'COMPLETED', 'ERROR', 'CANCELED'] as const;
export type FaxState = (typeof FAX_STATES)[number];

export const FINAL_FAX_STATES: readonly FaxState[] = Object.freeze(['COMPLETED', 'ERROR', 'CANCELED'] as FaxState[]);

/** Short words for lists and badges. */
export const FAX_STATE_LABELS: Readonly<Record<FaxState, string>> = Object.freeze({
  NEW: 'Queued',
  IN_PROGRESS: 'Sending',
  PENDING_RETRY: 'Waiting to retry',
  COMPLETED: 'Delivered',
  ERROR: 'Failed',
  CANCELED: 'Cancelled',
});

/** One sentence each, for tooltips and the status timeline. */
export const FAX_STATE_DESCRIPTIONS: Readonly<Record<FaxState, string>> = Object.freeze({
  NEW: 'The service has the fax and has not started dialling yet.',
  IN_PROGRESS: 'The service is dialling or sending the pages.',
  PENDING_RETRY: 'An attempt did not get through; the service will try again in about 2 minutes.',
  COMPLETED: 'The fax was delivered to the destination fax machine.',
  ERROR: 'The fax could not be delivered; the result code says why.',
  CANCELED: 'The fax was cancelled before it was delivered.',
});

const SPELLINGS: Readonly<Record<string, FaxState>> = Object.freeze({
  NEW: 'NEW',
  INPROGRESS: 'IN_PROGRESS',
  INPROGESS: 'IN_PROGRESS',
  PENDINGRETRY: 'PENDING_RETRY',
  COMPLETED: 'COMPLETED',
  COMPLETE: 'COMPLETED',
  ERROR: 'ERROR',
  CANCELED: 'CANCELED',
  CANCELLED: 'CANCELED',
});

/** The state a status word means, or null when it is not a transmission state (or not a string). */
export function normalizeFaxState(raw: unknown): FaxState | null {
  if (typeof raw !== 'string') return null;
  const key = raw.toUpperCase().replace(/[\s_-]+/g, '');
  return SPELLINGS[key] ?? null;
}

export function isFinalState(state: FaxState | null | undefined): boolean {
  return state === 'COMPLETED' || state === 'ERROR' || state === 'CANCELED';
}

/**
 * Rank of each state in the merge order. Reports arrive from several sources out of order (a sent
 * list fetched before a webhook, a detail poll that lags a metadata read), so the merge must not
 * depend on arrival order where it matters:
 * - NEW (0) < IN_PROGRESS = PENDING_RETRY (1) < ERROR (2) < CANCELED (3) < COMPLETED (4).
 * - Finals outrank everything, so a final state never goes back to a non-final one.
 * - Among finals the strongest evidence wins, whichever came first: COMPLETED means pages reached the
 *   recipient (a cancel that loses the race still reports 202, and the fax is delivered), so it beats
 *   CANCELED and ERROR; CANCELED is the specific form of the ERROR a cancel produces (E45), so it beats
 *   ERROR. The result is the same whatever order the reports came in.
 * - NEW never replaces a started state (a stale report).
 * - IN_PROGRESS and PENDING_RETRY share a rank: the latest report wins, since a fax moves back and
 *   forth between them while the service retries.
 */
const RANK: Readonly<Record<FaxState, number>> = Object.freeze({
  NEW: 0,
  IN_PROGRESS: 1,
  PENDING_RETRY: 1,
  ERROR: 2,
  CANCELED: 3,
  COMPLETED: 4,
});

/** The state after `incoming` is reported for a fax now in `current` (null: nothing known yet). */
export function mergeFaxState(current: FaxState | null, incoming: FaxState): FaxState {
  if (current === null) return incoming;
  return RANK[incoming] >= RANK[current] ? incoming : current;
}

/** True when merging `incoming` changes the state: writers skip the write (and the event) otherwise. */
export function shouldAdvance(current: FaxState | null, incoming: FaxState): boolean {
  return mergeFaxState(current, incoming) !== current;
}
