/**
 * What the service says about a sent fax, as an OutboundReport for OutboundStates.apply: the
 * transmission detail, a sent-list item or the fax's metadata, and the delivery attempts as timeline
 * events. Translation only; the writes are outbound-states.ts.
 */
import type { FaxMetadata, SentFax, TransmissionDetail } from '../../shared/domain/fax';
import type { FaxEventSource, JsonObject, NewFaxEvent } from '../../shared/domain/history';
import type { OutboundReport } from './outbound-states';

/** GET /faxes/{id}/transmission-details as a report. */
export function reportFromDetail(detail: TransmissionDetail): OutboundReport {
  const failed = detail.state === 'ERROR' || detail.state === 'CANCELED';
  const last = detail.attempts[detail.attempts.length - 1];
  const facts: JsonObject = {};
  if (last) facts.attempt = last.attemptNumber;
  if (detail.attempts.length > 0) facts.attempts = detail.attempts.length;
  if (failed && detail.errorCode) facts.errorCode = detail.errorCode;
  const final = failed || detail.state === 'COMPLETED';
  return {
    state: detail.state,
    rawStatus: detail.rawStatus,
    at: final ? (detail.completedAt ?? last?.endedAt ?? null) : null,
    source: 'detail',
    result: {
      completedAt: detail.completedAt,
      durationSeconds: detail.totalDurationSeconds,
      pages: detail.totalPagesSent,
      ...(failed ? { errorCode: detail.errorCode, errorReason: detail.errorMessage } : {}),
    },
    detail: facts,
  };
}

/** A sent-list item or metadata as a report (state null when it carries none). */
export function reportFromRecord(record: SentFax | FaxMetadata, source: FaxEventSource): OutboundReport {
  const t = record.transmission;
  const failed = t?.state === 'ERROR' || t?.state === 'CANCELED';
  return {
    state: t?.state ?? null,
    rawStatus: t?.rawStatus ?? null,
    at: record.completedAt,
    source,
    result: {
      completedAt: record.completedAt,
      durationSeconds: record.durationSeconds,
      pages: record.pages,
      billableRetries: t?.billableRetries ?? null,
      ...(failed ? { errorCode: t?.errorCode ?? null, errorReason: t?.errorMessage ?? null } : {}),
    },
    detail: failed && t?.errorCode ? { errorCode: t.errorCode } : {},
  };
}

/** Timeline events for the delivery attempts that ended (the same attempt read again is not written again). */
export function attemptEvents(jobId: string, detail: TransmissionDetail): NewFaxEvent[] {
  const out: NewFaxEvent[] = [];
  for (const a of detail.attempts) {
    if (!a.endedAt || !a.state) continue;
    const facts: JsonObject = { attempt: a.attemptNumber };
    if (a.errorCode) facts.errorCode = a.errorCode;
    if (a.errorMessage) facts.errorMessage = a.errorMessage;
    if (a.durationSeconds !== null) facts.durationSeconds = a.durationSeconds;
    out.push({ ref: { direction: 'OUTBOUND', outboundId: jobId }, at: a.endedAt, source: 'detail', status: `ATTEMPT_${a.state}`, detail: facts });
  }
  return out;
}
