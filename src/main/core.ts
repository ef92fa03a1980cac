/**
 * createCore composes every service of main from injected ports and returns the handler table the
 * IPC gate serves, the event stream, and start/stop. No Electron here: the desktop app, the browser
 * bridge and the tests all build the same core.
 */
import path from 'node:path';
import type { AppInfo, PrintDoneInput } from '../shared/ipc/contract/app';
import { createAppHandlers } from './app/handlers';
import { createAccountsModule, type AccountService, type AccountsModuleDeps, type SecretStore, type StartEmulator } from './accounts';
import { describe as describeKeychainFailure } from './accounts/keyring-secret-store';
import { loggingSecretStore } from './accounts/secret-store';
import { createContactsModule, type ContactsService } from './contacts';
import { DesktopService } from './desktop/desktop-service';
import { createDesktopHandlers } from './desktop/handlers';
import { createDesksHandlers } from './desks/handlers';
import { DeskIdentity, realHost } from './desks/identity';
import { OfficeDesks } from './desks/office';
import { DocumentCollector } from './documents/collector';
import { DraftsService } from './drafts/drafts-service';
import { createDraftHandlers } from './drafts/handlers';
import { SandboxPractice } from './sandbox/sandbox-practice';
import { createSandboxHandlers } from './sandbox/handlers';
import { Announcer } from './desktop/announcer';
import { sandboxMarkingNotifier } from './desktop/sandbox-marking';
import { EventBus, internalEventsShownOn } from './ipc/events';
import { createGate, type Dispatch, type HandlerTable } from './ipc/gate';
import { createOutboxModule, type OutboxCheckpoint, type OutboxConfig, type OutboxService } from './outbox';
import { logDirOf } from './platform/file-logger';
import type { Logger } from './platform/logger';
import type { Badge, FetchFn, FileDialogs, Notifier, Printer, SystemSignals } from './platform/ports';
import { FileDialogService, LastFolder } from './files/file-dialog-service';
import { FaxTiffs } from './files/fax-tiff';
import { saveContentSource } from './files/save-content';
import { createFileHandlers } from './files/handlers';
import { FirstRunFlag, WelcomeService } from './welcome/welcome-service';
import { createWelcomeHandlers } from './welcome/handlers';
import { Redactor } from './platform/redact';
import { realTimers } from './platform/timers';
import { SettingsService } from './settings/settings-service';
import { createSettingsHandlers } from './settings/handlers';
import type { InboxService } from './inbox/inbox-service';
import { createSyncModule, type SyncModuleDeps, type SyncService } from './background';
import { createTemplatesModule, type TemplatesService } from './templates';
import { openDatabase, type Db } from './store/database';
import { startWalCheckpointer } from './store/wal-checkpointer';
import { createWebhooksModule, type WebhookReceiverService, type WebhooksModuleDeps } from './webhooks';
import { accountReadiness, createFaxPrinter, type FaxPrinterOptions, type FaxPrinterService } from './printer';
import { createFaxPrinterHandlers } from './printer/handlers';
import { FaxEventsRepository } from './store/repositories/fax-events-repository';
import { OutboundRepository } from './store/repositories/outbound-repository';
import { SettingsRepository } from './store/repositories/settings-repository';
import { createMaintenanceHandlers } from './maintenance/handlers';
import { MaintenanceService, type MaintenanceDeps } from './maintenance/maintenance-service';

export interface CoreDeps {
  /** Folder for the database, fax files and logs. */
  dataDir: string;
  appVersion: string;
  shell: AppInfo['shell'];
  logger: Logger;
  notifier: Notifier;
  printer: Printer;
  /** The browser harness's page reports how a print ended (app:printDone); absent in the desktop app. */
  pagePrints?: { report(input: PrintDoneInput): { accepted: boolean } } | null;
  badge: Badge;
  system: SystemSignals;
  fetch: FetchFn;
  /** The OS keychain (KeyringSecretStore) in the app; MemorySecretStore in tests. */
  secretStore: SecretStore;
  /** Starts the Sandbox emulator; default: the built-in one. null: no Sandbox (tests). */
  startEmulator?: StartEmulator | null;
  /** Keeps secrets out of logs and diagnostics; the app shares it with its file logger. */
  redactor?: Redactor;
  /** The OS's Save as / Open dialogs (the desktop app); absent in the bridge, where the page downloads. */
  fileDialogs?: FileDialogs | null;
  /** The app's resources folder (icons, the Sandbox's sample faxes). */
  resourcesDir?: string;
  now?: () => Date;
  /** Tests: receiver listener limits and the port the public listener really binds. */
  webhookReceiver?: Pick<WebhooksModuleDeps, 'listenerOptions' | 'bindPort' | 'heldLimits'>;
  /** Harnesses only (verify, benchmarks): shorter timeouts and waits, crash checkpoints. The app leaves it out. */
  tuning?: CoreTuning;
  /** Tests: the fax printer's system commands (lpadmin, PowerShell) and platform. */
  faxPrinter?: FaxPrinterOptions;
}

