/**
 * Background sync as the app sees it: the feeds polled per account, how far back each incremental
 * window reaches, how a service report moves an outbound job (one state machine for every source),
 * and the status the UI shows ("last synced", errors, paused). Pure: shared by main and the renderer.
 */
import { isFinalState, mergeFaxState, type FaxState } from './fax-status';
import type { OutboundState, SyncFeed } from './history';

export type { SyncFeed } from './history';

export const SYNC_FEEDS: readonly SyncFeed[] = Object.freeze(['received', 'sent', 'notifications', 'active'] as SyncFeed[]);

/** Records per list request: the service's maximum. */
export const SYNC_PAGE_SIZE = 100;

/**
 * How far before the newest timestamp already seen the next window starts. Lists are read by
 * completion time with this overlap, so a record the service files a little late (or a page that
 * shifted while it was walked) is read again instead of missed; the upserts make re-reading free.
 */
export const SYNC_WINDOW_OVERLAP_MS = 10 * 60_000;

/**
 * The webhook delivery log changes a record's status long after its fax completed (QUEUED, then
 * SUCCESSFUL or FAILED after up to 5 attempts over 20 minutes), and it is filtered by the fax's
 * completion time: its window must reach back past the whole retry window.
 */
export const NOTIFICATIONS_WINDOW_OVERLAP_MS = 30 * 60_000;

/** Where the next window starts for a feed whose cursor is `cursor` (undefined: read everything). */
export function windowStart(cursor: string | null | undefined, overlapMs: number = SYNC_WINDOW_OVERLAP_MS): string | undefined {
  if (!cursor) return undefined;
  const time = Date.parse(cursor);
  if (Number.isNaN(time)) return undefined;
  return new Date(time - overlapMs).toISOString();
}

/** The later of two ISO timestamps (null/unparseable ones lose); the result is in the canonical spelling. */
export function laterOf(a: string | null | undefined, b: string | null | undefined): string | null {
  const ta = a ? Date.parse(a) : NaN;
  const tb = b ? Date.parse(b) : NaN;
  if (Number.isNaN(ta) && Number.isNaN(tb)) return null;
  if (Number.isNaN(tb) || ta >= tb) return new Date(ta).toISOString();
  return new Date(tb).toISOString();
}

/** The earlier of two ISO timestamps (null/unparseable ones lose). */
export function earlierOf(a: string | null | undefined, b: string | null | undefined): string | null {
  const ta = a ? Date.parse(a) : NaN;
  const tb = b ? Date.parse(b) : NaN;
  if (Number.isNaN(ta) && Number.isNaN(tb)) return null;
  if (Number.isNaN(tb) || (!Number.isNaN(ta) && ta <= tb)) return new Date(ta).toISOString();
  return new Date(tb).toISOString();
}

/**
 * The state of an outbound job after the service reports `incoming` for it, whatever the source.
 * Shared by every writer (sync, outbox) so the rules live once:
 * - a job the service already knows by a FaxState follows mergeFaxState (a final state never goes
 *   back to a non-final one; among finals the strongest evidence wins);
 * - a job only this app knew the state of (QUEUED, SUBMITTING, SUBMITTED, UNKNOWN, and REJECTED
 *   "not sent" that the service turns out to have after all) takes the service's word;
 * - CANCEL_REQUESTED stays until the service reports a final state (202 only means "asked";
 *   COMPLETED or ERROR when the cancel lost the race).
 */
export function mergeOutboundState(current: OutboundState, incoming: FaxState): OutboundState {
  switch (current) {
    case 'NEW':
    case 'IN_PROGRESS':
    case 'PENDING_RETRY':
    case 'COMPLETED':
    case 'ERROR':
    case 'CANCELED':
      return mergeFaxState(current, incoming);
    case 'CANCEL_REQUESTED':
      return isFinalState(incoming) ? incoming : current;
    default:
      return incoming;
  }
}

/** A state no report can move on by itself (the service's finals, and a refusal). */
export function isFinalOutboundState(state: OutboundState): boolean {
  return state === 'REJECTED' || state === 'COMPLETED' || state === 'ERROR' || state === 'CANCELED';
}

// ---------------------------------------------------------------------------------------------
// Status shown to a person (status bar, Settings > Accounts, tray)

export type SyncPauseReason = 'suspend' | 'offline' | 'user';
export type SyncMode = 'fast' | 'idle';

export interface SyncErrorView {
  /** A sentence a person can act on. */
  message: string;
  /** The AppError code (NETWORK, AUTH, RATE_LIMITED...). */
  code: string;
  /** When it happened (ISO UTC). */
  at: string;
  /** Which feed failed. */
  feed: SyncFeed | 'images';
}

export interface SyncFeedStatus {
  feed: SyncFeed;
  /** The last time this feed completed a cycle (ISO UTC); null before the first. */
  lastOkAt: string | null;
  lastError: SyncErrorView | null;
  running: boolean;
  /** When it runs next (ISO UTC); null while paused or stopped. */
  nextRunAt: string | null;
  consecutiveFailures: number;
}

export interface AccountSyncStatus {
  accountId: string;
  label: string;
  /** Every feed of the account completed a cycle at or after this time; null until all have. */
  lastSyncedAt: string | null;
  /** The most recent error of a feed that has not recovered yet; null when all is well. */
  lastError: SyncErrorView | null;
  mode: SyncMode;
  feeds: SyncFeedStatus[];
  /** Instant updates (webhooks) for this account: null when they are not set up. */
  instant?: InstantUpdatesStatus | null;
}

/** Whether webhooks stand in for polling right now, in words for the status bar. */
export interface InstantUpdatesStatus {
  /** active: the lists are polled at `pollSeconds` only as a safety net; fallback: normal polling, `message` says why. */
  state: 'active' | 'fallback' | 'checking';
  message: string;
  /** Seconds between polls of the received and sent lists now. */
  pollSeconds: number;
}

export interface SyncStatus {
  /** Nothing is polled (any reason). */
  paused: boolean;
  /** The person paused sync (tray, status bar). */
  pausedByUser: boolean;
  pauseReasons: SyncPauseReason[];
  /** The window has focus: feeds run at the fast interval. */
  focused: boolean;
  /** Seconds between polls while idle (the pollIntervalSeconds setting). */
  idleIntervalSeconds: number;
  fastIntervalSeconds: number;
  accounts: AccountSyncStatus[];
  /** Image downloads: waiting ones, and the problem holding them back (disk full, network), if any. */
  downloads: { pending: number; failed: number; lastError: SyncErrorView | null };
  /**
   * Unread received faxes in every account (deleted ones not counted): what a page that has just
   * connected shows in the status bar and the badge; `inbox:changed` carries it from then on.
   */
  unread: number;
}
