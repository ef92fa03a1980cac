/**
 * What instant updates need from the rest of main, as small interfaces: the real AccountService,
 * SandboxHost, WebhookService, SyncService and InboxService fit as they are; tests pass fakes.
 */
import type { FaxDirection } from '../../shared/domain/fax';
import type { SyncFeed } from '../../shared/domain/history';
import type { InstantUpdatesStatus } from '../../shared/domain/sync';
import type { AccountView } from '../../shared/ipc/contract/accounts';
import type { WebhookSettingsView } from '../../shared/ipc/contract/webhooks';
import type { SyncClient } from '../sync/ports';

/** AccountService fits. */
export interface ReceiverAccounts {
  list(): AccountView[];
  clientFor(accountId: string): Promise<Pick<SyncClient, 'ping'>>;
  readSecret(accountId: string, kind: 'hmacSecret'): Promise<string | null>;
  onChange(listener: () => void): () => void;
}

/** The Sandbox as instant updates need it (SandboxHost fits). */
export interface ReceiverSandbox {
  hmacSecret: string | null;
  credentials(): { baseUrl: string } | null;
  routeWebhooks(origin: string, route: { port: number; ca?: string } | null): boolean;
}

/** Accounts' webhook configurations at the service (this area's WebhookService fits). */
export interface AccountWebhooks {
  get(accountId: string): Promise<Pick<WebhookSettingsView, 'inbound' | 'outbound'>>;
  set(input: { accountId: string; direction: FaxDirection; url: string; hmacSecret?: string; replace?: true }): Promise<unknown>;
  remove(accountId: string, direction: FaxDirection): Promise<unknown>;
  /** An account's webhook addresses were changed from this computer. */
  onChange(listener: (accountId: string) => void): () => void;
}

/** SyncService fits. */
export interface ReceiverSync {
  runNow(accountId?: string, feeds?: readonly SyncFeed[]): void;
  /** One read of an outbound job's transmission detail (its attempts), now or when sync resumes. */
  readDetail(accountId: string, jobId: string): Promise<void>;
  setInstantUpdates(accountId: string, floor: { feeds: readonly SyncFeed[]; floorMs: number }, status: InstantUpdatesStatus | null): void;
}

/** InboxService fits. */
export interface ReceiverInbox {
  receivedChanged(accountId: string, created: readonly string[], changed: readonly string[]): void;
}
