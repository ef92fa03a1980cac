import { describe, expect, it } from 'vitest';
import { newFaxRecord, type FaxIdentity } from '../../../../src/emulator/state/fax-record';

const identity: FaxIdentity = {
  faxId: 'f1',
  direction: 'OUTBOUND',
  userId: 'u1',
  appId: 'a1',
  createdAt: 1_000,
  originatingFaxNumber: '15551230000',
  originatingFaxTsid: 'DESK',
  destinationFaxNumber: '15559870000',
};

describe('newFaxRecord (the one way the Sandbox makes a fax record)', () => {
  it('starts a fax new: nothing sent, rendered, delivered or downloaded', () => {
    const record = newFaxRecord(identity);
    expect(record).toMatchObject({ ...identity, status: 'NEW', transactionId: '', completedAt: null, image: null, imageDownloaded: false, next: null });
    const counters = ['pages', 'imagePages', 'duration', 'imageBytes', 'ruleId', 'billableRetriesUsed', 'nonBillableRetriesUsed', 'humanAnswersUsed'] as const;
    expect(counters.map((key) => record[key])).toEqual(counters.map(() => 0));
    expect([record.attempts, record.documents, record.clientData, record.options]).toEqual([[], [], {}, null]);
  });

  it('takes what the caller knows on top, and never shares lists between records', () => {
    const received = newFaxRecord({ ...identity, direction: 'INBOUND', status: 'COMPLETED', completedAt: 2_000, pages: 3, image: 'blob' });
    expect(received).toMatchObject({ direction: 'INBOUND', status: 'COMPLETED', completedAt: 2_000, pages: 3, image: 'blob', imagePages: 0 });
    const other = newFaxRecord(identity);
    other.attempts.push({} as never);
    other.documents.push({} as never);
    other.clientData.client_code = 'x';
    expect([received.attempts, received.documents, received.clientData]).toEqual([[], [], {}]);
  });
});
