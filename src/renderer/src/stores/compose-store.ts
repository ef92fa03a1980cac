/**
 * The fax being written on the Compose page. It lives here, not in the page, so the draft survives
 * switching to another page and back; features/compose/draft-autosave.ts saves it in main as the person
 * works (drafts:save), and restoreDraft() brings it back on the next start or reload.
 *
 * One compose = one `composeId` (a UUID made when the compose starts and kept until a send succeeds):
 * compose:send is idempotent on it, so a double click, Enter pressed twice or a send retried after a
 * lost answer can never make a second job. A successful send starts a new compose with a new id.
 *
 * Documents are added one at a time through a queue: dropped, picked or pasted files are read here and
 * handed to main as base64 (compose:addBytes); files main handed over (command line, "Open with", hot
 * folder) go by path (compose:addFiles). Each shows its progress and ends ready (main's checks passed,
 * with its page count) or failed (main's specific reason).
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import type { DocumentType, PreparedDocument } from '../../../shared/domain/documents';
import type { ComposeProblem, OutboxItem, StoredDraft } from '../../../shared/domain/outbox';
import type { HeaderOptions } from '../../../shared/header';
import type { ComposeFile } from '../../../shared/ipc/contract/desktop';
import { errorMessage, faxdesk, FaxdeskError, unwrap } from '../api';
import { useAppStore } from './app-store';
import type { CoverPageOptions } from '../model/cover-page';
import { encodeBase64Chunked } from '../model/compose/base64';
import {
  THUMBNAIL_MAX_BYTES,
  moveItem,
  outcomeForFile,
  pagesLabel,
  type DocumentItem,
} from '../model/compose/documents';
import { buildDraft, type OptionsForm } from '../model/compose/draft';
import { placeProblems, withoutField, type PlacedProblem } from '../model/compose/problems';
import { readFileBytes, unreadableMessage } from '../model/compose/read-file';
import {
  MAX_RECIPIENTS,
  addRecipients,
  compactRows,
  emptyRow,
  isBlankRow,
  readPastedRecipients,
  tidyNumber,
  type IncomingRecipient,
  type RecipientRow,
  type SkippedRecipient,
} from '../model/compose/recipients';
import { composeFromSaved } from '../model/compose/saved-draft';
import {
  existingDocuments,
  freshCompose,
  hasContent,
  itemsForFiles,
  itemsForPaths,
  recipientsAddedText,
  reopenedCompose,
  sendRefused,
  sentText,
  withDocument,
  withoutRecipient,
  withRecipient,
  type ComposeData,
  type ComposeSection,
  type DocumentTask,
  type DraftSaveState,
  type RecipientNote,
  type SentCompose,
} from './compose-updates';

export type { ComposeData, ComposeSection, DraftSaveState, RecipientNote, SentCompose };

export interface ComposeState extends ComposeData {
  addFiles(files: readonly File[]): void;
  addPaths(files: readonly ComposeFile[]): void;
  /** A document main has already stored and checked (the Sandbox's sample document). */
  addPrepared(document: PreparedDocument): void;
  removeDocument(key: string): void;
  moveDocument(key: string, to: number): void;

  updateRecipient(key: string, patch: Partial<Pick<RecipientRow, 'number' | 'name' | 'company'>>): void;
  tidyRecipient(key: string): void;
  /** Returns the new row's key, or null at the 50-recipient limit. */
  addRecipientRow(): string | null;
  removeRecipient(key: string): void;
  addRecipientsFrom(incoming: readonly IncomingRecipient[], source: string, alreadySkipped?: readonly SkippedRecipient[]): void;
  pasteRecipients(text: string): void;
  dismissRecipientNote(): void;

  setAccount(id: string): void;
  setOptions(patch: Partial<Omit<OptionsForm, 'clientData'>>): void;
  setClientData(key: keyof OptionsForm['clientData'], value: string): void;
  setCover(value: CoverPageOptions | null): void;
  setCoverValid(valid: boolean): void;
  setHeader(value: HeaderOptions | null): void;
  setHeaderValid(valid: boolean): void;
  setSendMode(mode: 'now' | 'later'): void;
  setScheduledLocal(value: string): void;
  setSection(section: ComposeSection, open: boolean): void;

  /** The default header template, once per compose, unless a header was chosen. */
  applyDefaultHeader(): Promise<void>;
  /** compose:validate, then compose:send with this compose's id. */
  send(accountId: string): Promise<void>;
  /** Re-reads the jobs of the last send (after `outbox:changed`). */
  refreshSent(ids: readonly string[]): Promise<void>;
  dismissSent(): void;
  /** Documents (and fax numbers) main holds for Compose: taken once, by path. */
  takePendingFiles(): Promise<void>;
  /** Replaces the compose with a stored one (a rejected fax reopened for editing). */
  openStored(jobId: string): Promise<void>;
  /** Starts a new, empty compose (keeps the account). */
  reset(): void;
  /** Whether there is anything a person would lose by replacing the compose. */
  hasContent(): boolean;
  /** Brings back the saved draft into an empty compose (once per start; later calls wait for the first). */
  restoreDraft(): Promise<void>;
  dismissRestored(): void;
}

