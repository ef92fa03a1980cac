import { describe, expect, it } from 'vitest';
import { expandHeader, layoutHeaderLines, layoutLine, layoutLineFractions, renderLine } from '../../../../src/shared/header';

const sp = (n: number): string => ' '.repeat(n);

describe('layoutLineFractions', () => {
  it('1 item: left', () => {
    expect(layoutLineFractions(['A'])).toEqual([{ text: 'A', anchor: 0, align: 'left' }]);
  });
  it('2 items: left, right', () => {
    expect(layoutLineFractions(['A', 'B'])).toEqual([
      { text: 'A', anchor: 0, align: 'left' },
      { text: 'B', anchor: 1, align: 'right' },
    ]);
  });
  it('3 items: left, centre, right', () => {
    expect(layoutLineFractions(['A', 'B', 'C']).map((a) => [a.anchor, a.align])).toEqual([
      [0, 'left'],
      [0.5, 'center'],
      [1, 'right'],
    ]);
  });
  it('4 items: middle two centred at 1/3 and 2/3', () => {
    expect(layoutLineFractions(['A', 'B', 'C', 'D']).map((a) => [a.anchor, a.align])).toEqual([
      [0, 'left'],
      [1 / 3, 'center'],
      [2 / 3, 'center'],
      [1, 'right'],
    ]);
  });
  it('5 items: quarters', () => {
    expect(layoutLineFractions(['A', 'B', 'C', 'D', 'E']).map((a) => a.anchor)).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
  it('6 items: fifths', () => {
    expect(layoutLineFractions(['A', 'B', 'C', 'D', 'E', 'F']).map((a) => [a.anchor, a.align])).toEqual([
      [0, 'left'],
      [0.2, 'center'],
      [0.4, 'center'],
      [0.6, 'center'],
      [0.8, 'center'],
      [1, 'right'],
    ]);
  });
  it('keeps spacers in their slots', () => {
    expect(layoutLineFractions(['', 'X', ''])).toEqual([
      { text: '', anchor: 0, align: 'left' },
      { text: 'X', anchor: 0.5, align: 'center' },
      { text: '', anchor: 1, align: 'right' },
    ]);
    expect(layoutLineFractions(['', 'X'])[1]).toEqual({ text: 'X', anchor: 1, align: 'right' });
  });
  it('is empty for no items', () => {
    expect(layoutLineFractions([])).toEqual([]);
  });
});

describe('renderLine: placement counts', () => {
  it('1 item is left-justified', () => {
    expect(renderLine(['ABC'], 20)).toBe('ABC' + sp(17));
  });
  it('2 items: first left, second right', () => {
    expect(renderLine(['AB', 'CD'], 20)).toBe('AB' + sp(16) + 'CD');
  });
  it('3 items: left, centre, right', () => {
    expect(renderLine(['AB', 'XY', 'CD'], 20)).toBe('AB' + sp(7) + 'XY' + sp(7) + 'CD');
    expect(renderLine(['A', 'X', 'B'], 21)).toBe('A' + sp(9) + 'X' + sp(9) + 'B');
  });
  it('4 items: first left, last right, middle evenly spaced', () => {
    expect(renderLine(['AA', 'BB', 'CC', 'DD'], 30)).toBe('AA' + sp(7) + 'BB' + sp(8) + 'CC' + sp(7) + 'DD');
  });
  it('5 items', () => {
    expect(renderLine(['AA', 'BB', 'CC', 'DD', 'EE'], 40)).toBe('AA' + sp(7) + 'BB' + sp(8) + 'CC' + sp(8) + 'DD' + sp(7) + 'EE');
  });
  it('6 items', () => {
    expect(renderLine(['AA', 'BB', 'CC', 'DD', 'EE', 'FF'], 50)).toBe(
      'AA' + sp(7) + 'BB' + sp(8) + 'CC' + sp(8) + 'DD' + sp(8) + 'EE' + sp(7) + 'FF',
    );
  });
  it('more than 6 items follow the 4-6 rule', () => {
    expect(renderLine(['1', '2', '3', '4', '5', '6', '7'], 13)).toBe('1 2 3 4 5 6 7');
  });
  it('no items is a blank line', () => {
    expect(renderLine([], 5)).toBe(sp(5));
  });
});

describe('renderLine: spacer idioms', () => {
  it('["", x, ""] centres x', () => {
    expect(renderLine(['', 'AB', ''], 20)).toBe(sp(9) + 'AB' + sp(9));
  });
  it('["", x] right-justifies x', () => {
    expect(renderLine(['', 'AB'], 20)).toBe(sp(18) + 'AB');
  });
  it('[""] is blank', () => {
    expect(renderLine([''], 20)).toBe(sp(20));
  });
  it('[x, "", ""] and ["", "", x] keep x at the edges', () => {
    expect(renderLine(['AB', '', ''], 10)).toBe('AB' + sp(8));
    expect(renderLine(['', '', 'AB'], 10)).toBe(sp(8) + 'AB');
  });
  it('spacers keep the other items in their 4-6 slots', () => {
    expect(renderLine(['', 'BB', '', ''], 30)).toBe(sp(9) + 'BB' + sp(19));
    expect(renderLine(['AA', '', '', 'DD'], 30)).toBe('AA' + sp(26) + 'DD');
    expect(renderLine(['', '', 'CC', '', '', ''], 50)).toBe(sp(19) + 'CC' + sp(29));
  });
});

describe('layoutLine: collisions and overflow', () => {
  it('reports start columns per item, spacers included', () => {
    expect(layoutLine(['AB', '', 'CD'], 10)).toEqual([
      { text: 'AB', align: 'left', start: 0 },
      { text: '', align: 'center', start: 5 },
      { text: 'CD', align: 'right', start: 8 },
    ]);
  });

  it('pushes a centred item right to keep one space after a long left item', () => {
    expect(renderLine(['LONGLEFTTEXT', 'MID', 'R'], 20)).toBe('LONGLEFTTEXT MID' + sp(3) + 'R');
  });

  it('pulls items left from the right edge when they would collide', () => {
    expect(layoutLine(['L', 'MIDDLETEXT', 'RIGHTRIGHT'], 23).map((p) => p.start)).toEqual([0, 2, 13]);
    expect(renderLine(['L', 'MIDDLETEXT', 'RIGHTRIGHT'], 23)).toBe('L MIDDLETEXT RIGHTRIGHT');
  });

  it('packs from the left with single spaces and cuts at the width when the items cannot fit', () => {
    expect(layoutLine(['ABCDEFGHIJ', 'KLMNOPQRST'], 15)).toEqual([
      { text: 'ABCDEFGHIJ', align: 'left', start: 0 },
      { text: 'KLMN', align: 'right', start: 11 },
    ]);
    expect(layoutLine(['ABCDEFGHIJKLMNO', 'X'], 15)).toEqual([
      { text: 'ABCDEFGHIJKLMNO', align: 'left', start: 0 },
      { text: '', align: 'right', start: 15 },
    ]);
    expect(renderLine(['ABCDEFGHIJKLMNOPQRSTUVWXYZ'], 10)).toBe('ABCDEFGHIJ');
    expect(renderLine(['', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', ''], 10)).toBe('ABCDEFGHIJ');
  });

  it('fits an item exactly the width', () => {
    expect(renderLine(['', 'ABCDEFGHIJ'], 10)).toBe('ABCDEFGHIJ');
  });

  it('refuses a width that is not a positive whole number', () => {
    expect(() => layoutLine(['x'], 0)).toThrow('widthChars must be a whole number of at least 1; got 0');
    expect(() => layoutLine(['x'], 2.5)).toThrow(RangeError);
    expect(() => layoutHeaderLines({ line1: ['x'], line2: [] }, -1)).toThrow(RangeError);
  });
});

describe('layoutHeaderLines', () => {
  it('renders both lines at the width; line_2 fields follow the same placement', () => {
    expect(layoutHeaderLines({ line1: ['A', 'B', 'C'], line2: ['To: X', 'Attn: Y'] }, 21)).toEqual({
      line1: 'A' + sp(9) + 'B' + sp(9) + 'C',
      line2: 'To: X' + sp(9) + 'Attn: Y',
    });
  });

  it('gives an empty line2 when there are no line_2 fields', () => {
    expect(layoutHeaderLines({ line1: [''], line2: [] }, 8)).toEqual({ line1: sp(8), line2: '' });
  });

  it('lays out an expanded header end to end', () => {
    const expanded = expandHeader(
      { line_1: ['${DATE_TIME}', 'Fax ${FAX_ID}', 'Page ${CURRENT_PAGE} of ${TOTAL_PAGE}'], line_2: ['', 'CONFIDENTIAL', ''] },
      {
        toNumber: '15551234567',
        fromNumber: '',
        csid: '',
        faxId: 'abc123',
        currentPage: 1,
        totalPage: 2,
        date: new Date('2024-05-09T15:07:01Z'),
        timeZone: 'Europe/London',
      },
    );
    expect(layoutHeaderLines(expanded, 60)).toEqual({
      line1: '2024-05-09 16:07:01' + sp(6) + 'Fax abc123' + sp(14) + 'Page 1 of 2',
      line2: sp(24) + 'CONFIDENTIAL' + sp(24),
    });
  });
});
