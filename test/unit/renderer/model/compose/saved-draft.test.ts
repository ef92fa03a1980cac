import { describe, expect, it } from 'vitest';
import type { PreparedDocument } from '../../../../../src/shared/domain/documents';
import { SavedDraftSchema } from '../../../../../src/shared/ipc/contract/drafts';
import type { DocumentItem } from '../../../../../src/renderer/src/model/compose/documents';
import { EMPTY_OPTIONS } from '../../../../../src/renderer/src/model/compose/draft';
import { composeFromSaved, isWorthKeeping, savedDraftOf, type DraftSource } from '../../../../../src/renderer/src/model/compose/saved-draft';

const ID = 'c'.repeat(64);
const doc: PreparedDocument = { id: ID, name: 'letter.txt', type: 'TXT', size: 1200, pages: 2, pagesEstimated: true, convertedByService: false, warnings: [] };

function item(patch: Partial<DocumentItem>): DocumentItem {
  return { key: 'd1', name: 'letter.txt', size: 1200, phase: 'ready', progress: 1, source: 'bytes', document: doc, problems: [], thumbnail: null, ...patch };
}

function source(patch: Partial<DraftSource> = {}): DraftSource {
  return {
    composeId: '2f1c9a4e-8b7d-4c3e-9a1b-0c2d3e4f5a6b',
    accountId: 'sandbox',
    recipients: [{ key: 'r1', number: '', name: '', company: '', contactId: null }],
    documents: [],
    options: { ...EMPTY_OPTIONS, clientData: { ...EMPTY_OPTIONS.clientData } },
    coverPage: null,
    coverValid: true,
    header: null,
    headerValid: true,
    headerChosen: false,
    sendMode: 'now',
    scheduledLocal: '',
    reopenedFrom: null,
    ...patch,
  };
}

describe('the saved Compose draft', () => {
  it('keeps only what the person made: typed rows, ready documents, options as typed', () => {
    const draft = savedDraftOf(
      source({
        recipients: [
          { key: 'r1', number: '+1 212 555 01', name: 'Half typed', company: '', contactId: 'c1' },
          { key: 'r2', number: '', name: '', company: '', contactId: null },
        ],
        documents: [item({}), item({ key: 'd2', phase: 'encoding', document: null }), item({ key: 'd3', phase: 'failed', document: null })],
        options: { ...EMPTY_OPTIONS, billableRetries: 'x3', clientData: { ...EMPTY_OPTIONS.clientData, clientMatter: 'M-7' } },
      }),
    );
    expect(draft.recipients).toEqual([{ number: '+1 212 555 01', name: 'Half typed', company: '' }]);
    expect(draft.documents).toEqual([{ id: ID, name: 'letter.txt', type: 'TXT', pages: 2, size: 1200, pagesEstimated: true }]);
    expect(draft.options.billableRetries).toBe('x3');
    // What main checks it with.
    expect(SavedDraftSchema.safeParse(draft).success).toBe(true);
  });

  it('is worth keeping once anything of the person is in it, not for a header filled by the default template', () => {
    expect(isWorthKeeping(source())).toBe(false);
    expect(isWorthKeeping(source({ header: { line_1: ['${DATE_TIME1}'] }, headerChosen: true }))).toBe(false);
    expect(isWorthKeeping(source({ recipients: [{ key: 'r1', number: '1', name: '', company: '', contactId: null }] }))).toBe(true);
    expect(isWorthKeeping(source({ documents: [item({ phase: 'reading', document: null })] }))).toBe(true);
    expect(isWorthKeeping(source({ coverPage: { from_name: '', subject: '', message: '' } }))).toBe(true);
    expect(isWorthKeeping(source({ sendMode: 'later' }))).toBe(true);
    expect(isWorthKeeping(source({ options: { ...EMPTY_OPTIONS, csid: 'ACME' } }))).toBe(true);
  });

  it('comes back as the compose it was, a missing document as one to add again', () => {
    let k = 0;
    const key = () => `k${++k}`;
    const saved = SavedDraftSchema.parse(
      savedDraftOf(source({ documents: [item({}), item({ key: 'd2', document: { ...doc, id: 'e'.repeat(64), name: 'gone.txt' }, name: 'gone.txt' })], sendMode: 'later', scheduledLocal: '2026-12-01T09:30' })),
    );
    const restored = composeFromSaved({ draft: saved, savedAt: '2026-11-27T10:00:00.000Z', missingDocuments: ['gone.txt'] }, key, key);
    expect(restored.recipients).toHaveLength(1);
    expect(restored.documents.map((d) => [d.name, d.phase, d.document?.pagesEstimated ?? null])).toEqual([
      ['letter.txt', 'ready', true],
      ['gone.txt', 'failed', null],
    ]);
    expect(restored.documents[1]!.problems[0]).toContain('no longer in Faxdesk');
    expect(restored).toMatchObject({ composeId: saved.composeId, sendMode: 'later', scheduledLocal: '2026-12-01T09:30', headerChosen: false });
  });
});
