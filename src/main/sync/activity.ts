/**
 * The Activity page: the service's webhook delivery log as mirrored by the notifications feed, with
 * filters, and the Ping button (a test webhook, then the log is read again so its delivery shows up).
 */
import type { FaxDirection } from '../../shared/domain/fax';
import type { LoggedNotification, PageCursor } from '../../shared/domain/history';
import type { ActivityListInput, ActivityPage, ActivityPingResult } from '../../shared/ipc/contract/sync';
import { decodeCursor, encodeCursor } from '../ipc/list-cursor';
import type { HistoryStores, SyncAccounts } from './ports';

/** Pages read at most per call when the direction filter thins them out. */
const MAX_ROUNDS = 10;

export class ActivityService {
  constructor(
    private readonly deps: {
      stores: Pick<HistoryStores, 'notifications'>;
      accounts: Pick<SyncAccounts, 'clientFor'>;
      runNotificationsNow: (accountId: string) => void;
    },
  ) {}

  list(input: ActivityListInput): ActivityPage {
    let after: PageCursor | null = input.cursor === undefined ? null : decodeCursor(input.cursor, 'keyset').at;
    const items: LoggedNotification[] = [];
    for (let round = 0; round < MAX_ROUNDS && items.length < input.limit; round++) {
      const page = this.deps.stores.notifications.page({
        after,
        limit: input.limit - items.length,
        ...(input.accountId ? { accountId: input.accountId } : {}),
        ...(input.sentStatus ? { sentStatus: input.sentStatus } : {}),
      });
      items.push(...(input.direction ? page.items.filter((n) => n.direction === input.direction) : page.items));
      after = page.next;
      if (after === null || !input.direction) break;
    }
    return { items, next: after === null ? null : encodeCursor({ kind: 'keyset', at: after }) };
  }

  async ping(accountId: string, direction: FaxDirection): Promise<ActivityPingResult> {
    const client = await this.deps.accounts.clientFor(accountId);
    const ping = await client.ping(direction);
    this.deps.runNotificationsNow(accountId);
    const word = direction.toLowerCase();
    return {
      ping,
      message:
        ping.length > 0
          ? `The service is sending a test ${word} notification to your webhook address; its delivery appears in this list once the service logs it.`
          : `The service accepted the test ${word} notification but reported no delivery. Check the ${word} webhook address in Settings > Accounts.`,
    };
  }
}
