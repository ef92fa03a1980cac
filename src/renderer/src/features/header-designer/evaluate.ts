/**
 * Everything the designer shows about a draft, computed in one place with the shared header module:
 * the errors that block it (so it is not emitted), the warnings about silent crops, the counters and
 * the live preview for a sample fax. Pure, so the rules are tested without a DOM.
 */
import {
  HEADER_LINE_CHARS,
  LINE1_MAX_ITEMS,
  checkLineFit,
  expandHeader,
  getHeaderVariable,
  headerVariableValue,
  layoutLine,
  layoutLineFractions,
  parseHeaderItem,
  validateHeaderOptions,
  type HeaderAlign,
  type HeaderContext,
  type HeaderOptions,
  type HeaderWarning,
} from '../../../../shared/header';
import { humanizePaths, withoutAllowedList } from './draft';

/** The values the preview fills the variables with (the Compose page passes the fax being written). */
export interface HeaderSample {
  toNumber: string;
  fromNumber: string;
  csid: string;
  /** Pages of the fax: ${TOTAL_PAGE}; the preview shows page 1. */
  pages: number;
  /** The service assigns the fax_id on sending; a UUID-like sample stands in for it. */
  faxId?: string;
}

/** A fictional number (555-01xx is reserved for fiction) the preview shows when no recipient is typed yet. */
export const SAMPLE_TO_NUMBER = '12125550147';

/** Shape of the service's fax_id (UUID-like, 36 characters): ${FAX_ID} keeps its first 32. */
export const SAMPLE_FAX_ID = '3f2b9c1e-7a4d-4e8b-9c2f-1a2b3c4d5e6f';

export function sampleContext(sample: HeaderSample, date: Date, timeZone: string): HeaderContext {
  return {
    toNumber: sample.toNumber,
    fromNumber: sample.fromNumber,
    csid: sample.csid,
    faxId: sample.faxId ?? SAMPLE_FAX_ID,
    currentPage: 1,
    totalPage: Math.max(1, Math.floor(sample.pages)),
    date,
    timeZone,
  };
}

export interface DesignerMessage {
  /** header_options path: `line_1[2]`, `line_2[0]`, `line_1`, `line_2` or ''. */
  path: string;
  /** The shared module's sentence with paths in words ("line 1, slot 3"). */
  message: string;
}

export interface DesignerWarning extends DesignerMessage {
  kind: HeaderWarning['kind'];
}

export interface PreviewItem {
  /** What prints: variables filled from the sample and cropped as the service crops them. */
  text: string;
  anchor: number;
  align: HeaderAlign;
  /** True when the service cuts something from this item for the sample fax (a limit or the line's end). */
  cropped: boolean;
  /** Where it prints on the line, in characters from the left margin (the printed-line rules). */
  start: number;
  /** What of `text` fits on the printed line ('' when the line has no room left for it). */
  printed: string;
  /** It runs into a neighbour at the place the layout gives it. */
  overlaps: boolean;
}

/** A part of a slot as the person sees it: its text, or a variable shown with the sample's value. */
export type SlotSegment =
  | { kind: 'text'; text: string }
  | { kind: 'variable'; token: string; label: string; value: string; cropped: boolean }
  | { kind: 'invalid'; text: string };

export interface DesignerCounts {
  line1Items: number;
  /** Characters the variables of line 1 print for the sample fax, before the 235 budget is applied. */
  variableChars: number;
  /** The same with every variable at its limit: what line 1 can reach for any fax. */
  variableCharsLongest: number;
  /** Characters of each line 2 field, and of all of them. */
  line2Fields: number[];
  line2Total: number;
}

export interface DesignerEvaluation {
  /** header_options as validated: present only when there are no errors, so it can be sent. */
  value: HeaderOptions | null;
  errors: DesignerMessage[];
  warnings: DesignerWarning[];
  preview: { line1: PreviewItem[]; line2: PreviewItem[] };
  counts: DesignerCounts;
}

function countVariableChars(line1: readonly string[], ctx: HeaderContext): { used: number; longest: number } {
  let used = 0;
  let longest = 0;
  for (const item of line1) {
    for (const token of parseHeaderItem(item)) {
      if (token.kind !== 'variable') continue;
      const limit = getHeaderVariable(token.name)!.maxLength;
      used += Math.min(headerVariableValue(token.name, ctx).length, limit);
      longest += limit;
    }
  }
  return { used, longest };
}

/**
 * Warnings for the parts of `options` without errors: the items that have errors are blanked (and
 * line_1 cut to its legal size), so a mistake in one slot does not hide a crop in another. Crops are
 * those of the sample fax, plus the 235 total for any fax when the sample stays under it.
 */
