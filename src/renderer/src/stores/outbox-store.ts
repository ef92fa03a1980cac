/**
 * The Outbox & Sent page's state: the filtered, paged list (keyset cursors from outbox:list), the job
 * open on the right (outbox:get), and the outcome of the last action on it.
 *
 * Live updates: `outbox:changed` names the jobs that changed. Bursts are gathered for a moment, then the
 * first page is read again and merged (new jobs can only appear there: the list is newest first), the
 * changed rows further down are read one by one, and the open job is read again. Rows keep their place
 * and the selection stays, so scrolling and reading are not disturbed.
 *
 * Delivery attempts come from the service (outbox:get with refresh: true, up to 10 s); the page first
 * shows what is stored (refresh: false), then fills the attempts in. Only one such read runs at a time.
 *
 * The delivered image of the open job (outbox:image) is read when asked (a button, since it is a
 * download), or at once when main can only say why there is none yet; it belongs to the open job.
 * The CSV export is main's (outbox:exportCsv returns the text); the page only downloads it.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { CancelOutcome, OutboxDetail, OutboxItem, OutboxPage } from '../../../shared/domain/outbox';
import type { FaxFileFormat } from '../../../shared/ipc/contract/files';
import { errorMessage, faxdesk, unwrap } from '../api';
import { base64ToBytes, downloadBlob, downloadContent } from '../files/download';
import { baseName } from '../model/outbox/base-name';
import { hasNativeFileDialogs, missingSentence, saveWithDialog, savedSentence } from '../files/native-files';
import { plural } from '../model/words';
import { appendPage, keepUnchanged, mergeFirstPage, replaceItem } from '../model/outbox/list-merge';
import {
  cancelNotice,
  filterInput,
  listInput,
  mergedDetail,
  reconcileText,
  rescheduleText,
  resendNotice,
  sameFilters,
  selection,
  withDetail,
  withItems,
  type ActionNotice,
  type DeliveredImage,
  type JobAction,
  type OutboxFilters,
} from './outbox-updates';

export type { ActionNotice, DeliveredImage, JobAction, OutboxFilters };

/**
 * The first page fills the view with room to spare; it is what each letter typed in the search box and
 * each tab waits for, so it is kept small (through the bridge here: ~11 ms for 50 rows, ~15 ms for 100).
 * The pages read while scrolling are larger: fewer round trips.
 */
export const FIRST_PAGE_SIZE = 50;
export const PAGE_SIZE = 100;
/** How long `outbox:changed` events are gathered before the page reads again. */
const CHANGE_GATHER_MS = 150;
/** Changed rows below the first page read one by one; past this many the list is simply re-read. */
const MAX_ROW_REREADS = 40;

export interface ListNotice {
  kind: 'info' | 'ok' | 'error';
  text: string;
}

export interface OutboxState {
  filters: OutboxFilters;
  items: OutboxItem[];
  next: string | null;
  listStatus: 'idle' | 'loading' | 'ready' | 'error';
  listError: string | null;
  loadingMore: boolean;
  selectedId: string | null;
  detail: OutboxDetail | null;
  detailStatus: 'idle' | 'loading' | 'ready' | 'error';
  detailError: string | null;
  /** The delivery attempts are being read from the service. */
  attemptsLoading: boolean;
  busy: Partial<Record<JobAction, boolean>>;
  notice: ActionNotice | null;
  /** The CSV is being made in main. */
  exporting: boolean;
  listNotice: ListNotice | null;
  image: DeliveredImage | null;

  setFilters(patch: Partial<OutboxFilters>): void;
  load(): Promise<void>;
  loadMore(): Promise<void>;
  select(jobId: string | null): Promise<void>;
  /** Reads the open job again (the page came back into view: events were not followed meanwhile). */
  refreshOpen(): Promise<void>;
  /** `outbox:changed` (gathered, then applied). */
  jobsChanged(accountId: string, ids: readonly string[]): void;
  /** Applies gathered changes now (tests, and the timer). */
  flushChanges(): Promise<void>;
  cancel(): Promise<CancelOutcome | null>;
  resend(scope: 'job' | 'compose'): Promise<void>;
  reschedule(scheduledAt: string | null): Promise<void>;
  reconcile(): Promise<void>;
  report(): Promise<void>;
  exportCsv(): Promise<void>;
  /** Reads the open job's delivered image (or why there is none). */
  loadImage(): Promise<void>;
  hideImage(): void;
  /** Downloads the delivered image on screen as a PDF file. */
  /** The delivered image: through the Save dialog (format undefined: it offers both), or downloaded as `format`. */
  saveImage(format?: FaxFileFormat): Promise<void>;
  dismissNotice(): void;
  dismissListNotice(): void;
}

