/**
 * The outbox: never lose a fax, never send one twice (DESIGN.md §7).
 *
 * Compose → persist → submit → reconcile
 * - compose:send checks the draft (shared rules + stored documents + account; nothing is queued while
 *   anything is wrong), then persists one row per destination in one transaction, QUEUED (or SCHEDULED),
 *   with its documents already content-addressed in the data folder, before any network call. The
 *   compose id is the idempotency key: a compose that already has rows returns them and creates and
 *   posts nothing (double click, retried IPC call, a reload that sends again).
 * - Submission (submitter.ts): the QUEUED rows of one compose are claimed QUEUED → SUBMITTING by
 *   compare-and-set in one transaction and sent in ONE POST /faxes; 2xx stores one fax_id per
 *   destination (matched by number, then order) → SUBMITTED; a definite refusal (4xx) → REJECTED with
 *   the service's reason; refused-before-processing (401/403 after the token renewal, 429, 408, or a
 *   network failure that proves nothing left this computer) → back to QUEUED, held and retried later
 *   (Retry-After, else backoff from 30 s to 10 min), the reason shown on the job; anything ambiguous
 *   (timeout, reset, 5xx, an unreadable 2xx) → UNKNOWN. Nothing is ever re-posted automatically.
 * - Reconciliation (reconciler.ts): UNKNOWN jobs are looked up in GET /faxes/sent by destination, a
 *   time window from submitted_at minus 10 min of clock skew, and Faxdesk's marker, which every
 *   submission carries in its client_data (unique to this installation and compose; the person's own
 *   client reference, when filled, stays where they put it: desk-marker.ts). A fax another desk sent is
 *   never adopted. Found → fax_id stored, state from the service. Not found `settleMs` (30 min)
 *   after submission and no other destination of the compose found → "Not sent" (REJECTED with
 *   error_code NOT_SENT): the person resends deliberately (outbox:resend). Late finds within 24 h are
 *   still adopted. outbox:reconcile only ever re-checks.
 * - Start-up resumes every job from its row: SUBMITTING (the process stopped mid-POST: the request may
 *   have reached the service) → UNKNOWN → reconcile; QUEUED → submitted; SCHEDULED → timer;
 *   CANCEL_REQUESTED → polled until final.
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
 *
 * Cancel: 202 only means "asked": the job shows CANCEL_REQUESTED and is polled (transmission detail)
 * until the service reports a final state, whatever it is; the timeline keeps both, so a cancel that
 * came too late reads truthfully (OutboxDetail.cancelTooLate).
 *
 * Scheduled sends are held here (SCHEDULED + scheduled_at) and moved to QUEUED by a timer (the Timers
 * port) when due; changing or cancelling them before then is local only.
 *
 * Notifications: every state the service reports goes through OutboundStates.apply (outbound-states.ts,
 * around the sync's applyOutboundReport), which notifies when a composed job first reaches COMPLETED,
 * ERROR or CANCELED. The sync engine records through the same object (`core.outbox.states`), and that
 * transition is written once, so whoever observes the final state, it is notified once.
 *
 * Delivered images (outbox:image, sent-images.ts): fetched from the service once a job is final, kept
 * in <dataDir>/sent/; before that, a sentence says why there is none.
 *
 * Watching: the outbox polls the transmission detail of CANCEL_REQUESTED jobs itself, and of every
 * accepted job when `trackActive` (no sync engine wired); after a send or cancel it asks the sync to run
 * now (`syncNow`). Documents referenced by any job must never be collected: `referencedDocumentIds()`
 * lists them for DocumentStore.removeUnreferenced.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ComposeDraftSchema, summarizeProblems, type CancelOutcome, type ComposeDraft, type OutboxDetail, type OutboxItem, type OutboxPage, type SendOutcome, type StoredDraft, type ReportResult } from '../../shared/domain/outbox';
import type { CsvExport, OutboxImage } from '../../shared/ipc/contract/outbox';
import type { OutboundJob, OutboundJobSummary, OutboundPhase, OutboundState } from '../../shared/domain/history';
import type { TransmissionAttempt } from '../../shared/domain/fax';
import type { DeskSender } from '../../shared/domain/desk-marker';
import { describeTransmissionCode } from '../../shared/domain/transmission-codes';
import { displayDestination, NOT_SENT_CODE, outboxStatusOf, OUTBOX_STATUS_LABELS, MAX_SCHEDULE_AHEAD_MS } from '../../shared/domain/outbox';
import type { ComposeService } from './compose-service';
import type { OutboundFinal } from '../desktop/notification-policy';
import type { DocumentStore } from '../documents/document-store';
import { DeskIdentity } from '../desks/identity';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import { exponentialDelay } from '../platform/backoff';
import { realTimers, type Timers } from '../platform/timers';
import type { Db } from '../store/database';
import { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import { OutboundRepository } from '../store/repositories/outbound-repository';
import { csvText, writeCsv } from './csv';
import { attemptEvents, OutboundStates, reportFromDetail } from './outbound-states';
import { markOutcomeUnknown } from './outbound-updates';
import type { OutboxAccounts, OutboxCheckpoint } from './ports';
import { Reconciler } from './reconciler';
import { SentImages } from './sent-images';
import { draftFromJobs, normalizedOptionsOf, readStoredOptions, rowsFor } from './stored-compose';
import { Submitter } from './submitter';
import { Ticker } from './ticker';
import { toOutboxItem, type Hold } from './views';

export interface OutboxConfig {
  /** How long an UNKNOWN job is looked for before it is reported "not sent". */
  settleMs: number;
  /** Allowance for the service's clock being behind ours, at the start of the sent-list window. */
  clockSkewMs: number;
  /** "Not sent" jobs are still looked for (a late find is adopted) this long after submission. */
  lateHorizonMs: number;
  reconcileIntervalMs: number;
  lateReconcileIntervalMs: number;
  /** Transmission detail polls of CANCEL_REQUESTED (and, with trackActive, all accepted) jobs. */
  trackIntervalMs: number;
  /** Timeout of one POST /faxes (large payloads take a while). */
  submitTimeoutMs: number;
  maxConcurrentSubmissions: number;
  holdBaseMs: number;
  holdMaxMs: number;
  /** Pages of 100 read from the sent list per destination during reconciliation. */
  sentListMaxPages: number;
  /** How long stop() lets a POST in flight finish before aborting it (it then becomes UNKNOWN). */
  stopGraceMs: number;
}