export interface CoreTuning {
  http?: AccountsModuleDeps['http'];
  outbox?: Partial<OutboxConfig>;
  /** Called at the outbox's named points of a submission (the crash harness dies at one). */
  outboxCheckpoint?: (name: OutboxCheckpoint) => void;
  sync?: Pick<SyncModuleDeps, 'intervals' | 'sweepEveryMs' | 'downloads' | 'importRate' | 'printClaim'>;
  /** The pace of background rebuilds (a crash test slows them to kill one mid-way). */
  maintenance?: Pick<MaintenanceDeps, 'sliceMs' | 'defer' | 'onPiece'>;
}

export interface Core {
  readonly handlers: HandlerTable;
  readonly dispatch: Dispatch;
  readonly events: EventBus;
  readonly db: Db;
  /** Fax service accounts: `clientFor(accountId)` gives a ready API client (sync, outbox, inbox). */
  readonly accounts: AccountService;
  /** Compose hand-off, hot folder, diagnostics. */
  readonly desktop: DesktopService;
  /** The address book: recipient search for Compose, markUsed after a send. */
  readonly contacts: ContactsService;
  /** Saved header designs (Compose's default header). */
  readonly templates: TemplatesService;
  /** Register every secret here (`redactor.register(apiKey)`) so no log line can carry it. */
  readonly redactor: Redactor;
  /** Compose and Outbox; `outbox.states` records service reports on outbound jobs (notifies finals once). */
  readonly outbox: OutboxService;
  /** Background sync: `runNow(accountId)`, `noteJobActive(accountId)` (fast polling), `isPaused()/setPaused()`, `status()`. */
  readonly sync: SyncService;
  /** Received faxes: arrival handling (one notification, auto-print, badge) and the Inbox page's calls. */
  readonly inbox: InboxService;
  /** Removes stored documents no job refers to (at start, then every few hours); `collect()` runs a pass now. */
  readonly documents: DocumentCollector;
  /** Instant updates: the webhook receiver (off until turned on in Settings). */
  readonly webhooks: WebhookReceiverService;
  /** Faxdesk's own IPP printer (off until turned on in Settings › Fax printer). */
  readonly faxPrinter: FaxPrinterService;
  /** Derived data (search indexes) an upgrade left to rebuild, done in the background after start. */
  readonly maintenance: MaintenanceService;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const DATABASE_FILE = 'faxdesk.sqlite3';

export function createCore(deps: CoreDeps): Core {
  const now = deps.now ?? (() => new Date());
  const events = new EventBus();
  // What services tell each other (typed, internal); the page sees outbound and inbound changes from it.
  const changes = internalEventsShownOn(events, (event, error) => deps.logger.warn('a listener of an internal event failed', { event, error: String(error) }));
  const db = openDatabase(path.join(deps.dataDir, DATABASE_FILE));
  // WAL checkpoints in a worker thread: bulk work (a rebuild, an import) never stalls the window on them.
  const checkpoints = startWalCheckpointer(db, { logger: deps.logger });
  const settings = new SettingsService(new SettingsRepository(db), now);
  const maintenance = new MaintenanceService({ db, events, logger: deps.logger, now, ...deps.tuning?.maintenance });
  settings.onChange((snapshot) => events.emit('settings:changed', snapshot));
  const redactor = deps.redactor ?? new Redactor();
  // The keychain's own words go to the log; the person reads the sentence (keyring-secret-store.ts).
  const secretStore = loggingSecretStore(deps.secretStore, deps.logger, describeKeychainFailure);
  const firstRun = new FirstRunFlag(new SettingsRepository(db), now);
  // Who this desk is to the other desks on an account (the marker on every fax sent from here).
  const desk = new DeskIdentity(db, () => settings.values.installationName, realHost, () => settings.values.autoPrintInbound);
  const accounts = createAccountsModule({
    db,
    dataDir: deps.dataDir,
    secretStore,
    fetch: deps.fetch,
    logger: deps.logger,
    redactor,
    now,
    ...(deps.startEmulator !== undefined ? { startEmulator: deps.startEmulator } : {}),
    ...(deps.tuning?.http ? { http: deps.tuning.http } : {}),
    onChange: (list) => events.emit('accounts:changed', list),
    ...(deps.resourcesDir ? { sandboxSamplesDir: path.join(deps.resourcesDir, 'sandbox') } : {}),
    onFirstRun: (sandboxId) => {
      if (!settings.values.defaultAccountId) settings.set({ defaultAccountId: sandboxId });
      firstRun.set(true);
    },
  });
  const isSandbox = (accountId: string) => accounts.service.list().some((a) => a.id === accountId && a.kind === 'sandbox');
  // Notifications about a Sandbox fax say it is practice (the target names the account or the job).
  const outboundJobs = new OutboundRepository(db);
  const notifier = sandboxMarkingNotifier(
    deps.notifier,
    (target) => (target && 'accountId' in target ? target.accountId : target && 'jobId' in target ? (outboundJobs.get(target.jobId)?.accountId ?? null) : null),
    isSandbox,
  );
  const announcer = new Announcer({ events: new FaxEventsRepository(db), notifier, settings: () => settings.values, now });
  const desktop = new DesktopService({
    dataDir: deps.dataDir,
    logDir: logDirOf(deps.dataDir),
    appVersion: deps.appVersion,
    shell: deps.shell,
    events,
    settings,
    logger: deps.logger,
    redactor,
    now,
    describeAccounts: () => accounts.service.list(),
  });

  const addressBook = createContactsModule({ db, logger: deps.logger, now, events });
  const headerTemplates = createTemplatesModule({ db, logger: deps.logger, now, events });

  const sending = createOutboxModule({
    db,
    dataDir: deps.dataDir,
    logger: deps.logger,
    now,
    accounts: {
      clientFor: (accountId) => accounts.service.clientFor(accountId),
      describe: (accountId) => {
        const account = accounts.service.list().find((a) => a.id === accountId);
        return account ? { label: account.displayLabel, enabled: account.enabled, sandbox: account.kind === 'sandbox' } : null;
      },
    },
    emit: (payload) => changes.emit('outbound:changed', payload),
    // Called by OutboundStates on the one write that makes a job final (the sync records through it too);
    // the announcer shows at most one notification per fax, as it does for received faxes.
    notify: (event) => void announcer.announce({ direction: 'OUTBOUND', outboundId: event.jobId }, event),
    // The sync engine watches accepted faxes (it listens: background/index.ts): after a send or a cancel it looks
    // now and polls fast; after a reconciliation decided it reads the sent list (what it held back applies).
    syncNow: (accountId) => changes.emit('outbound:active', { accountId }),
    sentListNow: (accountId) => changes.emit('outbound:decided', { accountId }),
    sender: () => desk.sender(),
    trackActive: false,
    ...(deps.tuning?.outbox ? { config: deps.tuning.outbox } : {}),
    ...(deps.tuning?.outboxCheckpoint ? { checkpoint: deps.tuning.outboxCheckpoint } : {}),
  });

  // The other desks on each account, as their faxes in the sent list name them (request budget, Settings).
  const office = new OfficeDesks({ outbound: sending.outbox.outbound, identity: desk, now });

  // The Compose draft, saved as the person works (its documents stay in the store while it does).
  const drafts = new DraftsService({ db, store: sending.store, isSent: (composeId) => sending.outbox.outbound.listByCompose(composeId).length > 0, logger: deps.logger, now });

  // Jobs keep their documents as long as they exist (Resend), and the draft its own: only documents
  // neither refers to go.
  const documents = new DocumentCollector({
    store: sending.store,
    referencedIds: async () => [...(await sending.outbox.referencedDocumentIdsInPieces()), ...drafts.referencedDocumentIds()],
    timers: realTimers,
    logger: deps.logger,
  });

  const background = createSyncModule({
    db,
    dataDir: deps.dataDir,
    states: sending.outbox.states,
    accounts: accounts.service,
    settings,
    events,
    changes,
    logger: deps.logger,
    now,
    system: deps.system,
    notifier,
    printer: deps.printer,
    badge: deps.badge,
    claim: (accountId, fax) => sending.outbox.claimFromSentList(accountId, fax),
    officeDesks: (accountId) => office.count(accountId),
    ...deps.tuning?.sync,
  });

  const instant = createWebhooksModule({
    stores: background.stores,
    states: sending.outbox.states,
    accounts: accounts.service,
    sandbox: accounts.sandbox,
    desk: () => ({ installationId: desk.installationId, deskName: desk.view().deskName }),
    secrets: secretStore,
    redactor,
    sync: background.sync,
    inbox: background.inbox,
    events,
    changes,
    logger: deps.logger,
    now,
    pollSeconds: () => settings.values.pollIntervalSeconds,
    ...deps.webhookReceiver,
  });

  const files = new FileDialogService({
    dialogs: deps.fileDialogs ?? null,
    lastFolder: new LastFolder(new SettingsRepository(db), now),
    content: saveContentSource({
      inbox: background.inbox,
      outbox: sending.outbox,
      contacts: addressBook.contacts,
      desktop,
      tiffs: new FaxTiffs({ clientFor: (id) => accounts.service.clientFor(id), isSandbox }),
    }),
    logger: deps.logger,
  });

  const faxPrinter = createFaxPrinter({
    dataDir: deps.dataDir,
    settings,
    handoff: desktop.handoff,
    events,
    logger: deps.logger,
    readiness: accountReadiness(accounts.service, settings),
    ...(deps.resourcesDir ? { iconFile: path.join(deps.resourcesDir, 'icon.png') } : {}),
    ...deps.faxPrinter,
  });

  // One line per area: each area's calls are in its own handlers.ts (contract: src/shared/ipc/contract/<area>.ts).
  const handlers: HandlerTable = {
    ...createAppHandlers({
      appVersion: deps.appVersion,
      dataDir: deps.dataDir,
      shell: deps.shell,
      nativeFileDialogs: files.available,
      pagePrints: deps.pagePrints ?? null,
    }),
    ...createSettingsHandlers(settings),
    ...accounts.handlers,
    ...createDesktopHandlers(desktop),
    ...addressBook.handlers,
    ...headerTemplates.handlers,
    ...sending.handlers,
    ...createDraftHandlers(drafts),
    ...createSandboxHandlers(
      new SandboxPractice({
        host: accounts.sandbox,
        store: sending.store,
        ...(deps.resourcesDir ? { samplesDir: path.join(deps.resourcesDir, 'sandbox') } : {}),
        syncNow: (accountId) => background.sync.runNow(accountId),
      }),
    ),
    ...background.handlers,
    ...instant.handlers,
    ...createFileHandlers(files),
    ...createFaxPrinterHandlers(faxPrinter),
    ...createMaintenanceHandlers(maintenance),
    ...createDesksHandlers({
      identity: desk,
      office,
      accounts: accounts.service,
      intervals: () => {
        const status = background.sync.status();
        return { frontMs: status.fastIntervalSeconds * 1000, backgroundMs: status.idleIntervalSeconds * 1000 };
      },
      inFront: () => background.sync.status().focused,
    }),
    ...createWelcomeHandlers(new WelcomeService({ flag: firstRun, accounts: accounts.service, tester: accounts.tester, settings, logger: deps.logger })),
  };

  let stopped = false;
  return {
    handlers,
    dispatch: createGate(handlers, deps.logger),
    events,
    db,
    accounts: accounts.service,
    desktop,
    contacts: addressBook.contacts,
    templates: headerTemplates.templates,
    redactor,
    outbox: sending.outbox,
    sync: background.sync,
    inbox: background.inbox,
    documents,
    webhooks: instant.receiver,
    faxPrinter,
    maintenance,
    async start() {
      await accounts.start();
      await sending.start();
      // After the outbox has resumed its jobs; in the background (a large folder takes a while).
      documents.start();
      await background.start();
      await instant.start();
      desktop.start();
      await faxPrinter.start();
      // Last: its pieces run between everything else's work, from the first turn of the event loop on.
      maintenance.start();
      deps.logger.info('core started', { dataDir: deps.dataDir });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await faxPrinter.stop();
      maintenance.stop();
      desktop.stop();
      await documents.stop();
      await instant.stop();
      await background.stop();
      await sending.stop();
      await accounts.stop();
      await checkpoints.stop();
      db.close();
    },
  };
}
