/**
 * The Inbox: the part of the list around the view (a window of keyset pages from inbox:list, never the
 * whole history: model/inbox/list-window.ts), the filters, the fax open in the viewer, and the
 * actions on it. The list says which rows are in view (`showRows`); one page is read at a time for it.
 * `inbox:changed` is applied in place (`handleChange`): changed rows re-read, deleted rows taken out,
 * and when rows may have moved (new faxes, rows gone that were not held) the page at the view is read
 * again with its position, so the selection and the scroll position survive. The unread count (status
 * bar, sidebar badge) is kept here too: main's count from `sync:status` when the page connects
 * (useInboxEvents), then the one every `inbox:changed` and every mark or delete answer carries.
 *
 * Printing in the browser harness (main's `ui:print`) is features/inbox/print-requests.ts: it prints
 * through the viewer and keeps `printing` here current. Messages about a fax (printed, cancelled, not
 * printed) carry its id and show only beside that fax.
 *
 * Main's events for this store are subscribed by `useInboxEvents()` below (App mounts it once).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { InboxFax } from '../../../shared/domain/history';
import type { FaxFileFormat } from '../../../shared/ipc/contract/files';
import type { InboxChange } from '../../../shared/ipc/contract/inbox';
import { errorMessage, faxdesk, unwrap } from '../api';
import { downloadContent } from '../files/download';
import { hasNativeFileDialogs, saveWithDialog } from '../files/native-files';
import { EMPTY_WINDOW, nextLoad, windowAt, jumpSkip, type ListView, type ListWindow, type WindowLoad } from '../model/inbox/list-window';
import { filtersProblem, INBOX_MORE_PAGE_SIZE, listInput, NO_FILTERS, type InboxFilters } from '../model/inbox/paging';
import {
  addToBatch,
  applyLoad,
  held,
  openedImage,
  sameFax,
  withDeleted,
  withFax,
  withImage,
  withoutFax,
  withReadAt,
  type ChangeBatch,
  type InboxNotice,
  type OpenedFax,
  type OpenedImage,
} from './inbox-updates';
import { useAppStore } from './app-store';
import { useSyncStore } from './sync-store';

export type { InboxNotice, OpenedFax, OpenedImage };

/** A print the page is doing (browser harness): which fax, and how far it is. */
export interface PrintProgress {
  requestId: string;
  accountId: string;
  faxId: string;
  title: string;
  /** "Preparing page 2 of 5 for printing…" */
  text: string;
}

export interface InboxState {
  filters: InboxFilters;
  /** The rows held, where they sit in the whole list, and its length. */
  window: ListWindow;
  /** The window's rows, in list order. */
  items: InboxFax[];
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the list could not be read (a sentence to show). */
  error: string | null;
  /** A page is on its way (the list says it is busy). */
  loadingMore: boolean;
  /** The row the keyboard is on. */
  activeId: string | null;
  opened: OpenedFax | null;
  /** The outcome of the last action (mark, delete, print, save), shown by the viewer. */
  notice: InboxNotice | null;
  /** Unread faxes in every account; null until main has said. */
  unread: number | null;
  /** The page is preparing a print (browser harness). */
  printing: PrintProgress | null;
  /** Faxes (local ids) whose inbox:print is on its way: their Print button waits. */
  printingIds: ReadonlySet<string>;

  setFilters(patch: Partial<InboxFilters>): void;
  clearFilters(): void;
  reload(): Promise<void>;
  /** The rows in view (indexes in the whole list): the rows near them are read if they are not held. */
  showRows(first: number, last: number): void;
  setActive(id: string | null): void;
  open(id: string, known?: InboxFax): Promise<void>;
  openByRef(accountId: string, faxId: string): Promise<void>;
  markRead(id: string): Promise<void>;
  markUnread(id: string): Promise<void>;
  remove(id: string): Promise<boolean>;
  print(id: string): Promise<void>;
  /** Saves the note on a fax; resolves with null, or the sentence saying why it was not saved. */
  setNote(id: string, note: string): Promise<string | null>;
  /** The address book changed: the rows held are read again (senders' names). */
  refreshNames(): void;
  /** Through the Save dialog (format undefined: it offers both), or downloaded as `format`. */
  saveAs(id: string, format?: FaxFileFormat): Promise<void>;
  retryDownload(id: string): Promise<void>;
  dismissNotice(): void;
  handleChange(change: InboxChange): void;
  /** The print the page is preparing (features/inbox/print-requests.ts), or null when it ended. */
  setPrinting(progress: PrintProgress | null): void;
  setUnread(count: number): void;
}

