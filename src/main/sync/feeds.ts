/**
 * The four feeds of one account, each one incremental pass over one kind of service record:
 * - received: GET /faxes/received by completion time since (newest seen − overlap), every page;
 *   now and then also the faxes the service still lists as not downloaded (a safety net for
 *   anything a window could miss, e.g. a service clock that went back);
 * - sent: GET /faxes/sent the same way; updates the outbox's jobs (by fax_id, through the outbox's
 *   one state recorder) and imports faxes sent from other clients; a job the list made final has its
 *   transmission detail read once (its attempts: the active feed no longer looks at it);
 * - notifications: GET /notifications (the webhook delivery log) since (newest seen − 30 min);
 * - active: GET /faxes/{id}/transmission-details for each job the service knows that is not final.
 *
 * Each page is written in one transaction as it arrives, through compare-before-write upserts, so a
 * failure later in a walk loses nothing and re-reading costs nothing; the cursor moves only after the
 * whole walk, and only when it changes. A cycle that finds nothing new writes nothing.
 *
 * An unchanged page is not applied again: the API client hands back the very page object it parsed
 * last time when the body is the same (PageMemo), and a page applied once is remembered here. Skipped
 * only where applying it again could not change anything: a received page listing no fax as not yet
 * downloaded (those are checked against local state), a sent page while the account has no job in
 * flight (whose state a page could move), and the notification log.
 */
import type { NotificationRecord, ReceivedFax, SentFax, TransmissionDetail } from '../../shared/domain/fax';
import type { FaxRef, OutboundJob } from '../../shared/domain/history';
import { NOTIFICATIONS_WINDOW_OVERLAP_MS, isFinalOutboundState, laterOf, windowStart } from '../../shared/domain/sync';
import { isAppError } from '../errors';
import { attemptEvents, reportFromDetail, reportFromRecord } from '../outbox/outbound-reports';
import type { ApplyResult } from '../outbox/outbound-states';
import { IMPORTED_STATUS } from '../desktop/announcer';
import { deliveryEventOf, importSentFax, storeReceivedFax } from './service-records';
import { readListHead, type HistoryImportPort } from './history-import';
import { walkNotificationPages, walkOffsetPages } from './paging';
import { openSends, routeSentFax } from './sent-routing';
import type { HistoryStores, OutboundStateRecorder, SyncClient } from './ports';
import { sameFaxNumber } from './fax-number-match';

export interface FeedContext {
  accountId: string;
  client: SyncClient;
  stores: HistoryStores;
  /** Records service reports on outbound jobs (the outbox's OutboundStates). */
  states: OutboundStateRecorder;
  now: () => Date;
  signal: AbortSignal;
  /** The import of an account's older faxes (history-import.ts): a first pass reads only the head of a list and hands the rest over. */
  imports?: HistoryImportPort;
  /** The outbox's reconciler: a listed fax carrying the marker of a compose made here, waited for by one of its jobs, is adopted at once. */
  claim?: (fax: SentFax) => boolean;
}

/**
 * A timestamp further ahead of this computer's clock than this does not move a cursor: one bad
 * record dated years ahead must not make every later window start after every real fax. (Windows
 * then stay wider than needed, which costs nothing but bytes.)
 */
export const MAX_CURSOR_LEAD_MS = 2 * 24 * 3600_000;

/** Pages (the items arrays the API client returned) applied in full once. */
const appliedPages = new WeakSet<readonly unknown[]>();

/**
 * Applies a page unless `skippable` says applying it again cannot change anything and it was applied before.
 * A page `apply` left incomplete (it returns false: items held back) is not remembered as applied.
 */
function applyOnce<T>(apply: (items: T[]) => boolean | void, skippable: (items: readonly T[]) => boolean): (items: T[]) => void {
  return (items) => {
    if (appliedPages.has(items) && skippable(items)) return;
    if (apply(items) === false) appliedPages.delete(items);
    else appliedPages.add(items);
  };
}

