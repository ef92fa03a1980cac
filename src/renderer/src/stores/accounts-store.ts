/**
 * The fax service accounts as the renderer knows them: the list from `accounts:list`, kept current by
 * the `accounts:changed` event (main sends the whole list after every change). Any page can read it:
 *
 *   const accounts = useAccountsStore((s) => s.accounts);
 *   const adminAccounts = useAccountsStore(useShallow(selectAdminAccounts)); // from 'zustand/react/shallow'
 *   const defaultId = useDefaultAccountId();
 *
 * (Selectors that build a new array need useShallow: zustand 5 re-renders forever otherwise.)
 *
 * `useAccountsSync()` (called once, in App) does the loading and the subscription. No view carries a
 * secret: only whether each is set (`hasApiKey` …).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { AccountView } from '../../../shared/ipc/contract/accounts';
import { errorMessage, faxdesk, unwrap } from '../api';
import { useAppStore } from './app-store';

export interface AccountsState {
  accounts: AccountView[];
  /** 'idle' before the first load; 'ready' once a list arrived (from the call or the event). */
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the list could not be read (a sentence to show). */
  error: string | null;
  /** (Re)reads the list from main. */
  load(): Promise<void>;
  /** Replaces the whole list (the `accounts:changed` payload). */
  replace(accounts: AccountView[]): void;
  /** Puts one changed or added account in place, before the event with the whole list arrives. */
  upsert(account: AccountView): void;
  /** Takes a removed account out, before the event arrives. */
  drop(id: string): void;
}

/** Bumped by every change: a list read before an event arrived must not overwrite the event's. */
let generation = 0;

export const useAccountsStore = create<AccountsState>((set, get) => ({
  accounts: [],
  status: 'idle',
  error: null,
  load: async () => {
    if (get().status !== 'ready') set({ status: 'loading' });
    const before = generation;
    try {
      const list = await unwrap(faxdesk.accounts.list());
      if (generation === before) get().replace(list);
    } catch (error) {
      if (generation === before) set({ status: 'error', error: errorMessage(error) });
    }
  },
  replace: (accounts) => {
    generation += 1;
    set({ accounts, status: 'ready', error: null });
  },
  upsert: (account) => {
    generation += 1;
    set((state) => {
      const at = state.accounts.findIndex((a) => a.id === account.id);
      const accounts = at < 0 ? [...state.accounts, account] : state.accounts.map((a) => (a.id === account.id ? account : a));
      return { accounts };
    });
  },
  drop: (id) => {
    generation += 1;
    set((state) => ({ accounts: state.accounts.filter((a) => a.id !== id) }));
  },
}));

/** Accounts with admin ID, username and password: the ones the Admin page can work with. */
export function selectAdminAccounts(state: Pick<AccountsState, 'accounts'>): AccountView[] {
  return state.accounts.filter((a) => a.adminAvailable);
}

/** Whether any account can use the Admin page (a boolean, so subscribers re-render only when it flips). */
export function selectHasAdminAccount(state: Pick<AccountsState, 'accounts'>): boolean {
  return state.accounts.some((a) => a.adminAvailable);
}

/** Active accounts: synchronised and able to send. */
export function selectActiveAccounts(state: Pick<AccountsState, 'accounts'>): AccountView[] {
  return state.accounts.filter((a) => a.enabled);
}

/** The `defaultAccountId` setting ('' when none is chosen). */
export function useDefaultAccountId(): string {
  return useAppStore((s) => s.settings?.values.defaultAccountId ?? '');
}

/**
 * The account new work should use: the chosen default when it is there and active, else the first
 * active account, else null.
 */
export function pickDefaultAccount(accounts: readonly AccountView[], defaultAccountId: string): AccountView | null {
  const chosen = accounts.find((a) => a.id === defaultAccountId && a.enabled);
  return chosen ?? accounts.find((a) => a.enabled) ?? null;
}

/** Loads the list once and follows `accounts:changed`. Call it once, near the root. */
export function useAccountsSync(): void {
  useEffect(() => {
    const store = useAccountsStore.getState();
    void store.load();
    return faxdesk.on('accounts:changed', (list) => useAccountsStore.getState().replace(list));
  }, []);
}
