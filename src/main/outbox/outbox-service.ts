/**
 * The outbox: never lose a fax, never send one twice (DESIGN.md §7). This class is the Outbox's API
 * (what handlers.ts and createCore call) and composes its parts, one job each:
 *   submission-pump.ts (QUEUED → POST, holds), submitter.ts (one POST per compose), reconciler.ts +
 *   reconcile-loop.ts (UNKNOWN → found or "not sent"), scheduled-sends.ts, delivery-tracker.ts
 *   (transmission detail polls), cancellation.ts, outbox-exports.ts (CSV, images, reports), and
 *   outbound-states.ts, the one writer of a job's state and timeline.
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
 * Local states and transitions: outbound-states.ts. Cancel: cancellation.ts. Scheduled sends:
 * scheduled-sends.ts. Notifications: OutboundStates tells `notify` on the one write that makes a composed
 * job final; desktop/announcer.ts shows at most one notification per fax.
 *
 * Delivered images (outbox:image, sent-images.ts): fetched from the service once a job is final, kept
 * in <dataDir>/sent/; before that, a sentence says why there is none.
 *
 * Watching: the outbox polls the transmission detail of CANCEL_REQUESTED jobs itself, and of every
 * accepted job when `trackActive` (no sync engine wired); after a send or cancel it asks the sync to run
 * now (`syncNow`). Documents referenced by any job must never be collected: `referencedDocumentIds()`
 * lists them for DocumentStore.removeUnreferenced.
 */