let seq = 0;
const newKey = (prefix: string) => (): string => `${prefix}${++seq}`;
const rowKey = newKey('r');
const docKey = newKey('d');

// ---------------------------------------------------------------------------------------------
// The document queue: one file at a time (a 75 MB file is held in memory twice while it is encoded).

/** Draws page 1 of a document for the list; null: no picture (the list shows the type icon). */
export type ThumbnailMaker = (bytes: Uint8Array, type: DocumentType) => Promise<string | null>;

/**
 * The window sets the real one as it starts (main.tsx: features/compose/thumbnail.ts, which reads PDF
 * and TIFF through the viewer): the store does not know how pictures are drawn. Until then, none.
 */
let makeThumbnail: ThumbnailMaker = () => Promise.resolve(null);

export function setThumbnailMaker(maker: ThumbnailMaker): void {
  makeThumbnail = maker;
}

const queue: DocumentTask[] = [];
let draining = false;
const aborts = new Map<string, AbortController>();
let restoring: Promise<void> | null = null;

export const useComposeStore = create<ComposeState>((set, get) => {
  const patchDoc = (key: string, patch: Partial<DocumentItem>): boolean => {
    let found = false;
    set((s) => {
      const next = withDocument(s.documents, key, patch);
      found = next.found;
      return { documents: next.documents };
    });
    return found;
  };
  const exists = (key: string): boolean => get().documents.some((d) => d.key === key);
  const announce = (announcement: string) => set({ announcement });

  /** Progress is stored in whole percents, so a large file re-renders the list about 100 times, not thousands. */
  const progressReporter = (key: string) => {
    let last = -1;
    return (done: number, total: number) => {
      const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
      if (pct === last) return;
      last = pct;
      patchDoc(key, { progress: pct / 100 });
    };
  };

  const existingFor = (key: string) => existingDocuments(get().documents, key);

  const finish = (key: string, name: string, result: { document: PreparedDocument | null; problems: string[] }, bytes: Uint8Array | null) => {
    if (!exists(key)) return;
    if (result.document) {
      const doc = result.document;
      patchDoc(key, { phase: 'ready', progress: 1, document: doc, name: doc.name, size: doc.size, problems: [] });
      set((s) => ({ problems: withoutField(withoutField(s.problems, 'documents'), `document:${key}`) }));
      announce(`Added "${doc.name}": ${pagesLabel(doc)}.`);
      if (bytes && bytes.length <= THUMBNAIL_MAX_BYTES && ['PDF', 'TIFF', 'PNG', 'JPG'].includes(doc.type)) {
        void makeThumbnail(bytes, doc.type).then((thumbnail) => {
          if (thumbnail) patchDoc(key, { thumbnail });
        });
      }
    } else {
      patchDoc(key, { phase: 'failed', problems: result.problems });
      announce(`"${name}" was not added. ${result.problems[0] ?? ''}`);
    }
  };

  const run = async (task: DocumentTask): Promise<void> => {
    const item = get().documents.find((d) => d.key === task.key);
    if (!item) return;
    const controller = new AbortController();
    aborts.set(task.key, controller);
    try {
      if (task.kind === 'path') {
        patchDoc(task.key, { phase: 'uploading' });
        const result = await unwrap(faxdesk.compose.addFiles({ paths: [task.path], existing: existingFor(task.key) }));
        if (controller.signal.aborted) return;
        finish(task.key, item.name, outcomeForFile(result, existingFor(task.key)), null);
        return;
      }
      patchDoc(task.key, { phase: 'reading', progress: 0 });
      let bytes: Uint8Array;
      try {
        bytes = await readFileBytes(task.file, progressReporter(task.key), controller.signal);
      } catch (error) {
        if (controller.signal.aborted) return;
        finish(task.key, item.name, { document: null, problems: [unreadableMessage(item.name, error)] }, null);
        return;
      }
      patchDoc(task.key, { phase: 'encoding', progress: 0 });
      const base64 = await encodeBase64Chunked(bytes, { onProgress: progressReporter(task.key), signal: controller.signal });
      if (controller.signal.aborted) return;
      patchDoc(task.key, { phase: 'uploading', progress: 0 });
      const existing = existingFor(task.key);
      const result = await unwrap(faxdesk.compose.addBytes({ name: task.file.name, base64, existing }));
      if (controller.signal.aborted) return;
      finish(task.key, item.name, outcomeForFile(result, existingFor(task.key)), bytes);
    } catch (error) {
      if (controller.signal.aborted) return;
      finish(task.key, item.name, { document: null, problems: [`"${item.name}" could not be added: ${errorMessage(error)}`] }, null);
    } finally {
      aborts.delete(task.key);
    }
  };

  const drain = async (): Promise<void> => {
    if (draining) return;
    draining = true;
    try {
      for (let task = queue.shift(); task; task = queue.shift()) await run(task);
    } finally {
      draining = false;
    }
  };

  const enqueue = ({ items, tasks }: { items: DocumentItem[]; tasks: DocumentTask[] }) => {
    if (items.length === 0) return;
    set((s) => ({ documents: [...s.documents, ...items] }));
    queue.push(...tasks);
    announce(items.length === 1 ? `Adding "${items[0]!.name}"…` : `Adding ${items.length} documents…`);
    void drain();
  };

  const clearProblems = (key: string) => {
    if (get().problems.length > 0) set((s) => ({ problems: withoutField(s.problems, key) }));
  };

  const startNew = (): void => {
    for (const controller of aborts.values()) controller.abort();
    queue.length = 0;
    set(freshCompose(rowKey));
  };

  return {
    ...freshCompose(rowKey),
    accountId: '',
    lastSent: null,
    announcement: '',
    focusRequest: null,
    draftSave: { status: 'idle', savedAt: null, error: null },

    addFiles: (files) => enqueue(itemsForFiles(files, docKey)),

    addPaths: (files) => enqueue(itemsForPaths(files, docKey)),

    addPrepared: (document) => {
      const key = docKey();
      const item: DocumentItem = { key, name: document.name, size: document.size, phase: 'ready', progress: 1, source: 'path', document, problems: [], thumbnail: null };
      set((s) => ({ documents: [...s.documents, item], problems: withoutField(s.problems, 'documents') }));
      announce(`Added "${document.name}": ${pagesLabel(document)}.`);
    },

    removeDocument: (key) => {
      aborts.get(key)?.abort();
      const at = queue.findIndex((t) => t.key === key);
      if (at >= 0) queue.splice(at, 1);
      const item = get().documents.find((d) => d.key === key);
      // The set-wide problems of the last Send (too many documents, over 100 MB) were about the list as it
      // was: they go with any removal; a Send checks the new list again.
      set((s) => ({ documents: s.documents.filter((d) => d.key !== key), problems: withoutField(withoutField(s.problems, `document:${key}`), 'documents') }));
      if (item) announce(`Removed "${item.name}".`);
    },

    moveDocument: (key, to) => {
      const list = get().documents;
      const from = list.findIndex((d) => d.key === key);
      if (from < 0) return;
      const next = moveItem(list, from, to);
      const at = next.findIndex((d) => d.key === key);
      if (at === from) return;
      set({ documents: next });
      announce(`"${list[from]!.name}" moved to position ${at + 1} of ${next.length}.`);
    },

    updateRecipient: (key, patch) => {
      set((s) => ({ recipients: withRecipient(s.recipients, key, patch) }));
      clearProblems(`recipient:${key}`);
      clearProblems('recipients');
    },

    tidyRecipient: (key) => {
      set((s) => ({ recipients: s.recipients.map((r) => (r.key === key ? { ...r, number: tidyNumber(r.number) } : r)) }));
    },

    addRecipientRow: () => {
      const rows = get().recipients;
      const filled = rows.filter((r) => !isBlankRow(r)).length;
      const blank = rows.find((r, i) => isBlankRow(r) && i === rows.length - 1);
      if (blank) return blank.key;
      if (filled >= MAX_RECIPIENTS) {
        announce(`A fax goes to at most ${MAX_RECIPIENTS} recipients. Send to the others as a second fax.`);
        return null;
      }
      const row = emptyRow(rowKey());
      set({ recipients: [...rows, row] });
      return row.key;
    },

    removeRecipient: (key) => {
      set((s) => withoutRecipient(s, key, rowKey));
    },

    addRecipientsFrom: (incoming, source, alreadySkipped = []) => {
      const result = addRecipients(get().recipients, incoming, rowKey);
      const skipped = [...alreadySkipped, ...result.skipped];
      set({ recipients: result.rows, recipientNote: { source, added: result.added, skipped } });
      clearProblems('recipients');
      announce(recipientsAddedText(result.added, skipped.length, source));
    },

    pasteRecipients: (text) => {
      const { incoming, skipped } = readPastedRecipients(text);
      get().addRecipientsFrom(incoming, 'the pasted list', skipped);
    },

    dismissRecipientNote: () => set({ recipientNote: null }),

    setAccount: (accountId) => {
      set({ accountId });
      clearProblems('accountId');
    },
    setOptions: (patch) => {
      set((s) => ({ options: { ...s.options, ...patch } }));
      for (const key of Object.keys(patch)) clearProblems(key);
    },
    setClientData: (key, value) => {
      set((s) => ({ options: { ...s.options, clientData: { ...s.options.clientData, [key]: value } } }));
      clearProblems(`clientData:${key}`);
    },
    setCover: (coverPage) => {
      set({ coverPage });
      clearProblems('coverPage');
    },
    setCoverValid: (coverValid) => set({ coverValid }),
    setHeader: (header) => {
      set({ header, headerChosen: true });
      clearProblems('header');
    },
    setHeaderValid: (headerValid) => set({ headerValid }),
    setSendMode: (sendMode) => {
      set({ sendMode });
      clearProblems('scheduledAt');
    },
    setScheduledLocal: (scheduledLocal) => {
      set({ scheduledLocal });
      clearProblems('scheduledAt');
    },
    setSection: (section, open) => set((s) => ({ openSections: { ...s.openSections, [section]: open } })),

    applyDefaultHeader: async () => {
      const composeId = get().composeId;
      if (get().headerChosen) return;
      try {
        const template = await unwrap(faxdesk.templates.getDefault());
        const s = get();
        if (!template || template.problem !== null || s.composeId !== composeId || s.headerChosen) return;
        set({ header: template.options, headerChosen: true });
      } catch {
        // Without the default template the service's default header applies; nothing to tell.
      }
    },

    send: async (accountId) => {
      // One attempt at a time: a second click or Enter while this one runs does nothing.
      if (get().phase !== 'editing') return;
      const composeId = get().composeId;
      set((s) => ({ phase: 'validating', sendError: null, recipients: compactRows(s.recipients, rowKey), accountId: s.accountId || accountId }));
      const built = buildDraft({ ...get(), accountId }, new Date());
      const fail = (problems: PlacedProblem[], warnings: PlacedProblem[] = []) => set((s) => sendRefused(s, problems, warnings));

      let validation;
      try {
        validation = await unwrap(faxdesk.compose.validate({ draft: built.draft }));
      } catch (error) {
        set({ phase: 'editing', sendError: `The fax could not be checked: ${errorMessage(error)} Nothing was sent; try again.` });
        return;
      }
      const problems = placeProblems(validation.problems, built.context, built.local);
      const warnings = placeProblems(validation.warnings, built.context);
      if (problems.length > 0) {
        fail(problems, warnings);
        return;
      }

      // The previous fax's "Fax queued" would read as this Send's answer (and its "Open in Outbox" as
      // this fax's): it goes when the new fax goes out. A Send refused for an empty form leaves it.
      set({ phase: 'sending', problems: [], warnings, lastSent: null });
      let outcome;
      try {
        outcome = await unwrap(faxdesk.compose.send({ ...built.draft, composeId }));
      } catch (error) {
        if (error instanceof FaxdeskError && error.info.code === 'VALIDATION') {
          fail(placeProblems([{ field: error.info.field ?? 'general', message: error.info.message } satisfies ComposeProblem], built.context));
        } else {
          // Whether main queued it is unknown: the compose (and its id) stays, so sending again is safe.
          set({
            phase: 'editing',
            sendError: `${errorMessage(error)} Your fax is still here. Press Send again: Faxdesk sends it at most once, even if the first attempt got through.`,
          });
        }
        return;
      }
      if (get().composeId !== composeId) return;
      const numbers = outcome.jobs.map((j) => j.destination);
      if (numbers.length > 0) void faxdesk.contacts.markUsed({ faxNumbers: numbers }).catch(() => undefined);
      const scheduledAt = typeof built.draft.scheduledAt === 'string' ? built.draft.scheduledAt : null;
      const count = outcome.jobs.length;
      startNew();
      set({
        lastSent: { composeId, created: outcome.created, jobs: outcome.jobs, scheduledAt },
        announcement: sentText(outcome.created, scheduledAt !== null, count),
      });
      void get().applyDefaultHeader();
    },

    refreshSent: async (ids) => {
      const sent = get().lastSent;
      if (!sent) return;
      const wanted = sent.jobs.filter((j) => ids.includes(j.id));
      if (wanted.length === 0) return;
      const fresh = await Promise.all(
        wanted.map((j) =>
          unwrap(faxdesk.outbox.get({ jobId: j.id, refresh: false }))
            .then((d) => d.job)
            .catch(() => null),
        ),
      );
      const byId = new Map(fresh.filter((j): j is OutboxItem => j !== null).map((j) => [j.id, j]));
      set((s) => (s.lastSent?.composeId === sent.composeId ? { lastSent: { ...s.lastSent, jobs: s.lastSent.jobs.map((j) => byId.get(j.id) ?? j) } } : {}));
    },

    dismissSent: () => set({ lastSent: null }),

    takePendingFiles: async () => {
      // Command line, "Open with", hot folder, fax printer.
      try {
        const { files, recipients, recipientsFrom } = await unwrap(faxdesk.desktop.takePendingFiles());
        if (files.length > 0) get().addPaths(files);
        // A FaxOut print job's fax numbers (or a "Fax:" line): checked and added like pasted ones.
        if (recipients?.length) {
          get().addRecipientsFrom(
            recipients.map((r) => ({ number: r.number, name: r.name ?? '', company: '', label: r.name ? `${r.name} (${r.number})` : r.number })),
            recipientsFrom ?? 'a printed job',
          );
        }
      } catch (error) {
        useAppStore.getState().pushToast({ title: 'Documents could not be taken over', body: errorMessage(error), level: 'error' });
      }
    },

    openStored: async (jobId) => {
      let stored: StoredDraft;
      try {
        stored = await unwrap(faxdesk.outbox.draft({ jobId, scope: 'compose' }));
      } catch (error) {
        set({ sendError: `The fax could not be reopened: ${errorMessage(error)}` });
        return;
      }
      startNew();
      set(reopenedCompose(stored, jobId, rowKey, docKey));
    },

    reset: () => {
      startNew();
      set({ lastSent: null, announcement: 'Started a new fax.' });
      void get().applyDefaultHeader();
    },

    hasContent: () => hasContent(get()),

    restoreDraft: () => {
      restoring ??= (async () => {
        let snapshot;
        try {
          snapshot = await unwrap(faxdesk.drafts.get());
        } catch (error) {
          set({ draftSave: { status: 'error', savedAt: null, error: `The fax you were writing could not be read back: ${errorMessage(error)}` } });
          return;
        }
        // Something was put in meanwhile (a file handed over, a fax reopened): it wins; the draft is replaced as it is edited.
        if (!snapshot || get().hasContent() || get().lastSent) return;
        const restored = composeFromSaved(snapshot, rowKey, docKey);
        set({
          ...restored,
          problems: [],
          warnings: [],
          sendError: null,
          openSections: { billing: Object.values(restored.options.clientData).some((v) => v !== '') },
          restored: { savedAt: snapshot.savedAt, missing: snapshot.missingDocuments.length },
          draftSave: { status: 'saved', savedAt: snapshot.savedAt, error: null },
          announcement: 'The fax you were writing was restored. Nothing was sent.',
        });
      })();
      return restoring;
    },

    dismissRestored: () => set({ restored: null }),
  };
});

/**
 * Main's events for Compose while the page is open: `compose:open` (documents handed over) and
 * `outbox:changed` (the last send's jobs moved on).
 */
export function useComposeEvents(): void {
  useEffect(() => {
    const offs = [
      faxdesk.on('compose:open', () => void useComposeStore.getState().takePendingFiles()),
      faxdesk.on('outbox:changed', ({ ids }) => void useComposeStore.getState().refreshSent(ids)),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
