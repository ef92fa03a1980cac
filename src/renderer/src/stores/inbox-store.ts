/**
 * The Inbox: the loaded part of the list (keyset pages from inbox:list, never the whole history), the
 * filters, the fax open in the viewer, and the actions on it. `inbox:changed` is applied in place
 * (`handleChange`): new faxes merged into the loaded rows, changed rows re-read, deleted rows taken
 * out, so the selection and the scroll position survive. The unread count (status bar, sidebar badge)
 * is kept here too: main's count from `sync:status` when the page connects (useInboxFeed), then the
 * one every `inbox:changed` and every mark or delete answer carries.
 *
 * Printing in the browser harness: main answers inbox:print by emitting `ui:print`; `handlePrintRequest`
 * prints that fax through the viewer's print helper (the bytes on screen when it is the open fax).
 */
import { create } from 'zustand';
import type { InboxFax } from '../../../shared/domain/history';
import type { FaxFileFormat } from '../../../shared/ipc/contract/files';
import type { InboxChange } from '../../../shared/ipc/contract/inbox';
import type { PrintRequest } from '../../../shared/ipc/contract/app';
import { errorMessage, faxdesk, unwrap } from '../api';
import { downloadContent } from '../features/files/download';
import { hasNativeFileDialogs, saveWithDialog } from '../features/files/native-files';
import { appendPage, base64ToBytes, filtersProblem, INBOX_MORE_PAGE_SIZE, listInput, mergeFreshPage, NO_FILTERS, orderOf, patchRows, removeRows, type InboxFilters } from '../features/inbox/paging';
import { printDocument, type FaxDocument } from '../features/viewer';
import { useAppStore } from './app-store';

export type OpenedImage =
  | { status: 'loading' }
  | { status: 'ready'; document: FaxDocument; fileName: string }
  | { status: 'unavailable'; message: string; canRetry: boolean }
  | { status: 'error'; message: string };

export interface OpenedFax {
  fax: InboxFax;
  image: OpenedImage;
  /** Opening it marked it read (the page says so, next to "Mark unread"). */
  markedRead: boolean;
}

export interface InboxNotice {
  kind: 'info' | 'error';
  text: string;
}

export interface PrintProgress {
  title: string;
  done: number;
  total: number;
}

export interface InboxState {
  filters: InboxFilters;
  items: InboxFax[];
  next: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Why the list could not be read (a sentence to show). */
  error: string | null;
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

  setFilters(patch: Partial<InboxFilters>): void;
  clearFilters(): void;
  reload(): Promise<void>;
  loadMore(): Promise<void>;
  setActive(id: string | null): void;
  open(id: string, known?: InboxFax): Promise<void>;
  openByRef(accountId: string, faxId: string): Promise<void>;
  markRead(id: string): Promise<void>;
  markUnread(id: string): Promise<void>;
  remove(id: string): Promise<boolean>;
  print(id: string): Promise<void>;
  /** Through the Save dialog (format undefined: it offers both), or downloaded as `format`. */
  saveAs(id: string, format?: FaxFileFormat): Promise<void>;
  retryDownload(id: string): Promise<void>;
  dismissNotice(): void;
  handleChange(change: InboxChange): void;
  handlePrintRequest(request: PrintRequest): Promise<void>;
  setUnread(count: number): void;
}

/** Bumped by every new list (filters changed, reload): an older answer is then dropped. */
let listGeneration = 0;
/** Bumped by every fax opened: a late image of the previous one is dropped. */
let openGeneration = 0;
/** Prints one after another (two arrivals printed automatically, a click during a print). */
let printQueue: Promise<void> = Promise.resolve();

/** Changes are gathered this long, so a burst of events reads the list once. */
const CHANGE_BATCH_MS = 120;
/** Changed rows re-read one by one at most; more than that and the first page is read again instead. */
const MAX_PATCHED_ROWS = 40;

