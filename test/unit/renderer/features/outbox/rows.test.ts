import { describe, expect, it } from 'vitest';
import { optionsSummary, pagesText, recipientLine, rowTimeOf, senderOf } from '../../../../../src/renderer/src/features/outbox/rows';
import { item } from './fixtures';
import { CLIENT_DATA_FIELDS } from '../../../../../src/renderer/src/model/compose/draft';
import { CLIENT_DATA_LABELS, type NormalizedOptions } from '../../../../../src/shared/domain/outbox';
import { formatMarker, parseMarker, senderLabel } from '../../../../../src/shared/domain/desk-marker';

describe('list rows', () => {
  it('shows name and company, pages and the most telling time', () => {
    expect(recipientLine(item())).toBe('Ada Lovelace · Analytical Engines');
    expect(recipientLine(item({ toName: '', toCompany: 'Acme' }))).toBe('Acme');
    expect(recipientLine(item({ toName: ' ', toCompany: '' }))).toBe('');
    expect(pagesText(item({ pages: 3, pageCount: 2 }))).toBe('3 pages');
    expect(pagesText(item({ phase: 'active', pages: null, pageCount: 1 }))).toBe('1 page');
    expect(pagesText(item({ phase: 'active', pages: null, pageCount: null, documentCount: 2 }))).toBe('2 documents');
    // Another desk's fax still queued: nothing known here, nothing said (not "0 documents").
    expect(pagesText(item({ phase: 'active', pages: null, pageCount: null, documentCount: 0 }))).toBe('');
    expect(rowTimeOf(item())).toBe('2024-05-10T15:01:00.000Z');
    expect(rowTimeOf(item({ state: 'SCHEDULED', completedAt: null, scheduledAt: '2024-06-01T08:00:00.000Z' }))).toBe('2024-06-01T08:00:00.000Z');
    expect(rowTimeOf(item({ completedAt: null, submittedAt: null }))).toBe('2024-05-10T15:00:00.000Z');
  });

  it('summarises the stored send options', () => {
    expect(optionsSummary(null)).toEqual([]);
    const defaults = optionsSummary({ resolution: 'FINE', billableRetries: null, nonBillableRetries: null, callerId: null, csid: null, clientData: {}, coverPage: null, header: null });
    expect(defaults.map((l) => `${l.label}: ${l.value}`)).toEqual([
      'Resolution: Fine (204 × 196 dpi)',
      "Retries: The service's default",
      "Caller ID: The account's number",
      "Station ID (CSID): The account's own",
      'Cover page: No',
      "Header: The service's default",
    ]);
    const lines = optionsSummary(
      {
        resolution: 'STANDARD',
        billableRetries: 3,
        nonBillableRetries: null,
        callerId: '14155552000',
        csid: 'FRONT DESK',
        clientData: { clientMatter: 'M-42' },
        coverPage: { fromName: 'Bob', subject: 'Invoice', message: '' },
        header: { line_1: ['${DATE_TIME3}', 'ACME'] },
      },
      (n) => `+${n}`,
    );
    expect(lines).toEqual([
      { label: 'Resolution', value: 'Standard (204 × 98 dpi)' },
      { label: 'Retries', value: '3 charged, default free' },
      { label: 'Caller ID', value: '+14155552000' },
      { label: 'Station ID (CSID)', value: 'FRONT DESK' },
      { label: 'Cover page', value: 'Yes: “Invoice”' },
      { label: 'Header', value: '${DATE_TIME3} | ACME' },
      { label: 'Client matter', value: 'M-42' },
    ]);
  });
});

const options = (clientData: NormalizedOptions['clientData']): NormalizedOptions => ({
  resolution: 'FINE',
  billableRetries: null,
  nonBillableRetries: null,
  callerId: null,
  csid: null,
  clientData,
  coverPage: null,
  header: null,
});

describe('client data labels (declared once, in the shared domain)', () => {
  it('the compose form lists every client data field once, by its one label', () => {
    expect(CLIENT_DATA_FIELDS.map((f) => f.key).sort()).toEqual(Object.keys(CLIENT_DATA_LABELS).sort());
    for (const { key, label } of CLIENT_DATA_FIELDS) expect(label).toBe(CLIENT_DATA_LABELS[key]);
  });

  it('the job detail names each field as the compose form and the send checks do', () => {
    for (const key of Object.keys(CLIENT_DATA_LABELS) as (keyof typeof CLIENT_DATA_LABELS)[]) {
      const line = optionsSummary(options({ [key]: 'X-1' })).at(-1);
      expect(line).toEqual({ label: CLIENT_DATA_LABELS[key], value: 'X-1' });
    }
  });
});

describe('who sent a fax found on the service (issue 23, item 5)', () => {
  it('names the other desk and its user when its marker said, and says "elsewhere" only for other software', () => {
    expect(senderOf(item({ origin: 'service', sentBy: 'Front desk (maria)' }))).toEqual({
      label: 'Sent by',
      text: 'Front desk (maria), another desk on this account',
      short: 'Sent by Front desk (maria)',
    });
    expect(senderOf(item({ origin: 'service', sentBy: null }))?.short).toBe('Sent from elsewhere');
    expect(senderOf(item({ origin: 'local', sentBy: null }))).toBeNull();
  });

  it('the Outbox row (short) and the detail (text) name the sender in the same words, from the marker the other desk sent', () => {
    const cases: [desk: string, user: string, named: string][] = [
      ['Front desk', 'maria', 'Front desk (maria)'],
      // A desk name may hold parentheses; the user is the last pair.
      ['Reception (2nd floor)', 'jo', 'Reception (2nd floor) (jo)'],
      // No OS user known: the desk name alone.
      ['Records', '', 'Records'],
    ];
    for (const [deskName, osUser, named] of cases) {
      const marker = parseMarker(formatMarker('0b6f3c1e-8a52-4d57-9d0e-3f1f4b2a9c11', { installationId: '0123456789abcdef', deskName, osUser }))!;
      const sender = senderOf(item({ origin: 'service', sentBy: senderLabel(marker) }))!;
      expect(sender.short).toBe(`Sent by ${named}`);
      expect(sender.text).toBe(`${named}, another desk on this account`);
    }
  });

  it('a fax sent on this desk has no sender line in its row, even when it carries this desk’s marker', () => {
    expect(senderOf(item({ origin: 'local', sentBy: 'Front desk (maria)' }))).toBeNull();
  });
});
