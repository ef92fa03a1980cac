import { describe, expect, it } from 'vitest';
import { DamagedDocumentError, damagedDocumentMessage, isRenderCancelled, reasonFrom, RenderCancelledError } from '../../../../src/renderer/src/features/viewer/damage';
import { checkPdfBytes } from '../../../../src/renderer/src/features/viewer/pdf-check';
import { inches, printLayout } from '../../../../src/renderer/src/features/viewer/print-layout';
import { rectanglesPdf } from '../../../e2e/viewer/fixtures';

function reasonOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DamagedDocumentError);
    return (error as DamagedDocumentError).reason;
  }
  throw new Error('expected a DamagedDocumentError');
}

describe('the damaged-document message', () => {
  it('says what is wrong and what to do', () => {
    expect(damagedDocumentMessage('the file ends early.')).toBe(
      'This fax image is damaged or incomplete: the file ends early. Faxdesk keeps the file; try downloading it again.',
    );
    expect(new DamagedDocumentError('it is not a PDF file').message).toContain('damaged or incomplete: it is not a PDF file.');
  });

  it('turns whatever a decoder threw into a clause', () => {
    expect(reasonFrom(new Error('Invalid PDF structure.'), 'x')).toBe('invalid PDF structure.');
    expect(reasonFrom('e', 'page 2 cannot be decoded')).toBe('page 2 cannot be decoded');
    expect(reasonFrom(8, 'fallback')).toBe('fallback');
    expect(reasonFrom(new DamagedDocumentError('inner'), 'x')).toBe('inner');
  });

  it('recognises cancelled drawings, ours and pdfjs’s', () => {
    expect(isRenderCancelled(new RenderCancelledError())).toBe(true);
    expect(isRenderCancelled({ name: 'RenderingCancelledException' })).toBe(true);
    expect(isRenderCancelled(new Error('other'))).toBe(false);
  });
});

describe('checkPdfBytes', () => {
  it('accepts a whole PDF', async () => {
    expect(() => checkPdfBytes(new Uint8Array(0))).toThrow(DamagedDocumentError);
    const pdf = await rectanglesPdf([{ width: 612, height: 792 }]);
    expect(() => checkPdfBytes(pdf)).not.toThrow();
    // Trailing whitespace after the marker is fine.
    const padded = new Uint8Array([...pdf, 0x0a, 0x0a, 0x20]);
    expect(() => checkPdfBytes(padded)).not.toThrow();
  });

  it('reports an empty file, a non-PDF, and a truncated PDF', async () => {
    const pdf = await rectanglesPdf([{ width: 612, height: 792 }, { width: 612, height: 792 }]);
    expect(reasonOf(() => checkPdfBytes(new Uint8Array(0)))).toBe('the file is empty');
    expect(reasonOf(() => checkPdfBytes(new TextEncoder().encode('II*\0 a tiff, not a pdf')))).toBe('it is not a PDF file');
    expect(reasonOf(() => checkPdfBytes(pdf.subarray(0, Math.floor(pdf.length * 0.6))))).toBe('the file ends early (its end-of-file marker is missing)');
    expect(reasonOf(() => checkPdfBytes(pdf.subarray(0, pdf.length - 8)))).toMatch(/ends early/);
  });
});

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
