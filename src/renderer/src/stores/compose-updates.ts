/**
 * The Compose store's state changes, as pure functions (unit-tested): a new compose, the document list
 * and the recipient rows as they are edited, a refused send, a stored fax reopened. stores/compose-store.ts
 * runs the document queue, calls main and applies these.
 */
import { isConvertedByService, type DocumentType, type PreparedDocument } from '../../../shared/domain/documents';
import type { OutboxItem, StoredDraft } from '../../../shared/domain/outbox';
import type { ComposeFile } from '../../../shared/ipc/contract/desktop';
import { localFileProblem, type DocumentItem } from '../model/compose/documents';
import { EMPTY_OPTIONS, optionsFromStored, type ComposeForm } from '../model/compose/draft';
import { sectionOf, withoutField, type PlacedProblem } from '../model/compose/problems';
import { emptyRow, isBlankRow, tidyNumber, type RecipientRow, type SkippedRecipient } from '../model/compose/recipients';

/** Makes the next key of a row or a document ("r12", "d3"). */
export type KeyMaker = () => string;

/** Collapsible parts of the page (opened before a field inside them is focused). */
export type ComposeSection = 'billing';

/** What the last successful send made: one job per destination. */
export interface SentCompose {
  composeId: string;
  /** False when the service already had this compose (a repeated send): nothing new was queued. */
  created: boolean;
  jobs: OutboxItem[];
  scheduledAt: string | null;
}

export interface RecipientNote {
  /** "Pasted list", "Board (distribution list)". */
  source: string;
  added: number;
  skipped: SkippedRecipient[];
}

export interface ComposeData extends ComposeForm {
  composeId: string;
  /** The job whose stored compose was reopened into this one (outbox:draft). */
  reopenedFrom: string | null;
  /** The person chose a header (or the stored compose had one): the default template no longer applies. */
  headerChosen: boolean;
  recipientNote: RecipientNote | null;
  /** Shown next to their fields; set by a send attempt, cleared field by field as they are edited. */
  problems: PlacedProblem[];
  warnings: PlacedProblem[];
  phase: 'editing' | 'validating' | 'sending';
  /** A send that failed for another reason than the draft (the connection to main, an internal error). */
  sendError: string | null;
  lastSent: SentCompose | null;
  openSections: Record<ComposeSection, boolean>;
  /** For the polite live region. */
  announcement: string;
  /** The field to focus next (set after a failed send); `seq` makes a repeat request a new value. */
  focusRequest: { key: string; seq: number } | null;
  /** Where the saved draft stands (draft-autosave.ts keeps it current). */
  draftSave: DraftSaveState;
  /** This compose was restored from the saved draft (shown once, until dismissed or a new fax). */
  restored: { savedAt: string; missing: number } | null;
}

export interface DraftSaveState {
  status: 'idle' | 'saving' | 'saved' | 'error';
  /** ISO time of the last save that reached main. */
  savedAt: string | null;
  error: string | null;
}