export const DEFAULT_OUTBOX_CONFIG: OutboxConfig = {
  settleMs: 30 * 60_000,
  clockSkewMs: 10 * 60_000,
  lateHorizonMs: 24 * 60 * 60_000,
  reconcileIntervalMs: 15_000,
  lateReconcileIntervalMs: 10 * 60_000,
  trackIntervalMs: 10_000,
  submitTimeoutMs: 180_000,
  maxConcurrentSubmissions: 2,
  holdBaseMs: 30_000,
  holdMaxMs: 10 * 60_000,
  sentListMaxPages: 10,
  stopGraceMs: 5_000,
};

export interface OutboxDeps {
  db: Db;
  dataDir: string;
  store: DocumentStore;
  accounts: OutboxAccounts;
  compose: ComposeService;
  logger: Logger;
  timers?: Timers;
  now?: () => Date;
  /** `outbox:changed`, once per account. */
  emit?: (payload: { accountId: string; ids: string[] }) => void;
  /** A job reached a final service state (the notification policy decides whether to show it). */
  notify?: (event: OutboundFinal) => void;
  /** Asks the sync engine to poll this account now (after a send or a cancel). */
  syncNow?: (accountId: string) => void;
  /** Asks the sync engine to read this account's sent list now (a reconciliation decided: what it held back applies). */
  sentListNow?: (accountId: string) => void;
  /** Who sends from here (the marker every submission carries); default: this data folder's installation, named after the computer. */
  sender?: () => DeskSender;
  /** Poll the transmission detail of every accepted job here (when no sync engine does). */
  trackActive?: boolean;
  config?: Partial<OutboxConfig>;
  checkpoint?: (name: OutboxCheckpoint) => void;
}

const LONGEST_TIMER_MS = 60 * 60_000;

/** Jobs read per piece by referencedDocumentIdsInPieces (~5-10 ms of JSON on an office PC). */
const REFERENCE_PIECE = 2_000;

export class OutboxService {
  readonly outbound: OutboundRepository;
  readonly events: FaxEventsRepository;
  /** Records service reports (and notifies finals once); shared with the sync engine. */
  readonly states: OutboundStates;
  readonly config: OutboxConfig;
  private readonly reconciler: Reconciler;
  private readonly submitter: Submitter;
  private readonly sentImages: SentImages;
  private readonly timers: Timers;
  private readonly now: () => Date;
  private readonly holds = new Map<string, Hold & { attempts: number }>();
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private readonly pump: Ticker;
  private readonly scheduleTicker: Ticker;
  private readonly reconcileTicker: Ticker;
  private readonly trackTicker: Ticker;
  private lastLateCheck = 0;
  private readonly sender: () => DeskSender;
  private started = false;
  private stopped = false;

