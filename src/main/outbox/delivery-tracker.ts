/**
 * Watches accepted faxes through their transmission detail: the jobs whose cancel was asked for
 * (CANCEL_REQUESTED, until the service's final word), and every accepted job when no sync engine runs
 * (`trackActive`). What it reads is recorded through OutboundStates, like every other service report.
 */
import type { TransmissionAttempt } from '../../shared/domain/fax';
import type { OutboundJob, OutboundState } from '../../shared/domain/history';
import { isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import { attemptEvents, reportFromDetail } from './outbound-reports';
import type { OutboundStates } from './outbound-states';
import type { OutboxAccounts } from './ports';
import { Ticker } from './ticker';

const NOT_ACCEPTED = 'The service has not accepted this fax yet, so there are no delivery attempts.';

export interface DeliveryTrackerDeps {
  outbound: OutboundRepository;
  states: OutboundStates;
  accounts: OutboxAccounts;
  timers: Timers;
  logger: Logger;
  intervalMs: number;
  /** Watch every accepted job, not only cancel requests. */
  trackActive: boolean;
  onError: (error: unknown) => void;
}

export class DeliveryTracker {
  static readonly notAccepted = NOT_ACCEPTED;
  private readonly ticker: Ticker;
  private stopped = false;

  constructor(private readonly deps: DeliveryTrackerDeps) {
    this.ticker = new Ticker(deps.timers, () => this.run(), deps.onError);
  }

  /** Polls the watched jobs now. */
  trigger(): Promise<void> {
    return this.ticker.trigger();
  }

  /** Polls the watched jobs in `ms`. */
  schedule(ms: number): void {
    this.ticker.schedule(ms);
  }

  stop(): void {
    this.stopped = true;
    this.ticker.stop();
  }

  idle(): Promise<void> {
    return this.ticker.idle();
  }

  /** Reads the transmission detail of one job and records it. Returns the attempts, or why there are none. */
  async refresh(job: Pick<OutboundJob, 'id' | 'accountId' | 'faxId'>, timeoutMs?: number): Promise<{ attempts: TransmissionAttempt[] | null; note: string | null }> {
    if (!job.faxId) return { attempts: null, note: NOT_ACCEPTED };
    try {
      const client = await this.deps.accounts.clientFor(job.accountId);
      const detail = await client.getTransmissionDetail(job.faxId, timeoutMs ? { timeoutMs } : {});
      this.deps.states.apply(job.id, reportFromDetail(detail), attemptEvents(job.id, detail));
      return { attempts: detail.attempts, note: null };
    } catch (error) {
      const note = isAppError(error) ? error.message : `Faxdesk could not read the delivery attempts (${String(error)}).`;
      this.deps.logger.debug('outbox: transmission detail not available', { jobId: job.id, error: note });
      return { attempts: null, note };
    }
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    const watched: OutboundState[] = this.deps.trackActive ? ['CANCEL_REQUESTED', 'SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY'] : ['CANCEL_REQUESTED'];
    const jobs = this.deps.outbound.listInStates(watched).filter((j) => j.faxId !== null);
    for (const job of jobs) await this.refresh(job);
    const remaining = this.deps.outbound.listInStates(watched).some((j) => j.faxId !== null);
    if (remaining) this.ticker.schedule(this.deps.intervalMs);
  }
}
