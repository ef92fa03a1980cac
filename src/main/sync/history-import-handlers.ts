/** The historyImport:* calls of the IPC contract. */
import type { Handler } from '../ipc/gate';
import type { HistoryImportService } from './history-import';

type HistoryImportCallName = 'historyImport:status' | 'historyImport:setPaused';
export type HistoryImportHandlers = { [N in HistoryImportCallName]: Handler<N> };

export function createHistoryImportHandlers(imports: HistoryImportService): HistoryImportHandlers {
  return {
    'historyImport:status': () => imports.status(),
    'historyImport:setPaused': ({ paused }) => imports.setPaused(paused),
  };
}
