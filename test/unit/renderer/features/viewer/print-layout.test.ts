import { describe, expect, it } from 'vitest';
import { inches, printLayout } from '../../../../../src/renderer/src/features/viewer/print-layout';

describe('printLayout', () => {
  it('gives every page a sheet of its own size, one @page rule per distinct size, no margins', () => {
    const layout = printLayout([
      { widthIn: 8.5, heightIn: 11 },
      { widthIn: 8.5, heightIn: 5.5 },
      { widthIn: 8.5, heightIn: 11 },
      { widthIn: 1728 / 204, heightIn: 1143 / 98 },
    ]);
    expect(layout.sheets.map((s) => s.pageName)).toEqual(['fax-sheet-1', 'fax-sheet-2', 'fax-sheet-1', 'fax-sheet-3']);
    expect(layout.sheets[1]).toEqual({ pageName: 'fax-sheet-2', width: '8.5in', height: '5.5in' });
    expect(layout.css).toBe(
      [
        '@page { margin: 0; }',
        '@page fax-sheet-1 { size: 8.5in 11in; margin: 0; }',
        '@page fax-sheet-2 { size: 8.5in 5.5in; margin: 0; }',
        '@page fax-sheet-3 { size: 8.471in 11.663in; margin: 0; }',
      ].join('\n'),
    );
  });

  it('formats inches without float noise', () => {
    expect(inches(8.5)).toBe('8.5in');
    expect(inches(0.1 + 0.2)).toBe('0.3in');
  });
});
