import { describe, expect, it } from 'vitest';
import { DamagedDocumentError } from '../../../../../src/renderer/src/features/viewer/damage';
import { checkPdfBytes } from '../../../../../src/renderer/src/features/viewer/pdf-check';
import { rectanglesPdf } from '../../../../e2e/viewer/fixtures';
import { reasonOf } from './support';

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
