/**
 * The Activity page's state: the webhook delivery log as mirrored locally (activity:list, keyset pages),
 * its filters, live updates (`activity:changed` reads the loaded rows again, merged in place), and the
 * last Ping result per account and direction.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { FaxDirection } from '../../../shared/domain/fax';
import type { LoggedNotification } from '../../../shared/domain/history';
import type { ActivityListInput } from '../../../shared/ipc/contract/sync';
import { errorMessage, faxdesk, unwrap } from '../api';
import { mergeActivity, notificationKey } from '../model/activity-list';

export const ACTIVITY_PAGE_SIZE = 50;
/** activity:list's maximum: a live update re-reads up to this many rows in one call. */
const MAX_LIMIT = 200;

export type SentStatusFilter = '' | 'SUCCESSFUL' | 'FAILED' | 'QUEUED';
export type DirectionFilter = '' | FaxDirection;

export interface ActivityFilters {
  sentStatus: SentStatusFilter;
  direction: DirectionFilter;
  accountId: string;
}

export interface PingOutcome {
  kind: 'ok' | 'error';
  message: string;
  at: string;
}

export interface ActivityState {
  filters: ActivityFilters;
  items: LoggedNotification[];
  next: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  loadingMore: boolean;
  /** Ping results by `${accountId}:${direction}`. */
  pings: Record<string, PingOutcome>;
  pinging: string | null;
  setFilters(patch: Partial<ActivityFilters>): void;
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  refreshLoaded(): Promise<void>;
  ping(accountId: string, direction: FaxDirection): Promise<void>;
}

let generation = 0;

function inputFor(filters: ActivityFilters, cursor: string | null, limit: number): ActivityListInput {
  return {
    limit,
    ...(filters.sentStatus ? { sentStatus: filters.sentStatus } : {}),
    ...(filters.direction ? { direction: filters.direction } : {}),
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
    ...(cursor ? { cursor } : {}),
  };
}

export const pingKey = (accountId: string, direction: FaxDirection): string => `${accountId}:${direction}`;

export const useActivityStore = create<ActivityState>((set, get) => ({
  filters: { sentStatus: '', direction: '', accountId: '' },
  items: [],
  next: null,
  status: 'idle',
  error: null,
  loadingMore: false,
  pings: {},
  pinging: null,

  setFilters: (patch) => {
    set((state) => ({ filters: { ...state.filters, ...patch } }));
    void get().reload();
  },

  reload: async () => {
    const mine = ++generation;
    set({ status: 'loading', error: null, loadingMore: false });
    try {
      const page = await unwrap(faxdesk.activity.list(inputFor(get().filters, null, ACTIVITY_PAGE_SIZE)));
      if (mine !== generation) return;
      set({ items: page.items, next: page.next, status: 'ready' });
    } catch (error) {
      if (mine !== generation) return;
      set({ status: 'error', error: errorMessage(error), items: [], next: null });
    }
  },

  loadMore: async () => {
    const { next, loadingMore, status, filters } = get();
    if (!next || loadingMore || status !== 'ready') return;
    const mine = generation;
    set({ loadingMore: true });
    try {
      const page = await unwrap(faxdesk.activity.list(inputFor(filters, next, ACTIVITY_PAGE_SIZE)));
      if (mine !== generation) return;
      set((state) => {
        const seen = new Set(state.items.map(notificationKey));
        return { items: [...state.items, ...page.items.filter((n) => !seen.has(notificationKey(n)))], next: page.next, loadingMore: false };
      });
    } catch (error) {
      if (mine !== generation) return;
      set({ loadingMore: false, error: `More entries could not be loaded: ${errorMessage(error)}` });
    }
  },

  refreshLoaded: async () => {
    if (get().status !== 'ready') return;
    const mine = generation;
    const loaded = get().items.length;
    try {
      const page = await unwrap(faxdesk.activity.list(inputFor(get().filters, null, Math.min(MAX_LIMIT, Math.max(ACTIVITY_PAGE_SIZE, loaded)))));
      if (mine !== generation) return;
      set((state) => ({
        items: mergeActivity(state.items, page.items, state.next !== null || page.next !== null),
        // Everything loaded fitted into the fresh read: its cursor now continues the list.
        next: loaded <= MAX_LIMIT ? page.next : state.next,
      }));
    } catch {
      // The rows shown stay; the next change or a reload tries again.
    }
  },

  ping: async (accountId, direction) => {
    const key = pingKey(accountId, direction);
    set({ pinging: key });
    try {
      const result = await unwrap(faxdesk.activity.ping({ accountId, direction }));
      set((state) => ({ pings: { ...state.pings, [key]: { kind: 'ok', message: result.message, at: new Date().toISOString() } } }));
    } catch (error) {
      set((state) => ({ pings: { ...state.pings, [key]: { kind: 'error', message: errorMessage(error), at: new Date().toISOString() } } }));
    } finally {
      set({ pinging: null });
    }
  },
}));

/** activity:changed comes in bursts during a sync cycle: the log is read again once they settle. */
const REFRESH_DELAY_MS = 150;

/** Main's `activity:changed` while the Activity page is open. */
export function useActivityEvents(): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = faxdesk.on('activity:changed', () => {
      timer ??= setTimeout(() => {
        timer = null;
        void useActivityStore.getState().refreshLoaded();
      }, REFRESH_DELAY_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, []);
}
