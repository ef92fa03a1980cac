/**
 * The recorder of service-reported outbound state that both the outbox and the sync use. The write
 * itself is outbound-updates.ts beside it (applyOutboundReport: the shared state machine mergeOutboundState
 * of src/shared/domain/sync.ts, only what differs written, one timeline event at the source's time);
 * this wraps it with what follows a change: `outbox:changed`, and the one desktop notification when a
 * composed job first reaches COMPLETED, ERROR or CANCELED. That write happens once per job (a final
 * state never goes back, and the same report again writes nothing), so whoever observes the final state
 * first, the outbox's own polls or the sync, it is notified once.
 */
import type { FaxMetadata, SentFax, TransmissionDetail } from '../../shared/domain/fax';
import type { FaxEventSource, JsonObject, NewFaxEvent, OutboundJob } from '../../shared/domain/history';
import { describeTransmissionCode } from '../../shared/domain/transmission-codes';
import type { OutboundFinal } from '../desktop/notification-policy';
import type { Db } from '../store/database';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import { applyOutboundReport, type OutboundChange, type OutboundReport } from './outbound-updates';

export type { OutboundReport } from './outbound-updates';

export interface ApplyResult {
  job: OutboundJob;
  change: OutboundChange | null;
  /** Something was written: the job, or a new timeline event. */
  changed: boolean;
}

export interface OutboundStatesDeps {
  db: Db;
  outbound: OutboundRepository;
  events: FaxEventsRepository;
  now: () => Date;
  /** Told when a composed job reaches COMPLETED, ERROR or CANCELED (the notification policy decides). */
  notify?: (event: OutboundFinal) => void;
  /** Told of every job that changed. */
  changed?: (jobs: OutboundJob[]) => void;
}

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

export class OutboundStates {
  /** Final-state announcements waiting for the caller's transaction to end (see apply). */
  private readonly deferred = new Map<string, OutboundFinal>();

  constructor(private readonly deps: OutboundStatesDeps) {}

  /**
   * Records a report for a job (by id). The same report again writes nothing and notifies nothing.
   *
   * Called inside a caller's transaction (the sync writes a page of the sent list in one), the write
   * is not committed when this returns: the caller may still roll it back (a later row fails, the
   * process dies), and the same final state would then be written, and announced, again. So the
   * announcement waits until that transaction has ended (better-sqlite3 transactions are synchronous:
   * by the next microtask it has committed or rolled back) and is made only if the final state is
   * there. A process killed in between announces nothing: at most once, never twice.
   */
  apply(jobId: string, report: OutboundReport, extraEvents: readonly NewFaxEvent[] = []): ApplyResult | null {
    const { outbound, events, db } = this.deps;
    const now = this.deps.now();
    const nested = db.inTransaction;
    const result = db.transaction((): ApplyResult | null => {
      const job = outbound.get(jobId);
      if (!job) return null;
      const change = applyOutboundReport({ outbound, events }, job, report, now);
      const recorded = extraEvents.length ? events.recordMany(extraEvents, now) : 0;
      return { job: change ? outbound.get(jobId)! : job, change, changed: change !== null || recorded > 0 };
    })();
    if (!result) return null;
    if (result.changed) this.deps.changed?.([result.job]);
    const change = result.change;
    if (change?.becameFinal && change.origin === 'local' && (change.to === 'COMPLETED' || change.to === 'ERROR' || change.to === 'CANCELED')) {
      const info = describeTransmissionCode(result.job.errorCode);
      const reason = change.to !== 'ERROR' ? null : info?.known ? info.meaning : (change.errorReason ?? info?.meaning ?? null);
      const final: OutboundFinal = { kind: 'outbound-final', jobId: change.jobId, state: change.to, destination: change.destination, errorReason: reason };
      if (!nested) {
        this.deferred.delete(change.jobId);
        this.announce(final);
      } else {
        this.deferred.set(change.jobId, final);
        queueMicrotask(() => {
          if (this.deferred.get(final.jobId) !== final) return;
          this.deferred.delete(final.jobId);
          if (outbound.get(final.jobId)?.state === final.state) this.announce(final);
        });
      }
    }
    return result;
  }

  private announce(final: OutboundFinal): void {
    try {
      this.deps.notify?.(final);
    } catch {
      // A notifier failure must not undo a recorded state.
    }
  }
}