  constructor(private readonly deps: OutboxDeps) {
    this.config = { ...DEFAULT_OUTBOX_CONFIG, ...deps.config };
    this.timers = deps.timers ?? realTimers;
    this.now = deps.now ?? (() => new Date(this.timers.now()));
    this.outbound = new OutboundRepository(deps.db);
    this.events = new FaxEventsRepository(deps.db);
    if (deps.sender) this.sender = deps.sender;
    else {
      const identity = new DeskIdentity(deps.db, () => '');
      this.sender = () => identity.sender();
    }
    const changed = (ids: string[]) => this.changed(ids);
    this.states = new OutboundStates({
      db: deps.db,
      outbound: this.outbound,
      events: this.events,
      now: this.now,
      changed: (jobs) => this.changed(jobs.map((j) => j.id)),
      ...(deps.notify ? { notify: deps.notify } : {}),
    });
    this.reconciler = new Reconciler({
      db: deps.db,
      outbound: this.outbound,
      events: this.events,
      states: this.states,
      accounts: deps.accounts,
      now: this.now,
      logger: deps.logger,
      changed,
      decided: (accountId) => {
        try {
          deps.sentListNow?.(accountId);
        } catch (error) {
          deps.logger.warn('outbox: could not ask the sync to read the sent list', { error: String(error) });
        }
      },
      config: {
        settleMs: this.config.settleMs,
        clockSkewMs: this.config.clockSkewMs,
        lateHorizonMs: this.config.lateHorizonMs,
        maxPages: this.config.sentListMaxPages,
      },
    });
    this.submitter = new Submitter({
      db: deps.db,
      outbound: this.outbound,
      events: this.events,
      store: deps.store,
      accounts: deps.accounts,
      now: this.now,
      logger: deps.logger,
      submitTimeoutMs: this.config.submitTimeoutMs,
      changed,
      ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
    });
    this.sentImages = new SentImages({ dataDir: deps.dataDir, accounts: deps.accounts, logger: deps.logger });
    const onError = (what: string) => (error: unknown) =>
      deps.logger.error(`outbox: ${what} failed`, { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    this.pump = new Ticker(this.timers, () => this.runPump(), onError('submission pump'));
    this.scheduleTicker = new Ticker(this.timers, () => this.runSchedule(), onError('scheduled sends'));
    this.reconcileTicker = new Ticker(this.timers, () => this.runReconcile(), onError('reconciliation'));
    this.trackTicker = new Ticker(this.timers, () => this.runTrack(), onError('tracking'));
  }

  // -------------------------------------------------------------------------------------------
  // Life cycle

  /** Resumes every job from its stored state (after a normal stop or a crash alike). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.recoverInterrupted();
    void this.pump.trigger();
    void this.scheduleTicker.trigger();
    void this.reconcileTicker.trigger();
    void this.trackTicker.trigger();
  }

  /** SUBMITTING rows belong to a POST that may have reached the service: they become UNKNOWN. */
  private recoverInterrupted(): void {
    const now = this.now();
    const ids = this.deps.db.transaction(() => {
      const moved: string[] = [];
      for (const job of this.outbound.listInStates(['SUBMITTING'], Number.MAX_SAFE_INTEGER)) {
        const reason = "Faxdesk stopped while handing this fax to the service; it checks the service's sent list instead of sending again.";
        if (markOutcomeUnknown({ outbound: this.outbound, events: this.events }, job.id, now, reason)) moved.push(job.id);
      }
      return moved;
    })();
    if (ids.length) {
      this.deps.logger.info('outbox: interrupted submissions to reconcile', { jobs: ids.length });
      this.changed(ids);
    }
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const t of [this.pump, this.scheduleTicker, this.reconcileTicker, this.trackTicker]) t.stop();
    const pending = [...this.inflight.values()];
    if (pending.length) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.config.stopGraceMs);
        timer.unref?.();
      });
      await Promise.race([Promise.allSettled(pending), grace]);
      clearTimeout(timer);
      this.abort.abort();
      await Promise.allSettled([...this.inflight.values()]);
    }
    await Promise.allSettled([this.reconcileTicker.idle(), this.trackTicker.idle(), this.scheduleTicker.idle()]);
  }

  private changed(ids: string[]): void {
    if (ids.length === 0 || !this.deps.emit) return;
    const byAccount = new Map<string, string[]>();
    for (const id of new Set(ids)) {
      const accountId = this.outbound.get(id)?.accountId;
      if (accountId !== undefined) byAccount.set(accountId, [...(byAccount.get(accountId) ?? []), id]);
    }
    for (const [accountId, jobIds] of byAccount) {
      try {
        this.deps.emit({ accountId, ids: jobIds });
      } catch {
        // a closed window must not stop the outbox
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Sending

  /** compose:send. Idempotent on composeId. */
  async send(input: { composeId: string } & ComposeDraft): Promise<SendOutcome> {
    const { composeId, ...draft } = input;
    const existing = this.outbound.listByCompose(composeId);
    if (existing.length) return { composeId, created: false, jobs: existing.map((j) => this.item(j)) };

    const check = await this.deps.compose.check(draft);
    if (!check.value) {
      const first = check.problems[0];
      throw new AppError('VALIDATION', `Nothing was sent. ${summarizeProblems(check.problems)}`, first ? { field: first.field } : {});
    }
    const rows = rowsFor(check.value, composeId, this.sender());
    const now = this.now();
    const result = this.deps.db.transaction(() => {
      // Checked again inside the transaction: a second call that raced past the first check creates nothing.
      const already = this.outbound.listByCompose(composeId);
      if (already.length) return { created: false, jobs: already };
      const inserted = this.outbound.insertCompose(rows, now);
      for (const job of inserted.jobs) {
        this.events.record(
          {
            ref: { direction: 'OUTBOUND', outboundId: job.id },
            at: now.toISOString(),
            source: 'local',
            status: job.state,
            detail: job.scheduledAt ? { scheduledAt: job.scheduledAt, destinations: rows.length } : { destinations: rows.length },
          },
          now,
        );
      }
      return inserted;
    })();
    if (result.created) {
      this.deps.checkpoint?.('persisted');
      this.changed(result.jobs.map((j) => j.id));
      if (check.value.scheduledAt) void this.scheduleTicker.trigger();
      else void this.pump.trigger();
    }
    return { composeId, created: result.created, jobs: result.jobs.map((j) => this.item(j)) };
  }

  private runPump(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const now = this.timers.now();
    const held = [...this.holds].filter(([, hold]) => hold.retryAt > now);
    const composes = this.outbound.queuedComposes([...this.inflight.keys(), ...held.map(([id]) => id)], this.config.maxConcurrentSubmissions - this.inflight.size);
    // The earliest hold ends the wait (a hold whose compose was sent or canceled meanwhile only wakes the pump once for nothing).
    const nextHold = held.length ? Math.min(...held.map(([, hold]) => hold.retryAt)) : null;
    for (const composeId of composes) {
      const run = this.submitOne(composeId).finally(() => {
        this.inflight.delete(composeId);
        // The next one after the event loop has had a turn: a submission held at once (no credentials in
        // the keychain, offline) ends without any I/O, and back to back a long queue of them would hold
        // the window's calls (200 held composes at start: a second before the first answer).
        if (!this.stopped) setImmediate(() => void this.pump.trigger());
      });
      this.inflight.set(composeId, run);
    }
    if (nextHold !== null) this.pump.schedule(Math.max(0, nextHold - now));
    return Promise.resolve();
  }

  private async submitOne(composeId: string): Promise<void> {
    let outcome;
    try {
      outcome = await this.submitter.submit(composeId, this.abort.signal);
    } catch (error) {
      this.deps.logger.error('outbox: submission failed unexpectedly', { composeId, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (outcome.kind === 'hold') {
      const previous = this.holds.get(composeId);
      const attempts = (previous?.attempts ?? 0) + 1;
      const backoff = exponentialDelay(attempts, this.config.holdBaseMs, this.config.holdMaxMs);
      const wait = outcome.retryAfterMs ?? backoff;
      this.holds.set(composeId, { reason: outcome.reason, retryAt: this.timers.now() + wait, attempts });
      this.deps.logger.info('outbox: submission held', { composeId, waitMs: wait });
      const ids = this.outbound.listByCompose(composeId).map((j) => j.id);
      this.changed(ids);
      return;
    }
    this.holds.delete(composeId);
    if (outcome.kind === 'done') {
      const jobs = this.outbound.listByCompose(composeId);
      if (jobs.some((j) => j.state === 'UNKNOWN')) this.reconcileTicker.schedule(0);
      if (jobs.some((j) => j.faxId !== null)) {
        const accountId = jobs[0]!.accountId;
        this.askSync(accountId);
        if (this.deps.trackActive) this.trackTicker.schedule(this.config.trackIntervalMs);
      }
    }
  }

  private askSync(accountId: string): void {
    try {
      this.deps.syncNow?.(accountId);
    } catch (error) {
      this.deps.logger.warn('outbox: could not ask the sync to run', { error: String(error) });
    }
  }

  /** Submits everything claimable now and waits until no submission is in flight (tests, benches). */
  async drain(): Promise<void> {
    for (let round = 0; round < 1000; round++) {
      await this.pump.trigger();
      if (this.inflight.size === 0) return;
      await Promise.allSettled([...this.inflight.values()]);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Scheduled sends

  private async runSchedule(): Promise<void> {
    if (this.stopped) return;
    const now = this.now();
    const due = this.outbound.listDue(now, 500);
    const moved: string[] = [];
    if (due.length) {
      this.deps.db.transaction(() => {
        for (const job of due) {
          if (!this.outbound.update(job.id, { state: 'QUEUED' }, now, { fromStates: ['SCHEDULED'] })) continue;
          this.events.record({ ref: { direction: 'OUTBOUND', outboundId: job.id }, at: now.toISOString(), source: 'local', status: 'QUEUED', detail: { scheduledAt: job.scheduledAt ?? '' } }, now);
          moved.push(job.id);
        }
      })();
    }
    if (moved.length) {
      this.changed(moved);
      void this.pump.trigger();
    }
    let next: number | null = null;
    for (const job of this.outbound.listInStates(['SCHEDULED'], Number.MAX_SAFE_INTEGER)) {
      if (!job.scheduledAt) continue;
      const at = Date.parse(job.scheduledAt);
      next = next === null ? at : Math.min(next, at);
    }
    if (next !== null) this.scheduleTicker.schedule(Math.min(LONGEST_TIMER_MS, Math.max(0, next - now.getTime())));
  }

  /** outbox:reschedule. Moves a scheduled compose to another time, or (null) sends it now. */
  reschedule(jobId: string, scheduledAt: string | null): OutboxItem[] {
    const job = this.job(jobId);
    const rows = job.composeId ? this.outbound.listByCompose(job.composeId).filter((j) => j.state === 'SCHEDULED') : [];
    if (rows.length === 0) {
      throw new AppError('CONFLICT', 'This fax is not scheduled any more (it was sent or cancelled meanwhile), so its time cannot be changed.', { field: 'jobId' });
    }
    const now = this.now();
    let when: string | null = null;
    if (scheduledAt !== null && scheduledAt.trim() !== '') {
      const time = Date.parse(scheduledAt);
      if (Number.isNaN(time) || !/(Z|[+-]\d{2}:?\d{2})$/i.test(scheduledAt.trim())) {
        throw new AppError('VALIDATION', `"${scheduledAt.slice(0, 60)}" is not a date and time Faxdesk can read; pick the send time again.`, { field: 'scheduledAt' });
      }
      if (time > now.getTime() + MAX_SCHEDULE_AHEAD_MS) throw new AppError('VALIDATION', 'The send time is more than a year away; pick an earlier date.', { field: 'scheduledAt' });
      if (time > now.getTime()) when = new Date(time).toISOString();
    }
    const ids = this.deps.db.transaction(() => {
      const moved: string[] = [];
      for (const row of rows) {
        const patch = when ? { scheduledAt: when } : { state: 'QUEUED' as const };
        if (!this.outbound.update(row.id, patch, now, { fromStates: ['SCHEDULED'] })) continue;
        this.events.record(
          { ref: { direction: 'OUTBOUND', outboundId: row.id }, at: now.toISOString(), source: 'local', status: when ? 'SCHEDULED' : 'QUEUED', detail: { scheduledAt: when ?? 'now' } },
          now,
        );
        moved.push(row.id);
      }
      return moved;
    })();
    this.changed(ids);
    void this.scheduleTicker.trigger();
    if (!when) void this.pump.trigger();
    return rows.map((r) => this.item(this.outbound.get(r.id)!));
  }

  // -------------------------------------------------------------------------------------------
  // Reconciliation

  private async runReconcile(): Promise<void> {
    if (this.stopped) return;
    const now = this.timers.now();
    const late = now - this.lastLateCheck >= this.config.lateReconcileIntervalMs;
    if (late) this.lastLateCheck = now;
    const pending = this.reconciler.pending(late);
    if (pending.length) await this.reconciler.reconcile(pending);
    const stillUnknown = this.reconciler.pending(false).length > 0;
    if (stillUnknown) this.reconcileTicker.schedule(this.config.reconcileIntervalMs);
    else if (this.reconciler.pending(true).length > 0) this.reconcileTicker.schedule(this.config.lateReconcileIntervalMs);
  }

  /** Runs one reconciliation pass now (tests, and after outbox:reconcile). */
  async reconcileNow(): Promise<void> {
    this.lastLateCheck = 0;
    await this.reconcileTicker.trigger();
  }

  /** outbox:reconcile: looks for this job's compose in the sent list now. Never posts. */
  async reconcileJob(jobId: string): Promise<OutboxItem[]> {
    const job = this.job(jobId);
    const group = job.composeId ? this.outbound.listByCompose(job.composeId) : [job];
    const pending = group.filter((j) => j.state === 'UNKNOWN' || (j.state === 'REJECTED' && j.errorCode === NOT_SENT_CODE));
    if (pending.length === 0) {
      throw new AppError('CONFLICT', 'Faxdesk already knows what happened to this fax; there is nothing to check.', { field: 'jobId' });
    }
    await this.reconciler.reconcile(pending);
    return group.map((j) => this.item(this.outbound.get(j.id)!));
  }

  /** For the sync: a listed fax that belongs to a job still being reconciled is adopted by it (true). */
  claimFromSentList(accountId: string, fax: Parameters<Reconciler['claimFromSentList']>[1]): boolean {
    return this.reconciler.claimFromSentList(accountId, fax);
  }

  // -------------------------------------------------------------------------------------------
  // Watching accepted faxes (cancel requested; all of them when no sync engine runs)

  private async runTrack(): Promise<void> {
    if (this.stopped) return;
    const watched: OutboundState[] = this.deps.trackActive ? ['CANCEL_REQUESTED', 'SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY'] : ['CANCEL_REQUESTED'];
    const jobs = this.outbound.listInStates(watched).filter((j) => j.faxId !== null);
    for (const job of jobs) await this.refresh(job);
    const remaining = this.outbound.listInStates(watched).some((j) => j.faxId !== null);
    if (remaining) this.trackTicker.schedule(this.config.trackIntervalMs);
  }

  /** Polls the transmission detail of watched jobs now (tests). */
  async trackNow(): Promise<void> {
    await this.trackTicker.trigger();
  }

  /** Reads the transmission detail of one job and records it. Returns the attempts, or why there are none. */
  private async refresh(job: Pick<OutboundJob, 'id' | 'accountId' | 'faxId'>, timeoutMs?: number): Promise<{ attempts: TransmissionAttempt[] | null; note: string | null }> {
    if (!job.faxId) return { attempts: null, note: 'The service has not accepted this fax yet, so there are no delivery attempts.' };
    try {
      const client = await this.deps.accounts.clientFor(job.accountId);
      const detail = await client.getTransmissionDetail(job.faxId, timeoutMs ? { timeoutMs } : {});
      this.states.apply(job.id, reportFromDetail(detail), attemptEvents(job.id, detail));
      return { attempts: detail.attempts, note: null };
    } catch (error) {
      const note = isAppError(error) ? error.message : `Faxdesk could not read the delivery attempts (${String(error)}).`;
      this.deps.logger.debug('outbox: transmission detail not available', { jobId: job.id, error: note });
      return { attempts: null, note };
    }
  }

  // -------------------------------------------------------------------------------------------
  // Cancel

  async cancel(jobId: string): Promise<CancelOutcome> {
    const job = this.job(jobId);
    const now = this.now();
    switch (job.state) {
      case 'QUEUED':
      case 'SCHEDULED': {
        const ok = this.deps.db.transaction(() => {
          if (!this.outbound.update(job.id, { state: 'CANCELED' }, now, { fromStates: ['QUEUED', 'SCHEDULED'] })) return false;
          this.events.record({ ref: { direction: 'OUTBOUND', outboundId: job.id }, at: now.toISOString(), source: 'local', status: 'CANCELED', detail: { local: true } }, now);
          return true;
        })();
        if (!ok) return this.cancel(jobId); // claimed meanwhile: cancel it where it is now
        this.changed([job.id]);
        return { outcome: 'canceled-locally', message: 'Cancelled before it was sent: nothing reached the fax service.', job: this.item(this.outbound.get(job.id)!) };
      }
      case 'SUBMITTING':
        throw new AppError('CONFLICT', 'Faxdesk is handing this fax to the service right now. Try again in a moment, once it shows as accepted.', { field: 'jobId' });
      case 'UNKNOWN':
        throw new AppError(
          'CONFLICT',
          "Faxdesk does not know yet whether the service has this fax (it is checking the service's sent list). Cancel becomes possible once it is found.",
          { field: 'jobId' },
        );
      case 'CANCEL_REQUESTED':
        return { outcome: 'cancel-requested', message: 'Cancel was already requested; waiting for the service to confirm.', job: this.item(job) };
      case 'REJECTED':
      case 'COMPLETED':
      case 'ERROR':
      case 'CANCELED':
        return { outcome: 'already-completed', message: `Already completed (${OUTBOX_STATUS_LABELS[outboxStatusOf(job)].toLowerCase()}): there is nothing left to cancel.`, job: this.item(job) };
      default:
        break;
    }
    if (!job.faxId) throw new AppError('CONFLICT', 'This fax has no service fax ID yet, so it cannot be cancelled at the service.', { field: 'jobId' });
    const client = await this.deps.accounts.clientFor(job.accountId);
    try {
      await client.cancel(job.faxId);
    } catch (error) {
      if (!isAppError(error) || error.code !== 'CONFLICT') throw error;
      // 409: the fax had already finished. Read what it finished as, and keep that.
      await this.refresh(this.outbound.get(job.id)!);
      const at = this.now();
      this.events.record({ ref: { direction: 'OUTBOUND', outboundId: job.id }, at: at.toISOString(), source: 'local', status: 'CANCEL_TOO_LATE', detail: { httpStatus: 409 } }, at);
      this.changed([job.id]);
      const after = this.outbound.get(job.id)!;
      return { outcome: 'already-completed', message: 'Already completed: the fax had finished before the cancel reached the service.', job: this.item(after) };
    }
    const at = this.now();
    const requested = this.deps.db.transaction(() => {
      if (!this.outbound.update(job.id, { state: 'CANCEL_REQUESTED' }, at, { fromStates: ['SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY'] })) return false;
      this.events.record({ ref: { direction: 'OUTBOUND', outboundId: job.id }, at: at.toISOString(), source: 'local', status: 'CANCEL_REQUESTED', detail: { httpStatus: 202 } }, at);
      return true;
    })();
    this.changed([job.id]);
    this.askSync(job.accountId);
    this.trackTicker.schedule(Math.min(2_000, this.config.trackIntervalMs));
    const after = this.outbound.get(job.id)!;
    if (!requested) {
      return { outcome: 'already-completed', message: 'Already completed: the service reported the final result while the cancel was on its way.', job: this.item(after) };
    }
    return {
      outcome: 'cancel-requested',
      message: 'Cancel requested. The service confirms it shortly; a fax that finishes first is still delivered, and the Outbox will say so.',
      job: this.item(after),
    };
  }

  // -------------------------------------------------------------------------------------------
  // Resend, edit

  /** outbox:draft: the stored compose (or one destination of it) to reopen in Compose. */
  async draft(jobId: string, scope: 'job' | 'compose'): Promise<StoredDraft> {
    const job = this.job(jobId);
    const jobs = scope === 'compose' && job.composeId ? this.outbound.listByCompose(job.composeId) : [job];
    const draft = draftFromJobs(jobs);
    if (!draft) {
      throw new AppError('CONFLICT', 'This fax was not composed in Faxdesk on this computer (it was found on the service), so there is nothing to reopen.', { field: 'jobId' });
    }
    const missing: string[] = [];
    for (const d of draft.documents) if (!(await this.deps.store.has(d.id))) missing.push(d.name);
    return { sourceComposeId: job.composeId, draft: ComposeDraftSchema.parse(draft), missingDocuments: missing };
  }

  /** outbox:resend: new jobs from the stored compose (a fresh composeId from the page keeps this idempotent too). */
  async resend(jobId: string, composeId: string, scope: 'job' | 'compose'): Promise<SendOutcome> {
    const existing = this.outbound.listByCompose(composeId);
    if (existing.length) return { composeId, created: false, jobs: existing.map((j) => this.item(j)) };
    const { draft, missingDocuments } = await this.draft(jobId, scope);
    if (missingDocuments.length) {
      throw new AppError(
        'NOT_FOUND',
        `Cannot send again: ${missingDocuments.map((n) => `"${n}"`).join(', ')} ${missingDocuments.length === 1 ? 'is' : 'are'} no longer in Faxdesk's data folder. Open the fax in Compose and add the document again.`,
        { field: 'jobId' },
      );
    }
    return this.send({ ...draft, scheduledAt: null, composeId });
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  item(job: OutboundJob | OutboundJobSummary): OutboxItem {
    const hold = job.composeId ? (this.holds.get(job.composeId) ?? null) : null;
    return toOutboxItem(job, hold && hold.retryAt > this.timers.now() ? hold : null);
  }

  private job(jobId: string): OutboundJob {
    const job = this.outbound.get(jobId);
    if (!job) throw new AppError('NOT_FOUND', 'That fax is not in the Outbox any more (it may have been deleted). Reload the list.', { field: 'jobId' });
    return job;
  }

  list(query: { accountId?: string | undefined; phase?: OutboundPhase | undefined; search?: string | undefined; cursor?: string | null | undefined; limit?: number | undefined }): OutboxPage {
    const search = query.search?.trim();
    if (search) {
      const before = query.cursor ? Number(/^s:(\d+)$/.exec(query.cursor)?.[1] ?? NaN) : null;
      if (before !== null && Number.isNaN(before)) throw new AppError('VALIDATION', 'The page position is not valid; start again from the first page.', { field: 'cursor' });
      const page = this.outbound.search({ text: search, accountId: query.accountId, phase: query.phase, before, limit: query.limit });
      return { items: page.items.map((j) => this.item(j)), next: page.next === null ? null : `s:${page.next}` };
    }
    let after = null;
    if (query.cursor) {
      const m = /^p:(\d+):(.+)$/.exec(query.cursor);
      if (!m) throw new AppError('VALIDATION', 'The page position is not valid; start again from the first page.', { field: 'cursor' });
      after = { seq: Number(m[1]), key: m[2]! };
    }
    const page = this.outbound.page({ accountId: query.accountId, phase: query.phase, after, limit: query.limit });
    return { items: page.items.map((j) => this.item(j)), next: page.next ? `p:${page.next.seq}:${page.next.key}` : null };
  }

  /** outbox:get: the job, its timeline and (read now, when it has a fax_id) its delivery attempts. */
  async get(jobId: string, refresh = true): Promise<OutboxDetail> {
    let job = this.job(jobId);
    let attempts: TransmissionAttempt[] | null = null;
    let attemptsNote: string | null = job.faxId ? null : 'The service has not accepted this fax yet, so there are no delivery attempts.';
    if (refresh && job.faxId) {
      const r = await this.refresh(job, 10_000);
      attempts = r.attempts;
      attemptsNote = r.note;
      job = this.job(jobId);
    }
    const timeline = this.events.timeline({ direction: 'OUTBOUND', outboundId: job.id });
    const stored = readStoredOptions(job);
    const siblings = job.composeId
      ? this.outbound
          .listByCompose(job.composeId)
          .filter((j) => j.id !== job.id)
          .map((j) => {
            const status = outboxStatusOf(j);
            return { id: j.id, destination: j.destination, destinationDisplay: displayDestination(j.destination), status, statusLabel: OUTBOX_STATUS_LABELS[status] };
          })
      : [];
    return {
      job: this.item(job),
      timeline,
      attempts,
      attemptsNote,
      code: job.errorCode && job.errorCode !== NOT_SENT_CODE ? describeTransmissionCode(job.errorCode) : null,
      documents: job.documents,
      options: stored ? normalizedOptionsOf(stored) : null,
      siblings,
      cancelTooLate: job.state === 'COMPLETED' && timeline.some((e) => e.status === 'CANCEL_REQUESTED'),
    };
  }

  /** Every document a job refers to: pass to DocumentStore.removeUnreferenced so none is ever collected. */
  referencedDocumentIds(): Set<string> {
    return this.outbound.referencedDocuments();
  }

  /**
   * The same, read in pieces of REFERENCE_PIECE jobs with a turn of the event loop between them, so a
   * big history never holds the window's calls (the collector's pass). A job created or changed during
   * the read refers to documents younger than the collector's grace period, which are never removed.
   */
  async referencedDocumentIdsInPieces(): Promise<Set<string>> {
    const ids = new Set<string>();
    let after: number | null = 0;
    while (after !== null) {
      const piece = this.outbound.referencedDocumentsAfter(after, REFERENCE_PIECE);
      for (const id of piece.sha256s) ids.add(id);
      after = piece.lastSeq;
      if (after !== null) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return ids;
  }

  // -------------------------------------------------------------------------------------------
  // Export, delivered image, report

  /** outbox:exportCsv: the CSV as text for the page to download, or written to `destination`. */
  async exportCsv(input: { accountId?: string | undefined; phase?: OutboundPhase | undefined; search?: string | undefined; destination?: string | undefined }): Promise<CsvExport> {
    const fileName = `outbox-${stamp(this.now())}.csv`;
    if (input.destination === undefined) return { kind: 'text', fileName, ...(await csvText(this.csvPages(input))) };
    const file = this.outputPath(input.destination, 'exports', fileName, '.csv');
    const written = await writeCsv(file, this.csvPages(input));
    return { kind: 'file', path: file, fileName: path.basename(file), ...written };
  }

  private *csvPages(input: { accountId?: string | undefined; phase?: OutboundPhase | undefined; search?: string | undefined }): Generator<OutboundJob[]> {
    let cursor: string | null = null;
    for (;;) {
      const page: OutboxPage = this.list({ accountId: input.accountId, phase: input.phase, search: input.search, cursor, limit: 500 });
      yield page.items.map((i) => this.outbound.get(i.id)).filter((j): j is OutboundJob => j !== undefined);
      if (!page.next) return;
      cursor = page.next;
    }
  }

  /** outbox:image: the delivered image of a final fax, or why there is none (yet). */
  async image(jobId: string): Promise<OutboxImage> {
    return this.sentImages.image(this.job(jobId));
  }

  /**
   * A delivered fax's confirmation (PDF): its transmission report with page 1 of the fax as the service
   * delivered it (the delivered image, fetched once and kept). Only a delivered fax has one.
   */
  async confirmation(jobId: string, destination?: string): Promise<ReportResult> {
    const job = this.job(jobId);
    if (job.state !== 'COMPLETED') {
      throw new AppError('CONFLICT', 'Only a delivered fax has a delivery confirmation. The transmission report says what happened to this one.', { field: 'jobId' });
    }
    const image = await this.sentImages.image(job);
    const confirmation = image.kind === 'pdf' ? { deliveredPdf: Buffer.from(image.base64, 'base64') } : { missing: image.message };
    return this.report(jobId, destination, confirmation);
  }

  async report(jobId: string, destination?: string, confirmation?: { deliveredPdf: Uint8Array } | { missing: string }): Promise<ReportResult> {
    const detail = await this.get(jobId, true);
    const job = this.job(jobId);
    const account = this.deps.accounts.describe(job.accountId);
    // pdf-lib is loaded when the first report is made, not at start-up.
    const { buildTransmissionReport } = await import('./report');
    const { pdf: bytes, missingCharacters } = await buildTransmissionReport({
      ...(confirmation ? { confirmation } : {}),
      job,
      accountLabel: account?.label ?? job.accountId,
      practice: account?.sandbox === true,
      timeline: detail.timeline,
      attempts: detail.attempts,
      attemptsNote: detail.attemptsNote,
      resolution: detail.options?.resolution ?? null,
      generatedAt: this.now(),
    });
    const file = this.outputPath(destination, 'reports', `fax-${confirmation ? 'confirmation' : 'report'}-${job.faxId ?? job.id}.pdf`, '.pdf');
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, bytes);
    } catch (error) {
      throw new AppError('FILE', `Could not write the report ${file} (${error instanceof Error ? error.message : String(error)}). Choose another folder, or check that the disk is not full.`, { cause: error });
    }
    return { file, bytes: bytes.byteLength, base64: Buffer.from(bytes).toString('base64'), missingCharacters };
  }

  private outputPath(destination: string | undefined, folder: string, name: string, extension: string): string {
    if (destination === undefined) return path.join(this.deps.dataDir, folder, name);
    if (!path.isAbsolute(destination)) throw new AppError('VALIDATION', `Choose where to save the file: "${destination.slice(0, 200)}" is not a full path.`, { field: 'destination' });
    if (!destination.toLowerCase().endsWith(extension)) {
      throw new AppError('VALIDATION', `The file name must end in ${extension}.`, { field: 'destination' });
    }
    return destination;
  }
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z').replace('T', '-');
}