import { ComposeDraftSchema, summarizeProblems, type CancelOutcome, type ComposeDraft, type OutboxDetail, type OutboxItem, type OutboxPage, type ReportResult, type SendOutcome, type StoredDraft } from '../../shared/domain/outbox';
import type { CsvExport, OutboxImage } from '../../shared/ipc/contract/outbox';
import type { JsonObject, OutboundJob, OutboundJobSummary, OutboundPhase } from '../../shared/domain/history';
import type { DeskSender } from '../../shared/domain/desk-marker';
import type { ComposeService } from './compose-service';
import type { OutboundFinal } from '../desktop/notification-policy';
import type { DocumentStore } from '../documents/document-store';
import { DeskIdentity } from '../desks/identity';
import { AppError } from '../errors';
import type { Logger } from '../platform/logger';
import { realTimers, type Timers } from '../platform/timers';
import type { Db } from '../store/database';
import { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import { OutboundRepository } from '../store/repositories/outbound-repository';
import { Cancellation } from './cancellation';
import { DeliveryTracker } from './delivery-tracker';
import { DEFAULT_OUTBOX_CONFIG, type OutboxConfig } from './outbox-config';
import { OutboxExports } from './outbox-exports';
import { OutboxReading } from './outbox-reading';
import { markOutcomeUnknown, noteLocally, OutboundStates } from './outbound-states';
import type { OutboxAccounts, OutboxCheckpoint } from './ports';
import { ReconcileLoop } from './reconcile-loop';
import { Reconciler } from './reconciler';
import { ScheduledSends } from './scheduled-sends';
import { SentImages } from './sent-images';
import { draftFromJobs, rowsFor } from './stored-compose';
import { SubmissionPump } from './submission-pump';
import { Submitter } from './submitter';
import { toOutboxItem } from './views';

export { DEFAULT_OUTBOX_CONFIG, type OutboxConfig } from './outbox-config';

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
  /** A job reached a final service state (the announcer decides whether to show it). */
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

type ListQuery = { accountId?: string | undefined; phase?: OutboundPhase | undefined; search?: string | undefined };

export class OutboxService {
  readonly outbound: OutboundRepository;
  readonly events: FaxEventsRepository;
  /** Records service reports (and notifies finals once); shared with the sync engine. */
  readonly states: OutboundStates;
  readonly config: OutboxConfig;
  private readonly reconciler: Reconciler;
  private readonly pump: SubmissionPump;
  private readonly scheduled: ScheduledSends;
  private readonly reconciling: ReconcileLoop;
  private readonly tracker: DeliveryTracker;
  private readonly cancellation: Cancellation;
  private readonly exports: OutboxExports;
  private readonly reading: OutboxReading;
  private readonly timers: Timers;
  private readonly now: () => Date;
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
    const { db, logger, accounts } = deps;
    const { outbound, events, timers, now } = this;
    const changed = (ids: string[]) => this.changed(ids);
    const onError = (what: string) => (error: unknown) =>
      logger.error(`outbox: ${what} failed`, { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
    this.states = new OutboundStates({
      db,
      outbound,
      events,
      now,
      changed: (jobs) => this.changed(jobs.map((j) => j.id)),
      ...(deps.notify ? { notify: deps.notify } : {}),
    });
    this.reconciler = new Reconciler({
      db,
      outbound,
      events,
      states: this.states,
      accounts,
      now,
      logger,
      changed,
      decided: (accountId) => {
        try {
          deps.sentListNow?.(accountId);
        } catch (error) {
          logger.warn('outbox: could not ask the sync to read the sent list', { error: String(error) });
        }
      },
      config: {
        settleMs: this.config.settleMs,
        clockSkewMs: this.config.clockSkewMs,
        lateHorizonMs: this.config.lateHorizonMs,
        maxPages: this.config.sentListMaxPages,
      },
    });
    this.reconciling = new ReconcileLoop({ reconciler: this.reconciler, outbound, timers, config: this.config, onError: onError('reconciliation') });
    this.tracker = new DeliveryTracker({
      outbound,
      states: this.states,
      accounts,
      timers,
      logger,
      intervalMs: this.config.trackIntervalMs,
      trackActive: deps.trackActive === true,
      onError: onError('tracking'),
    });
    const submitter = new Submitter({
      db,
      outbound,
      events,
      store: deps.store,
      accounts,
      now,
      logger,
      submitTimeoutMs: this.config.submitTimeoutMs,
      changed,
      ...(deps.checkpoint ? { checkpoint: deps.checkpoint } : {}),
    });
    this.pump = new SubmissionPump({
      submitter,
      outbound,
      timers,
      logger,
      config: this.config,
      changed,
      onUnknown: () => this.reconciling.soon(),
      onAccepted: (accountId) => {
        this.askSync(accountId);
        if (deps.trackActive) this.tracker.schedule(this.config.trackIntervalMs);
      },
      onError: onError('submission pump'),
    });
    this.scheduled = new ScheduledSends({ db, outbound, events, timers, now, changed, queued: () => void this.pump.trigger(), onError: onError('scheduled sends') });
    const job = (jobId: string) => this.job(jobId);
    const item = (j: OutboundJob | OutboundJobSummary) => this.item(j);
    this.cancellation = new Cancellation({
      db,
      outbound,
      events,
      accounts,
      tracker: this.tracker,
      now,
      changed,
      job,
      item,
      asked: (accountId) => this.askSync(accountId),
      trackIntervalMs: this.config.trackIntervalMs,
    });
    this.reading = new OutboxReading({ outbound, events, tracker: this.tracker, job, item });
    this.exports = new OutboxExports({
      dataDir: deps.dataDir,
      outbound,
      accounts,
      sentImages: new SentImages({ dataDir: deps.dataDir, accounts, logger }),
      now,
      job,
      list: (query) => this.list(query),
      detail: (jobId) => this.get(jobId, true),
    });
  }

  // -------------------------------------------------------------------------------------------
  // Life cycle

  /** Resumes every job from its stored state (after a normal stop or a crash alike). */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.recoverInterrupted();
    void this.pump.trigger();
    void this.scheduled.trigger();
    void this.reconciling.trigger();
    void this.tracker.trigger();
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
    this.scheduled.stop();
    this.reconciling.stop();
    this.tracker.stop();
    await this.pump.stop();
    await Promise.allSettled([this.reconciling.idle(), this.tracker.idle(), this.scheduled.idle()]);
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

  private askSync(accountId: string): void {
    try {
      this.deps.syncNow?.(accountId);
    } catch (error) {
      this.deps.logger.warn('outbox: could not ask the sync to run', { error: String(error) });
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
        const detail: JsonObject = job.scheduledAt ? { scheduledAt: job.scheduledAt, destinations: rows.length } : { destinations: rows.length };
        noteLocally({ events: this.events }, job.id, job.state, detail, now);
      }
      return inserted;
    })();
    if (result.created) {
      this.deps.checkpoint?.('persisted');
      this.changed(result.jobs.map((j) => j.id));
      if (check.value.scheduledAt) void this.scheduled.trigger();
      else void this.pump.trigger();
    }
    return { composeId, created: result.created, jobs: result.jobs.map((j) => this.item(j)) };
  }

  /** Submits everything claimable now and waits until no submission is in flight (tests, benches). */
  drain(): Promise<void> {
    return this.pump.drain();
  }

  /** outbox:reschedule. Moves a scheduled compose to another time, or (null) sends it now. */
  reschedule(jobId: string, scheduledAt: string | null): OutboxItem[] {
    return this.scheduled.reschedule(this.job(jobId), scheduledAt).map((j) => this.item(j));
  }

  // -------------------------------------------------------------------------------------------
  // Reconciliation, watching, cancel

  /** Runs one reconciliation pass now (tests, and after outbox:reconcile). */
  reconcileNow(): Promise<void> {
    return this.reconciling.now();
  }

  /** outbox:reconcile: looks for this job's compose in the sent list now. Never posts. */
  async reconcileJob(jobId: string): Promise<OutboxItem[]> {
    return (await this.reconciling.job(this.job(jobId))).map((j) => this.item(j));
  }

  /** For the sync: a listed fax that belongs to a job still being reconciled is adopted by it (true). */
  claimFromSentList(accountId: string, fax: Parameters<Reconciler['claimFromSentList']>[1]): boolean {
    return this.reconciler.claimFromSentList(accountId, fax);
  }

  /** Polls the transmission detail of watched jobs now (tests). */
  trackNow(): Promise<void> {
    return this.tracker.trigger();
  }

  cancel(jobId: string): Promise<CancelOutcome> {
    return this.cancellation.cancel(jobId);
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
    return toOutboxItem(job, job.composeId ? this.pump.holdOf(job.composeId) : null);
  }

  private job(jobId: string): OutboundJob {
    const job = this.outbound.get(jobId);
    if (!job) throw new AppError('NOT_FOUND', 'That fax is not in the Outbox any more (it may have been deleted). Reload the list.', { field: 'jobId' });
    return job;
  }

  list(query: ListQuery & { cursor?: string | null | undefined; limit?: number | undefined }): OutboxPage {
    return this.reading.list(query);
  }

  /** outbox:get: the job, its timeline and (read now, when it has a fax_id) its delivery attempts. */
  get(jobId: string, refresh = true): Promise<OutboxDetail> {
    return this.reading.get(jobId, refresh);
  }

  /** Every document a job refers to: pass to DocumentStore.removeUnreferenced so none is ever collected. */
  referencedDocumentIds(): Set<string> {
    return this.outbound.referencedDocuments();
  }

  /** The same, in pieces with turns of the event loop between them (outbox-reading.ts). */
  referencedDocumentIdsInPieces(): Promise<Set<string>> {
    return this.reading.referencedDocumentIdsInPieces();
  }

  // -------------------------------------------------------------------------------------------
  // Export, delivered image, report (outbox-exports.ts)

  exportCsv(input: ListQuery & { destination?: string | undefined }): Promise<CsvExport> {
    return this.exports.exportCsv(input);
  }

  image(jobId: string): Promise<OutboxImage> {
    return this.exports.image(jobId);
  }

  confirmation(jobId: string, destination?: string): Promise<ReportResult> {
    return this.exports.confirmation(jobId, destination);
  }

  report(jobId: string, destination?: string, confirmation?: { deliveredPdf: Uint8Array } | { missing: string }): Promise<ReportResult> {
    return this.exports.report(jobId, destination, confirmation);
  }
}
