import { describe, expect, it } from 'vitest';
import { ComposeDraftSchema, type StoredDraft } from '../../../../src/shared/domain/outbox';
import type { DocumentItem } from '../../../../src/renderer/src/model/compose/documents';
import { emptyRow, tidyNumber } from '../../../../src/renderer/src/model/compose/recipients';
import {
  existingDocuments,
  freshCompose,
  hasContent,
  itemsForFiles,
  itemsForPaths,
  newComposeId,
  recipientsAddedText,
  reopenedCompose,
  sendRefused,
  sentText,
  withDocument,
  withoutRecipient,
  withRecipient,
} from '../../../../src/renderer/src/stores/compose-updates';

function keys(prefix: string): () => string {
  let n = 0;
  return () => `${prefix}${++n}`;
}

function doc(key: string, overrides: Partial<DocumentItem> = {}): DocumentItem {
  return { key, name: `${key}.pdf`, size: 10, phase: 'waiting', progress: 0, source: 'bytes', document: null, problems: [], thumbnail: null, ...overrides };
}

const ready = (key: string): DocumentItem =>
  doc(key, { phase: 'ready', document: { id: `id-${key}`, name: `${key}.pdf`, type: 'PDF', size: 10, pages: 1, convertedByService: false, warnings: [] } });

