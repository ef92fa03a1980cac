/**
 * The import of an account's older faxes after its first sync, as the status bar and Settings show
 * it: the last `historyImport:progress` (read once, then followed) and the person's pause.
 * `useHistoryImportFeed()` is called by the status bar's line, which is always mounted.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { HistoryImportStatus } from '../../../shared/domain/history-import';
import { errorMessage, faxdesk, unwrap } from '../api';

interface HistoryImportState {
  status: HistoryImportStatus | null;
  busy: boolean;
  /** Why the last action failed, in a sentence. */
  error: string | null;
  replace(status: HistoryImportStatus): void;
  load(): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
}

export const useHistoryImportStore = create<HistoryImportState>((set, get) => ({
  status: null,
  busy: false,
  error: null,
  replace: (status) => set({ status }),
  load: async () => {
    try {
      get().replace(await unwrap(faxdesk.historyImport.status()));
    } catch (error) {
      set({ error: `The import of your fax history could not be read: ${errorMessage(error)}` });
    }
  },
  setPaused: async (paused) => {
    set({ busy: true, error: null });
    try {
      get().replace(await unwrap(faxdesk.historyImport.setPaused({ paused })));
    } catch (error) {
      set({ error: errorMessage(error) });
    } finally {
      set({ busy: false });
    }
  },
}));

export function useHistoryImportFeed(): void {
  useEffect(() => {
    void useHistoryImportStore.getState().load();
    return faxdesk.on('historyImport:progress', (status) => useHistoryImportStore.getState().replace(status));
  }, []);
}
