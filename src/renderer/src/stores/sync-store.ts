/**
 * Background sync as the status bar shows it: the last `sync:status` (read once, then kept current by
 * the `sync:status` event), and the window's focus reported to main (sync polls fast while the window
 * has focus). `useSyncStatusFeed()` and `useWindowFocusSync()` are called once, in App.
 */
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { SyncStatus } from '../../../shared/domain/sync';
import { errorMessage, faxdesk, unwrap } from '../api';

export interface SyncState {
  status: SyncStatus | null;
  /** Why the status or an action failed (a sentence to show). */
  error: string | null;
  /** An action is on its way (Retry now, Pause, Resume). */
  busy: boolean;
  load(): Promise<void>;
  replace(status: SyncStatus): void;
  refresh(accountId?: string): Promise<void>;
  setPaused(paused: boolean): Promise<void>;
}

export const useSyncStore = create<SyncState>((set, get) => ({
  status: null,
  error: null,
  busy: false,
  load: async () => {
    try {
      get().replace(await unwrap(faxdesk.sync.status()));
    } catch (error) {
      set({ error: `The sync status could not be read: ${errorMessage(error)}` });
    }
  },
  replace: (status) => set({ status, error: null }),
  refresh: async (accountId) => {
    set({ busy: true });
    try {
      get().replace(await unwrap(faxdesk.sync.refresh(accountId ? { accountId } : {})));
    } catch (error) {
      set({ error: errorMessage(error) });
    } finally {
      set({ busy: false });
    }
  },
  setPaused: async (paused) => {
    set({ busy: true });
    try {
      get().replace(await unwrap(faxdesk.sync.setPaused({ paused })));
    } catch (error) {
      set({ error: errorMessage(error) });
    } finally {
      set({ busy: false });
    }
  },
}));

/** Loads the status once and follows `sync:status`. */
export function useSyncStatusFeed(): void {
  useEffect(() => {
    void useSyncStore.getState().load();
    return faxdesk.on('sync:status', (status) => useSyncStore.getState().replace(status));
  }, []);
}

/** Tells main when the window gains or loses focus (fast polling while a person looks at it). */
export function useWindowFocusSync(): void {
  useEffect(() => {
    let last: boolean | null = null;
    const report = (focused: boolean) => {
      if (focused === last) return;
      last = focused;
      void faxdesk.sync.setFocus({ focused }).then((result) => {
        if (result.ok) useSyncStore.getState().replace(result.value);
      });
    };
    const onFocus = () => report(true);
    const onBlur = () => report(false);
    const onVisibility = () => report(document.visibilityState === 'visible' && document.hasFocus());
    report(document.hasFocus());
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}

/** The current time, renewed every `everyMs` (relative times such as "2 min ago" stay true). */
export function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
