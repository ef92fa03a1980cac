/**
 * The cover page of a fax (`fax_options.cover_page_options`: from_name, subject, message). The spec
 * gives no limits; Faxdesk sets these so that what is typed fits on the one cover sheet:
 * - from_name 60: a person's name and company on one line of the sheet;
 * - subject 100: one line at the sheet's width;
 * - message 1,500 (and 30 lines): the lower half of a Letter page at 11 pt holds about 30 lines of
 *   75 characters, and line breaks use up room.
 * Pure: validated here, shown by CoverPageEditor and CoverPagePreview.
 */
export interface CoverPageOptions {
  from_name: string;
  subject: string;
  message: string;
}

export type CoverField = keyof CoverPageOptions;

export const COVER_LIMITS: Readonly<Record<CoverField, number>> = Object.freeze({ from_name: 60, subject: 100, message: 1500 });
export const COVER_MESSAGE_MAX_LINES = 30;

export const EMPTY_COVER: CoverPageOptions = Object.freeze({ from_name: '', subject: '', message: '' });

export interface CoverProblem {
  field: CoverField;
  message: string;
}

/** C0 controls and DEL print as nothing useful; line breaks belong only in the message. */
function hasControlCharacter(text: string, allowLineBreaks: boolean): boolean {
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (allowLineBreaks && (char === '\n' || char === '\r' || char === '\t')) continue;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

const FIELD_NAMES: Record<CoverField, string> = { from_name: 'From', subject: 'Subject', message: 'Message' };

export function lineCount(text: string): number {
  return text === '' ? 0 : text.split(/\r\n|\r|\n/).length;
}

/** What stops `cover` from being sent as typed; empty when it can be sent. */
export function coverProblems(cover: CoverPageOptions): CoverProblem[] {
  const problems: CoverProblem[] = [];
  for (const field of Object.keys(COVER_LIMITS) as CoverField[]) {
    const text = cover[field];
    const limit = COVER_LIMITS[field];
    if (text.length > limit) {
      problems.push({
        field,
        message: `${FIELD_NAMES[field]} has ${text.length} characters; the cover page holds ${limit}. Shorten it by ${text.length - limit}.`,
      });
    }
    if (hasControlCharacter(text, field === 'message')) {
      problems.push({
        field,
        message:
          field === 'message'
            ? 'Message contains a control character that cannot be printed; remove it.'
            : `${FIELD_NAMES[field]} must be one line without tabs or control characters.`,
      });
    }
  }
  const lines = lineCount(cover.message);
  if (lines > COVER_MESSAGE_MAX_LINES) {
    problems.push({
      field: 'message',
      message: `Message has ${lines} lines; the cover page holds ${COVER_MESSAGE_MAX_LINES}. Join or remove ${lines - COVER_MESSAGE_MAX_LINES}.`,
    });
  }
  return problems;
}

export interface CoverRecipient {
  name?: string;
  company?: string;
  faxNumber: string;
}

/** The date as the cover sheet prints it, e.g. "May 10, 2024", in the user's zone. */
export function coverDate(date: Date, timeZone: string, locale?: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
  }
}

/** "3 pages, including this cover" for a fax of `documentPages` pages behind the cover. */
export function coverPageCount(documentPages: number): string {
  const total = Math.max(0, Math.floor(documentPages)) + 1;
  return `${total} ${total === 1 ? 'page' : 'pages'}, including this cover`;
}