/** Bumped by every new list (filters changed, reload): an older answer is then dropped. */
let listGeneration = 0;
/** Bumped by every fax opened: a late image of the previous one is dropped. */
let openGeneration = 0;

/** Changes are gathered this long, so a burst of events reads the list once. */
const CHANGE_BATCH_MS = 120;
/** Changed rows re-read one by one at most; more than that and the page at the view is read again instead. */
const MAX_PATCHED_ROWS = 40;

export const useInboxStore = create<InboxState>((set, get) => {
  function applyFax(fax: InboxFax): void {
    set((state) => withFax(state, fax));
  }

  // ------------------------------------------------------------------------------------------
  // Reading the list around the view, one page at a time

  /** The rows in view, as the list last said. */
  let view: ListView = { first: 0, last: 0 };
  let reading = false;
  /** Rows may have moved (new faxes, rows gone that were not held): read the page at the view with its position. */
  let stale = false;
  /** The last read failed: wait for the view to move (or a reload) before trying again. */
  let failed = false;

  function readPage(filters: InboxFilters, load: WindowLoad) {
    return unwrap(faxdesk.inbox.list(listInput(filters, load, INBOX_MORE_PAGE_SIZE)));
  }

  async function readAroundView(): Promise<void> {
    if (reading || failed) return;
    const state = get();
    if (state.status !== 'ready') return;
    const load: WindowLoad | null = stale ? { kind: 'jump', skip: jumpSkip(view) } : nextLoad(state.window, view, INBOX_MORE_PAGE_SIZE);
    if (!load) return;
    stale = false;
    const generation = listGeneration;
    reading = true;
    set({ loadingMore: true });
    try {
      const page = await readPage(state.filters, load);
      if (generation !== listGeneration) return;
      set((current) => held(applyLoad(current.window, load, page)));
    } catch (error) {
      if (generation !== listGeneration) return;
      failed = true;
      set({ notice: { kind: 'error', text: `More faxes could not be loaded: ${errorMessage(error)}` } });
    } finally {
      if (generation === listGeneration) {
        reading = false;
        set({ loadingMore: false });
      }
    }
    void readAroundView();
  }

  async function loadImage(id: string, generation: number): Promise<void> {
    try {
      const image = await unwrap(faxdesk.inbox.image({ id }));
      if (generation !== openGeneration) return;
      set((state) => withImage(state, id, openedImage(image)));
    } catch (error) {
      if (generation !== openGeneration) return;
      set((state) => withImage(state, id, { status: 'error', message: errorMessage(error) }));
    }
  }

  // ------------------------------------------------------------------------------------------
  // Live changes, batched

  let pending: ChangeBatch | null = null;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;

  async function flushChanges(): Promise<void> {
    flushTimer = null;
    const batch = pending;
    pending = null;
    if (!batch) return;
    if (batch.deleted.size > 0) {
      const gone = batch.deleted;
      set((s) => {
        const { patch, allHeld } = withDeleted(s, gone);
        // A fax gone that was not held may have been above the view: where everything sits is read again.
        if (!allHeld) stale = true;
        return patch;
      });
    }
    if (get().status !== 'ready') return; // a list on its way has the news already
    const generation = listGeneration;
    const loaded = new Set(get().items.map((fax) => fax.id));
    const openedId = get().opened?.fax.id;
    const toPatch = [...batch.changed].filter((id) => loaded.has(id) || id === openedId);
    // New faxes move the rows below them down: the page at the view is read again with its position.
    if (batch.arrived || toPatch.length > MAX_PATCHED_ROWS) stale = true;
    if (stale) void readAroundView();
    if (toPatch.length > 0 && toPatch.length <= MAX_PATCHED_ROWS) {
      const read = await Promise.all(toPatch.map((id) => unwrap(faxdesk.inbox.get({ id })).then((d) => d.fax, () => null)));
      if (generation !== listGeneration) return;
      for (const fax of read) if (fax) applyFax(fax);
    }
    // The open fax's image arrived (or failed): show it now.
    const opened = get().opened;
    if (opened && batch.images.has(opened.fax.id) && opened.image.status !== 'ready') {
      void loadImage(opened.fax.id, openGeneration);
    }
  }

  return {
    filters: NO_FILTERS,
    window: EMPTY_WINDOW,
    items: [],
    status: 'idle',
    error: null,
    loadingMore: false,
    activeId: null,
    opened: null,
    notice: null,
    unread: null,
    printing: null,
    printingIds: new Set(),

    setFilters: (patch) => {
      set((state) => ({ filters: { ...state.filters, ...patch } }));
      void get().reload();
    },
    clearFilters: () => {
      set({ filters: NO_FILTERS });
      void get().reload();
    },

    reload: async () => {
      const generation = ++listGeneration;
      reading = false;
      stale = false;
      failed = false;
      const filters = get().filters;
      const problem = filtersProblem(filters);
      if (problem) {
        set({ status: 'error', error: problem, ...held(EMPTY_WINDOW), loadingMore: false });
        return;
      }
      set({ status: 'loading', error: null, loadingMore: false });
      try {
        const page = await unwrap(faxdesk.inbox.list(listInput(filters)));
        if (generation !== listGeneration) return;
        set({ ...held(windowAt(page)), status: 'ready', error: null });
        void readAroundView();
      } catch (error) {
        if (generation !== listGeneration) return;
        set({ status: 'error', error: errorMessage(error), ...held(EMPTY_WINDOW) });
      }
    },

    showRows: (first, last) => {
      if (first === view.first && last === view.last) return;
      view = { first, last };
      failed = false;
      void readAroundView();
    },

    setActive: (id) => set({ activeId: id }),

    open: async (id, known) => {
      const generation = ++openGeneration;
      const fax = known ?? get().items.find((f) => f.id === id);
      if (!fax) {
        try {
          const detail = await unwrap(faxdesk.inbox.get({ id }));
          if (generation === openGeneration) await get().open(id, detail.fax);
        } catch (error) {
          if (generation === openGeneration) set({ notice: { kind: 'error', text: errorMessage(error) } });
        }
        return;
      }
      set({ activeId: id, opened: { fax, image: { status: 'loading' }, markedRead: false }, notice: null });
      const image = loadImage(id, generation);
      if (fax.readAt === null) {
        try {
          const result = await unwrap(faxdesk.inbox.markRead({ ids: [id] }));
          get().setUnread(result.unread);
          const readAt = new Date().toISOString();
          if (generation === openGeneration) set((state) => withReadAt(state, id, readAt, true));
        } catch (error) {
          if (generation === openGeneration) set({ notice: { kind: 'error', text: `It could not be marked as read: ${errorMessage(error)}` } });
        }
      }
      await image;
    },

    openByRef: async (accountId, faxId) => {
      const loaded = get().items.find((fax) => sameFax(fax, accountId, faxId));
      if (loaded) return get().open(loaded.id, loaded);
      try {
        const detail = await unwrap(faxdesk.inbox.get({ accountId, faxId }));
        await get().open(detail.fax.id, detail.fax);
      } catch (error) {
        set({ notice: { kind: 'error', text: errorMessage(error) } });
      }
    },

    markRead: async (id) => {
      try {
        const result = await unwrap(faxdesk.inbox.markRead({ ids: [id] }));
        get().setUnread(result.unread);
        const readAt = new Date().toISOString();
        set((state) => ({ ...withReadAt(state, id, readAt, false), notice: { kind: 'info', text: 'Marked as read.' } }));
      } catch (error) {
        set({ notice: { kind: 'error', text: `It could not be marked as read: ${errorMessage(error)}` } });
      }
    },

    markUnread: async (id) => {
      try {
        const result = await unwrap(faxdesk.inbox.markUnread({ ids: [id] }));
        get().setUnread(result.unread);
        set((state) => ({ ...withReadAt(state, id, null, false), notice: { kind: 'info', text: 'Marked as unread.' } }));
      } catch (error) {
        set({ notice: { kind: 'error', text: `It could not be marked as unread: ${errorMessage(error)}` } });
      }
    },

    remove: async (id) => {
      try {
        const result = await unwrap(faxdesk.inbox.delete({ id, confirm: true }));
        get().setUnread(result.unread);
        set((state) => withoutFax(state, id, result.deletedOnService));
        return true;
      } catch (error) {
        set({ notice: { kind: 'error', text: errorMessage(error) } });
        return false;
      }
    },

    print: async (id) => {
      if (get().printingIds.has(id)) return;
      set((state) => ({ printingIds: new Set(state.printingIds).add(id), notice: state.notice?.faxId === id ? null : state.notice }));
      try {
        const result = await unwrap(faxdesk.inbox.print({ id }));
        if (result.outcome === 'cancelled') {
          set({ notice: { kind: 'info', text: 'Printing was cancelled; the fax is not marked as printed.', faxId: id } });
          return;
        }
        const fax = get().items.find((f) => f.id === id) ?? (get().opened?.fax.id === id ? get().opened!.fax : null);
        if (fax) applyFax({ ...fax, printedAt: result.printedAt });
        set({ notice: { kind: 'info', text: 'Printed. The fax is marked as printed.', faxId: id } });
      } catch (error) {
        set({ notice: { kind: 'error', text: `The fax was not printed: ${errorMessage(error)}`, faxId: id } });
      } finally {
        set((state) => {
          const printingIds = new Set(state.printingIds);
          printingIds.delete(id);
          return { printingIds };
        });
      }
    },

    setNote: async (id, note) => {
      try {
        applyFax(await unwrap(faxdesk.inbox.setNote({ id, note })));
        return null;
      } catch (error) {
        return `The note was not saved: ${errorMessage(error)}`;
      }
    },

    refreshNames: () => {
      if (get().status !== 'ready') return;
      stale = true;
      void readAroundView();
      const opened = get().opened;
      if (opened) {
        void unwrap(faxdesk.inbox.get({ id: opened.fax.id })).then(
          (detail) => applyFax(detail.fax),
          () => undefined,
        );
      }
    },

    saveAs: async (id, format) => {
      try {
        const request = { what: 'inbox-fax' as const, id, ...(format ? { format } : {}) };
        if (await hasNativeFileDialogs()) {
          const outcome = await saveWithDialog(request);
          if (outcome.saved) set({ notice: { kind: 'info', text: `Saved to ${outcome.path}.` } });
          return;
        }
        const file = await unwrap(faxdesk.files.download(request));
        downloadContent(file);
        set({ notice: { kind: 'info', text: `Saved as ${file.fileName} (in your downloads).` } });
      } catch (error) {
        set({ notice: { kind: 'error', text: `The fax was not saved: ${errorMessage(error)}` } });
      }
    },

    retryDownload: async (id) => {
      try {
        const fax = await unwrap(faxdesk.inbox.retryDownload({ id }));
        applyFax(fax);
        set((state) => ({
          opened:
            state.opened && state.opened.fax.id === id && state.opened.image.status !== 'ready'
              ? { ...state.opened, image: { status: 'unavailable', message: 'Downloading the fax again…', canRetry: false } }
              : state.opened,
          notice: { kind: 'info', text: 'Downloading the fax again.' },
        }));
      } catch (error) {
        set({ notice: { kind: 'error', text: `The download could not be started: ${errorMessage(error)}` } });
      }
    },

    dismissNotice: () => set({ notice: null }),

    handleChange: (change) => {
      get().setUnread(change.unread);
      pending = addToBatch(pending, change);
      flushTimer ??= setTimeout(() => void flushChanges(), CHANGE_BATCH_MS);
    },

    setPrinting: (printing) => set({ printing }),

    setUnread: (count) => {
      if (get().unread !== count) set({ unread: count });
      if (useAppStore.getState().badge !== count) useAppStore.getState().setBadge(count);
    },
  };
});

/**
 * Main's events for the Inbox, for as long as the window lives (whatever page is open): the unread count
 * starts from main's (every `sync:status` carries it), `inbox:changed` keeps the list and the count
 * current, and `contacts:changed` the senders' names.
 */
export function useInboxEvents(): void {
  useEffect(() => {
    const takeUnread = (status: { unread: number } | null) => {
      if (status) useInboxStore.getState().setUnread(status.unread);
    };
    takeUnread(useSyncStore.getState().status);
    const offs = [
      useSyncStore.subscribe((state, previous) => {
        if (state.status !== previous.status) takeUnread(state.status);
      }),
      faxdesk.on('inbox:changed', (change) => useInboxStore.getState().handleChange(change)),
      // A contact added, renamed or removed: the senders' names shown change.
      faxdesk.on('contacts:changed', () => useInboxStore.getState().refreshNames()),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
