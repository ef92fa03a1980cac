/**
 * What the Contacts page shows: one ordered, paged list of contacts (or the matches of a search) and
 * the distribution lists. Main's `contacts:changed` reloads what changed. Answers that arrive after a
 * newer request was made are dropped, so a slow page never overwrites a fresh search.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { ContactsChange, ContactView, DistributionListView } from '../../../shared/ipc/contract/contacts';
import { errorMessage, faxdesk, unwrap } from '../api';

export type ContactOrder = 'recent' | 'name';

export const PAGE_SIZE = 100;
export const SEARCH_LIMIT = 200;

interface ContactsState {
  order: ContactOrder;
  /** The search being shown ('' = the whole address book in `order`). */
  query: string;
  items: ContactView[];
  next: string | null;
  loading: boolean;
  error: string | null;
  lists: DistributionListView[];
  listsError: string | null;
  setOrder(order: ContactOrder): void;
  setQuery(query: string): void;
  /** Reloads from the top, keeping about as many rows as are shown. */
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  reloadLists(): Promise<void>;
  applyChange(change: ContactsChange): void;
}

let generation = 0;

export const useContactsStore = create<ContactsState>((set, get) => ({
  order: 'recent',
  query: '',
  items: [],
  next: null,
  loading: false,
  error: null,
  lists: [],
  listsError: null,

  setOrder(order) {
    if (order === get().order) return;
    set({ order, items: [], next: null });
    void get().reload();
  },

  setQuery(query) {
    const trimmed = query.trim();
    if (trimmed === get().query) return;
    set({ query: trimmed, items: [], next: null });
    void get().reload();
  },

  async reload() {
    const mine = ++generation;
    const { order, query, items } = get();
    set({ loading: true, error: null });
    try {
      if (query !== '') {
        const { hits } = await unwrap(faxdesk.contacts.search({ text: query, limit: SEARCH_LIMIT }));
        if (mine !== generation) return;
        set({ items: hits.flatMap((h) => (h.kind === 'contact' ? [h.contact] : [])), next: null, loading: false });
        return;
      }
      const limit = Math.min(500, Math.max(PAGE_SIZE, items.length));
      const page = await unwrap(faxdesk.contacts.list({ order, limit }));
      if (mine !== generation) return;
      set({ items: page.items, next: page.next, loading: false });
    } catch (error) {
      if (mine !== generation) return;
      set({ loading: false, error: `Contacts could not be read: ${errorMessage(error)}` });
    }
  },

  async loadMore() {
    const { next, loading, order } = get();
    if (!next || loading) return;
    const mine = ++generation;
    set({ loading: true, error: null });
    try {
      const page = await unwrap(faxdesk.contacts.list({ order, after: next, limit: PAGE_SIZE }));
      if (mine !== generation) return;
      set((state) => ({ items: [...state.items, ...page.items], next: page.next, loading: false }));
    } catch (error) {
      if (mine !== generation) return;
      set({ loading: false, error: `More contacts could not be read: ${errorMessage(error)}` });
    }
  },

  async reloadLists() {
    try {
      set({ lists: await unwrap(faxdesk.contacts.listLists()), listsError: null });
    } catch (error) {
      set({ listsError: `Distribution lists could not be read: ${errorMessage(error)}` });
    }
  },

  applyChange(change) {
    if (change.contacts) void get().reload();
    if (change.lists) void get().reloadLists();
  },
}));

/** Main's `contacts:changed` while the Contacts page is open. */
export function useContactsEvents(): void {
  useEffect(() => faxdesk.on('contacts:changed', (change) => useContactsStore.getState().applyChange(change)), []);
}
