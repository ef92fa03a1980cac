/** The sync:*, activity:* and historyImport:* calls (contract: src/shared/ipc/contract/sync.ts). */
import type { Handler } from '../ipc/gate';
import type { ActivityService } from './activity';
import type { HistoryImportService } from './history-import';
import type { SyncService } from './sync-service';

type SyncCallName =
  | 'sync:status'
  | 'sync:refresh'
  | 'sync:setPaused'
  | 'sync:setFocus'
  | 'activity:list'
  | 'activity:ping'
  | 'historyImport:status'
  | 'historyImport:setPaused';
export type SyncHandlers = { [N in SyncCallName]: Handler<N> };

export function createSyncHandlers(sync: SyncService, activity: ActivityService, imports: HistoryImportService): SyncHandlers {
  return {
    'sync:status': () => sync.status(),
    'sync:refresh': (input) => {
      sync.runNow(input?.accountId);
      return sync.status();
    },
    'sync:setPaused': ({ paused }) => sync.setPaused(paused),
    'sync:setFocus': ({ focused }) => sync.setFocus(focused),
    'activity:list': (input) => activity.list(input),
    'activity:ping': ({ accountId, direction }) => activity.ping(accountId, direction),
    'historyImport:status': () => imports.status(),
    'historyImport:setPaused': ({ paused }) => imports.setPaused(paused),
  };
}
