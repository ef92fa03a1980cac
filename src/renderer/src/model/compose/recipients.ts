/**
 * The recipient rows of the Compose page: typed, picked from contacts or lists, or pasted as a list or
 * CSV. Numbers are checked and normalised only by src/shared/fax-number.ts (the same module main and
 * the service emulator use), so what the row says is what compose:validate will say. Pure.
 */
import { MAX_RECIPIENTS, type ComposeRecipient } from '../../../../shared/domain/outbox';
import { formatFaxNumber, normalizeFaxNumber, parseRecipientList } from '../../../../shared/fax-number';

export { MAX_RECIPIENTS };

export interface RecipientRow {
  /** Stable across edits and reordering (problems and focus follow the row, not its position). */
  key: string;
  /** As typed; replaced by the formatted form once it is valid and the field loses focus. */
  number: string;
  name: string;
  company: string;
  /** The contact it came from, if any. */
  contactId: string | null;
}

export type NumberCheck =
  | { state: 'empty' }
  | { state: 'ok'; value: string; display: string }
  | { state: 'error'; message: string };

/** What one row's number field says, duplicates included ("same number as recipient 2"). */
export function checkRows(rows: readonly RecipientRow[]): NumberCheck[] {
  const seen = new Map<string, number>();
  return rows.map((row, i) => {
    if (row.number.trim() === '') return { state: 'empty' };
    const result = normalizeFaxNumber(row.number);
    if (!result.ok) return { state: 'error', message: result.message };
    const first = seen.get(result.value);
    if (first !== undefined) {
      return {
        state: 'error',
        message: `Same number as recipient ${first + 1} (${result.display}); a fax goes once to each number. Remove one of them.`,
      };
    }
    seen.set(result.value, i);
    return { state: 'ok', value: result.value, display: result.display };
  });
}

export function isBlankRow(row: RecipientRow): boolean {
  return row.number.trim() === '' && row.name.trim() === '' && row.company.trim() === '';
}

/**
 * The rows a send is made of: blank rows are dropped (an "Add recipient" never filled in), so row N
 * on screen is recipient N in every message. Keeps one blank row when nothing is left, to type into.
 */
export function compactRows(rows: readonly RecipientRow[], newKey: () => string): RecipientRow[] {
  const kept = rows.filter((r) => !isBlankRow(r));
  return kept.length > 0 ? kept : [emptyRow(newKey())];
}

export function emptyRow(key: string): RecipientRow {
  return { key, number: '', name: '', company: '', contactId: null };
}

/** The draft's recipients (non-blank rows, as typed: main normalises again) and the row each came from. */
export function recipientsForDraft(rows: readonly RecipientRow[]): { recipients: ComposeRecipient[]; keys: string[] } {
  const recipients: ComposeRecipient[] = [];
  const keys: string[] = [];
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    recipients.push({ number: row.number.trim(), name: row.name.trim(), company: row.company.trim() });
    keys.push(row.key);
  }
  return { recipients, keys };
}

/** A number leaving its field: the formatted form when it is valid, else as typed. */
export function tidyNumber(text: string): string {
  const result = normalizeFaxNumber(text);
  return result.ok ? result.display : text;
}

/** A recipient to add (from contacts, a distribution list or a pasted list). */
export interface IncomingRecipient {
  number: string;
  name?: string;
  company?: string;
  contactId?: string | null;
  /** How messages name it: "Line 3", "Ada Lovelace". */
  label: string;
}

/** Something that was not added, and why. */
export interface SkippedRecipient {
  label: string;
  reason: string;
}

export interface AddResult {
  rows: RecipientRow[];
  added: number;
  skipped: SkippedRecipient[];
}

/**
 * Appends recipients after the filled rows (blank rows are dropped): each number is normalised and
 * shown formatted; an invalid one, one already in the list, and any past the 50th are skipped, each
 * with its reason.
 */
export function addRecipients(
  rows: readonly RecipientRow[],
  incoming: readonly IncomingRecipient[],
  newKey: () => string,
  max: number = MAX_RECIPIENTS,
): AddResult {
  const out = rows.filter((r) => !isBlankRow(r));
  const present = new Map<string, string>();
  for (const row of out) {
    const result = normalizeFaxNumber(row.number);
    if (result.ok && !present.has(result.value)) present.set(result.value, row.name.trim() || result.display);
  }
  const skipped: SkippedRecipient[] = [];
  let added = 0;
  for (const item of incoming) {
    const result = normalizeFaxNumber(item.number);
    if (!result.ok) {
      skipped.push({ label: item.label, reason: result.message });
      continue;
    }
    const already = present.get(result.value);
    if (already !== undefined) {
      skipped.push({ label: item.label, reason: `${result.display} is already in the list${already !== result.display ? ` (${already})` : ''}.` });
      continue;
    }
    if (out.length >= max) {
      skipped.push({ label: item.label, reason: `Not added: a fax goes to at most ${max} recipients. Send to the others as a second fax.` });
      continue;
    }
    out.push({ key: newKey(), number: result.display, name: item.name?.trim() ?? '', company: item.company?.trim() ?? '', contactId: item.contactId ?? null });
    present.set(result.value, item.name?.trim() || result.display);
    added++;
  }
  return { rows: out.length > 0 ? out : [emptyRow(newKey())], added, skipped };
}

/**
 * A pasted list or CSV (one number per line, several per line, or columns number,name,company with
 * or without a header row) as recipients to add, and the lines that cannot be used, with the reason
 * parseRecipientList gives.
 */
export function readPastedRecipients(text: string): { incoming: IncomingRecipient[]; skipped: SkippedRecipient[] } {
  const incoming: IncomingRecipient[] = [];
  const skipped: SkippedRecipient[] = [];
  for (const line of parseRecipientList(text)) {
    const label = `Line ${line.line} (${line.raw.length > 60 ? `${line.raw.slice(0, 57)}…` : line.raw})`;
    if (line.error !== undefined || line.number === undefined) {
      skipped.push({ label, reason: line.error ?? 'No fax number on this line.' });
      continue;
    }
    incoming.push({ number: line.number, name: line.name ?? '', company: line.company ?? '', label });
  }
  return { incoming, skipped };
}

/** Text pasted into a number field that is a list rather than one number (several lines or entries). */
export function looksLikeRecipientList(text: string): boolean {
  const trimmed = text.trim();
  if (/[\r\n]/.test(trimmed)) return true;
  const parts = trimmed.split(/[,;\t]/).filter((p) => p.trim() !== '');
  return parts.length > 1 && parts.filter((p) => /\d{4}/.test(p.replace(/\D/g, ''))).length > 1;
}

/** "+1 555 123 4567" for a valid number, the text as typed otherwise. */
export function displayNumber(text: string): string {
  const result = normalizeFaxNumber(text);
  return result.ok ? result.display : formatFaxNumber(text.trim());
}
