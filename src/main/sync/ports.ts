/**
 * What the sync and inbox need from the rest of main, as small interfaces: the API calls they make,
 * the accounts they poll, the repositories they write, and the settings they honour. The real
 * AccountService, FaxServiceClient and SettingsService fit as they are; tests pass fakes.
 */
import type { FaxServiceClient } from '../api/fax-service-client';
import type { NewFaxEvent } from '../../shared/domain/history';
import type { ApplyResult, OutboundReport } from '../outbox/outbound-states';
import type { Settings, SettingsSnapshot } from '../../shared/domain/settings';
import type { AccountStatus } from '../../shared/ipc/contract/accounts';
import type { Db } from '../store/database';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { NotificationsRepository } from '../store/repositories/notifications-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import type { ReceivedRepository } from '../store/repositories/received-repository';
import type { SyncCursorsRepository } from '../store/repositories/sync-cursors-repository';

/** The endpoints sync and inbox call. */
export type SyncClient = Pick<
  FaxServiceClient,
  'listReceived' | 'listSent' | 'listNotifications' | 'getTransmissionDetail' | 'getImage' | 'getMetadata' | 'setImageDownloaded' | 'deleteFax' | 'ping'
>;

export interface SyncAccount {
  id: string;
  label: string;
  enabled: boolean;
  status: Pick<AccountStatus, 'state'>;
}

/** AccountService fits: the accounts to poll, a ready client for each, and a change signal. */
export interface SyncAccounts {
  list(): SyncAccount[];
  clientFor(accountId: string): Promise<SyncClient>;
  onChange(listener: () => void): () => void;
}

/** SettingsService fits. */
export interface SyncSettings {
  readonly values: Settings;
  onChange(listener: (snapshot: SettingsSnapshot) => void): () => void;
}

/** The history tables sync and inbox write, in one bundle. */
export interface HistoryStores {
  db: Db;
  received: ReceivedRepository;
  outbound: OutboundRepository;
  events: FaxEventsRepository;
  notifications: NotificationsRepository;
  cursors: SyncCursorsRepository;
}

/**
 * The one writer of service-reported outbound state (the outbox's OutboundStates fits): merges by the
 * shared state machine (a final state never goes back), writes only what differs, appends the
 * timeline, announces `outbox:changed`, and notifies a final state once.
 */
export interface OutboundStateRecorder {
  apply(jobId: string, report: OutboundReport, extraEvents?: readonly NewFaxEvent[]): ApplyResult | null;
}

/** An account may be polled when it is active and its service is reachable in principle. */
export function isSyncable(account: SyncAccount): boolean {
  return account.enabled && account.status.state === 'ready';
}