describe('a new compose', () => {
  it('has a fresh id, one blank recipient row and nothing else', () => {
    const a = freshCompose(keys('r'));
    const b = freshCompose(keys('r'));
    expect(a.composeId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.composeId).not.toBe(b.composeId);
    expect(a.recipients).toEqual([emptyRow('r1')]);
    expect(a).toMatchObject({ documents: [], phase: 'editing', problems: [], headerChosen: false, sendMode: 'now', restored: null });
    expect(hasContent(a)).toBe(false);
  });

  it('makes ids in the UUID v4 shape', () => {
    expect(newComposeId()).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('documents added', () => {
  it('wait in the queue, or fail at once when empty', () => {
    const good = new File(['%PDF'], 'a.pdf');
    const empty = new File([], 'empty.pdf');
    const { items, tasks } = itemsForFiles([good, empty], keys('d'));
    expect(items.map((i) => [i.key, i.phase])).toEqual([
      ['d1', 'waiting'],
      ['d2', 'failed'],
    ]);
    expect(items[1]!.problems[0]).toContain('is empty (0 bytes)');
    expect(tasks).toEqual([{ key: 'd1', kind: 'bytes', file: good }]);
  });

  it('by path are read by main', () => {
    const { items, tasks } = itemsForPaths([{ name: 'scan.tif', path: '/in/scan.tif' }], keys('d'));
    expect(items[0]).toMatchObject({ key: 'd1', name: 'scan.tif', source: 'path', phase: 'waiting' });
    expect(tasks).toEqual([{ key: 'd1', kind: 'path', path: '/in/scan.tif' }]);
  });

  it('change one at a time, and say when the one asked for is gone', () => {
    const list = [doc('d1'), doc('d2')];
    const next = withDocument(list, 'd2', { phase: 'encoding', progress: 0.5 });
    expect(next.found).toBe(true);
    expect(next.documents[1]).toMatchObject({ phase: 'encoding', progress: 0.5 });
    expect(next.documents[0]).toBe(list[0]);
    expect(withDocument(list, 'd9', { phase: 'ready' }).found).toBe(false);
  });

  it('already there are what a new one is checked against (ready ones, not itself)', () => {
    expect(existingDocuments([ready('d1'), doc('d2'), ready('d3')], 'd3')).toEqual([{ id: 'id-d1', name: 'd1.pdf', size: 10 }]);
  });
});

describe('recipient rows', () => {
  it('edited: a new number is no longer the contact it came from', () => {
    const rows = [{ ...emptyRow('r1'), number: '212 555 0100', contactId: 'c1' }];
    expect(withRecipient(rows, 'r1', { name: 'Ada' })[0]).toMatchObject({ name: 'Ada', contactId: 'c1' });
    expect(withRecipient(rows, 'r1', { number: '212 555 0199' })[0]).toMatchObject({ number: '212 555 0199', contactId: null });
  });

  it('removed: its problems go, and one blank row always stays', () => {
    const state = { recipients: [emptyRow('r1')], problems: [{ key: 'recipient:r1', field: 'recipients.0.number', message: 'x' }] };
    expect(withoutRecipient(state, 'r1', keys('n'))).toEqual({ recipients: [emptyRow('n1')], problems: [] });
  });

  it('added from a list: how many, and how many skipped', () => {
    expect(recipientsAddedText(1, 0, 'Board')).toBe('1 recipient added from Board.');
    expect(recipientsAddedText(3, 2, 'the pasted list')).toBe('3 recipients added from the pasted list; 2 skipped (see why below the list).');
  });

  it('count as content, blank ones do not', () => {
    expect(hasContent({ documents: [], recipients: [{ ...emptyRow('r1'), number: '1' }] })).toBe(true);
    expect(hasContent({ documents: [doc('d1')], recipients: [emptyRow('r1')] })).toBe(true);
  });
});

describe('a send refused for the draft', () => {
  it('shows the problems, opens and focuses the first one, and says it', () => {
    const problems = [
      { key: 'clientData:clientCode', field: 'options.clientData.clientCode', message: 'Too long.' },
      { key: 'recipients', field: 'recipients', message: 'Add a recipient.' },
    ];
    const next = sendRefused({ openSections: { billing: false }, focusRequest: { key: 'x', seq: 4 } }, problems);
    expect(next).toEqual({
      phase: 'editing',
      problems,
      warnings: [],
      openSections: { billing: true },
      focusRequest: { key: 'clientData:clientCode', seq: 5 },
      announcement: 'Not sent: 2 things need fixing. First: Too long.',
    });
  });

  it('with one problem says just that one', () => {
    const next = sendRefused({ openSections: { billing: false }, focusRequest: null }, [{ key: 'recipients', field: 'recipients', message: 'Add a recipient.' }]);
    expect(next.announcement).toBe('Not sent: Add a recipient.');
    expect(next.openSections).toEqual({ billing: false });
    expect(next.focusRequest).toEqual({ key: 'recipients', seq: 1 });
  });
});

describe('a send that went through', () => {
  it('says queued, scheduled, or already queued', () => {
    expect(sentText(true, false, 1)).toBe('Fax queued: 1 fax, one per recipient.');
    expect(sentText(true, true, 3)).toBe('Fax scheduled: 3 faxes, one per recipient.');
    expect(sentText(false, false, 2)).toBe('This fax had already been queued; nothing new was sent.');
  });
});

describe('a stored fax reopened', () => {
  const stored = (missing: string[]): StoredDraft => ({
    sourceComposeId: 'c-old',
    missingDocuments: missing,
    draft: ComposeDraftSchema.parse({
      accountId: 'acc-1',
      recipients: [{ number: '+12125550100', name: 'Ada', company: 'AE' }],
      documents: [
        { id: 'h1', type: 'PDF', name: 'letter.pdf', pages: 2, size: 100 },
        { id: 'h2', type: 'PDF', name: 'gone.pdf', pages: 1, size: 50 },
      ],
      options: { resolution: 'FINE', clientData: { clientCode: 'X' } },
    }),
  });

  it('brings back its documents (those no longer stored as failed), recipients and options', () => {
    const next = reopenedCompose(stored(['gone.pdf']), 'job-9', keys('r'), keys('d'));
    expect(next.reopenedFrom).toBe('job-9');
    expect(next.accountId).toBe('acc-1');
    expect(next.documents.map((d) => [d.key, d.name, d.phase])).toEqual([
      ['d1', 'letter.pdf', 'ready'],
      ['d2', 'gone.pdf', 'failed'],
    ]);
    expect(next.documents[0]!.document).toMatchObject({ id: 'h1', pages: 2, convertedByService: false });
    expect(next.documents[1]!.problems[0]).toContain('no longer in Faxdesk');
    expect(next.recipients).toEqual([{ key: 'r1', number: tidyNumber('+12125550100'), name: 'Ada', company: 'AE', contactId: null }]);
    expect(next.recipients[0]!.number).not.toBe('+12125550100');
    expect(next.openSections).toEqual({ billing: true });
    expect(next.headerChosen).toBe(true);
    expect(next.announcement).toBe('Reopened the fax to 1 recipient for editing. Sending it makes a new fax.');
  });
});
