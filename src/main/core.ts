/**
 * createCore composes every service of main from injected ports and returns the handler table the
 * IPC gate serves, the event stream, and start/stop. No Electron here: the desktop app, the browser
 * bridge and the tests all build the same core.
 */
import path from 'node:path';
import type { AppInfo } from '../shared/ipc/contract/app';
import { EventBus } from './ipc/events';
import { createGate, type Dispatch, type HandlerTable } from './ipc/gate';
import type { Logger } from './platform/logger';
import type { Badge, FetchFn, Notifier, Printer, SystemSignals } from './platform/ports';
import { SettingsService } from './settings/settings-service';
import { openDatabase, type Db } from './store/database';
import { SettingsRepository } from './store/repositories/settings-repository';

export interface CoreDeps {
  /** Folder for the database, fax files and logs. */
  dataDir: string;
  appVersion: string;
  shell: AppInfo['shell'];
  logger: Logger;
  notifier: Notifier;
  printer: Printer;
  badge: Badge;
  system: SystemSignals;
  fetch: FetchFn;
  now?: () => Date;
}

export interface Core {
  readonly handlers: HandlerTable;
  readonly dispatch: Dispatch;
  readonly events: EventBus;
  readonly db: Db;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export const DATABASE_FILE = 'faxdesk.sqlite3';

export function createCore(deps: CoreDeps): Core {
  const now = deps.now ?? (() => new Date());
  const events = new EventBus();
  const db = openDatabase(path.join(deps.dataDir, DATABASE_FILE));
  const settings = new SettingsService(new SettingsRepository(db), now);
  settings.onChange((snapshot) => events.emit('settings:changed', snapshot));

  const handlers: HandlerTable = {
    'app:info': () => ({
      name: 'Faxdesk',
      version: deps.appVersion,
      dataDir: deps.dataDir,
      platform: process.platform,
      shell: deps.shell,
      versions: Object.fromEntries(
        Object.entries(process.versions).filter(([k]) => ['node', 'electron', 'chrome', 'v8', 'sqlite'].includes(k)) as [string, string][],
      ),
    }),
    'settings:get': () => settings.get(),
    'settings:set': (patch) => settings.set(patch),
  };

  let stopped = false;
  return {
    handlers,
    dispatch: createGate(handlers, deps.logger),
    events,
    db,
    async start() {
      deps.logger.info('core started', { dataDir: deps.dataDir });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      db.close();
    },
  };
}
