/**
 * One page of an account's older history, stored as history (the import, history-import.ts): each in
 * one transaction, through the same record storing as the sync (service-records.ts).
 * - Received: a fax new to the history is stored read, IMPORTED (never announced, whenever its image
 *   comes), and with its image left on the service ('remote') until it is opened, printed or saved.
 * - Sent: a fax no job has is imported as a job; one a job has updates the job (through the outbox's
 *   one state recorder); one that may be the fax of a job whose POST went unanswered is left to the
 *   outbox's reconciling, as the sync does.
 * Faxes completed after the import's boundary (the newest the first sync saw) belong to the sync and
 * are passed over: the sync announces and downloads new faxes, the import never does.
 */
import type { ReceivedFax, SentFax } from '../../shared/domain/fax';
import { reportFromRecord } from '../outbox/outbound-states';
import { sameFaxNumber } from './feeds';
import { IMPORTED_STATUS } from './notify-once';
import type { HistoryStores, OutboundStateRecorder } from './ports';
import { importSentFax, storeReceivedFax } from './service-records';

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
  const created: string[] = [];
  stores.db.transaction(() => {
    for (const item of items) {
      if (afterBoundary(item.completedAt, boundary)) continue;
      const upsert = storeReceivedFax(stores, accountId, item, now);
      if (!upsert.created) continue;
      stores.received.keepOnService(upsert.id, now);
      const row = stores.received.get(upsert.id)!;
      stores.events.record({ ref: { direction: 'INBOUND', receivedId: upsert.id }, at: row.completedAt, source: 'local', status: IMPORTED_STATUS, detail: {} }, now);
      created.push(upsert.id);
    }
  })();
  return { created, changed: [] };
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
    for (const item of items) {
      if (afterBoundary(item.completedAt, boundary)) continue;
      const job = stores.outbound.getByFaxId(accountId, item.faxId);
      if (job) {
        if (states.apply(job.id, reportFromRecord(item, 'sent-list'))?.changed) outcome.changed.push(job.id);
        continue;
      }
      if (ambiguous.some((j) => sameFaxNumber(j.destination, item.destinationNumber))) continue;
      const inserted = importSentFax(stores, accountId, item, now);
      if (inserted.created) outcome.created.push(inserted.id);
    }
  })();
  return outcome;
}