let listGeneration = 0;
let detailGeneration = 0;
let gathered = new Set<string>();
let gatheredAccounts = new Set<string>();
let gatherTimer: ReturnType<typeof setTimeout> | null = null;
let applying: Promise<void> | null = null;
let attemptsInFlight: Promise<void> | null = null;
let attemptsAgain = false;

export const useOutboxStore = create<OutboxState>((set, get) => {
  /** The open job, read again: stored facts at once (no network); attempts kept from the last read. */
  async function readDetail(jobId: string, refresh: boolean): Promise<OutboxDetail | null> {
    const gen = detailGeneration;
    const fresh = await unwrap(faxdesk.outbox.get({ jobId, refresh }));
    if (gen !== detailGeneration || get().selectedId !== jobId) return null;
    const detail = mergedDetail(get().detail, fresh, refresh);
    set((s) => ({ ...withDetail(s, detail), detailStatus: 'ready', detailError: null }));
    return detail;
  }

  /** Reads the attempts from the service; one read at a time, one more if asked meanwhile. */
  function readAttempts(jobId: string): Promise<void> {
    if (attemptsInFlight) {
      attemptsAgain = true;
      return attemptsInFlight;
    }
    set({ attemptsLoading: true });
    attemptsInFlight = (async () => {
      try {
        do {
          attemptsAgain = false;
          if (get().selectedId !== jobId) break;
          try {
            await readDetail(jobId, true);
          } catch (error) {
            if (get().selectedId === jobId) set({ detailError: errorMessage(error) });
          }
        } while (attemptsAgain);
      } finally {
        attemptsInFlight = null;
        set({ attemptsLoading: false });
        // Asked for another job while this one was read: read that one now.
        const selected = get().selectedId;
        if (selected && selected !== jobId && get().detail?.job.faxId) void readAttempts(selected);
      }
    })();
    return attemptsInFlight;
  }

  function setBusy(action: JobAction, on: boolean): void {
    set((s) => ({ busy: { ...s.busy, [action]: on } }));
  }

  /** Runs an action on the open job: busy flag, errors as a notice. */
  async function act<T>(action: JobAction, run: (jobId: string) => Promise<T>): Promise<T | null> {
    const jobId = get().selectedId;
    if (!jobId || get().busy[action]) return null;
    setBusy(action, true);
    try {
      return await run(jobId);
    } catch (error) {
      if (get().selectedId === jobId) set({ notice: { jobId, kind: 'error', text: errorMessage(error) } });
      return null;
    } finally {
      setBusy(action, false);
    }
  }

  function putItems(updated: readonly OutboxItem[]): void {
    set((s) => withItems(s, updated));
  }

  async function refreshFirstPage(): Promise<Set<string>> {
    const gen = listGeneration;
    const { filters } = get();
    const page: OutboxPage = await unwrap(faxdesk.outbox.list(listInput(filters, null, FIRST_PAGE_SIZE)));
    if (gen !== listGeneration) return new Set();
    set((s) => {
      const merged = mergeFirstPage({ items: s.items, next: s.next }, { items: page.items, next: page.next });
      return { items: merged.items, next: merged.next, listStatus: 'ready', listError: null };
    });
    return new Set(page.items.map((i) => i.id));
  }

  async function applyChanges(): Promise<void> {
    const ids = gathered;
    const accounts = gatheredAccounts;
    gathered = new Set();
    gatheredAccounts = new Set();
    if (ids.size === 0) return;
    const { filters, selectedId } = get();
    const work: Promise<unknown>[] = [];

    if (get().listStatus !== 'idle' && (!filters.accountId || accounts.has(filters.accountId))) {
      work.push(
        (async () => {
          const inFirst = await refreshFirstPage();
          const below = get().items.filter((i) => ids.has(i.id) && !inFirst.has(i.id) && i.id !== selectedId);
          if (below.length > MAX_ROW_REREADS) {
            await get().load();
            return;
          }
          const gen = listGeneration;
          for (const row of below) {
            try {
              const d = await unwrap(faxdesk.outbox.get({ jobId: row.id, refresh: false }));
              if (gen === listGeneration) set((s) => ({ items: replaceItem(s.items, d.job, s.filters.phase) }));
            } catch {
              // Gone (deleted): the next first-page merge or reload drops it.
            }
          }
        })().catch((error) => set({ listError: errorMessage(error) })),
      );
    }

    if (selectedId && ids.has(selectedId)) {
      const before = get().detail?.job;
      work.push(
        (async () => {
          const after = await readDetail(selectedId, false);
          // A new state may come with a new attempt: read them from the service (one read at a time).
          if (after && after.job.faxId && (!before || before.state !== after.job.state || before.updatedAt !== after.job.updatedAt)) void readAttempts(selectedId);
        })().catch((error) => set({ detailError: errorMessage(error) })),
      );
    }
    await Promise.all(work);
  }

  return {
    filters: { phase: 'all', search: '', accountId: null },
    items: [],
    next: null,
    listStatus: 'idle',
    listError: null,
    loadingMore: false,
    selectedId: null,
    detail: null,
    detailStatus: 'idle',
    detailError: null,
    attemptsLoading: false,
    busy: {},
    notice: null,
    exporting: false,
    listNotice: null,
    image: null,

    setFilters: (patch) => {
      const filters = { ...get().filters, ...patch };
      if (sameFilters(filters, get().filters)) return;
      set({ filters });
      void get().load();
    },

    load: async () => {
      const gen = ++listGeneration;
      set({ listStatus: 'loading', listError: null, loadingMore: false });
      try {
        const page = await unwrap(faxdesk.outbox.list(listInput(get().filters, null, FIRST_PAGE_SIZE)));
        if (gen !== listGeneration) return;
        set((state) => ({ items: keepUnchanged(state.items, page.items), next: page.next, listStatus: 'ready' }));
      } catch (error) {
        if (gen !== listGeneration) return;
        set({ items: [], next: null, listStatus: 'error', listError: errorMessage(error) });
      }
    },

    loadMore: async () => {
      const { next, loadingMore, listStatus } = get();
      if (!next || loadingMore || listStatus !== 'ready') return;
      const gen = listGeneration;
      set({ loadingMore: true });
      try {
        const page = await unwrap(faxdesk.outbox.list(listInput(get().filters, next, PAGE_SIZE)));
        if (gen !== listGeneration) return;
        set((s) => ({ ...appendPage({ items: s.items, next: s.next }, { items: page.items, next: page.next }), loadingMore: false }));
      } catch (error) {
        if (gen !== listGeneration) return;
        set({ loadingMore: false, listError: errorMessage(error) });
      }
    },

    select: async (jobId) => {
      if (jobId === get().selectedId && get().detailStatus !== 'error') return;
      detailGeneration++;
      set(selection(jobId));
      if (!jobId) return;
      try {
        const detail = await readDetail(jobId, false);
        if (detail?.job.faxId) await readAttempts(jobId);
      } catch (error) {
        if (get().selectedId !== jobId) return;
        set({ detailStatus: 'error', detailError: errorMessage(error) });
      }
    },

    refreshOpen: async () => {
      const jobId = get().selectedId;
      if (!jobId) return;
      try {
        const detail = await readDetail(jobId, false);
        if (detail?.job.faxId) await readAttempts(jobId);
      } catch (error) {
        if (get().selectedId === jobId) set({ detailError: errorMessage(error) });
      }
    },

    jobsChanged: (accountId, ids) => {
      for (const id of ids) gathered.add(id);
      gatheredAccounts.add(accountId);
      if (gatherTimer) return;
      gatherTimer = setTimeout(() => {
        gatherTimer = null;
        void get().flushChanges();
      }, CHANGE_GATHER_MS);
    },

    flushChanges: async () => {
      if (gatherTimer) {
        clearTimeout(gatherTimer);
        gatherTimer = null;
      }
      // One application at a time; changes that arrive meanwhile are applied right after.
      while (applying) await applying;
      if (gathered.size === 0) return;
      applying = applyChanges().finally(() => {
        applying = null;
      });
      await applying;
    },

    cancel: () =>
      act('cancel', async (jobId) => {
        const outcome = await unwrap(faxdesk.outbox.cancel({ jobId }));
        putItems([outcome.job]);
        if (get().selectedId === jobId) set({ notice: cancelNotice(jobId, outcome) });
        await readDetail(jobId, false).catch(() => null);
        return outcome;
      }),

    resend: async (scope) => {
      await act(scope === 'job' ? 'resend' : 'resendAll', async (jobId) => {
        // A fresh compose id per click: a retried call with it creates nothing twice.
        const outcome = await unwrap(faxdesk.outbox.resend({ jobId, composeId: crypto.randomUUID(), scope }));
        const notice = resendNotice(jobId, outcome.jobs);
        if (!notice) return;
        if (get().selectedId === jobId) set({ notice });
        await refreshFirstPage().catch(() => undefined);
      });
    },

    reschedule: async (scheduledAt) => {
      await act('reschedule', async (jobId) => {
        const items = await unwrap(faxdesk.outbox.reschedule({ jobId, scheduledAt }));
        putItems(items);
        const text = rescheduleText(jobId, items, scheduledAt);
        if (get().selectedId === jobId) set({ notice: { jobId, kind: 'ok', text } });
        await readDetail(jobId, false).catch(() => null);
      });
    },

    reconcile: async () => {
      await act('reconcile', async (jobId) => {
        const items = await unwrap(faxdesk.outbox.reconcile({ jobId }));
        putItems(items);
        const text = reconcileText(items.find((i) => i.id === jobId));
        if (get().selectedId === jobId) set({ notice: { jobId, kind: 'info', text } });
        await readDetail(jobId, false).catch(() => null);
      });
    },

    report: async () => {
      await act('report', async (jobId) => {
        if (await hasNativeFileDialogs()) {
          const outcome = await saveWithDialog({ what: 'report', jobId });
          if (outcome.saved && get().selectedId === jobId) set({ notice: { jobId, kind: 'ok', text: `Transmission report: ${savedSentence(outcome)}` } });
          return;
        }
        const result = await unwrap(faxdesk.outbox.report({ jobId }));
        const name = baseName(result.file);
        downloadBlob(new Blob([base64ToBytes(result.base64)], { type: 'application/pdf' }), name);
        if (get().selectedId === jobId) {
          const missing = result.missingCharacters.length > 0 ? ` ${missingSentence(result.missingCharacters)}` : '';
          set({ notice: { jobId, kind: 'ok', text: `Transmission report downloaded (${name}). Faxdesk also keeps a copy at ${result.file}.${missing}` } });
        }
      });
    },

    exportCsv: async () => {
      if (get().exporting) return;
      set({ exporting: true, listNotice: null });
      try {
        if (await hasNativeFileDialogs()) {
          const outcome = await saveWithDialog({ what: 'outbox-csv', ...filterInput(get().filters) });
          if (outcome.saved) set({ listNotice: { kind: 'ok', text: `Exported the list. ${savedSentence(outcome)}` } });
          return;
        }
        const result = await unwrap(faxdesk.outbox.exportCsv(filterInput(get().filters)));
        if (result.kind !== 'text') throw new Error('Faxdesk wrote the CSV to a file instead of handing it over.');
        downloadBlob(new Blob([result.text], { type: 'text/csv;charset=utf-8' }), result.fileName);
        set({ listNotice: { kind: 'ok', text: `Exported ${plural(result.rows, 'fax', 'faxes')} to ${result.fileName}.` } });
      } catch (error) {
        set({ listNotice: { kind: 'error', text: `The list could not be exported: ${errorMessage(error)}` } });
      } finally {
        set({ exporting: false });
      }
    },

    loadImage: async () => {
      const { selectedId, detail, image } = get();
      if (!selectedId || !detail || detail.job.id !== selectedId) return;
      if (image && image.jobId === selectedId && image.status === 'loading') return;
      const gen = detailGeneration;
      const base = { jobId: selectedId, forState: detail.job.state };
      set({ image: { ...base, status: 'loading' } });
      let next: DeliveredImage;
      try {
        const result = await unwrap(faxdesk.outbox.image({ jobId: selectedId }));
        if (result.kind === 'pdf') {
          const data = base64ToBytes(result.base64);
          next = { ...base, status: 'ready', document: { kind: 'pdf', data }, data, fileName: result.fileName };
        } else {
          next = { ...base, status: 'unavailable', message: result.message };
        }
      } catch (error) {
        next = { ...base, status: 'error', message: errorMessage(error) };
      }
      if (gen !== detailGeneration || get().selectedId !== selectedId) return;
      set({ image: next });
    },

    hideImage: () => set({ image: null }),

    saveImage: async (format) => {
      const image = get().image;
      if (!image || image.status !== 'ready') return;
      try {
        if (await hasNativeFileDialogs()) {
          const outcome = await saveWithDialog({ what: 'sent-fax', jobId: image.jobId, ...(format ? { format } : {}) });
          if (outcome.saved) set({ notice: { jobId: image.jobId, kind: 'ok', text: `Sent fax: ${savedSentence(outcome)}` } });
          return;
        }
        const file = await unwrap(faxdesk.files.download({ what: 'sent-fax', jobId: image.jobId, ...(format ? { format } : {}) }));
        downloadContent(file);
        set({ notice: { jobId: image.jobId, kind: 'ok', text: `Sent fax downloaded as ${file.fileName}.` } });
      } catch (error) {
        set({ notice: { jobId: image.jobId, kind: 'error', text: `The fax was not saved: ${errorMessage(error)}` } });
      }
    },

    dismissNotice: () => set({ notice: null }),
    dismissListNotice: () => set({ listNotice: null }),
  };
});

/** Main's `outbox:changed` while the Outbox page is open (gathered, then applied: `jobsChanged`). */
export function useOutboxEvents(): void {
  useEffect(() => faxdesk.on('outbox:changed', ({ accountId, ids }) => useOutboxStore.getState().jobsChanged(accountId, ids)), []);
}