function cursorCandidate(at: string | null, now: Date): string | null {
  if (!at) return null;
  const time = Date.parse(at);
  return Number.isNaN(time) || time > now.getTime() + MAX_CURSOR_LEAD_MS ? null : at;
}

// ---------------------------------------------------------------------------------------------
// Received

export interface ReceivedFeedResult {
  created: string[];
  changed: string[];
  /** Rows stored here that the service still lists as not downloaded: mark them on the service again. */
  unmarked: { id: string; faxId: string }[];
  /** First successful pass for this account: what it found is history, not news. */
  initial: boolean;
  swept: boolean;
}

export async function syncReceived(ctx: FeedContext, options: { sweep: boolean }): Promise<ReceivedFeedResult> {
  const { accountId, client, stores, signal } = ctx;
  const cursorRow = stores.cursors.get(accountId, 'received');
  const initial = !cursorRow || cursorRow.lastOkAt === null;
  const since = windowStart(cursorRow?.cursor);
  const result: ReceivedFeedResult = { created: [], changed: [], unmarked: [], initial, swept: false };
  let newest = cursorRow?.cursor ?? null;
  const seen = new Set<string>();

  const apply = (items: ReceivedFax[]) => {
    const now = ctx.now();
    stores.db.transaction(() => {
      for (const item of items) {
        const upsert = storeReceivedFax(stores, accountId, item, now);
        const ref: FaxRef = { direction: 'INBOUND', receivedId: upsert.id };
        if (!seen.has(upsert.id)) {
          seen.add(upsert.id);
          if (upsert.created) result.created.push(upsert.id);
          else if (upsert.changed) result.changed.push(upsert.id);
        }
        if (initial && upsert.created && item.imageDownloaded === true) {
          // Already downloaded elsewhere before this account was first synchronised: history, never announced.
          // Only a fax new to this history: one an earlier, cut-short first pass stored may have been
          // downloaded by Faxdesk itself since (the service then says "downloaded"), and is still news.
          // At the fax's own time, so recording it again (a retried first pass) is a no-op.
          const row = stores.received.get(upsert.id)!;
          stores.events.record({ ref, at: row.completedAt, source: 'local', status: IMPORTED_STATUS, detail: {} }, now);
        }
        if (!upsert.created && item.imageDownloaded === false) {
          const row = stores.received.get(upsert.id);
          if (row && row.imageState === 'stored' && row.deletedAt === null && !result.unmarked.some((u) => u.id === row.id)) {
            result.unmarked.push({ id: row.id, faxId: row.faxId });
          }
        }
        newest = laterOf(newest, cursorCandidate(item.completedAt, now));
      }
    })();
  };

  const head = initial ? (ctx.imports?.firstPass(accountId, 'received') ?? null) : null;
  if (head) {
    // A first pass reads the newest faxes; the older ones are imported in the background.
    const ended = await readListHead((paging) => client.listReceived({ ...head, ...paging }, { signal }), apply);
    ctx.imports!.handOver(accountId, 'received', ended, newest);
  } else {
    await walkOffsetPages(
      (paging) => client.listReceived({ ...(since ? { completedAfter: since } : {}), ...paging }, { signal }),
      applyOnce(apply, (items) => !initial && !items.some((item) => item.imageDownloaded === false)),
      'list of received faxes',
    );
  }
  if (options.sweep && !initial) {
    // Faxes older than an import's boundary are history (their images stay on the service until opened).
    const from = ctx.imports?.sweepFrom(accountId);
    await walkOffsetPages(
      (paging) => client.listReceived({ imageDownloaded: false, ...(from ? { completedAfter: from } : {}), ...paging }, { signal }),
      apply,
      'list of faxes not downloaded yet',
    );
    result.swept = true;
  }
  stores.cursors.recordSuccess(accountId, 'received', newest, ctx.now());
  return result;
}

// ---------------------------------------------------------------------------------------------
// Sent and active

export interface OutboundFeedResult {
  /** Jobs whose state or results changed (the recorder has announced them). */
  changed: string[];
  /** Jobs imported from the service (sent from another client). */
  imported: string[];
  /** Whether the account still has sends in flight (fast polling). Only the active feed says. */
  busy?: boolean;
}

