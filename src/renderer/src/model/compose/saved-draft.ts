/**
 * The compose as the draft main keeps (drafts:save), and back (drafts:get). Only what the person
 * made is kept: the rows as typed, the documents already in the store, the options as typed, the
 * cover page, the header and the send time. Documents still being added are not in the store yet and
 * are left out; a document missing from the store comes back as a row that says to add it again. Pure.
 */
import { isConvertedByService, type PreparedDocument } from '../../../../shared/domain/documents';
import type { HeaderOptions } from '../../../../shared/header';
import type { DraftSnapshot, SavedDraftInput } from '../../../../shared/ipc/contract/drafts';
import type { CoverPageOptions } from '../cover-page';
import type { DocumentItem } from './documents';
import { EMPTY_OPTIONS, type ComposeForm, type OptionsForm } from './draft';
import { emptyRow, isBlankRow, type RecipientRow } from './recipients';

export interface DraftSource extends ComposeForm {
  composeId: string;
  headerChosen: boolean;
  reopenedFrom: string | null;
}

export function savedDraftOf(s: DraftSource): SavedDraftInput {
  return {
    composeId: s.composeId,
    accountId: s.accountId,
    recipients: s.recipients.filter((r) => !isBlankRow(r)).map((r) => ({ number: r.number, name: r.name, company: r.company })),
    documents: s.documents.flatMap((item) => {
      const d = item.phase === 'ready' ? item.document : null;
      if (!d) return [];
      return [{ id: d.id, name: d.name, type: d.type, pages: d.pages, size: d.size, ...(d.pagesEstimated ? { pagesEstimated: true } : {}) }];
    }),
    options: { ...s.options, clientData: { ...s.options.clientData } },
    coverPage: s.coverPage ? { ...s.coverPage } : null,
    header: s.header,
    headerChosen: s.headerChosen,
    sendMode: s.sendMode,
    scheduledLocal: s.scheduledLocal,
    reopenedFrom: s.reopenedFrom,
  };
}

function sameOptions(a: OptionsForm, b: OptionsForm): boolean {
  return JSON.stringify({ ...a, clientData: { ...a.clientData } }) === JSON.stringify({ ...b, clientData: { ...b.clientData } });
}

/**
 * Whether the compose holds anything of the person's (a draft worth keeping): recipients, documents, a
 * cover page, options or a send time. The header alone is not: the default template fills it by itself.
 */
export function isWorthKeeping(s: DraftSource): boolean {
  return (
    s.recipients.some((r) => !isBlankRow(r)) ||
    s.documents.length > 0 ||
    s.coverPage !== null ||
    s.sendMode === 'later' ||
    !sameOptions(s.options, EMPTY_OPTIONS)
  );
}

export interface RestoredCompose {
  composeId: string;
  accountId: string;
  recipients: RecipientRow[];
  documents: DocumentItem[];
  options: OptionsForm;
  coverPage: CoverPageOptions | null;
  header: HeaderOptions | null;
  headerChosen: boolean;
  sendMode: 'now' | 'later';
  scheduledLocal: string;
  reopenedFrom: string | null;
}

/** The compose a saved draft gives back; `rowKey` and `docKey` make the page's keys. */
export function composeFromSaved(snapshot: DraftSnapshot, rowKey: () => string, docKey: () => string): RestoredCompose {
  const { draft } = snapshot;
  const missing = new Set(snapshot.missingDocuments);
  const documents: DocumentItem[] = draft.documents.map((d) => {
    const key = docKey();
    if (missing.has(d.name)) {
      return {
        key,
        name: d.name,
        size: d.size,
        phase: 'failed',
        progress: 0,
        source: 'path',
        document: null,
        problems: [`"${d.name}" is no longer in Faxdesk's data folder. Remove it and add the file again.`],
        thumbnail: null,
      };
    }
    const document: PreparedDocument = {
      id: d.id,
      name: d.name,
      type: d.type,
      size: d.size,
      pages: d.pages,
      convertedByService: isConvertedByService(d.type),
      warnings: [],
      ...(d.pagesEstimated ? { pagesEstimated: true } : {}),
    };
    return { key, name: d.name, size: d.size, phase: 'ready', progress: 1, source: 'path', document, problems: [], thumbnail: null };
  });
  const rows = draft.recipients.map((r): RecipientRow => ({ key: rowKey(), number: r.number, name: r.name, company: r.company, contactId: null }));
  return {
    composeId: draft.composeId,
    accountId: draft.accountId,
    recipients: rows.length > 0 ? rows : [emptyRow(rowKey())],
    documents,
    options: { ...EMPTY_OPTIONS, ...draft.options, clientData: { ...EMPTY_OPTIONS.clientData, ...draft.options.clientData } },
    coverPage: draft.coverPage,
    header: draft.header,
    headerChosen: draft.headerChosen,
    sendMode: draft.sendMode,
    scheduledLocal: draft.scheduledLocal,
    reopenedFrom: draft.reopenedFrom,
  };
}
