/**
 * Where header items go on the line (spec "Placement of items in line_1"):
 * - 1 item: left-justified;  2 items: first left, second right;  3 items: left, centre, right;
 * - 4 to 6 items: first left, last right, and the n-2 others centred on points spread evenly between
 *   the two edges: item i (0-based) is centred at i/(n-1) of the line width. With 3 items this is the
 *   centre, so the rules agree; with 4 the middle two are centred at 1/3 and 2/3.
 * - An empty string keeps its slot but prints nothing, which gives the idioms: ['', x, ''] centres x,
 *   ['', x] right-justifies x, [''] is a blank line. More than 6 items follow the 4-6 rule.
 * line_2 fields are placed by the same rules (the spec says nothing of line_2's layout; To on the left
 * and Attn on the right is the natural reading of its example).
 *
 * Two renderings share these anchors, so every surface places items the same way:
 * - layoutLineFractions: anchor as a fraction of the usable line width (page width minus margins)
 *   plus an alignment. A PDF stamper puts a left item's left edge at the anchor, a centred item's
 *   middle, a right item's right edge; CSS does the same with left: anchor*100% and a transform of
 *   0, -50% or -100%. It does not resolve overlaps: text that collides at a real font size collides.
 * - layoutLine / layoutHeaderLines: fixed-width text (monospace preview, tests, emulator text dumps).
 *   Overlaps are resolved there: items keep at least one space between them, pushing later items
 *   right and then, at the right edge, earlier items left. When the items cannot fit at all, they are
 *   packed from the left with single spaces and cut at the width.
 */
import type { ExpandedHeader } from './types';

export type HeaderAlign = 'left' | 'center' | 'right';

export interface LineAnchor {
  text: string;
  /** 0 = left edge, 1 = right edge of the usable line width. */
  anchor: number;
  align: HeaderAlign;
}

export interface PlacedItem {
  /** The text printed (cut when the line overflows). */
  text: string;
  align: HeaderAlign;
  /** Column (0-based) of the first character. */
  start: number;
}

/** One entry per item (spacers included), in order. */
export function layoutLineFractions(items: readonly string[]): LineAnchor[] {
  const n = items.length;
  return items.map((text, i) => {
    if (n === 1) return { text, anchor: 0, align: 'left' };
    if (i === 0) return { text, anchor: 0, align: 'left' };
    if (i === n - 1) return { text, anchor: 1, align: 'right' };
    return { text, anchor: i / (n - 1), align: 'center' };
  });
}

function checkWidth(widthChars: number): void {
  if (!Number.isInteger(widthChars) || widthChars < 1) {
    throw new RangeError(`widthChars must be a whole number of at least 1; got ${widthChars}`);
  }
}

/** One entry per item (spacers have text '' and the column their slot would start at). */
export function layoutLine(items: readonly string[], widthChars: number): PlacedItem[] {
  checkWidth(widthChars);
  const placed: PlacedItem[] = layoutLineFractions(items).map(({ text, anchor, align }) => {
    const ideal =
      align === 'left' ? 0 : align === 'right' ? widthChars - text.length : Math.round(anchor * widthChars - text.length / 2);
    return { text, align, start: Math.max(0, Math.min(ideal, widthChars - text.length)) };
  });

  const visible = placed.filter((p) => p.text.length > 0);
  const needed = visible.reduce((sum, p) => sum + p.text.length, 0) + Math.max(0, visible.length - 1);
  if (needed > widthChars) {
    let column = 0;
    for (const p of visible) {
      p.start = Math.min(column, widthChars);
      p.text = p.text.slice(0, Math.max(0, widthChars - p.start));
      column = p.start + p.text.length + 1;
    }
    return placed;
  }
  // Push right to keep a space after each item, then pull back from the right edge.
  for (let i = 1; i < visible.length; i++) {
    const prev = visible[i - 1]!;
    visible[i]!.start = Math.max(visible[i]!.start, prev.start + prev.text.length + 1);
  }
  for (let i = visible.length - 1; i >= 0; i--) {
    const limit = i === visible.length - 1 ? widthChars : visible[i + 1]!.start - 1;
    visible[i]!.start = Math.min(visible[i]!.start, limit - visible[i]!.text.length);
  }
  return placed;
}

/** The line as a string of exactly `widthChars` characters. */
export function renderLine(items: readonly string[], widthChars: number): string {
  const chars = Array.from({ length: widthChars }, () => ' ');
  for (const p of layoutLine(items, widthChars)) {
    for (let k = 0; k < p.text.length; k++) chars[p.start + k] = p.text[k]!;
  }
  return chars.join('');
}

/**
 * Both header lines as fixed-width text. line1 is always `widthChars` long; line2 is '' when there are
 * no line_2 fields (no second line is printed), else `widthChars` long.
 */
export function layoutHeaderLines(
  expanded: Pick<ExpandedHeader, 'line1' | 'line2'>,
  widthChars: number,
): { line1: string; line2: string } {
  checkWidth(widthChars);
  return {
    line1: renderLine(expanded.line1, widthChars),
    line2: expanded.line2.length === 0 ? '' : renderLine(expanded.line2, widthChars),
  };
}
