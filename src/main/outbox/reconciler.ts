/**
 * Reconciliation of jobs whose POST /faxes was ambiguous (UNKNOWN): did the service take the fax?
 *
 * Every submission carries Faxdesk's marker in its client_data (src/shared/domain/desk-marker.ts):
 * `faxdesk:<composeId>@<installationId> <desk> (<user>)`, unique to this installation and this compose,
 * in Client reference when the person left it empty, else in the first empty client field (the
 * person's own values are sent unchanged). A listed fax is this job's only when it goes to the job's
 * number and carries exactly that marker in that field: a fax another desk sent on the same account
 * (whatever reference the person typed there, however close in time) is never adopted. Jobs an older
 * Faxdesk stored with the person's reference as the only key still match by reference, name and
 * company, but never a fax that carries any Faxdesk marker, nor one another row already holds.
 *
 * A compose with several UNKNOWN destinations first reads the window once, every destination (a 50-
 * destination compose costs one read, not fifty); what that read could not cover is looked up per job.
 * For each UNKNOWN job: GET /faxes/sent filtered by destination_fax_number and by a time window that
 * starts at submitted_at minus an allowance for clock skew (the service's clock is not ours: a narrower
 * window would turn a fax the service took into "not sent", and a resend into a duplicate; with the
 * exact marker a wide window costs bytes, never a wrong match), paged up to `maxPages` x 100; the
 * oldest matching fax no other job holds is this job's fax: its fax_id is stored and its state
 * recorded (then the transmission detail is read for the current state). Nothing found:
 * - if another destination of the same compose was found, the POST reached the service (it is all or
 *   nothing), so the job stays UNKNOWN ("checking") until it is listed;
 * - otherwise, once `settleMs` have passed since submission, the job is marked "not sent" (REJECTED with
 *   error_code NOT_SENT) and the person may send it again deliberately. It is still looked for, less
 *   often, for `lateHorizonMs`: a fax that shows up late is adopted by the job (the truth wins).
 * Whenever a job is decided (found, or "not sent"), `decided` tells the sync, which may have held back
 * sent-list items while the job was open (feeds.ts). Nothing here ever posts a fax.
 *
 * The sent list of the real service may list a fax only once it completes; the settle window (30 min
 * by default) is longer than the emulator's slowest failure and the late horizon covers the rest.
 */
