/**
 * The submission pump: hands QUEUED composes to the Submitter, at most `maxConcurrentSubmissions` at a
 * time, one POST per compose. A compose refused before processing (429, 401/403 after renewal, a
 * network failure that proves nothing left) is held: retried after the service's Retry-After, else
 * after a backoff from `holdBaseMs` to `holdMaxMs`, its reason shown on its jobs (views.ts). Holds live
 * in memory: after a restart a held compose is simply tried again.
 *
 * stop() lets a POST in flight finish for `stopGraceMs`, then aborts it (the Submitter makes it
 * UNKNOWN, and the reconciler looks for it instead of sending again).
 */
import { exponentialDelay } from '../platform/backoff';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import type { OutboxConfig } from './outbox-config';
import type { Submitter } from './submitter';
import { Ticker } from './ticker';
import type { Hold } from './views';

export interface SubmissionPumpDeps {
  submitter: Submitter;
  outbound: OutboundRepository;
  timers: Timers;
  logger: Logger;
  config: Pick<OutboxConfig, 'maxConcurrentSubmissions' | 'holdBaseMs' | 'holdMaxMs' | 'stopGraceMs'>;
  changed: (ids: string[]) => void;
  /** A submission ended with some jobs UNKNOWN: reconcile now. */
  onUnknown: () => void;
  /** The service accepted (part of) a compose: watch the account now. */
  onAccepted: (accountId: string) => void;
  onError: (error: unknown) => void;
}

export class SubmissionPump {
  private readonly holds = new Map<string, Hold & { attempts: number }>();
  private readonly inflight = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private readonly ticker: Ticker;
  private stopped = false;
  /** A turn of the event loop is already asked for (nextTurn). */
  private turnPending = false;

  constructor(private readonly deps: SubmissionPumpDeps) {
    this.ticker = new Ticker(deps.timers, () => this.run(), deps.onError);
  }

  /** Looks at the queue now. */
  trigger(): Promise<void> {
    return this.ticker.trigger();
  }

  /** The hold on this compose, while it lasts (shown on its jobs). */
  holdOf(composeId: string): Hold | null {
    const hold = this.holds.get(composeId) ?? null;
    return hold && hold.retryAt > this.deps.timers.now() ? hold : null;
  }

  /** Submits everything claimable now and waits until no submission is in flight (tests, benches). */
  async drain(): Promise<void> {
    for (let round = 0; round < 1000; round++) {
      await this.ticker.trigger();
      if (this.inflight.size === 0) return;
      await Promise.allSettled([...this.inflight.values()]);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.ticker.stop();
    const pending = [...this.inflight.values()];
    if (pending.length === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.deps.config.stopGraceMs);
      timer.unref?.();
    });
    await Promise.race([Promise.allSettled(pending), grace]);
    clearTimeout(timer);
    this.abort.abort();
    await Promise.allSettled([...this.inflight.values()]);
  }

  private run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const now = this.deps.timers.now();
    const held = [...this.holds].filter(([, hold]) => hold.retryAt > now);
    const composes = this.deps.outbound.queuedComposes([...this.inflight.keys(), ...held.map(([id]) => id)], this.deps.config.maxConcurrentSubmissions - this.inflight.size);
    // The earliest hold ends the wait (a hold whose compose was sent or canceled meanwhile only wakes the pump once for nothing).
    const nextHold = held.length ? Math.min(...held.map(([, hold]) => hold.retryAt)) : null;
    for (const composeId of composes) {
      const run = this.submitOne(composeId).finally(() => {
        this.inflight.delete(composeId);
        // The next one after the event loop has had a turn: a submission held at once (no credentials in
        // the keychain, offline) ends without any I/O, and back to back a long queue of them would hold
        // the window's calls (200 held composes at start: a second before the first answer). One turn
        // for all that ended together: a turn each made each of them start a round of its own in the
        // same turn (16 held submissions back to back, 50-60 ms).
        this.nextTurn();
      });
      this.inflight.set(composeId, run);
    }
    if (nextHold !== null) this.ticker.schedule(Math.max(0, nextHold - now));
    return Promise.resolve();
  }

  private nextTurn(): void {
    if (this.stopped || this.turnPending) return;
    this.turnPending = true;
    setImmediate(() => {
      this.turnPending = false;
      void this.ticker.trigger();
    });
  }

  private async submitOne(composeId: string): Promise<void> {
    let outcome;
    try {
      outcome = await this.deps.submitter.submit(composeId, this.abort.signal);
    } catch (error) {
      this.deps.logger.error('outbox: submission failed unexpectedly', { composeId, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (outcome.kind === 'hold') {
      const attempts = (this.holds.get(composeId)?.attempts ?? 0) + 1;
      const wait = outcome.retryAfterMs ?? exponentialDelay(attempts, this.deps.config.holdBaseMs, this.deps.config.holdMaxMs);
      this.holds.set(composeId, { reason: outcome.reason, retryAt: this.deps.timers.now() + wait, attempts });
      this.deps.logger.info('outbox: submission held', { composeId, waitMs: wait });
      this.deps.changed(this.deps.outbound.listByCompose(composeId).map((j) => j.id));
      return;
    }
    this.holds.delete(composeId);
    if (outcome.kind !== 'done') return;
    const jobs = this.deps.outbound.listByCompose(composeId);
    if (jobs.some((j) => j.state === 'UNKNOWN')) this.deps.onUnknown();
    if (jobs.some((j) => j.faxId !== null)) this.deps.onAccepted(jobs[0]!.accountId);
  }
}