/** crypto.randomUUID where available (secure contexts: the app and the 127.0.0.1 harness), else the same from getRandomValues. */
export function newComposeId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A new, empty compose with a new id (the account, the last send and the draft's save state are kept by the caller). */
export function freshCompose(rowKey: KeyMaker): Omit<ComposeData, 'accountId' | 'lastSent' | 'announcement' | 'focusRequest' | 'draftSave'> {
  return {
    restored: null,
    composeId: newComposeId(),
    reopenedFrom: null,
    recipients: [emptyRow(rowKey())],
    documents: [],
    options: { ...EMPTY_OPTIONS, clientData: { ...EMPTY_OPTIONS.clientData } },
    coverPage: null,
    coverValid: true,
    header: null,
    headerValid: true,
    headerChosen: false,
    sendMode: 'now',
    scheduledLocal: '',
    recipientNote: null,
    problems: [],
    warnings: [],
    phase: 'editing',
    sendError: null,
    openSections: { billing: false },
  };
}

/** A document waiting in the queue: bytes the page reads, or a path main reads. */
export type DocumentTask = { key: string; kind: 'bytes'; file: File } | { key: string; kind: 'path'; path: string };

/** Files dropped, picked or pasted: each waits in the queue, or has failed already (empty, too large). */
export function itemsForFiles(files: readonly File[], docKey: KeyMaker): { items: DocumentItem[]; tasks: DocumentTask[] } {
  const items: DocumentItem[] = [];
  const tasks: DocumentTask[] = [];
  for (const file of files) {
    const key = docKey();
    const problem = localFileProblem(file.name, file.size);
    items.push({ key, name: file.name, size: file.size, phase: problem ? 'failed' : 'waiting', progress: 0, source: 'bytes', document: null, problems: problem ? [problem] : [], thumbnail: null });
    if (!problem) tasks.push({ key, kind: 'bytes', file });
  }
  return { items, tasks };
}

/** Files main handed over by path: each waits in the queue. */
export function itemsForPaths(files: readonly ComposeFile[], docKey: KeyMaker): { items: DocumentItem[]; tasks: DocumentTask[] } {
  const items: DocumentItem[] = [];
  const tasks: DocumentTask[] = [];
  for (const file of files) {
    const key = docKey();
    items.push({ key, name: file.name, size: 0, phase: 'waiting', progress: 0, source: 'path', document: null, problems: [], thumbnail: null });
    tasks.push({ key, kind: 'path', path: file.path });
  }
  return { items, tasks };
}

/** The document list with one item changed; `found` false when it was removed meanwhile. */
export function withDocument(documents: readonly DocumentItem[], key: string, patch: Partial<DocumentItem>): { documents: DocumentItem[]; found: boolean } {
  let found = false;
  const next = documents.map((d) => {
    if (d.key !== key) return d;
    found = true;
    return { ...d, ...patch };
  });
  return { documents: next, found };
}

/** The documents already added (but `key`), which main checks a new one against (the same file twice). */
export function existingDocuments(documents: readonly DocumentItem[], key: string): { id: string; name: string; size: number }[] {
  return documents.filter((d) => d.key !== key && d.phase === 'ready' && d.document).map((d) => ({ id: d.document!.id, name: d.document!.name, size: d.document!.size }));
}

/** A recipient row edited: a new number is no longer the contact it was picked from. */
export function withRecipient(rows: readonly RecipientRow[], key: string, patch: Partial<Pick<RecipientRow, 'number' | 'name' | 'company'>>): RecipientRow[] {
  return rows.map((r) => (r.key === key ? { ...r, ...patch, contactId: patch.number !== undefined ? null : r.contactId } : r));
}

/** A recipient row removed (one blank row stays), with the problems shown beside it. */
export function withoutRecipient(state: Pick<ComposeData, 'recipients' | 'problems'>, key: string, rowKey: KeyMaker): Pick<ComposeData, 'recipients' | 'problems'> {
  const rows = state.recipients.filter((r) => r.key !== key);
  return { recipients: rows.length > 0 ? rows : [emptyRow(rowKey())], problems: withoutField(state.problems, `recipient:${key}`) };
}

/** "3 recipients added from the pasted list; 1 skipped (see why below the list)." */
export function recipientsAddedText(added: number, skipped: number, source: string): string {
  const what = `${added} ${added === 1 ? 'recipient' : 'recipients'} added from ${source}`;
  return skipped > 0 ? `${what}; ${skipped} skipped (see why below the list).` : `${what}.`;
}

/** A send refused for the draft: the problems beside their fields, the first one's section open and focused, and said. */
export function sendRefused(
  state: Pick<ComposeData, 'openSections' | 'focusRequest'>,
  problems: PlacedProblem[],
  warnings: PlacedProblem[] = [],
): Pick<ComposeData, 'phase' | 'problems' | 'warnings' | 'openSections' | 'focusRequest' | 'announcement'> {
  const first = problems[0];
  const section = first ? sectionOf(first.key) : null;
  return {
    phase: 'editing',
    problems,
    warnings,
    openSections: section ? { ...state.openSections, [section]: true } : state.openSections,
    focusRequest: first ? { key: first.key, seq: (state.focusRequest?.seq ?? 0) + 1 } : state.focusRequest,
    announcement: problems.length === 1 ? `Not sent: ${problems[0]!.message}` : `Not sent: ${problems.length} things need fixing. First: ${first?.message ?? ''}`,
  };
}

/** What the live region says after a send went through. */
export function sentText(created: boolean, scheduled: boolean, count: number): string {
  return created ? `${scheduled ? 'Fax scheduled' : 'Fax queued'}: ${count} ${count === 1 ? 'fax' : 'faxes'}, one per recipient.` : 'This fax had already been queued; nothing new was sent.';
}

/** A stored compose (a rejected fax reopened for editing) as the compose's content; documents no longer stored have failed. */
export function reopenedCompose(stored: StoredDraft, jobId: string, rowKey: KeyMaker, docKey: KeyMaker) {
  const missing = new Set(stored.missingDocuments);
  const documents: DocumentItem[] = stored.draft.documents.map((d) => {
    const key = docKey();
    const type = d.type as DocumentType;
    const name = d.name;
    if (missing.has(name)) {
      return {
        key,
        name,
        size: d.size ?? 0,
        phase: 'failed',
        progress: 0,
        source: 'path',
        document: null,
        problems: [`"${name}" is no longer in Faxdesk's data folder. Remove it and add the file again.`],
        thumbnail: null,
      };
    }
    const document: PreparedDocument = { id: d.id, name, type, size: d.size ?? 0, pages: d.pages, convertedByService: isConvertedByService(type), warnings: [] };
    return { key, name, size: d.size ?? 0, phase: 'ready', progress: 1, source: 'path', document, problems: [], thumbnail: null };
  });
  const rows: RecipientRow[] = stored.draft.recipients.map((r) => ({ key: rowKey(), number: tidyNumber(r.number), name: r.name, company: r.company, contactId: null }));
  const form = optionsFromStored(stored.draft);
  return {
    reopenedFrom: jobId,
    accountId: stored.draft.accountId,
    documents,
    recipients: rows.length > 0 ? rows : [emptyRow(rowKey())],
    options: form.options,
    coverPage: form.coverPage,
    header: form.header,
    headerChosen: true,
    openSections: { billing: Object.values(form.options.clientData).some((v) => v !== '') },
    lastSent: null,
    announcement: `Reopened the fax to ${rows.length} ${rows.length === 1 ? 'recipient' : 'recipients'} for editing. Sending it makes a new fax.`,
  } satisfies Partial<ComposeData>;
}

/** Whether there is anything a person would lose by replacing the compose. */
export function hasContent(state: Pick<ComposeData, 'documents' | 'recipients'>): boolean {
  return state.documents.length > 0 || state.recipients.some((r) => !isBlankRow(r));
}
