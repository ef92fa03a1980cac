/**
 * Composes the background work for createCore: sync (sync/), the image downloader and the inbox
 * (inbox/), the history import and the activity log, with the history repositories and their slice
 * of the handler table. What other services use is `sync` (runNow / noteJobActive / syncNow /
 * isPaused / setPaused / status) and `inbox`.
 *
 * Built in dependency order, with no service reaching for one built after it: the pause state first
 * (the sync sets it, the import reads it), then the downloader, the inbox, the import and the sync.
 * What a service tells one built before it (an image stored, a folder made again, a status gone
 * stale) travels on main's internal events. This folder is the only one that imports both sync/ and
 * inbox/ (inbox/ uses sync/'s ports; sync/ does not import inbox/).
 */
import type { SentFax } from '../../shared/domain/fax';
import { internalEventsShownOn, type EventBus } from '../ipc/events';
import type { InternalEvents } from '../platform/internal-events';
import type { Logger } from '../platform/logger';
import type { Badge, Notifier, Printer, SystemSignals } from '../platform/ports';
import { realTimers, type Timers } from '../platform/timers';
import type { Db } from '../store/database';
import { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import { NotificationsRepository } from '../store/repositories/notifications-repository';
import { OutboundRepository } from '../store/repositories/outbound-repository';
import { ReceivedRepository } from '../store/repositories/received-repository';
import { SyncCursorsRepository } from '../store/repositories/sync-cursors-repository';
import { createInboxHandlers, type InboxHandlers } from '../inbox/handlers';
import { ImageDownloader, type ImageDownloaderOptions } from '../inbox/image-downloader';
import { FaxImageFiles, type FaxFileSystem } from '../store/fax-image-files';
import { InboxService } from '../inbox/inbox-service';
import { SenderNames } from '../inbox/sender-names';
import { ContactsRepository } from '../store/repositories/contacts-repository';
import { PrintClaims } from '../inbox/print-claim';
import type { SyncIntervals } from '../sync/account-sync';
import { ActivityService } from '../sync/activity';
import { createSyncHandlers, type SyncHandlers } from '../sync/handlers';
import { SyncPauses } from '../sync/pauses';
import type { HistoryStores, OutboundStateRecorder, SyncAccounts, SyncSettings } from '../sync/ports';
import { SyncService } from '../sync/sync-service';
import { HistoryImportService } from '../sync/history-import';

export { SyncService } from '../sync/sync-service';
export type { HistoryStores, OutboundStateRecorder, SyncAccounts, SyncClient, SyncSettings } from '../sync/ports';

export interface SyncModuleDeps {
  db: Db;
  dataDir: string;
  /** The outbox's OutboundStates: the one writer of service-reported outbound state. */
  states: OutboundStateRecorder;
  accounts: SyncAccounts;
  settings: SyncSettings;
  events: EventBus;
  /** Main's internal events (createCore's); alone (tests) the module makes its own, shown on `events`. */
  changes?: InternalEvents;
  logger: Logger;
  now: () => Date;
  system: SystemSignals;
  notifier: Notifier;
  printer: Printer;
  badge: Badge;
  timers?: Timers;
  intervals?: Partial<SyncIntervals>;
  sweepEveryMs?: number;
  downloads?: ImageDownloaderOptions;
  random?: () => number;
  /** Several desks on one account: the wait before a printing desk looks again at a fax another desk fetched (print-claim.ts). */
  printClaim?: { recheckMs?: number; windowMs?: number };
  /** The outbox's claimFromSentList (several desks on one account: sent-routing.ts). */
  claim?: (accountId: string, fax: SentFax) => boolean;
  /** How many desks share an account (desks/office.ts): their polls stretch to the account's request budget. */
  officeDesks?: (accountId: string) => number;
  /** Tests: a file system that fails on purpose. */
  fs?: FaxFileSystem;
  /** Harnesses: the import's request rate (requests per second per account). */
  importRate?: number;
}

export interface SyncModule {
  sync: SyncService;
  inbox: InboxService;
  downloader: ImageDownloader;
  activity: ActivityService;
  /** The import of older faxes after an account's first sync. */
  imports: HistoryImportService;
  stores: HistoryStores;
  handlers: SyncHandlers & InboxHandlers;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createHistoryStores(db: Db): HistoryStores {
  return {
    db,
    received: new ReceivedRepository(db),
    outbound: new OutboundRepository(db),
    events: new FaxEventsRepository(db),
    notifications: new NotificationsRepository(db),
    cursors: new SyncCursorsRepository(db),
  };
}

export function createSyncModule(deps: SyncModuleDeps): SyncModule {
  const timers = deps.timers ?? realTimers;
  const stores = createHistoryStores(deps.db);
  const changes = deps.changes ?? internalEventsShownOn(deps.events);
  const pauses = new SyncPauses();
  const files = new FaxImageFiles(deps.dataDir, {
    ...(deps.fs ? { fs: deps.fs } : {}),
    onFolderRecreated: (folder) => changes.emit('inbox:folder-recreated', { folder }),
  });
  const claims = new PrintClaims({
    accounts: deps.accounts,
    printsHere: () => deps.settings.values.autoPrintInbound,
    now: deps.now,
    timers,
    logger: deps.logger,
    ...(deps.printClaim?.recheckMs !== undefined ? { recheckMs: deps.printClaim.recheckMs } : {}),
    ...(deps.printClaim?.windowMs !== undefined ? { windowMs: deps.printClaim.windowMs } : {}),
  });
  const downloader = new ImageDownloader({
    ...deps.downloads,
    claims,
    stores,
    files,
    accounts: deps.accounts,
    timers,
    now: deps.now,
    logger: deps.logger,
    onStored: (fax) => changes.emit('images:stored', fax),
    onFailed: (fax, error, willRetry) => changes.emit('images:failed', { fax, error, willRetry }),
    onProblem: (error) => changes.emit('images:problem', { error }),
    onGone: (fax) => changes.emit('images:gone', fax),
  });
  const inbox = new InboxService({
    stores,
    files,
    downloader: () => downloader,
    accounts: deps.accounts,
    settings: deps.settings,
    notifier: deps.notifier,
    printer: deps.printer,
    badge: deps.badge,
    events: deps.events,
    changes,
    logger: deps.logger,
    now: deps.now,
    onStatusChange: () => changes.emit('sync:status-stale', {}),
    senders: new SenderNames(new ContactsRepository(deps.db)),
    claims,
  });
  changes.on('images:stored', (fax) => inbox.handleStored(fax));
  changes.on('images:failed', ({ fax, error, willRetry }) => inbox.handleFailed(fax, error, willRetry));
  changes.on('images:problem', ({ error }) => inbox.handleProblem(error));
  changes.on('images:gone', (fax) => inbox.handleGone(fax));
  changes.on('inbox:folder-recreated', ({ folder }) => inbox.handleFolderRecreated(folder));
  // What the history import and the sync loop both work with: the same stores, clock and accounts.
  const historyDeps = {
    stores,
    states: deps.states,
    accounts: deps.accounts,
    settings: deps.settings,
    events: deps.events,
    logger: deps.logger,
    now: deps.now,
    timers,
  };
  const imports = new HistoryImportService({
    ...historyDeps,
    syncHeld: () => pauses.held,
    onReceived: (accountId, ids) => inbox.receivedChanged(accountId, ids, []),
    onSent: (accountId, ids) => changes.emit('outbound:changed', { accountId, ids: [...ids] }),
    ...(deps.importRate !== undefined ? { maxRequestsPerSecond: deps.importRate } : {}),
  });
  const sync = new SyncService({
    ...historyDeps,
    imports,
    changes,
    pauses,
    system: deps.system,
    inbox,
    ...(deps.intervals ? { intervals: deps.intervals } : {}),
    ...(deps.sweepEveryMs !== undefined ? { sweepEveryMs: deps.sweepEveryMs } : {}),
    ...(deps.random ? { random: deps.random } : {}),
    ...(deps.claim ? { claim: deps.claim } : {}),
    ...(deps.officeDesks ? { officeDesks: deps.officeDesks } : {}),
  });
  changes.on('sync:status-stale', () => sync.emitStatus());
  // The outbox tells what it did; sync decides what to read (createCore's hub; alone, nobody tells).
  changes.on('outbound:active', ({ accountId }) => sync.noteJobActive(accountId));
  changes.on('outbound:decided', ({ accountId }) => sync.runNow(accountId, ['sent']));
  const activity = new ActivityService({ stores, accounts: deps.accounts, runNotificationsNow: (accountId) => sync.runNow(accountId, ['notifications']) });
  return {
    sync,
    inbox,
    downloader,
    activity,
    imports,
    stores,
    handlers: { ...createSyncHandlers(sync, activity, imports), ...createInboxHandlers(inbox) },
    async start() {
      inbox.refreshBadge();
      // Sync first: it tells the downloader whether it is paused (asleep, offline) before it starts.
      sync.start();
      await downloader.start();
      imports.start();
    },
    async stop() {
      await imports.stop();
      await sync.stop();
      await downloader.stop();
    },
  };
}
