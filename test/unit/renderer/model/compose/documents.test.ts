import { describe, expect, it } from 'vitest';
import { checkDocumentSet, type PreparedDocument } from '../../../../../src/shared/domain/documents';
import {
  documentTotals,
  documentsForDraft,
  localFileProblem,
  moveItem,
  outcomeForFile,
  pagesLabel,
  typeLabel,
  type DocumentItem,
} from '../../../../../src/renderer/src/model/compose/documents';

const MB = 1024 * 1024;
const prepared = (over: Partial<PreparedDocument> = {}): PreparedDocument => ({
  id: 'a'.repeat(64),
  name: 'report.pdf',
  type: 'PDF',
  size: 1000,
  pages: 3,
  convertedByService: false,
  warnings: [],
  ...over,
});
const item = (over: Partial<DocumentItem> = {}): DocumentItem => ({
  key: 'd1',
  name: 'report.pdf',
  size: 1000,
  phase: 'ready',
  progress: 1,
  source: 'bytes',
  document: prepared(),
  problems: [],
  thumbnail: null,
  ...over,
});

describe('the document list', () => {
  it('sends only ready documents, in list order', () => {
    const items = [
      item({ key: 'd1', document: prepared({ id: '1'.repeat(64), name: 'b.pdf' }) }),
      item({ key: 'd2', phase: 'uploading', document: null }),
      item({ key: 'd3', phase: 'failed', document: null, problems: ['bad'] }),
      item({ key: 'd4', document: prepared({ id: '2'.repeat(64), name: 'a.docx', type: 'DOCX', pages: null, convertedByService: true }) }),
    ];
    expect(documentsForDraft(items)).toEqual({
      documents: [
        { id: '1'.repeat(64), type: 'PDF', name: 'b.pdf', pages: 3, size: 1000 },
        { id: '2'.repeat(64), type: 'DOCX', name: 'a.docx', pages: null, size: 1000 },
      ],
      keys: ['d1', 'd4'],
    });
  });

  it('totals what will be sent against the limits, naming the fix when one is broken', () => {
    const docx = prepared({ type: 'DOCX', pages: null, convertedByService: true });
    const totals = documentTotals([item(), item({ key: 'd2', document: docx }), item({ key: 'd3', phase: 'failed', document: null, size: 50 * MB })]);
    expect(totals).toMatchObject({ count: 2, bytes: 2000, pages: 3, converted: 1, problems: [] });
    expect(documentTotals([]).payloadBytes).toBe(0);

    const many = Array.from({ length: 26 }, (_, i) => item({ key: `k${i}`, name: `p${i}.pdf` }));
    expect(documentTotals(many).problems).toEqual([expect.stringMatching(/^26 documents were added; a fax can carry at most 25\. Remove 1 document/)]);
    const big = [item({ size: 40 * MB }), item({ key: 'd2', name: 'scan.pdf', size: 40 * MB })];
    expect(documentTotals(big).problems).toEqual([expect.stringMatching(/^The documents add up to 106\.\d MB once encoded/)]);
  });

  it('keeps main\'s reasons a file cannot be sent, but not the set-wide limits (the totals show those)', () => {
    const existing = Array.from({ length: 25 }, (_, i) => ({ name: `p${i}.pdf`, size: 10 }));
    const doc = prepared({ name: 'extra.pdf', size: 10 });
    const setWide = checkDocumentSet([...existing, doc]);
    expect(setWide).toHaveLength(1);
    expect(outcomeForFile({ documents: [doc], problems: setWide }, existing)).toEqual({ document: doc, problems: [] });

    const damaged = { file: 'broken.pdf', code: 'CORRUPT' as const, message: '"broken.pdf" is damaged: no xref. Save it again.' };
    expect(outcomeForFile({ documents: [], problems: [damaged] }, [])).toEqual({ document: null, problems: [damaged.message] });
    expect(outcomeForFile({ documents: [], problems: [] }, [])).toEqual({ document: null, problems: [expect.stringContaining('could not be added')] });
  });

  it('refuses an empty file, and one no fax can carry, without a trip to main', () => {
    expect(localFileProblem('empty.pdf', 0)).toBe('"empty.pdf" is empty (0 bytes). Check that it was saved completely, then add it again.');
    expect(localFileProblem('fine.pdf', 10 * MB)).toBeNull();
    expect(localFileProblem('huge.tif', 80 * MB)).toMatch(/^"huge\.tif" is 80\.0 MB, which is 106\.\d MB once encoded for sending; the service accepts at most 100 MB per fax\./);
  });

  it('moves an item up or down, clamped at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 9)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 5, 0)).toEqual(['a', 'b', 'c']);
  });

  it('says what a document is and how many pages it has, or that the service converts it', () => {
    expect(pagesLabel(prepared({ pages: 1 }))).toBe('1 page');
    expect(pagesLabel(prepared({ type: 'TXT', pages: 2, pagesEstimated: true }))).toBe('about 2 pages');
    expect(pagesLabel(prepared({ type: 'XLSX', pages: null, convertedByService: true }))).toBe('converted by the service');
    expect(typeLabel(item())).toBe('PDF document');
    expect(typeLabel(item({ document: prepared({ type: 'XLSX' }) }))).toBe('Excel workbook (XLSX)');
    expect(typeLabel(item({ name: 'scan.tiff', document: null }))).toBe('TIFF');
  });
});
