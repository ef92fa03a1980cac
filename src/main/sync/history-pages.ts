/**
 * One page of an account's older history, stored as history (the import, history-import.ts), in one
 * transaction and a few statements (a page of 100 faxes is one INSERT of rows, one of events), through
 * the record mapping the sync uses (service-records.ts).
 * - Received: a fax new to the history is stored read, IMPORTED (never announced, whenever its image
 *   comes), and with its image left on the service ('remote') until it is opened, printed or saved.
 * - Sent: a fax no job has is imported as a job; one a job has updates the job (through the outbox's
 *   one state recorder); one that may be the fax of a job whose POST went unanswered is left to the
 *   outbox's reconciling, as the sync does.
 * The search index's merge work comes in even slices (fts-merge.ts), so no piece takes a big merge.
 * Webhook deliveries the notification log already holds for the faxes a page adds go on their timelines.
 * Faxes completed after the import's boundary (the newest the first sync saw) belong to the sync and
 * are passed over: the sync announces and downloads new faxes, the import never does.
 */
import type { ReceivedFax, SentFax } from '../../shared/domain/fax';
import type { NewFaxEvent } from '../../shared/domain/history';
import { reportFromRecord } from '../outbox/outbound-reports';
import { sameFaxNumber } from './fax-number-match';
import { IMPORTED_STATUS } from '../desktop/announcer';
import type { HistoryStores, OutboundStateRecorder } from './ports';
import { withBoundedMerges } from '../store/repositories/fts-merge';
import { importedJobEventOf, loggedDeliveryEventsOf, receivedEventOf, receivedFactsOf, serviceJobOf } from './service-records';

export interface PageOutcome {
  /** Local ids of the rows this page added to the history. */
  created: string[];
  /** Jobs of this history the page changed (the recorder announced them). */
  changed: string[];
}

function afterBoundary(completedAt: string | null, boundary: string | null): boolean {
  return completedAt !== null && boundary !== null && Date.parse(completedAt) > Date.parse(boundary);
}

export function storeOldReceived(stores: HistoryStores, accountId: string, items: readonly ReceivedFax[], boundary: string | null, now: Date): PageOutcome {
  const old = items.filter((item) => !afterBoundary(item.completedAt, boundary));
  const byFax = new Map(old.map((item) => [item.faxId, item]));
  return stores.db.transaction((): PageOutcome => {
    const added = withBoundedMerges(stores.db, 'received_fts', old.length, () => stores.received.importHistory(accountId, old.map(receivedFactsOf), now));
    const events: NewFaxEvent[] = [];
    for (const row of added) {
      events.push(receivedEventOf(byFax.get(row.faxId)!, row.id, now));
      events.push({ ref: { direction: 'INBOUND', receivedId: row.id }, at: row.completedAt, source: 'local', status: IMPORTED_STATUS, detail: {} });
    }
    events.push(...loggedDeliveryEventsOf(stores, accountId, 'INBOUND', added));
    stores.events.recordMany(events, now);
    return { created: added.map((r) => r.id), changed: [] };
  })();
}

export function storeOldSent(
  stores: HistoryStores,
  states: OutboundStateRecorder,
  accountId: string,
  items: readonly SentFax[],
  boundary: string | null,
  now: Date,
): PageOutcome {
  const outcome: PageOutcome = { created: [], changed: [] };
  const ambiguous = stores.outbound.listInStates(['SUBMITTING', 'UNKNOWN'], Number.MAX_SAFE_INTEGER).filter((j) => j.accountId === accountId && j.faxId === null);
  stores.db.transaction(() => {
    const fresh: SentFax[] = [];
    for (const item of items) {
      if (afterBoundary(item.completedAt, boundary)) continue;
      const job = stores.outbound.getByFaxId(accountId, item.faxId);
      if (job) {
        if (states.apply(job.id, reportFromRecord(item, 'sent-list'))?.changed) outcome.changed.push(job.id);
      } else if (!ambiguous.some((j) => sameFaxNumber(j.destination, item.destinationNumber))) fresh.push(item);
    }
    const byFax = new Map(fresh.map((item) => [item.faxId, item]));
    const added = withBoundedMerges(stores.db, 'outbound_fts', fresh.length, () => stores.outbound.importHistory(fresh.map((item) => serviceJobOf(accountId, item)), now));
    stores.events.recordMany([...added.map((row) => importedJobEventOf(byFax.get(row.faxId)!, row.id, now)), ...loggedDeliveryEventsOf(stores, accountId, 'OUTBOUND', added)], now);
    outcome.created.push(...added.map((r) => r.id));
  })();
  return outcome;
}