export const useInboxStore = create<InboxState>((set, get) => {
  function sameFax(fax: InboxFax, accountId: string, faxId: string): boolean {
    return fax.accountId === accountId && fax.faxId === faxId;
  }

  function applyFax(fax: InboxFax): void {
    set((state) => ({
      items: patchRows(state.items, [fax]),
      opened: state.opened && state.opened.fax.id === fax.id ? { ...state.opened, fax } : state.opened,
    }));
  }

  async function loadImage(id: string, generation: number): Promise<void> {
    try {
      const image = await unwrap(faxdesk.inbox.image({ id }));
      if (generation !== openGeneration) return;
      const next: OpenedImage =
        image.kind === 'pdf'
          ? { status: 'ready', document: { kind: 'pdf', data: base64ToBytes(image.base64) }, fileName: image.fileName }
          : { status: 'unavailable', message: image.message, canRetry: image.canRetry };
      set((state) => (state.opened && state.opened.fax.id === id ? { opened: { ...state.opened, image: next } } : {}));
    } catch (error) {
      if (generation !== openGeneration) return;
      set((state) => (state.opened && state.opened.fax.id === id ? { opened: { ...state.opened, image: { status: 'error', message: errorMessage(error) } } } : {}));
    }
  }

  // ------------------------------------------------------------------------------------------
  // Live changes, batched

  let pending: { arrived: boolean; deleted: Set<string>; changed: Set<string>; images: Set<string> } | null = null;
  let flushTimer: ReturnType<typeof setTimeout> | null = null;

  async function flushChanges(): Promise<void> {
    flushTimer = null;
    const batch = pending;
    pending = null;
    if (!batch) return;
    const state = get();
    if (batch.deleted.size > 0) {
      const gone = [...batch.deleted];
      set((s) => ({
        items: removeRows(s.items, gone),
        opened: s.opened && batch.deleted.has(s.opened.fax.id) ? null : s.opened,
        notice: s.opened && batch.deleted.has(s.opened.fax.id) ? { kind: 'info', text: 'The fax you had open was deleted.' } : s.notice,
      }));
    }
    if (state.status !== 'ready') return; // a list on its way has the news already
    const generation = listGeneration;
    const loaded = new Set(get().items.map((fax) => fax.id));
    const openedId = get().opened?.fax.id;
    const toPatch = [...batch.changed].filter((id) => loaded.has(id) || id === openedId);
    if (batch.arrived || toPatch.length > MAX_PATCHED_ROWS) {
      try {
        const page = await unwrap(faxdesk.inbox.list(listInput(get().filters)));
        if (generation !== listGeneration) return;
        set((s) => ({ items: mergeFreshPage(s.items, page.items, { order: orderOf(s.filters), hasMore: s.next !== null }) }));
      } catch {
        // The next change or a reload reads it again; the rows shown stay as they were.
      }
    }
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
    items: [],
    next: null,
    status: 'idle',
    error: null,
    loadingMore: false,
    activeId: null,
    opened: null,
    notice: null,
    unread: null,
    printing: null,

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
      const filters = get().filters;
      const problem = filtersProblem(filters);
      if (problem) {
        set({ status: 'error', error: problem, items: [], next: null, loadingMore: false });
        return;
      }
      set({ status: 'loading', error: null, loadingMore: false });
      try {
        const page = await unwrap(faxdesk.inbox.list(listInput(filters)));
        if (generation !== listGeneration) return;
        set({ items: page.items, next: page.next, status: 'ready', error: null });
      } catch (error) {
        if (generation !== listGeneration) return;
        set({ status: 'error', error: errorMessage(error), items: [], next: null });
      }
    },

    loadMore: async () => {
      const { next, loadingMore, status, filters } = get();
      if (!next || loadingMore || status !== 'ready') return;
      const generation = listGeneration;
      set({ loadingMore: true });
      try {
        const page = await unwrap(faxdesk.inbox.list(listInput(filters, next, INBOX_MORE_PAGE_SIZE)));
        if (generation !== listGeneration) return;
        set((state) => ({ items: appendPage(state.items, page.items), next: page.next, loadingMore: false }));
      } catch (error) {
        if (generation !== listGeneration) return;
        set({ loadingMore: false, notice: { kind: 'error', text: `More faxes could not be loaded: ${errorMessage(error)}` } });
      }
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
          if (generation === openGeneration) {
            set((state) => ({
              items: state.items.map((f) => (f.id === id ? { ...f, readAt } : f)),
              opened: state.opened && state.opened.fax.id === id ? { ...state.opened, fax: { ...state.opened.fax, readAt }, markedRead: true } : state.opened,
            }));
          }
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
        set((state) => ({
          items: state.items.map((f) => (f.id === id ? { ...f, readAt } : f)),
          opened: state.opened && state.opened.fax.id === id ? { ...state.opened, fax: { ...state.opened.fax, readAt }, markedRead: false } : state.opened,
          notice: { kind: 'info', text: 'Marked as read.' },
        }));
      } catch (error) {
        set({ notice: { kind: 'error', text: `It could not be marked as read: ${errorMessage(error)}` } });
      }
    },

    markUnread: async (id) => {
      try {
        const result = await unwrap(faxdesk.inbox.markUnread({ ids: [id] }));
        get().setUnread(result.unread);
        set((state) => ({
          items: state.items.map((f) => (f.id === id ? { ...f, readAt: null } : f)),
          opened: state.opened && state.opened.fax.id === id ? { ...state.opened, fax: { ...state.opened.fax, readAt: null }, markedRead: false } : state.opened,
          notice: { kind: 'info', text: 'Marked as unread.' },
        }));
      } catch (error) {
        set({ notice: { kind: 'error', text: `It could not be marked as unread: ${errorMessage(error)}` } });
      }
    },

    remove: async (id) => {
      try {
        const result = await unwrap(faxdesk.inbox.delete({ id, confirm: true }));
        get().setUnread(result.unread);
        set((state) => {
          const index = state.items.findIndex((f) => f.id === id);
          const items = removeRows(state.items, [id]);
          const neighbour = index < 0 ? null : (items[index] ?? items[index - 1] ?? null);
          return {
            items,
            activeId: state.activeId === id ? (neighbour?.id ?? null) : state.activeId,
            opened: state.opened && state.opened.fax.id === id ? null : state.opened,
            notice: {
              kind: 'info',
              text: result.deletedOnService
                ? 'The fax was deleted from the service and from this computer.'
                : 'The fax was already gone from the service; it is now deleted from this computer too.',
            },
          };
        });
        return true;
      } catch (error) {
        set({ notice: { kind: 'error', text: errorMessage(error) } });
        return false;
      }
    },

    print: async (id) => {
      try {
        const result = await unwrap(faxdesk.inbox.print({ id }));
        const fax = get().items.find((f) => f.id === id) ?? (get().opened?.fax.id === id ? get().opened!.fax : null);
        if (fax) applyFax({ ...fax, printedAt: result.printedAt });
        // In the browser harness the page's own print (ui:print) reports its progress; this is the desktop's word.
        if (!get().printing) set({ notice: { kind: 'info', text: 'Sent to the printer.' } });
      } catch (error) {
        set({ notice: { kind: 'error', text: `The fax was not printed: ${errorMessage(error)}` } });
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
      pending ??= { arrived: false, deleted: new Set(), changed: new Set(), images: new Set() };
      if (change.reason === 'arrived') pending.arrived = true;
      for (const id of change.ids) {
        if (change.reason === 'deleted') pending.deleted.add(id);
        else pending.changed.add(id);
        if (change.reason === 'image') pending.images.add(id);
      }
      flushTimer ??= setTimeout(() => void flushChanges(), CHANGE_BATCH_MS);
    },

    handlePrintRequest: (request) => {
      const target = request.target;
      if (target.page !== 'inbox' || !('faxId' in target)) return Promise.resolve();
      const job = async () => {
        let document: FaxDocument;
        const opened = get().opened;
        if (opened && sameFax(opened.fax, target.accountId, target.faxId) && opened.image.status === 'ready') {
          document = opened.image.document;
        } else {
          const detail = await unwrap(faxdesk.inbox.get({ accountId: target.accountId, faxId: target.faxId }));
          const image = await unwrap(faxdesk.inbox.image({ id: detail.fax.id }));
          if (image.kind !== 'pdf') throw new Error(image.message);
          document = { kind: 'pdf', data: base64ToBytes(image.base64) };
        }
        set({ printing: { title: request.title, done: 0, total: 0 } });
        await printDocument(document, { onProgress: (done, total) => set({ printing: { title: request.title, done, total } }) });
        set({ notice: { kind: 'info', text: `Printed: ${request.title}.` } });
      };
      const run = printQueue.then(job).catch((error: unknown) => {
        set({ notice: { kind: 'error', text: `The fax was not printed: ${errorMessage(error)}` } });
      });
      printQueue = run.finally(() => set({ printing: null }));
      return printQueue;
    },

    setUnread: (count) => {
      if (get().unread !== count) set({ unread: count });
      if (useAppStore.getState().badge !== count) useAppStore.getState().setBadge(count);
    },
  };
});
