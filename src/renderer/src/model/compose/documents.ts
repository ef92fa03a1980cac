/**
 * The document list of the Compose page: each file from the moment it is dropped (read, encoded, handed
 * to main) to ready (checked and stored by main, with its page count) or failed (with main's specific
 * reason); the running totals against the service's limits; reordering. Pure.
 */
import {
  DOCUMENT_TYPE_LABEL,
  MAX_DOCUMENTS,
  MAX_PAYLOAD_BYTES,
  MAX_SINGLE_FILE_BYTES,
  checkDocumentSet,
  estimatePayloadBytes,
  formatMegabytes,
  type DocumentProblem,
  type PreparedDocument,
} from '../../../../shared/domain/documents';
import type { ComposeDocument } from '../../../../shared/domain/outbox';

export { MAX_DOCUMENTS, MAX_PAYLOAD_BYTES };

/** waiting → reading → encoding → uploading (main checks and stores) → ready | failed. Paths skip to uploading. */
export type DocumentPhase = 'waiting' | 'reading' | 'encoding' | 'uploading' | 'ready' | 'failed';

export interface DocumentItem {
  /** Stable across reordering. */
  key: string;
  name: string;
  /** Bytes of the file (the stored size once ready). */
  size: number;
  phase: DocumentPhase;
  /** 0..1 within the phase (reading, encoding); uploading has no measurable progress. */
  progress: number;
  /** Dropped, picked or pasted (bytes), or handed over by main (a path). */
  source: 'bytes' | 'path';
  /** Set once ready. */
  document: PreparedDocument | null;
  /** Why it cannot be sent (main's sentences); set when failed. */
  problems: string[];
  /** A small picture of page 1 (data: URL), when one could be made cheaply. */
  thumbnail: string | null;
}

export function isBusy(item: DocumentItem): boolean {
  return item.phase !== 'ready' && item.phase !== 'failed';
}

/** The draft's documents: the ready ones, in list order, and the item each came from. */
export function documentsForDraft(items: readonly DocumentItem[]): { documents: ComposeDocument[]; keys: string[] } {
  const documents: ComposeDocument[] = [];
  const keys: string[] = [];
  for (const item of items) {
    if (item.phase !== 'ready' || !item.document) continue;
    const d = item.document;
    documents.push({ id: d.id, type: d.type, name: d.name, pages: d.pages, size: d.size });
    keys.push(item.key);
  }
  return { documents, keys };
}

export interface DocumentTotals {
  /** Documents that will be sent (everything not failed). */
  count: number;
  /** Bytes of those files. */
  bytes: number;
  /** Estimated request size once encoded (what the 100 MB limit applies to). */
  payloadBytes: number;
  /** Pages of the documents checked here. */
  pages: number;
  /** Documents the service converts (their pages are counted there). */
  converted: number;
  /** Set-wide limits broken (25 documents, 100 MB), each naming the fix. */
  problems: string[];
}

export function documentTotals(items: readonly DocumentItem[]): DocumentTotals {
  const counted = items.filter((i) => i.phase !== 'failed');
  let pages = 0;
  let converted = 0;
  for (const item of counted) {
    if (!item.document) continue;
    if (item.document.pages === null) converted++;
    else pages += item.document.pages;
  }
  return {
    count: counted.length,
    bytes: counted.reduce((sum, i) => sum + i.size, 0),
    payloadBytes: counted.length === 0 ? 0 : estimatePayloadBytes(counted.map((i) => i.size)),
    pages,
    converted,
    problems: checkDocumentSet(counted.map((i) => ({ name: i.name, size: i.size }))).map((p) => p.message),
  };
}

/**
 * Main's answer for one file (compose:addBytes / compose:addFiles with one path): the document, or the
 * reasons it cannot be sent. The set-wide limits main reports too (25 documents, 100 MB) are left out:
 * they are the whole list's state, shown with the totals, not the new file's fault.
 */
export function outcomeForFile(
  result: { documents: PreparedDocument[]; problems: DocumentProblem[] },
  existing: readonly { name: string; size: number }[],
): { document: PreparedDocument | null; problems: string[] } {
  const setWide = new Set(checkDocumentSet([...existing, ...result.documents]).map((p) => p.message));
  const problems = result.problems.filter((p) => !setWide.has(p.message)).map((p) => p.message);
  const document = result.documents[0] ?? null;
  if (document === null && problems.length === 0) problems.push('The file could not be added, and Faxdesk was not told why. Add it again.');
  return { document: problems.length === 0 ? document : null, problems };
}

/** Refusals that need no trip to main: an empty file, or one too large for any fax. */
export function localFileProblem(name: string, size: number): string | null {
  if (size === 0) return `"${name}" is empty (0 bytes). Check that it was saved completely, then add it again.`;
  if (size > MAX_SINGLE_FILE_BYTES) {
    return (
      `"${name}" is ${formatMegabytes(size)}, which is ${formatMegabytes(estimatePayloadBytes([size]), 'up')} once encoded for sending; ` +
      `the service accepts at most ${MAX_PAYLOAD_BYTES / (1024 * 1024)} MB per fax. Split it into smaller files (or scan it at a lower resolution) and add them instead.`
    );
  }
  return null;
}

/** Moves the item at `from` to `to` (clamped); a copy either way. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const next = [...list];
  if (target === from) return next;
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item as T);
  return next;
}

/** "1.2 MB", "340 KB", "12 bytes". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return formatMegabytes(bytes);
}

/** "PDF document" for a ready document; "PDF" guessed from the extension while it is added. */
export function typeLabel(item: DocumentItem): string {
  if (item.document) {
    const label = DOCUMENT_TYPE_LABEL[item.document.type];
    return label.replace(/^(a|an) /, '');
  }
  const ext = /\.([a-z0-9]{1,5})$/i.exec(item.name)?.[1];
  return ext ? ext.toUpperCase() : 'File';
}

/** What the page column says: "3 pages", "about 2 pages", "converted by the service". */
export function pagesLabel(document: PreparedDocument): string {
  if (document.pages === null || document.convertedByService) return 'converted by the service';
  const n = document.pages;
  return `${document.pagesEstimated ? 'about ' : ''}${n} ${n === 1 ? 'page' : 'pages'}`;
}

/** Only PDF, TIFF, PNG and JPEG get a picture of page 1, and only when the file is small enough to open quickly. */
export const THUMBNAIL_MAX_BYTES = 20 * 1024 * 1024;