export async function syncSent(ctx: FeedContext): Promise<OutboundFeedResult> {
  const { accountId, client, stores, signal } = ctx;
  const cursorRow = stores.cursors.get(accountId, 'sent');
  const since = windowStart(cursorRow?.cursor);
  const result: OutboundFeedResult = { changed: [], imported: [] };
  let newest = cursorRow?.cursor ?? null;
  let heldBack = false;
  const finished: string[] = [];

  const apply = (items: SentFax[]): boolean => {
    const now = ctx.now();
    // Jobs whose POST may have reached the service without Faxdesk learning the fax_id: a fax of theirs
    // (by its marker) is adopted by the reconciler now, or held back while their POST is in flight; other
    // desks' faxes are imported at once (sent-routing.ts). However many faxes are active: a fax of
    // theirs missed here would be imported as a second job.
    const open = openSends(stores, accountId);
    let complete = true;
    stores.db.transaction(() => {
      for (const item of items) {
        const report = reportFromRecord(item, 'sent-list');
        const job = stores.outbound.getByFaxId(accountId, item.faxId);
        const route = job ? null : routeSentFax(item, open, ctx.claim, sameFaxNumber);
        if (job) {
          const applied = ctx.states.apply(job.id, report);
          if (applied?.changed) result.changed.push(job.id);
          if (applied?.change?.becameFinal) finished.push(job.id);
        } else if (route === 'hold') {
          // The window is held where it is, and the page is read again, until the outbox has decided.
          heldBack = true;
          complete = false;
          continue;
        } else if (route === 'claimed') {
          const claimed = stores.outbound.getByFaxId(accountId, item.faxId);
          if (claimed) result.changed.push(claimed.id);
        } else {
          const inserted = importSentFax(stores, accountId, item, now);
          if (inserted.created) result.imported.push(inserted.id);
        }
        newest = laterOf(newest, cursorCandidate(item.completedAt, now));
      }
    })();
    return complete;
  };

  const head = !cursorRow || cursorRow.lastOkAt === null ? (ctx.imports?.firstPass(accountId, 'sent') ?? null) : null;
  if (head) {
    const ended = await readListHead((paging) => client.listSent({ ...head, ...paging }, { signal }), apply);
    ctx.imports!.handOver(accountId, 'sent', ended, newest);
  } else {
    await walkOffsetPages(
      (paging) => client.listSent({ ...(since ? { completedAfter: since } : {}), ...paging }, { signal }),
      applyOnce(apply, () => stores.outbound.countActive(accountId) === 0),
      'list of sent faxes',
    );
  }
  stores.cursors.recordSuccess(accountId, 'sent', heldBack ? (cursorRow?.cursor ?? null) : newest, ctx.now());
  // The list made these final, so the active feed will not read their attempts: read them once here.
  for (const jobId of finished) {
    try {
      if ((await readJobDetail(ctx, jobId)) && !result.changed.includes(jobId)) result.changed.push(jobId);
    } catch {
      // The list's news is recorded; the attempts are only missing from the timeline (the job's page reads them).
    }
  }
  return result;
}

/**
 * Whether the active feed reads a job's transmission detail: faxes sent from here, and any fax this desk
 * asked to cancel. Another desk's faxes in flight follow the sent list (which lists them and their
 * state): N desks reading the detail of every desk's fax each cycle would cost N times the requests,
 * and would keep every desk polling fast while any desk sends.
 */
export function watchesDetail(job: Pick<OutboundJob, 'origin' | 'state'>): boolean {
  return job.origin === 'local' || job.state === 'CANCEL_REQUESTED';
}

