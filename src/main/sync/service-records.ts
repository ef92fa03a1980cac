/**
 * Storing the records of the service's lists in the history, the same way whoever read them: the
 * sync's feeds (one record at a time) and the import of an account's older history (a page at a time,
 * history-pages.ts). What a record becomes (its row, its first timeline event) is said once, here.
 */
import type { ReceivedFax, SentFax } from '../../shared/domain/fax';
import type { FaxRef, NewFaxEvent, ReceivedFacts, ServiceOutboundFax, UpsertResult } from '../../shared/domain/history';
import { findMarker, senderLabel } from '../../shared/domain/desk-marker';
import type { HistoryStores } from './ports';

/** The facts of a received fax the history keeps. */
export function receivedFactsOf(item: ReceivedFax): ReceivedFacts {
  return {
    faxId: item.faxId,
    completedAt: item.completedAt,
    pages: item.pages,
    faxStatus: item.faxStatus,
    originatingNumber: item.originatingNumber,
    destinationNumber: item.destinationNumber,
    originatingTsid: item.originatingTsid,
  };
}

/** The RECEIVED event of a received fax new to the history (row `receivedId`). */
export function receivedEventOf(item: ReceivedFax, receivedId: string, now: Date): NewFaxEvent {
  return {
    ref: { direction: 'INBOUND', receivedId },
    at: item.completedAt ?? now.toISOString(),
    source: 'received-list',
    status: 'RECEIVED',
    detail: { ...(item.pages !== null ? { pages: item.pages } : {}), ...(item.originatingNumber ? { from: item.originatingNumber } : {}) },
  };
}

/** The timeline event of a webhook delivery the notification log reports for a fax. */
export function deliveryEventOf(delivery: { notifyId: string; sentStatus: string; destination: string | null; at: string }, ref: FaxRef): NewFaxEvent {
  return {
    ref,
    at: delivery.at,
    source: 'notification',
    status: `WEBHOOK_${delivery.sentStatus}`,
    detail: { notifyId: delivery.notifyId, ...(delivery.destination ? { destination: delivery.destination } : {}) },
  };
}

/**
 * The timeline events of the webhook deliveries the notification log already holds for faxes new to
 * the history (their rows `added`): the notifications feed runs beside the lists, and mirrored them
 * when the faxes had no row to put them on. One read for a whole page of faxes (the import).
 */
export function loggedDeliveryEventsOf(
  stores: Pick<HistoryStores, 'notifications'>,
  accountId: string,
  direction: FaxRef['direction'],
  added: readonly { id: string; faxId: string }[],
): NewFaxEvent[] {
  const rowOf = new Map(added.map((row) => [row.faxId, row.id]));
  const events: NewFaxEvent[] = [];
  for (const logged of stores.notifications.listForFaxes(accountId, [...rowOf.keys()])) {
    const id = logged.faxId === null ? undefined : rowOf.get(logged.faxId);
    if (id === undefined || !logged.sentStatus || (logged.direction !== null && logged.direction !== direction)) continue;
    const ref: FaxRef = direction === 'INBOUND' ? { direction, receivedId: id } : { direction, outboundId: id };
    events.push(deliveryEventOf({ notifyId: logged.notifyId, sentStatus: logged.sentStatus, destination: logged.destination, at: logged.completedAt }, ref));
  }
  return events;
}

/** Mirrors a received fax (compare-before-write); a fax new to the history gets its RECEIVED event. */
export function storeReceivedFax(stores: Pick<HistoryStores, 'received' | 'events' | 'notifications'>, accountId: string, item: ReceivedFax, now: Date): UpsertResult {
  const upsert = stores.received.upsertFromService(accountId, receivedFactsOf(item), now);
  if (upsert.created) {
    stores.events.record(receivedEventOf(item, upsert.id, now), now);
    stores.events.recordMany(loggedDeliveryEventsOf(stores, accountId, 'INBOUND', [{ id: upsert.id, faxId: item.faxId }]), now);
  }
  return upsert;
}

/** A sent fax no job has, as the job it becomes (in the state the list gives). */
export function serviceJobOf(accountId: string, item: SentFax): ServiceOutboundFax {
  const t = item.transmission;
  const failed = t?.state === 'ERROR' || t?.state === 'CANCELED';
  return {
    accountId,
    faxId: item.faxId,
    state: t?.state ?? 'SUBMITTED',
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
  };
}

/** The first timeline event of a job imported from the sent list (row `outboundId`). */
export function importedJobEventOf(item: SentFax, outboundId: string, now: Date): NewFaxEvent {
  const t = item.transmission;
  const failed = t?.state === 'ERROR' || t?.state === 'CANCELED';
  // Another desk's fax says which desk sent it (its marker in client data, shared/domain/desk-marker.ts).
  const marker = findMarker(item.clientData)?.marker ?? null;
  const sentBy = marker ? senderLabel(marker) : null;
  return {
    ref: { direction: 'OUTBOUND', outboundId },
    at: item.completedAt ?? now.toISOString(),
    source: 'sent-list',
    status: t?.state ?? 'SUBMITTED',
    detail: {
      imported: true,
      ...(sentBy ? { sentBy } : {}),
      ...(t?.rawStatus ? { rawStatus: t.rawStatus } : {}),
      ...(failed && t?.errorCode ? { errorCode: t.errorCode } : {}),
    },
  };
}

/**
 * Imports a sent fax no job of this history has (sent from another client, or before this history
 * began) as a job in the state the list gives, with its first timeline event.
 */
export function importSentFax(stores: Pick<HistoryStores, 'outbound' | 'events' | 'notifications'>, accountId: string, item: SentFax, now: Date): UpsertResult {
  const inserted = stores.outbound.insertFromService(serviceJobOf(accountId, item), now);
  if (inserted.created) {
    stores.events.record(importedJobEventOf(item, inserted.id, now), now);
    stores.events.recordMany(loggedDeliveryEventsOf(stores, accountId, 'OUTBOUND', [{ id: inserted.id, faxId: item.faxId }]), now);
  }
  return inserted;
}
