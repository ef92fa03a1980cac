/**
 * Cancel. A fax that has not reached the service (QUEUED, SCHEDULED) is cancelled here, locally. One
 * the service accepted is asked to stop: 202 only means "asked", so the job shows CANCEL_REQUESTED and
 * the DeliveryTracker polls it until the service's final word, whatever it is; 409 means it had already
 * finished, and what it finished as is read and kept. The timeline keeps both, so a cancel that came
 * too late reads truthfully (OutboxDetail.cancelTooLate). A fax whose fate is unknown (SUBMITTING,
 * UNKNOWN) cannot be cancelled until it is found.
 */
import { outboxStatusOf, OUTBOX_STATUS_LABELS, type CancelOutcome, type OutboxItem } from '../../shared/domain/outbox';
import type { OutboundJob } from '../../shared/domain/history';
import { AppError, isAppError } from '../errors';
import type { Db } from '../store/database';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import type { DeliveryTracker } from './delivery-tracker';
import { moveLocally, noteLocally } from './outbound-states';
import type { OutboxAccounts } from './ports';

export interface CancellationDeps {
  db: Db;
  outbound: OutboundRepository;
  events: FaxEventsRepository;
  accounts: OutboxAccounts;
  tracker: DeliveryTracker;
  now: () => Date;
  changed: (ids: string[]) => void;
  /** The job by id (NOT_FOUND, in words, when it is gone). */
  job: (jobId: string) => OutboundJob;
  item: (job: OutboundJob) => OutboxItem;
  /** The service has the cancel request: watch the account now. */
  asked: (accountId: string) => void;
  trackIntervalMs: number;
}

export class Cancellation {
  constructor(private readonly deps: CancellationDeps) {}

  async cancel(jobId: string): Promise<CancelOutcome> {
    const { db, outbound, events, item } = this.deps;
    const job = this.deps.job(jobId);
    const now = this.deps.now();
    switch (job.state) {
      case 'QUEUED':
      case 'SCHEDULED': {
        const step = { from: ['QUEUED', 'SCHEDULED'] as const, patch: { state: 'CANCELED' as const }, status: 'CANCELED', detail: { local: true } };
        const ok = db.transaction(() => moveLocally({ outbound, events }, job.id, step, now))();
        if (!ok) return this.cancel(jobId); // claimed meanwhile: cancel it where it is now
        this.deps.changed([job.id]);
        return { outcome: 'canceled-locally', message: 'Cancelled before it was sent: nothing reached the fax service.', job: item(outbound.get(job.id)!) };
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
        return { outcome: 'cancel-requested', message: 'Cancel was already requested; waiting for the service to confirm.', job: item(job) };
      case 'REJECTED':
      case 'COMPLETED':
      case 'ERROR':
      case 'CANCELED':
        return { outcome: 'already-completed', message: `Already completed (${OUTBOX_STATUS_LABELS[outboxStatusOf(job)].toLowerCase()}): there is nothing left to cancel.`, job: item(job) };
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
      await this.deps.tracker.refresh(outbound.get(job.id)!);
      noteLocally({ events }, job.id, 'CANCEL_TOO_LATE', { httpStatus: 409 }, this.deps.now());
      this.deps.changed([job.id]);
      return { outcome: 'already-completed', message: 'Already completed: the fax had finished before the cancel reached the service.', job: item(outbound.get(job.id)!) };
    }
    const at = this.deps.now();
    const step = { from: ['SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY'] as const, patch: { state: 'CANCEL_REQUESTED' as const }, status: 'CANCEL_REQUESTED', detail: { httpStatus: 202 } };
    const requested = db.transaction(() => moveLocally({ outbound, events }, job.id, step, at))();
    this.deps.changed([job.id]);
    this.deps.asked(job.accountId);
    this.deps.tracker.schedule(Math.min(2_000, this.deps.trackIntervalMs));
    const after = item(outbound.get(job.id)!);
    if (!requested) {
      return { outcome: 'already-completed', message: 'Already completed: the service reported the final result while the cancel was on its way.', job: after };
    }
    return {
      outcome: 'cancel-requested',
      message: 'Cancel requested. The service confirms it shortly; a fax that finishes first is still delivered, and the Outbox will say so.',
      job: after,
    };
  }
}
