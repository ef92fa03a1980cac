/**
 * The one owner of an outbound job's state: every change to it, and the timeline entry that says so,
 * is written here, whoever observes or causes it.
 *
 * - Service reports (`apply`): the sync (sent list), the outbox's own polls (transmission detail), the
 *   history import and the webhook receiver turn the service's answer into an OutboundReport
 *   (outbound-reports.ts). It goes through the one state machine (mergeOutboundState of
 *   src/shared/domain/sync.ts: a final state never goes back), only what differs is written, with one
 *   timeline event at the source's own time, so the same report read again writes nothing.
 * - Local steps (`moveLocally`, `noteLocally`, `markOutcomeUnknown`): queued, scheduled, claimed for
 *   submission, held, rejected, not sent, cancelled. Each moves the job only from the states it names
 *   (compare-and-set: a job another path moved first is left alone) and records the step at this
 *   computer's time. They write inside the caller's transaction (a compose's rows move together).
 * - What follows a change: `outbox:changed`, and, on the one write that makes a composed job final
 *   (COMPLETED, ERROR or CANCELED), `notify` (createCore wires it to desktop/announcer.ts, which shows
 *   at most one notification per fax). That write happens once per job, so whoever observes the final state first, the
 *   outbox's own polls or the sync, it is announced once.
 *
 * Local states and transitions (service states NEW, IN_PROGRESS, PENDING_RETRY, COMPLETED, ERROR,
 * CANCELED follow the service by mergeOutboundState, src/shared/domain/sync.ts):
 *   (new) → QUEUED | SCHEDULED                     compose:send, outbox:resend
 *   SCHEDULED → QUEUED                             due (timer) or outbox:reschedule {scheduledAt:null}
 *   QUEUED | SCHEDULED → CANCELED                  outbox:cancel (local only: nothing reached the service)
 *   QUEUED → SUBMITTING → SUBMITTED | REJECTED | UNKNOWN | QUEUED (held)
 *   UNKNOWN → SUBMITTED (+ service state) | REJECTED/NOT_SENT
 *   REJECTED/NOT_SENT → SUBMITTED (+ service state)   a late find
 *   SUBMITTED | NEW | IN_PROGRESS | PENDING_RETRY → CANCEL_REQUESTED   cancel answered 202
 *   CANCEL_REQUESTED → CANCELED | COMPLETED | ERROR    the service's final word (COMPLETED: the cancel lost the race)
 *   cancel answered 409 → the final state read from the transmission detail, "already completed"
 */
import { isFinalState, type FaxState } from '../../shared/domain/fax-status';
import type { FaxEventSource, JsonObject, NewFaxEvent, OutboundJob, OutboundPatch, OutboundResultFields, OutboundState } from '../../shared/domain/history';
import { mergeOutboundState } from '../../shared/domain/sync';
import { describeTransmissionCode } from '../../shared/domain/transmission-codes';
import type { OutboundFinal } from '../desktop/notification-policy';
import type { Db } from '../store/database';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';

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
  /** Told when a composed job reaches COMPLETED, ERROR or CANCELED (the announcer decides, once per fax). */
  notify?: (event: OutboundFinal) => void;
  /** Told of every job that changed. */
  changed?: (jobs: OutboundJob[]) => void;
}

/** The stores a write touches (a caller inside its own transaction passes its own). */
export interface OutboundStores {
  outbound: Pick<OutboundRepository, 'update'>;
  events: Pick<FaxEventsRepository, 'record'>;
}

/** A local step: the job moves from one of `from` with `patch`, and the timeline records `status`. */
export interface LocalStep {
  from: readonly OutboundState[];
  patch: OutboundPatch;
  /** The timeline's word for the step (usually the new state; CANCEL_TOO_LATE, SUBMITTED…). */
  status: string;
  detail?: JsonObject;
}

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
 * A local step on one job: written only if the job is still in one of `step.from`, with its timeline
 * entry at `now`. False when another path moved the job first (nothing is written). Runs inside the
 * caller's transaction, if any.
 */
export function moveLocally(stores: OutboundStores, jobId: string, step: LocalStep, now: Date): boolean {
  if (!stores.outbound.update(jobId, step.patch, now, { fromStates: step.from })) return false;
  noteLocally(stores, jobId, step.status, step.detail ?? {}, now);
  return true;
}

/** A local timeline entry with no state change (a job created, a cancel that came too late). */
export function noteLocally(stores: Pick<OutboundStores, 'events'>, jobId: string, status: string, detail: JsonObject, now: Date): void {
  stores.events.record({ ref: { direction: 'OUTBOUND', outboundId: jobId }, at: now.toISOString(), source: 'local', status, detail }, now);
}

/**
 * A job whose POST may or may not have reached the service (SUBMITTING) becomes UNKNOWN, and the
 * local event says why; the reconciler then looks for it in the sent list instead of sending again.
 * False when the job was no longer SUBMITTING (another path moved it first): nothing is written.
 */
export function markOutcomeUnknown(stores: OutboundStores, jobId: string, now: Date, reason: string): boolean {
  return moveLocally(stores, jobId, { from: ['SUBMITTING'], patch: { state: 'UNKNOWN' }, status: 'UNKNOWN', detail: { reason } }, now);
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
