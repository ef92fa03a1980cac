import { describe, expect, it } from 'vitest';
import {
  HEADER_LINE_CHARS,
  HEADER_VARIABLES,
  checkLineFit,
  expandHeader,
  formatDateTime,
  headerWidthChars,
  layoutLine,
  longestHeaderContext,
} from '../../../../src/shared/header';

describe('the printed header line', () => {
  it('holds 106 characters on a fax page (8.5 in at 9 pt, 0.6 em, 18 pt margins)', () => {
    expect(HEADER_LINE_CHARS).toBe(106);
    expect(headerWidthChars(612)).toBe(106);
    expect(headerWidthChars(842)).toBe(149);
    expect(headerWidthChars(10)).toBe(20);
  });

  it('fits items with a space between neighbours, and names neighbours that overlap at their places', () => {
    expect(checkLineFit(['left', 'centre', 'right'], 40)).toEqual({ width: 40, needed: 17, overlaps: [], cut: [] });
    // 'a'.repeat(18) ends at 18; the centred 8 characters start at 16.
    expect(checkLineFit(['a'.repeat(18), 'b'.repeat(8), 'c'], 40).overlaps).toEqual([{ first: 0, second: 1 }]);
    // Touching without a space counts: the words would run together.
    expect(checkLineFit(['a'.repeat(16), 'b'.repeat(8), 'c'], 40).overlaps).toEqual([{ first: 0, second: 1 }]);
    expect(checkLineFit(['a'.repeat(15), 'b'.repeat(8), 'c'], 40).overlaps).toEqual([]);
    // Spacers take no room and keep their places.
    expect(checkLineFit(['', 'x'.repeat(30), ''], 40)).toMatchObject({ needed: 30, overlaps: [] });
  });

  it('lists what an overflowing line loses, as the layout prints it', () => {
    const items = ['x'.repeat(30), 'yy', 'zzz'];
    const fit = checkLineFit(items, 32);
    expect(fit).toEqual({ width: 32, needed: 37, overlaps: [], cut: [{ index: 1, printed: 1, length: 2 }, { index: 2, printed: 0, length: 3 }] });
    expect(layoutLine(items, 32).map((p) => p.text)).toEqual(['x'.repeat(30), 'y', '']);
  });

  it('has a longest context in which every variable prints as much as it can', () => {
    const ctx = longestHeaderContext();
    for (const v of HEADER_VARIABLES) {
      const [printed] = expandHeader({ line_1: [v.token] }, ctx).line1;
      const longest = v.dateTimeCode ? Math.min(v.maxLength, formatDateTime(v.dateTimeCode, ctx.date, 'UTC').length) : v.maxLength;
      expect(printed!.length, v.name).toBe(longest);
    }
  });
});
