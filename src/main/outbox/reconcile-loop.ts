/**
 * When the Reconciler looks: every `reconcileIntervalMs` while a job is UNKNOWN, every
 * `lateReconcileIntervalMs` while a "not sent" job may still be found late (within `lateHorizonMs`),
 * and now when asked (a submission ended UNKNOWN, outbox:reconcile). It never posts.
 */
import { NOT_SENT_CODE } from '../../shared/domain/outbox';
import type { OutboundJob } from '../../shared/domain/history';
import { AppError } from '../errors';
import type { Timers } from '../platform/timers';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import type { OutboxConfig } from './outbox-config';
import type { Reconciler } from './reconciler';
import { Ticker } from './ticker';

export interface ReconcileLoopDeps {
  reconciler: Reconciler;
  outbound: OutboundRepository;
  timers: Timers;
  config: Pick<OutboxConfig, 'reconcileIntervalMs' | 'lateReconcileIntervalMs'>;
  onError: (error: unknown) => void;
}

export class ReconcileLoop {
  private readonly ticker: Ticker;
  private lastLateCheck = 0;
  private stopped = false;

  constructor(private readonly deps: ReconcileLoopDeps) {
    this.ticker = new Ticker(deps.timers, () => this.run(), deps.onError);
  }

  trigger(): Promise<void> {
    return this.ticker.trigger();
  }

  /** Looks as soon as possible (a submission just ended UNKNOWN). */
  soon(): void {
    this.ticker.schedule(0);
  }

  /** Runs one pass now, late finds included (tests, and after outbox:reconcile). */
  async now(): Promise<void> {
    this.lastLateCheck = 0;
    await this.ticker.trigger();
  }

  /** outbox:reconcile: looks for this job's compose in the sent list now; returns the compose's rows. */
  async job(job: OutboundJob): Promise<OutboundJob[]> {
    const group = job.composeId ? this.deps.outbound.listByCompose(job.composeId) : [job];
    const pending = group.filter((j) => j.state === 'UNKNOWN' || (j.state === 'REJECTED' && j.errorCode === NOT_SENT_CODE));
    if (pending.length === 0) {
      throw new AppError('CONFLICT', 'Faxdesk already knows what happened to this fax; there is nothing to check.', { field: 'jobId' });
    }
    await this.deps.reconciler.reconcile(pending);
    return group.map((j) => this.deps.outbound.get(j.id)!);
  }

  stop(): void {
    this.stopped = true;
    this.ticker.stop();
  }

  idle(): Promise<void> {
    return this.ticker.idle();
  }

  private async run(): Promise<void> {
    if (this.stopped) return;
    const { reconciler, config } = this.deps;
    const now = this.deps.timers.now();
    const late = now - this.lastLateCheck >= config.lateReconcileIntervalMs;
    if (late) this.lastLateCheck = now;
    const pending = reconciler.pending(late);
    if (pending.length) await reconciler.reconcile(pending);
    if (reconciler.pending(false).length > 0) this.ticker.schedule(config.reconcileIntervalMs);
    else if (reconciler.pending(true).length > 0) this.ticker.schedule(config.lateReconcileIntervalMs);
  }
}
