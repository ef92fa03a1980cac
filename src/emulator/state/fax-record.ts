/**
 * The one place a fax record is made: every field at its starting value (nothing sent, delivered,
 * rendered or downloaded yet), with what the caller knows on top. A field added to FaxRecord gets its
 * default here once, instead of in each place that creates faxes (sends, arrivals, seeded histories).
 */
import type { FaxRecord } from './model';

/** What every fax has from the start: who it belongs to, when it was made, and between which numbers. */
export type FaxIdentity = Pick<FaxRecord, 'faxId' | 'direction' | 'userId' | 'appId' | 'createdAt' | 'originatingFaxNumber' | 'originatingFaxTsid' | 'destinationFaxNumber'>;

export function newFaxRecord(fields: FaxIdentity & Partial<FaxRecord>): FaxRecord {
  return {
    transactionId: '',
    destinationFaxCsid: '',
    status: 'NEW',
    completedAt: null,
    pages: 0,
    imagePages: 0,
    duration: 0,
    imageDownloaded: false,
    image: null,
    imageBytes: 0,
    errorCode: null,
    errorMessage: null,
    toName: '',
    toCompany: '',
    options: null,
    clientData: {},
    documents: [],
    ruleId: 0,
    attempts: [],
    billableRetriesUsed: 0,
    nonBillableRetriesUsed: 0,
    humanAnswersUsed: 0,
    next: null,
    cancelRequestedAt: null,
    forcedComplete: false,
    headerDate: null,
    ...fields,
  };
}
