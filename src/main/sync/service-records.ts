/**
 * Storing one record of the service's lists in the history, the same way whoever read it: the sync's
 * feeds (received, sent) and the import of an account's older history (history-import.ts).
 */
import type { ReceivedFax, SentFax } from '../../shared/domain/fax';
import type { UpsertResult } from '../../shared/domain/history';
import type { HistoryStores } from './ports';

/** Mirrors a received fax (compare-before-write); a fax new to the history gets its RECEIVED event. */
export function storeReceivedFax(stores: Pick<HistoryStores, 'received' | 'events'>, accountId: string, item: ReceivedFax, now: Date): UpsertResult {
  const upsert = stores.received.upsertFromService(
    accountId,
    {
      faxId: item.faxId,
      completedAt: item.completedAt,
      pages: item.pages,
      faxStatus: item.faxStatus,
      originatingNumber: item.originatingNumber,
      destinationNumber: item.destinationNumber,
      originatingTsid: item.originatingTsid,
    },
    now,
  );
  if (upsert.created) {
    stores.events.record(
      {
        ref: { direction: 'INBOUND', receivedId: upsert.id },
        at: item.completedAt ?? now.toISOString(),
        source: 'received-list',
        status: 'RECEIVED',
        detail: { ...(item.pages !== null ? { pages: item.pages } : {}), ...(item.originatingNumber ? { from: item.originatingNumber } : {}) },
      },
      now,
    );
  }
  return upsert;
}

/**
 * Imports a sent fax no job of this history has (sent from another client, or before this history
 * began) as a job in the state the list gives, with its first timeline event.
 */
export function importSentFax(stores: Pick<HistoryStores, 'outbound' | 'events'>, accountId: string, item: SentFax, now: Date): UpsertResult {
  const t = item.transmission;
  const failed = t?.state === 'ERROR' || t?.state === 'CANCELED';
  const state = t?.state ?? 'SUBMITTED';
  const inserted = stores.outbound.insertFromService(
    {
      accountId,
      faxId: item.faxId,
      state,
      destination: item.destinationNumber ?? 'unknown',
      toName: item.routing?.toName ?? null,
      toCompany: item.routing?.toCompany ?? null,
      subject: item.routing?.subject ?? null,
      clientData: item.clientData,
      completedAt: item.completedAt,
      durationSeconds: item.durationSeconds,
      pages: item.pages,
      errorCode: failed ? (t?.errorCode ?? null) : null,
      errorReason: failed ? (t?.errorMessage ?? null) : null,
      billableRetries: t?.billableRetries ?? null,
    },
    now,
  );
  if (inserted.created) {
    stores.events.record(
      {
        ref: { direction: 'OUTBOUND', outboundId: inserted.id },
        at: item.completedAt ?? now.toISOString(),
        source: 'sent-list',
        status: state,
        detail: { imported: true, ...(t?.rawStatus ? { rawStatus: t.rawStatus } : {}), ...(failed && t?.errorCode ? { errorCode: t.errorCode } : {}) },
      },
      now,
    );
  }
  return inserted;
}