/** Jobs the service knows (fax_id set) and that are not final: their real-time transmission detail. */
export async function syncActive(ctx: FeedContext): Promise<OutboundFeedResult> {
  const { accountId, stores } = ctx;
  // At most the oldest thousand per cycle (one request each): any beyond are finished by the sent list.
  const jobs = stores.outbound.listActive({ accountId }).filter(watchesDetail);
  const result: OutboundFeedResult = { changed: [], imported: [] };
  const finished = new Set<string>();
  for (const job of jobs) {
    const applied = await applyDetail(ctx, job);
    if (applied?.changed) result.changed.push(job.id);
    if (applied && isFinalOutboundState(applied.job.state)) finished.add(job.id);
  }
  result.busy = jobs.some((j) => j.state !== 'SCHEDULED' && !finished.has(j.id));
  stores.cursors.recordSuccess(accountId, 'active', null, ctx.now());
  return result;
}

/**
 * One job's transmission detail, read once: for a job that something other than the detail made final
 * (a webhook, the sent list), whose attempts the active feed will no longer read. true when it wrote.
 */
export async function readJobDetail(ctx: FeedContext, jobId: string): Promise<boolean> {
  const job = ctx.stores.outbound.get(jobId);
  if (!job || job.accountId !== ctx.accountId) return false;
  return (await applyDetail(ctx, job))?.changed ?? false;
}

/** GET the job's transmission detail and record it with its attempts; null when there is none to read. */
async function applyDetail(ctx: FeedContext, job: Pick<OutboundJob, 'id' | 'faxId'>): Promise<ApplyResult | null> {
  if (job.faxId === null) return null;
  let detail: TransmissionDetail;
  try {
    detail = await ctx.client.getTransmissionDetail(job.faxId, { signal: ctx.signal });
  } catch (error) {
    // Deleted on the service (or never there): nothing to learn; the other jobs still are.
    if (isAppError(error) && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  return ctx.states.apply(job.id, reportFromDetail(detail), attemptEvents(job.id, detail));
}

// ---------------------------------------------------------------------------------------------
// Notification log

export interface NotificationsFeedResult {
  created: string[];
  changed: string[];
}

export async function syncNotifications(ctx: FeedContext): Promise<NotificationsFeedResult> {
  const { accountId, client, stores, signal } = ctx;
  const cursorRow = stores.cursors.get(accountId, 'notifications');
  const since = windowStart(cursorRow?.cursor, NOTIFICATIONS_WINDOW_OVERLAP_MS);
  const result: NotificationsFeedResult = { created: [], changed: [] };
  let newest = cursorRow?.cursor ?? null;

  const apply = (items: NotificationRecord[]) => {
    const now = ctx.now();
    stores.db.transaction(() => {
      for (const record of items) {
        const upsert = stores.notifications.upsertIfChanged(accountId, record, now);
        if (upsert.created) result.created.push(record.notifyId);
        else if (upsert.changed) result.changed.push(record.notifyId);
        if ((upsert.created || upsert.changed) && record.faxId && record.sentStatus) {
          const ref = refOf(stores, accountId, record);
          // No row yet: the fax's feed puts the delivery on its timeline when it stores it (service-records.ts).
          if (ref) {
            const delivery = { notifyId: record.notifyId, sentStatus: record.sentStatus, destination: record.notifyDestination, at: record.faxCompletedAt ?? now.toISOString() };
            stores.events.record(deliveryEventOf(delivery, ref), now);
          }
        }
        newest = laterOf(newest, cursorCandidate(record.faxCompletedAt, now));
      }
    })();
  };

  await walkNotificationPages((filter) => client.listNotifications(filter, { signal }), since ? { after: since } : {}, applyOnce(apply, () => true));
  stores.cursors.recordSuccess(accountId, 'notifications', newest, ctx.now());
  return result;
}

function refOf(stores: HistoryStores, accountId: string, record: NotificationRecord): FaxRef | null {
  const faxId = record.faxId!;
  if (record.direction !== 'INBOUND') {
    const job = stores.outbound.getByFaxId(accountId, faxId);
    if (job) return { direction: 'OUTBOUND', outboundId: job.id };
  }
  if (record.direction !== 'OUTBOUND') {
    const fax = stores.received.getByFaxId(accountId, faxId);
    if (fax) return { direction: 'INBOUND', receivedId: fax.id };
  }
  return null;
}
