import { describe, expect, it } from 'vitest';
import { ComposeDraftSchema } from '../../../../../src/shared/domain/outbox';
import { EMPTY_OPTIONS, buildDraft, optionsFromStored, readRetries, type ComposeForm } from '../../../../../src/renderer/src/model/compose/draft';
import type { DocumentItem } from '../../../../../src/renderer/src/model/compose/documents';
import { toLocalInput } from '../../../../../src/renderer/src/model/compose/schedule';

const now = new Date(2026, 2, 10, 12, 0);
const ready: DocumentItem = {
  key: 'd1',
  name: 'a.pdf',
  size: 10,
  phase: 'ready',
  progress: 1,
  source: 'bytes',
  document: { id: 'f'.repeat(64), name: 'a.pdf', type: 'PDF', size: 10, pages: 2, convertedByService: false, warnings: [] },
  problems: [],
  thumbnail: null,
};
const form = (over: Partial<ComposeForm> = {}): ComposeForm => ({
  accountId: 'sandbox',
  recipients: [{ key: 'r1', number: '+1 212 555 0100', name: 'Ada', company: '', contactId: null }],
  documents: [ready],
  options: EMPTY_OPTIONS,
  coverPage: null,
  coverValid: true,
  header: null,
  headerValid: true,
  sendMode: 'now',
  scheduledLocal: '',
  ...over,
});

describe('the draft the page sends', () => {
  it('is what compose:validate and compose:send take', () => {
    const built = buildDraft(
      form({
        options: { ...EMPTY_OPTIONS, resolution: 'STANDARD', billableRetries: '3', callerId: ' 415 555 2000 ', clientData: { ...EMPTY_OPTIONS.clientData, billingCode: ' B-7 ' } },
        coverPage: { from_name: 'Front desk', subject: 'Hi', message: 'Text' },
        header: { line_1: ['${DATE_TIME1}'] },
      }),
      now,
    );
    expect(built.local).toEqual([]);
    expect(built.context).toEqual({ recipientKeys: ['r1'], documentKeys: ['d1'] });
    expect(ComposeDraftSchema.parse(built.draft)).toEqual({
      accountId: 'sandbox',
      recipients: [{ number: '+1 212 555 0100', name: 'Ada', company: '' }],
      documents: [{ id: 'f'.repeat(64), type: 'PDF', name: 'a.pdf', pages: 2, size: 10 }],
      options: {
        resolution: 'STANDARD',
        billableRetries: 3,
        nonBillableRetries: null,
        callerId: '415 555 2000',
        csid: null,
        clientData: { billingCode: 'B-7' },
        coverPage: { fromName: 'Front desk', subject: 'Hi', message: 'Text' },
        header: { line_1: ['${DATE_TIME1}'] },
      },
      scheduledAt: null,
    });
  });

  it('finds what only the page can see: documents not ready, retries that are not numbers, editors showing something invalid, a missing send time', () => {
    const built = buildDraft(
      form({
        documents: [ready, { ...ready, key: 'd2', name: 'slow.pdf', phase: 'reading', document: null }, { ...ready, key: 'd3', name: 'bad.pdf', phase: 'failed', document: null }],
        options: { ...EMPTY_OPTIONS, billableRetries: 'two', nonBillableRetries: '12' },
        coverValid: false,
        headerValid: false,
        sendMode: 'later',
      }),
      now,
    );
    expect(built.local.map((p) => [p.key, p.message])).toEqual([
      ['documents', '"slow.pdf" is still being added. Wait until it shows its pages, then send.'],
      ['document:d3', '"bad.pdf" cannot be sent (see why above). Remove it, or add a fixed copy of the file.'],
      ['billableRetries', "Billable retries must be a whole number from 1 to 10; leave it empty for the service's default."],
      ['nonBillableRetries', "Non-billable retries must be a whole number from 1 to 10 (you gave 12); leave it empty for the service's default."],
      ['coverPage', 'The cover page has a problem (shown with it). Fix it, or untick "Include a cover page".'],
      ['header', 'The header line has a problem (shown with it). Fix it, or tick "Use the service\'s default header".'],
      ['scheduledAt', 'Pick the date and time to send the fax, or choose "Send now".'],
    ]);
    expect(built.draft.documents).toHaveLength(1);
    expect(built.draft.options?.billableRetries).toBeNull();
  });

  it('carries a send time as local time with its offset', () => {
    const at = new Date(2026, 2, 11, 9, 30);
    const built = buildDraft(form({ sendMode: 'later', scheduledLocal: toLocalInput(at) }), now);
    expect(built.local).toEqual([]);
    expect(built.draft.scheduledAt).toMatch(/^2026-03-11T09:30:00[+-]\d\d:\d\d$/);
    expect(Date.parse(built.draft.scheduledAt!)).toBe(at.getTime());
  });

  it('reads retries: empty is the service default, a whole number 1-10 is kept', () => {
    expect(readRetries('', 'x')).toEqual({ value: null, problem: null });
    expect(readRetries(' 10 ', 'x')).toEqual({ value: 10, problem: null });
    expect(readRetries('0', 'Billable retries').problem).toMatch(/you gave 0/);
    expect(readRetries('2.5', 'Billable retries').problem).toMatch(/whole number/);
  });

  it('turns a stored compose back into the form', () => {
    const stored = ComposeDraftSchema.parse({
      accountId: 'a1',
      options: { resolution: 'STANDARD', billableRetries: 4, csid: 'FRONT', clientData: { clientCode: 'X' }, coverPage: { fromName: 'F', subject: 'S', message: 'M' }, header: null },
    });
    expect(optionsFromStored(stored)).toEqual({
      options: { ...EMPTY_OPTIONS, resolution: 'STANDARD', billableRetries: '4', csid: 'FRONT', clientData: { ...EMPTY_OPTIONS.clientData, clientCode: 'X' } },
      coverPage: { from_name: 'F', subject: 'S', message: 'M' },
      header: null,
    });
  });
});
