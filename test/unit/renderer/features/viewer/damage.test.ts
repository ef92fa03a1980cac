import { describe, expect, it } from 'vitest';
import { DamagedDocumentError, damagedDocumentMessage, isRenderCancelled, reasonFrom, RenderCancelledError } from '../../../../../src/renderer/src/features/viewer/damage';

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