function warningsFor(options: HeaderOptions, errorPaths: ReadonlySet<string>, ctx: HeaderContext): HeaderWarning[] {
  const blank = (line: 'line_1' | 'line_2', items: readonly string[]) =>
    items.map((item, i) => (errorPaths.has(`${line}[${i}]`) ? '' : item));
  let line1 = blank('line_1', options.line_1).slice(0, LINE1_MAX_ITEMS);
  if (line1.length === 0) line1 = [''];
  const usable: HeaderOptions = { line_1: line1 };
  if (options.line_2) usable.line_2 = blank('line_2', options.line_2);

  const forSample = validateHeaderOptions(usable, ctx);
  if (!forSample.ok) return [];
  const warnings = [...forSample.warnings];
  // With a context the 235 check uses the sample's values; without one it uses every variable at its
  // limit. Say so when a longer number, CSID or id than the sample's would be cut.
  if (!warnings.some((w) => w.kind === 'total-235')) {
    const anyFax = validateHeaderOptions(usable);
    if (anyFax.ok) warnings.push(...anyFax.warnings.filter((w) => w.kind === 'total-235'));
  }
  return warnings;
}

export function evaluateDraft(options: HeaderOptions, ctx: HeaderContext): DesignerEvaluation {
  const validation = validateHeaderOptions(options, ctx);
  const errors: DesignerMessage[] = validation.ok
    ? []
    : validation.errors.map((e) => ({ path: e.path, message: humanizePaths(withoutAllowedList(e.message)) }));
  const errorPaths = new Set(errors.map((e) => e.path));
  const warnings: DesignerWarning[] = warningsFor(options, errorPaths, ctx).map((w) => ({
    path: w.path,
    kind: w.kind,
    message: humanizePaths(w.message),
  }));

  const expanded = expandHeader(options, ctx);
  const croppedPaths = new Set(expanded.cropped.map((c) => c.path));
  // Placed as the printed line places them (the shared rules the Sandbox stamps with), with what a
  // too-long line loses and which neighbours run into each other.
  const placed = (line: 'line_1' | 'line_2', texts: readonly string[]): PreviewItem[] => {
    const fit = checkLineFit(texts, HEADER_LINE_CHARS);
    const columns = layoutLine(texts, HEADER_LINE_CHARS);
    const overlapping = new Set(fit.overlaps.flatMap((o) => [o.first, o.second]));
    return layoutLineFractions(texts).map((anchor, i) => {
      const printed = columns[i]!.text;
      return {
        ...anchor,
        cropped: croppedPaths.has(`${line}[${i}]`) || printed.length < anchor.text.length,
        start: columns[i]!.start,
        printed,
        overlaps: overlapping.has(i),
      };
    });
  };

  const chars = countVariableChars(options.line_1, ctx);
  const line2Fields = (options.line_2 ?? []).map((field) => field.length);

  return {
    value: validation.ok ? validation.value : null,
    errors,
    warnings,
    preview: { line1: placed('line_1', expanded.line1), line2: placed('line_2', expanded.line2) },
    counts: {
      line1Items: options.line_1.length,
      variableChars: chars.used,
      variableCharsLongest: chars.longest,
      line2Fields,
      line2Total: line2Fields.reduce((sum, n) => sum + n, 0),
    },
  };
}

/** The messages about one place (`line_1[2]`) or one whole line (`line_1`). */
export function messagesAt<T extends DesignerMessage>(messages: readonly T[], path: string): T[] {
  return messages.filter((m) => m.path === path);
}

/** Where an item of a line of `count` items is placed, in words ("left", "centre", "at 1/3"). */
export function placementName(index: number, count: number): string {
  const anchor = layoutLineFractions(Array.from({ length: count }, () => ''))[index];
  if (!anchor) return '';
  if (anchor.align === 'left') return 'left';
  if (anchor.align === 'right') return 'right';
  if (Math.abs(anchor.anchor - 0.5) < 1e-9) return 'centre';
  return `at ${index}/${count - 1}`;
}

/** The slot `item` as its sample prints it: text as written, each variable with its (cropped) sample value. */
export function slotSegments(item: string, ctx: HeaderContext): SlotSegment[] {
  return parseHeaderItem(item).map((token): SlotSegment => {
    if (token.kind === 'text') return { kind: 'text', text: token.text };
    if (token.kind === 'invalid') return { kind: 'invalid', text: token.raw };
    const variable = getHeaderVariable(token.name)!;
    const full = headerVariableValue(token.name, ctx);
    return { kind: 'variable', token: token.raw, label: variable.label, value: full.slice(0, variable.maxLength), cropped: full.length > variable.maxLength };
  });
}
