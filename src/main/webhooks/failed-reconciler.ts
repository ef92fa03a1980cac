/**
 * Deliveries the service gave up on (spec, delivery rules 7 and 8): FAILED entries of the mirrored
 * notification log for a direction that comes to this receiver, once their 20-minute retry window is
 * over, that this receiver never got, are reconciled once each (a RECONCILED receipt, and the lists are
 * read again); never earlier, since reading within the window can give duplicates (rule 8).
 */
import type { FaxDirection } from '../../shared/domain/fax';
import type { SyncFeed } from '../../shared/domain/history';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import type { WebhookRepository } from '../store/repositories/webhook-repository';
import type { HistoryStores } from '../sync/ports';
import { RETRY_WINDOW_MS } from './health';
import type { ReceiverSync } from './ports';
import { safely } from './safely';

/** How often the log is looked at while the receiver is on. */
export const RECONCILE_EVERY_MS = 5 * 60_000;
/** FAILED entries first seen longer ago than this were settled by polling long since. */
const LOOK_BACK_MS = 2 * 24 * 3600_000;

export interface FailedReconcilerDeps {
  /** The accounts whose notifications come here, with the directions that do. */
  served: () => readonly { accountId: string; directions: readonly FaxDirection[] }[];
  notifications: HistoryStores['notifications'];
  receipts: Pick<WebhookRepository, 'receiptsForFax' | 'addReceipt'>;
  sync: Pick<ReceiverSync, 'runNow'>;
  timers: Timers;
  logger: Logger;
  now: () => Date;
}

export class FailedReconciler {
  private timer: unknown = null;

  constructor(private readonly deps: FailedReconcilerDeps) {}

  /** Looks every RECONCILE_EVERY_MS from now on (again from now when called again). */
  start(): void {
    this.stop();
    this.timer = this.deps.timers.setTimeout(() => {
      safely(this.deps.logger, 'reconcile failed webhook deliveries', () => this.reconcile());
      this.start();
    }, RECONCILE_EVERY_MS);
  }

  stop(): void {
    this.deps.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  /** Reconciles what is due at `now`; returns how many deliveries were. */
  reconcile(now: Date = this.deps.now()): number {
    let count = 0;
    for (const { accountId, directions } of this.deps.served()) {
      const page = this.deps.notifications.page({ accountId, sentStatus: 'FAILED', limit: 200 });
      const feeds = new Set<SyncFeed>();
      for (const record of page.items) {
        if (!record.faxId || Date.parse(record.completedAt) > now.getTime() - RETRY_WINDOW_MS) continue;
        if (Date.parse(record.firstSeenAt) < now.getTime() - LOOK_BACK_MS) continue;
        if (record.direction && !directions.includes(record.direction)) continue;
        if (this.deps.receipts.receiptsForFax(accountId, record.faxId).some((r) => r.kind !== 'RECONCILED' && r.kind !== 'PING')) continue;
        const added = this.deps.receipts.addReceipt({
          accountId,
          notificationId: `reconciled:${record.notifyId}`,
          kind: 'RECONCILED',
          faxId: record.faxId,
          facts: { notifyId: record.notifyId, direction: record.direction },
          state: 'applied',
          receivedAt: now.toISOString(),
          appliedAt: now.toISOString(),
        });
        if (!added) continue;
        count++;
        if (record.direction === 'INBOUND') feeds.add('received');
        else feeds.add('sent').add('active');
      }
      if (feeds.size > 0) {
        this.deps.logger.info('reconciling webhook notifications the service could not deliver', { accountId, feeds: [...feeds] });
        this.deps.sync.runNow(accountId, [...feeds]);
      }
    }
    return count;
  }
}