import { findMarker } from '../../shared/domain/desk-marker';
import type { SentFax } from '../../shared/domain/fax';
import { FAX_STATES, type FaxState } from '../../shared/domain/fax-status';
import type { FaxEvent, NewFaxEvent, OutboundJob, OutboundState } from '../../shared/domain/history';
import { NOT_SENT_CODE } from '../../shared/domain/outbox';
import { isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { Db } from '../store/database';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import { attemptEvents, reportFromDetail, reportFromRecord } from './outbound-reports';
import { moveLocally, type OutboundReport, type OutboundStates } from './outbound-states';
import type { OutboxAccounts } from './ports';
import { readStoredOptions, type StoredOptions } from './stored-compose';

export interface ReconcileConfig {
  settleMs: number;
  clockSkewMs: number;
  lateHorizonMs: number;
  /** Pages of 100 read per destination. */
  maxPages: number;
}

export interface ReconcilerDeps {
  db: Db;
  outbound: OutboundRepository;
  events: FaxEventsRepository;
  states: OutboundStates;
  accounts: OutboxAccounts;
  now: () => Date;
  logger: Logger;
  config: ReconcileConfig;
  changed: (jobIds: string[]) => void;
  /** Jobs of this account were decided (found, or "not sent"): the sync may apply what it held back. */
  decided?: (accountId: string) => void;
}

/** What one read of the sent list's window found. */
interface SentWindow {
  faxes: SentFax[];
  complete: boolean;
}

const digits = (n: string | null | undefined) => (n ?? '').replace(/\D/g, '');
const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/** Whether a listed fax is the one this job submitted. */
export function matchesJob(job: Pick<OutboundJob, 'destination' | 'toName' | 'toCompany'>, stored: StoredOptions, fax: SentFax): boolean {
  if (digits(fax.destinationNumber) !== digits(job.destination)) return false;
  const field = stored.referenceField ?? 'clientReferenceId';
  if ((fax.clientData?.[field] ?? '') !== stored.reference) return false;
  if (stored.referenceOwned) return true;
  // A job stored by an older Faxdesk, keyed by the person's own reference: it may repeat across faxes and
  // desks. A fax that carries a Faxdesk marker was sent by a desk that marks its faxes, so not by this job.
  if (findMarker(fax.clientData)) return false;
  // The recipient's name and company must agree too.
  if (fax.routing && (!same(fax.routing.toName, job.toName) || !same(fax.routing.toCompany, job.toCompany))) return false;
  return true;
}

function isNotSent(job: Pick<OutboundJob, 'state' | 'errorCode'>): boolean {
  return job.state === 'REJECTED' && job.errorCode === NOT_SENT_CODE;
}

export function notSentMessage(minutes: number): string {
  return (
    `Not sent: the connection failed while Faxdesk handed this fax to the service, and ${minutes} minute${minutes === 1 ? '' : 's'} later ` +
    "the service's list of sent faxes still has no record of it. Nothing was sent or charged. Send it again when you are ready."
  );
}

export class Reconciler {
  constructor(private readonly deps: ReconcilerDeps) {}

  /** UNKNOWN jobs, plus "not sent" ones still inside the late horizon when `includeLate`. */
  pending(includeLate: boolean): OutboundJob[] {
    const now = this.deps.now().getTime();
    const horizon = now - this.deps.config.lateHorizonMs;
    const within = (j: Pick<OutboundJob, 'submittedAt' | 'updatedAt'>) => Date.parse(j.submittedAt ?? j.updatedAt) >= horizon;
    // Chosen on their heads, then read whole (matching against the sent list uses their stored client data).
    const out = this.deps.outbound
      .listInStates(['UNKNOWN'])
      .filter(within)
      .flatMap((j) => this.deps.outbound.get(j.id) ?? []);
    if (includeLate) {
      // The list's summaries are enough to choose; the few chosen are read whole (their stored options).
      const failed = this.deps.outbound.page({ phase: 'failed', limit: 500 }).items.filter((j) => isNotSent(j) && within(j));
      out.push(...failed.flatMap((j) => this.deps.outbound.get(j.id) ?? []));
    }
    return out;
  }

  /** Checks these jobs against the sent list. Returns the ids of jobs that changed. */
  async reconcile(jobs: readonly OutboundJob[]): Promise<string[]> {
    const changed = new Set<string>();
    const byCompose = new Map<string, OutboundJob[]>();
    for (const job of jobs) {
      if (job.state !== 'UNKNOWN' && !isNotSent(job)) continue;
      const key = job.composeId ?? job.id;
      byCompose.set(key, [...(byCompose.get(key) ?? []), job]);
    }
    for (const group of byCompose.values()) {
      for (const id of await this.reconcileGroup(group)) changed.add(id);
    }
    return [...changed];
  }

  private async reconcileGroup(group: OutboundJob[]): Promise<string[]> {
    const { outbound, logger } = this.deps;
    const accountId = group[0]!.accountId;
    let client;
    try {
      client = await this.deps.accounts.clientFor(accountId);
    } catch (error) {
      logger.warn('outbox: cannot reconcile now (no client for the account)', { accountId, error: isAppError(error) ? error.message : String(error) });
      return [];
    }
    const changed: string[] = [];
    const unmatched: OutboundJob[] = [];
    // Several destinations of one compose: one read of the window first, rather than one per destination.
    let window: SentWindow | null = null;
    if (group.length > 1) {
      try {
        window = await this.readWindow(client, group);
      } catch (error) {
        logger.warn('outbox: reading the sent list for reconciliation failed', { jobId: group[0]!.id, error: isAppError(error) ? error.message : String(error) });
        return changed;
      }
    }
    for (const job of group) {
      const stored = readStoredOptions(job);
      if (!stored) continue;
      let match: SentFax | null;
      try {
        const seen = window?.faxes.filter((f) => matchesJob(job, stored, f)) ?? [];
        // The window read the whole list: what it did not find is not there. Else the destination's own read.
        match = this.firstFree(job, stored, seen) ?? (window?.complete ? null : await this.findFax(client, job, stored));
      } catch (error) {
        logger.warn('outbox: reading the sent list for reconciliation failed', { jobId: job.id, error: isAppError(error) ? error.message : String(error) });
        return changed;
      }
      if (match) {
        if (this.adopt(job, match.faxId, reportFromRecord(match, 'sent-list'), { reconciled: 'sent-list' })) {
          changed.push(job.id);
          await this.refreshDetail(client, job.id, match.faxId);
        }
      } else unmatched.push(job);
    }
    // The POST is all or nothing: one destination listed proves the others were taken too.
    const composeId = group[0]!.composeId;
    const siblingTaken = composeId !== null && outbound.listByCompose(composeId).some((j) => j.faxId !== null);
    const now = this.deps.now();
    for (const job of unmatched) {
      if (job.state !== 'UNKNOWN' || siblingTaken) continue;
      const since = Date.parse(job.submittedAt ?? job.updatedAt);
      if (now.getTime() - since < this.deps.config.settleMs) continue;
      if (this.markNotSent(job, Math.max(1, Math.round((now.getTime() - since) / 60_000)))) changed.push(job.id);
    }
    if (changed.length) {
      this.deps.changed(changed);
      this.deps.decided?.(accountId);
    }
    return changed;
  }

  private async findFax(client: Awaited<ReturnType<OutboxAccounts['clientFor']>>, job: OutboundJob, stored: StoredOptions): Promise<SentFax | null> {
    const submitted = Date.parse(job.submittedAt ?? job.createdAt);
    const completedAfter = new Date(submitted - this.deps.config.clockSkewMs).toISOString();
    const candidates: SentFax[] = [];
    let offset = 1;
    for (let page = 0; page < this.deps.config.maxPages; page++) {
      const result = await client.listSent({ destinationNumber: job.destination, completedAfter, offset, limit: 100 });
      candidates.push(...result.items.filter((f) => matchesJob(job, stored, f)));
      if (result.items.length < 100 || result.lastRecord < offset) break;
      offset = result.lastRecord + 1;
    }
    return this.firstFree(job, stored, candidates);
  }

  /**
   * The sent list since the earliest submission of the group (less the clock allowance), every
   * destination, up to `maxPages` pages: `complete` when those pages held the whole window.
   */
  private async readWindow(client: Awaited<ReturnType<OutboxAccounts['clientFor']>>, group: readonly OutboundJob[]): Promise<SentWindow> {
    const submitted = Math.min(...group.map((j) => Date.parse(j.submittedAt ?? j.createdAt)));
    const completedAfter = new Date(submitted - this.deps.config.clockSkewMs).toISOString();
    const faxes: SentFax[] = [];
    let offset = 1;
    for (let page = 0; page < this.deps.config.maxPages; page++) {
      const result = await client.listSent({ completedAfter, offset, limit: 100 });
      faxes.push(...result.items);
      if (result.items.length < 100 || result.lastRecord < offset) return { faxes, complete: true };
      offset = result.lastRecord + 1;
    }
    return { faxes, complete: false };
  }

  /**
   * The oldest of the matching faxes (lists are newest first) that no other job holds. A row the sync
   * made for a fax ("sent from elsewhere") is taken over only when the fax carries this job's own marker
   * (the sync saw this job's fax first); a fax matched by the person's reference alone that any other row
   * holds belongs to that row (another desk's fax, already shown here as such).
   */
  private firstFree(job: OutboundJob, stored: StoredOptions, candidates: readonly SentFax[]): SentFax | null {
    for (const fax of [...candidates].reverse()) {
      const holder = this.deps.outbound.getByFaxId(job.accountId, fax.faxId);
      if (holder && holder.id !== job.id && (holder.origin === 'local' || !stored.referenceOwned)) continue;
      return fax;
    }
    return null;
  }

  /**
   * Stores `faxId` on the job (state SUBMITTED, then `report` applied). A row the sync made for the
   * same fax ("sent from elsewhere") is merged into the job: its timeline moves over and the row goes.
   * False when another composed job already holds the fax_id, or the job moved meanwhile.
   */
  adopt(job: OutboundJob, faxId: string, report: OutboundReport | null, facts: Record<string, string>): boolean {
    const linked = linkFaxId(this.deps, job, faxId, [job.state], facts);
    if (!linked.ok) return false;
    // The row the sync may have made for this fax knew a state: it applies to the job now.
    if (linked.mergedState) this.deps.states.apply(job.id, { state: linked.mergedState, rawStatus: null, at: null, source: 'sent-list', result: {} });
    if (report) this.deps.states.apply(job.id, report);
    return true;
  }

  /**
   * For the sync: a listed fax that carries the marker of a compose made here, and belongs to one of its
   * jobs still being reconciled (UNKNOWN, or "not sent" within the late horizon), is adopted by that job
   * at once. Found by the marker's compose id (no scan of every open job per listed fax).
   */
  claimFromSentList(accountId: string, fax: SentFax): boolean {
    const found = findMarker(fax.clientData);
    if (!found) return false;
    const horizon = this.deps.now().getTime() - this.deps.config.lateHorizonMs;
    for (const job of this.deps.outbound.listByCompose(found.marker.composeId)) {
      if (job.accountId !== accountId || job.faxId !== null || (job.state !== 'UNKNOWN' && !isNotSent(job))) continue;
      if (Date.parse(job.submittedAt ?? job.updatedAt) < horizon) continue;
      const stored = readStoredOptions(job);
      if (!stored || !matchesJob(job, stored, fax) || this.firstFree(job, stored, [fax]) === null) continue;
      if (this.adopt(job, fax.faxId, reportFromRecord(fax, 'sent-list'), { reconciled: 'sent-list' })) {
        this.deps.changed([job.id]);
        return true;
      }
    }
    return false;
  }

  private async refreshDetail(client: Awaited<ReturnType<OutboxAccounts['clientFor']>>, jobId: string, faxId: string): Promise<void> {
    try {
      const detail = await client.getTransmissionDetail(faxId);
      this.deps.states.apply(jobId, reportFromDetail(detail), attemptEvents(jobId, detail));
    } catch (error) {
      this.deps.logger.debug('outbox: no transmission detail after reconciliation yet', { jobId, error: isAppError(error) ? error.message : String(error) });
    }
  }

  private markNotSent(job: OutboundJob, minutes: number): boolean {
    const { db, outbound, events } = this.deps;
    const now = this.deps.now();
    return db.transaction(() => {
      const patch = { state: 'REJECTED' as const, errorCode: NOT_SENT_CODE, errorReason: null, rejection: notSentMessage(minutes) };
      return moveLocally({ outbound, events }, job.id, { from: ['UNKNOWN'], patch, status: 'REJECTED', detail: { code: NOT_SENT_CODE, minutes } }, now);
    })();
  }
}

export interface LinkDeps {
  db: Db;
  outbound: OutboundRepository;
  events: FaxEventsRepository;
  now: () => Date;
  logger: Logger;
}

/**
 * Puts the service's fax_id on a composed job (state SUBMITTED) in one transaction, taking over a row
 * the sync may have made for the same fax meanwhile. Returns the state that row had (to re-apply).
 */
export function linkFaxId(
  deps: LinkDeps,
  job: OutboundJob,
  faxId: string,
  fromStates: readonly OutboundState[],
  facts: Record<string, string>,
): { ok: boolean; mergedState: FaxState | null } {
  const { db, outbound, events, logger } = deps;
  const now = deps.now();
  return db.transaction(() => {
    const current = outbound.get(job.id);
    if (!current || !fromStates.includes(current.state) || (current.faxId !== null && current.faxId !== faxId)) return { ok: false, mergedState: null };
    const holder = outbound.getByFaxId(job.accountId, faxId);
    let mergedState: FaxState | null = null;
    if (holder && holder.id !== job.id) {
      if (holder.origin === 'local') {
        logger.error('outbox: a fax_id is already held by another composed job', { jobId: job.id, holder: holder.id, faxId });
        return { ok: false, mergedState: null };
      }
      const moved: NewFaxEvent[] = events.timeline({ direction: 'OUTBOUND', outboundId: holder.id }).map((e: FaxEvent) => ({
        ref: { direction: 'OUTBOUND', outboundId: job.id },
        at: e.at,
        source: e.source,
        status: e.status,
        detail: e.detail,
      }));
      if ((FAX_STATES as readonly string[]).includes(holder.state)) mergedState = holder.state as FaxState;
      outbound.delete(holder.id);
      if (moved.length) events.recordMany(moved, now);
    }
    moveLocally({ outbound, events }, job.id, { from: fromStates, patch: { faxId, state: 'SUBMITTED', errorCode: null, errorReason: null, rejection: null }, status: 'SUBMITTED', detail: { faxId, ...facts } }, now);
    return { ok: true, mergedState };
  })();
}
