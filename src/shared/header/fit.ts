/**
 * Whether a header line fits on the printed page, at the width its characters really take.
 *
 * The printed geometry: the header is set in a monospaced font at 9 pt (0.6 em per character, as
 * DejaVu Sans Mono and Courier advance) between 18 pt side margins. A fax page is 8.5 in wide (ITU-T
 * T.4: 1728 dots at 204 dpi), 612 pt, so a header line holds 106 characters. The spec says nothing of
 * the service's font; this is the Sandbox's, and the one measure the designer, the client's checks and
 * the emulator's stamping share (the emulator prints every page with it).
 *
 * Two things go wrong on a line, both silently at the service:
 * - overlap: two items placed by the layout rules (layout.ts) need more room than lies between their
 *   places, so they run into each other (the Sandbox pushes the later one along; a real fax machine
 *   may print one over the other);
 * - overflow: the items need more characters than the line holds, so the end of the line is lost: an
 *   item is cut, and the items after it are not printed at all (a 356-character text in slot 1 leaves
 *   no room for the To number and the page number after it).
 */
import { HEADER_VARIABLES } from './variables';
import { layoutLine, layoutLineFractions } from './layout';
import type { HeaderContext } from './types';

export const HEADER_FONT_SIZE_PT = 9;
/** Advance of one character of the header font, in em. */
export const HEADER_CHAR_ADVANCE_EM = 0.6;
export const HEADER_SIDE_MARGIN_PT = 18;
/** 8.5 in: the width of every fax page (T.4's 1728 dots at 204 dpi), whatever the paper it came from. */
export const FAX_PAGE_WIDTH_PT = 612;

/** Characters that fit on a header line of a page `pageWidthPt` points wide (at least 20). */
export function headerWidthChars(pageWidthPt: number): number {
  return Math.max(20, Math.floor((pageWidthPt - 2 * HEADER_SIDE_MARGIN_PT) / (HEADER_FONT_SIZE_PT * HEADER_CHAR_ADVANCE_EM)));
}

/** Characters a header line holds on a fax page: 106. */
export const HEADER_LINE_CHARS = headerWidthChars(FAX_PAGE_WIDTH_PT);

export interface LineOverlap {
  /** Indexes of the two items (the first left of the second), in the line's own numbering. */
  first: number;
  second: number;
}

export interface LineCut {
  index: number;
  /** Characters of the item that print (0: not printed at all). */
  printed: number;
  /** Characters of the item. */
  length: number;
}

export interface LineFit {
  /** Characters the line holds. */
  width: number;
  /** Characters the items need, with one space between neighbours. */
  needed: number;
  /** Neighbours that run into each other at their places (empty when the line overflows: see `cut`). */
  overlaps: LineOverlap[];
  /** Items that lose characters when the line overflows, in order (empty when it fits). */
  cut: LineCut[];
}

/**
 * How `items` (already expanded: what prints) sit on a line `widthChars` wide. Neighbours overlap when
 * less than one space would separate them at the places the layout rules give them; spacers ('') keep
 * their place but take no room.
 */
export function checkLineFit(items: readonly string[], widthChars: number = HEADER_LINE_CHARS): LineFit {
  const visible = layoutLineFractions(items)
    .map((anchor, index) => ({ ...anchor, index }))
    .filter((a) => a.text.length > 0);
  const needed = visible.reduce((sum, a) => sum + a.text.length, 0) + Math.max(0, visible.length - 1);
  if (needed > widthChars) {
    const placed = layoutLine(items, widthChars);
    const cut = visible
      .map((a) => ({ index: a.index, printed: placed[a.index]!.text.length, length: a.text.length }))
      .filter((c) => c.printed < c.length);
    return { width: widthChars, needed, overlaps: [], cut };
  }
  // The places the rules ask for, before anything is moved (layoutLine's first step).
  const spans = visible.map((a) => {
    const ideal =
      a.align === 'left' ? 0 : a.align === 'right' ? widthChars - a.text.length : Math.round(a.anchor * widthChars - a.text.length / 2);
    const start = Math.max(0, Math.min(ideal, widthChars - a.text.length));
    return { index: a.index, start, end: start + a.text.length };
  });
  const overlaps: LineOverlap[] = [];
  for (let i = 1; i < spans.length; i++) {
    const left = spans[i - 1]!;
    const right = spans[i]!;
    if (left.end + 1 > right.start) overlaps.push({ first: left.index, second: right.index });
  }
  return { width: widthChars, needed, overlaps, cut: [] };
}

/** December 31st at 11:59:59 PM: every field of every date format at its most digits. */
const LONGEST_DATE = new Date(Date.UTC(2024, 11, 31, 23, 59, 59));

/**
 * A context in which every variable prints as many characters as it can for any fax (each to its
 * limit, a date at its longest): what a line needs at most, when the real values are not known yet.
 */
export function longestHeaderContext(): HeaderContext {
  const limit = (name: string) => HEADER_VARIABLES.find((v) => v.name === name)!.maxLength;
  return {
    toNumber: '+'.padEnd(limit('TO_NUMBER'), '9'),
    fromNumber: ''.padEnd(limit('FROM_NUMBER'), '9'),
    csid: ''.padEnd(limit('CSID'), 'W'),
    // The service's fax_id is a UUID (36 characters); ${FAX_ID} prints its first 32.
    faxId: '00000000-0000-0000-0000-000000000000',
    currentPage: 999,
    totalPage: 999,
    date: LONGEST_DATE,
    timeZone: 'UTC',
  };
}
