/**
 * The header designer's working copy of `header_options`, and the edits the designer makes to it.
 * Pure: the component keeps a HeaderDraft in state and calls these; nothing here knows React or the DOM.
 *
 * A draft item is the raw item string plus a stable id (React keys, focus after a move, drag payloads).
 * The draft may be invalid (an unknown `${FOO}` being typed, line 1 emptied): evaluate.ts says so, and
 * the designer emits only drafts that validate.
 */
import {
  ALLOWED_VARIABLES_TEXT,
  DATE_TIME_FORMATS,
  HEADER_VARIABLES,
  LINE1_MAX_ITEMS,
  formatDateTime,
  getHeaderVariable,
  parseHeaderItem,
  type DateTimeCode,
  type HeaderOptions,
  type HeaderToken,
  type HeaderVariable,
} from '../../../../shared/header';

/**
 * Fields line 2 may hold. The spec limits only the characters (50 each, 100 together); 6 is the most
 * items the placement rules describe (shared/header/layout.ts places line_2 by line_1's rules).
 */
export const LINE2_MAX_FIELDS = LINE1_MAX_ITEMS;

/** What a new custom header starts with when the user leaves the service's default header. */
export const STARTER_LINE1: readonly string[] = Object.freeze(['${DATE_TIME1}', 'To ${TO_NUMBER}', 'Page ${CURRENT_PAGE}/${TOTAL_PAGE}']);

export interface DraftItem {
  id: string;
  text: string;
}

export interface HeaderDraft {
  line1: DraftItem[];
  line2: DraftItem[];
}

let idSeq = 0;
export function newItemId(): string {
  idSeq += 1;
  return `hd-item-${idSeq}`;
}

export function draftFromOptions(options: HeaderOptions, makeId: () => string = newItemId): HeaderDraft {
  return {
    line1: options.line_1.map((text) => ({ id: makeId(), text })),
    line2: (options.line_2 ?? []).map((text) => ({ id: makeId(), text })),
  };
}

/** The draft as header_options; line_2 is left out when it has no fields (nothing is printed). */
export function optionsFromDraft(draft: HeaderDraft): HeaderOptions {
  const options: HeaderOptions = { line_1: draft.line1.map((item) => item.text) };
  if (draft.line2.length > 0) options.line_2 = draft.line2.map((item) => item.text);
  return options;
}

/** `items` with the element at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const out = [...items];
  if (from < 0 || from >= out.length) return out;
  const [moved] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, moved as T);
  return out;
}

export function insertItem<T>(items: readonly T[], index: number, item: T): T[] {
  const out = [...items];
  out.splice(Math.max(0, Math.min(index, out.length)), 0, item);
  return out;
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

/** `text` with `token` added at the end, a space apart so two variables do not run together. */
export function appendToken(text: string, token: string): string {
  if (text === '' || /\s$/.test(text)) return text + token;
  return `${text} ${token}`;
}

export function dateToken(code: DateTimeCode): string {
  return `\${DATE_TIME${code}}`;
}

function dateCodeOfToken(token: HeaderToken): DateTimeCode | undefined {
  return token.kind === 'variable' ? getHeaderVariable(token.name)?.dateTimeCode : undefined;
}

/** The date format of the first date variable in line 1, if any. */
export function dateCodeInUse(items: readonly string[]): DateTimeCode | undefined {
  for (const item of items) {
    for (const token of parseHeaderItem(item)) {
      const code = dateCodeOfToken(token);
      if (code !== undefined) return code;
    }
  }
  return undefined;
}

/** `item` with every date variable printing format `code` (`${DATE_TIME}` already prints format 1). */
export function switchDateCode(item: string, code: DateTimeCode): string {
  return parseHeaderItem(item)
    .map((token) => {
      if (token.kind === 'text') return token.text;
      const current = dateCodeOfToken(token);
      return current !== undefined && current !== code ? dateToken(code) : token.raw;
    })
    .join('');
}

/** The palette: every allowed variable, the date ones folded into one chip for the chosen format. */
export function paletteVariables(code: DateTimeCode): HeaderVariable[] {
  const date = getHeaderVariable(`DATE_TIME${code}`)!;
  return [date, ...HEADER_VARIABLES.filter((v) => v.dateTimeCode === undefined)];
}

export function dateFormatName(code: DateTimeCode): string {
  return DATE_TIME_FORMATS[code - 1]!.name;
}

/** A short description of what an item holds, for the slot's title. */
export function describeItem(text: string): string {
  if (text === '') return 'Spacer';
  const tokens = parseHeaderItem(text);
  const only = tokens.length === 1 ? tokens[0]! : undefined;
  if (only?.kind === 'variable') return getHeaderVariable(only.name)!.label;
  if (tokens.every((t) => t.kind === 'text')) return 'Text';
  return 'Text and variables';
}

/** Human names for the designer's places; the shared module speaks in paths such as line_1[2]. */
export function placeName(path: string): string {
  const match = /^line_([12])\[(\d+)\]$/.exec(path);
  if (!match) return path.replace(/^line_([12])$/, 'line $1');
  return match[1] === '1' ? `line 1, slot ${Number(match[2]) + 1}` : `line 2, field ${Number(match[2]) + 1}`;
}

/** `message` with every header_options path replaced by its human name (see placeName). */
export function humanizePaths(message: string): string {
  return message
    .replace(/\bline_([12])\[(\d+)\]/g, (path) => placeName(path))
    .replace(/\bline_([12])\b/g, 'line $1');
}

/** A date late in the year and day, so every field of every format has its most digits. */
const LONGEST_DATE = new Date(Date.UTC(2024, 11, 31, 23, 59, 59));

/** True when format `code` can print more than its variable's limit (the 12-hour forms reach 22). */
export function dateFormatCanCrop(code: DateTimeCode): boolean {
  const limit = getHeaderVariable(`DATE_TIME${code}`)!.maxLength;
  return formatDateTime(code, LONGEST_DATE, 'UTC').length > limit;
}

/** The user's IANA time zone as the runtime knows it (UTC when it cannot say). */
export function userTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * `message` without the list of all fourteen allowed variables the shared messages end with: under a
 * slot it drowns the point, and the palette next to it offers exactly those variables.
 */
export function withoutAllowedList(message: string): string {
  return message.replace(` Allowed: ${ALLOWED_VARIABLES_TEXT}.`, ' Use a variable offered under "Items for line 1".');
}
