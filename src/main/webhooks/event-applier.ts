/**
 * Applies verified notifications, one at a time, after their delivery was answered:
 * - OUTBOUND: a report with source "webhook" through the outbox's one recorder (a final state never
 *   goes back; the same report writes nothing; the final-state notification fires once whoever saw it
 *   first), plus one WEBHOOK_RECEIVED timeline entry. When this made the job final, the sync engine
 *   reads the fax's transmission detail once, so the timeline has its attempts as if polling had
 *   finished it. A fax whose POST response is not recorded yet stays held (its receipt says so) and is
 *   applied when its job learns the fax_id (`retryHeld`), or at the next start;
 * - INBOUND: the received fax is recorded from the announcement and its download starts now (the inbox
 *   raises the one notification when the image is stored), and the received list is read at once to
 *   confirm;
 * - PING: nothing to apply (the health monitor times it).
 */
import type { FaxRef } from '../../shared/domain/history';
import { isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { WebhookRepository } from '../store/repositories/webhook-repository';
import type { HistoryStores, OutboundStateRecorder } from '../sync/ports';
import type { InboundEvent, OutboundEvent, WebhookEvent } from './payload';
import type { ReceiverInbox, ReceiverSync } from './ports';

export interface EventApplierDeps {
  repository: Pick<WebhookRepository, 'applied' | 'held'>;
  stores: Pick<HistoryStores, 'db' | 'outbound' | 'received' | 'events'>;
  states: OutboundStateRecorder;
  inbox: ReceiverInbox;
  sync: Pick<ReceiverSync, 'runNow' | 'readDetail'>;
  logger: Logger;
  now: () => Date;
}

export class EventApplier {
  private work: Promise<void> = Promise.resolve();
  /** Detail reads asked for and not finished (drain waits for them too). */
  private readonly followUps = new Set<Promise<void>>();

  constructor(private readonly deps: EventApplierDeps) {}

  /** Queues a notification that was recorded (held) for the account. */
  enqueue(accountId: string, event: WebhookEvent): void {
    if (event.kind === 'OUTBOUND') this.queue(() => this.applyOutbound(accountId, event));
    else if (event.kind === 'INBOUND') this.queue(() => this.applyInbound(accountId, event));
  }

  /** Held outbound notifications of the account whose fax is known now. */
  retryHeld(accountId: string): void {
    let held;
    try {
      held = this.deps.repository.held(accountId);
    } catch {
      return;
    }
    for (const receipt of held) {
      if (receipt.kind !== 'OUTBOUND' || !receipt.faxId) continue;
      if (!this.deps.stores.outbound.getByFaxId(accountId, receipt.faxId)) continue;
      const event = { kind: 'OUTBOUND', notificationId: receipt.notificationId, ...receipt.facts } as OutboundEvent;
      this.queue(() => this.applyOutbound(accountId, event));
    }
  }

  /** Waits for the notifications being applied and the detail reads they asked for (tests, benchmarks, stop). */
  async drain(): Promise<void> {
    for (;;) {
      const current = this.work;
      await current.catch(() => undefined);
      await Promise.allSettled([...this.followUps]);
      if (current === this.work && this.followUps.size === 0) return;
    }
  }

  private queue(task: () => void): void {
    this.work = this.work.then(async () => {
      // After the delivery's answer has gone out.
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        task();
      } catch (error) {
        this.deps.logger.error('a webhook notification could not be applied', { error: isAppError(error) ? `${error.code}: ${error.message}` : String((error as Error)?.stack ?? error) });
      }
    });
  }

  /** Applies an outbound notification if its fax is known here (it stays held otherwise). */
  private applyOutbound(accountId: string, event: OutboundEvent): void {
    const { stores, repository } = this.deps;
    const now = this.deps.now();
    const job = stores.outbound.getByFaxId(accountId, event.faxId);
    if (!job) {
      this.deps.logger.info('webhook for a fax not known yet: held until its send is recorded', { accountId, faxId: event.faxId });
      return;
    }
    const at = event.completedAt ?? now.toISOString();
    const ref: FaxRef = { direction: 'OUTBOUND', outboundId: job.id };
    const result = this.deps.states.apply(
      job.id,
      {
        state: event.state,
        rawStatus: event.rawStatus,
        at,
        source: 'webhook',
        result: {
          completedAt: event.completedAt,
          durationSeconds: event.durationSeconds,
          pages: event.pages,
          billableRetries: event.billableRetries,
          ...(event.state !== 'COMPLETED' ? { errorCode: event.errorCode, errorReason: event.errorReason } : {}),
        },
        detail: { notificationId: event.notificationId, ...(event.errorCode && event.state !== 'COMPLETED' ? { errorCode: event.errorCode } : {}) },
      },
      [{ ref, at, source: 'webhook', status: 'WEBHOOK_RECEIVED', detail: { status: event.rawStatus } }],
    );
    repository.applied(accountId, event.notificationId, now);
    // Polling would have read the attempts when it saw the job finish; the webhook made it final instead.
    if (result?.change?.becameFinal) this.followUp(this.deps.sync.readDetail(accountId, job.id));
  }

  private applyInbound(accountId: string, event: InboundEvent): void {
    const { stores, repository } = this.deps;
    const now = this.deps.now();
    const completedAt = event.completedAt ?? now.toISOString();
    const created: string[] = [];
    const changed: string[] = [];
    stores.db.transaction(() => {
      const upsert = stores.received.upsertFromService(
        accountId,
        { faxId: event.faxId, completedAt, pages: event.pages, faxStatus: event.faxStatus, originatingNumber: event.from, destinationNumber: event.destination, originatingTsid: event.tsid },
        now,
      );
      const ref: FaxRef = { direction: 'INBOUND', receivedId: upsert.id };
      if (upsert.created) {
        created.push(upsert.id);
        stores.events.record({ ref, at: completedAt, source: 'webhook', status: 'RECEIVED', detail: { ...(event.pages !== null ? { pages: event.pages } : {}), ...(event.from ? { from: event.from } : {}) } }, now);
      } else if (upsert.changed) changed.push(upsert.id);
      stores.events.record({ ref, at: completedAt, source: 'webhook', status: 'WEBHOOK_RECEIVED', detail: {} }, now);
      repository.applied(accountId, event.notificationId, now);
    })();
    // The download starts now; the inbox notifies once when the image is stored, whichever path found it.
    if (created.length || changed.length) this.deps.inbox.receivedChanged(accountId, created, changed);
    this.deps.sync.runNow(accountId, ['received']);
  }

  private followUp(read: Promise<void>): void {
    const tracked = read
      .catch((error: unknown) => this.deps.logger.warn('the transmission detail of a fax finished by webhook could not be read', { error: isAppError(error) ? error.code : String(error) }))
      .finally(() => this.followUps.delete(tracked));
    this.followUps.add(tracked);
  }
}
