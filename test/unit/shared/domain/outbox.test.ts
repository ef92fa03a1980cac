import { describe, expect, it } from 'vitest';
import { checkComposeDraft, ComposeDraftSchema, summarizeProblems } from '../../../../src/shared/domain/outbox';

const NOW = new Date('2026-03-01T10:00:00.000Z');
const DOC = { id: 'a'.repeat(64), type: 'PDF', name: 'letter.pdf', pages: 2 };
const sizes = new Map([[DOC.id, 10_000]]);

function check(input: Parameters<typeof ComposeDraftSchema.parse>[0]) {
  return checkComposeDraft(ComposeDraftSchema.parse(input), { now: NOW, documentSizes: sizes });
}

const base = { accountId: 'acc', recipients: [{ number: '12125550100' }], documents: [DOC] };

describe('checkComposeDraft: every mistake names its field and the fix', () => {
  it('accepts a complete draft and normalises it', () => {
    const result = check({
      ...base,
      recipients: [{ number: '+1 (212) 555-0100', name: '  Records  ', company: 'Clinic' }],
      options: { resolution: 'STANDARD', billableRetries: 3, nonBillableRetries: 10, callerId: '212 555 0199', csid: 'FAXDESK', clientData: { clientMatter: ' M-1 ', billingCode: '' }, coverPage: { fromName: 'Me', subject: 'Hi', message: 'Line one\nLine two\n' }, header: { line_1: ['${DATE_TIME}', '${FAX_ID}'] } },
      scheduledAt: '2026-03-01T12:00:00+01:00',
    });
    expect(result.problems).toEqual([]);
    expect(result.value).toEqual({
      accountId: 'acc',
      recipients: [{ number: '12125550100', name: 'Records', company: 'Clinic' }],
      documents: [{ id: DOC.id, type: 'PDF', name: 'letter.pdf', pages: 2, size: 10_000 }],
      options: {
        resolution: 'STANDARD',
        billableRetries: 3,
        nonBillableRetries: 10,
        callerId: '12125550199',
        csid: 'FAXDESK',
        clientData: { clientMatter: 'M-1' },
        coverPage: { fromName: 'Me', subject: 'Hi', message: 'Line one\nLine two' },
        header: { line_1: ['${DATE_TIME}', '${FAX_ID}'] },
      },
      scheduledAt: '2026-03-01T11:00:00.000Z',
    });
  });

  it.each([
    [{ recipients: [] }, 'recipients', /Add at least one recipient/],
    [{ recipients: Array.from({ length: 51 }, (_, i) => ({ number: `1212555${String(1000 + i)}` })) }, 'recipients', /51 recipients.*at most 50.*Remove 1 recipient/],
    [{ recipients: [{ number: '12125550100' }, { number: '+1 212-555-0100' }] }, 'recipients.1.number', /same number as recipient 1/],
    [{ recipients: [{ number: 'call me' }] }, 'recipients.0.number', /Recipient 1: .*"c" is not allowed/],
    [{ recipients: [{ number: '12125550100', name: 'x'.repeat(201) }] }, 'recipients.0.name', /201 characters; the service accepts at most 200/],
    [{ documents: [] }, 'documents', /Attach at least one document/],
    [{ documents: Array.from({ length: 26 }, () => DOC) }, 'documents', /26 documents.*at most 25/],
    [{ documents: [{ ...DOC, id: 'b'.repeat(64) }] }, 'documents.0', /not in Faxdesk's data folder.*add the file again/],
    [{ documents: [{ ...DOC, type: 'EXE' }] }, 'documents.0', /cannot send/],
    [{ options: { resolution: 'ULTRA' } }, 'options.resolution', /STANDARD .* or FINE/],
    [{ options: { billableRetries: 0 } }, 'options.billableRetries', /whole number from 1 to 10 \(you gave 0\)/],
    [{ options: { nonBillableRetries: 11 } }, 'options.nonBillableRetries', /from 1 to 10/],
    [{ options: { callerId: '12' } }, 'options.callerId', /Caller ID: .*too short/],
    [{ options: { csid: 'x'.repeat(21) } }, 'options.csid', /21 characters; fax machines show at most 20/],
    [{ options: { csid: 'Ünïcode' } }, 'options.csid', /plain letters/],
    [{ options: { clientData: { clientReferenceId: 'x'.repeat(256) } } }, 'options.clientData.clientReferenceId', /Client reference is 256 characters/],
    [{ options: { coverPage: { fromName: 'a\nb' } } }, 'options.coverPage.fromName', /line break/],
    [{ options: { coverPage: { subject: 's'.repeat(501) } } }, 'options.coverPage.subject', /at most 500/],
    [{ options: { header: { line_1: ['${NOPE}'] } } }, 'options.header.line_1.0', /^Header: /],
    [{ options: { header: { line_1: [] } } }, 'options.header.line_1', /line_1 is empty/],
    [{ scheduledAt: '2026-03-01T08:00:00Z' }, 'scheduledAt', /in the past/],
    [{ scheduledAt: 'tomorrow' }, 'scheduledAt', /not a date and time/],
    [{ scheduledAt: '2028-03-01T08:00:00Z' }, 'scheduledAt', /more than a year away/],
    [{ accountId: '' }, 'accountId', /Choose the account/],
  ])('%# %o → %s', (patch, field, message) => {
    const result = check({ ...base, ...(patch as object) });
    expect(result.value).toBeUndefined();
    const problem = result.problems.find((p) => p.field === field);
    expect(problem, JSON.stringify(result.problems)).toBeDefined();
    expect(problem!.message).toMatch(message);
  });

  it('warns (without refusing) about a document attached twice and header values that will be cropped', () => {
    const result = check({ ...base, documents: [DOC, DOC], options: { header: { line_1: ['$TO_NUMBER'] } } });
    expect(result.problems).toEqual([]);
    expect(result.warnings.map((w) => w.field)).toEqual(['documents.1', 'options.header.line_1.0']);
  });

  it('a time a few seconds ago means now; one problem is said as is, several with a count', () => {
    expect(check({ ...base, scheduledAt: '2026-03-01T09:59:30Z' }).value?.scheduledAt).toBeNull();
    expect(summarizeProblems([{ field: 'a', message: 'Fix a.' }])).toBe('Fix a.');
    expect(summarizeProblems([{ field: 'a', message: 'Fix a.' }, { field: 'b', message: 'Fix b.' }])).toBe('2 things need fixing before this fax can be sent. First: Fix a.');
  });
});
