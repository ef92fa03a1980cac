/**
 * The one writer of service-reported outbound state. Every source (sent list, transmission detail,
 * metadata, webhooks) turns its answer into an OutboundReport; this applies it through the one state
 * machine (mergeOutboundState: a final state never goes back), writes only what differs, and appends
 * the change to fax_events at the source's own time, so the same report read again is a no-op.
 * The outbox owns it: OutboundStates (outbound-states.ts) wraps it (announces `outbound:changed`, notifies
 * a final state once), and the sync, the history import and the webhook receiver record through that wrapper.
 */
import { isFinalState, type FaxState } from '../../shared/domain/fax-status';
import type { FaxEventSource, JsonObject, OutboundJob, OutboundPatch, OutboundResultFields, OutboundState } from '../../shared/domain/history';
import { mergeOutboundState } from '../../shared/domain/sync';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';


export interface OutboundReport {
  /** Normalised (normalizeFaxState); null when the source did not say. */
  state: FaxState | null;
  rawStatus: string | null;
  /** The source's own time for this report; the local time is used when it gives none. */
  at: string | null;
  source: FaxEventSource;
  result: OutboundResultFields;
  /** Facts for the timeline (attempt, error code, message...). */
  detail?: JsonObject;
}

export interface OutboundChange {
  jobId: string;
  accountId: string;
  faxId: string | null;
  origin: OutboundJob['origin'];
  destination: string;
  from: OutboundState;
  to: OutboundState;
  /** The job reached a final service state with this report (it was not final before). */
  becameFinal: boolean;
  errorReason: string | null;
}

const RESULT_FIELDS = ['completedAt', 'durationSeconds', 'pages', 'errorCode', 'errorReason', 'billableRetries'] as const;

export function applyOutboundReport(
  stores: { outbound: OutboundRepository; events: FaxEventsRepository },
  job: OutboundJob,
  report: OutboundReport,
  now: Date,
): OutboundChange | null {
  if (report.state === null) return null;
  let current = job;
  // A compare-and-set on the state: if another writer moved the job meanwhile, merge into what it wrote.
  for (let round = 0; round < 3; round++) {
    const next = mergeOutboundState(current.state, report.state);
    const patch: OutboundPatch = {};
    if (next !== current.state) patch.state = next;
    // Result fields come only with the final state they belong to, from a source that reports that state.
    if (isFinalState(next as FaxState) && next === report.state) {
      Object.assign(patch, resultPatch(current, report.result));
      // Delivered after all (a cancel or an error report that lost the race): no error to show.
      if (next === 'COMPLETED' && current.errorCode !== null) patch.errorCode = null;
      if (next === 'COMPLETED' && current.errorReason !== null) patch.errorReason = null;
    }
    if (Object.keys(patch).length === 0) return null;
    if (!stores.outbound.update(current.id, patch, now, { fromStates: [current.state] })) {
      const fresh = stores.outbound.get(current.id);
      if (!fresh || fresh.state === current.state) return null;
      current = fresh;
      continue;
    }
    if (patch.state !== undefined) {
      stores.events.record(
        {
          ref: { direction: 'OUTBOUND', outboundId: current.id },
          at: report.at ?? now.toISOString(),
          source: report.source,
          status: next,
          detail: { ...(report.rawStatus ? { reported: report.rawStatus } : {}), ...report.detail },
        },
        now,
      );
    }
    return {
      jobId: current.id,
      accountId: current.accountId,
      faxId: current.faxId,
      origin: current.origin,
      destination: current.destination,
      from: current.state,
      to: next,
      becameFinal: patch.state !== undefined && isFinalState(next as FaxState) && !isFinalState(current.state as FaxState),
      errorReason: report.result.errorReason ?? current.errorReason,
    };
  }
  return null;
}

/** The result fields the report knows and the job does not hold yet (or holds differently). */
function resultPatch(job: OutboundJob, result: OutboundResultFields): OutboundPatch {
  const patch: OutboundPatch = {};
  for (const field of RESULT_FIELDS) {
    const incoming = result[field];
    if (incoming === undefined || incoming === null) continue;
    const stored = job[field];
    const same = field === 'completedAt' ? stored !== null && Date.parse(stored as string) === Date.parse(incoming as string) : stored === incoming;
    if (!same) (patch as Record<string, unknown>)[field] = incoming;
  }
  return patch;
}

/**
 * A job whose POST may or may not have reached the service (SUBMITTING) becomes UNKNOWN, and the
 * local event says why; the reconciler then looks for it in the sent list instead of sending again.
 * False when the job was no longer SUBMITTING (another path moved it first): nothing is written.
 */
export function markOutcomeUnknown(
  deps: { outbound: Pick<OutboundRepository, 'update'>; events: Pick<FaxEventsRepository, 'record'> },
  jobId: string,
  now: Date,
  reason: string,
): boolean {
  if (!deps.outbound.update(jobId, { state: 'UNKNOWN' }, now, { fromStates: ['SUBMITTING'] })) return false;
  deps.events.record(
    {
      ref: { direction: 'OUTBOUND', outboundId: jobId },
      at: now.toISOString(),
      source: 'local',
      status: 'UNKNOWN',
      detail: { reason },
    },
    now,
  );
  return true;
}
