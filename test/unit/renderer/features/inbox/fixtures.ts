/** Test data for the Inbox's pure helpers. */
import type { InboxFax } from '../../../../../src/shared/domain/history';

/** A stored, unread fax from +1 312 555 0170; override what the test is about. */
export function fax(overrides: Partial<InboxFax> = {}): InboxFax {
  return {
    id: 'f1',
    accountId: 'sandbox',
    faxId: 'svc-1',
    pages: 2,
    faxStatus: 'STORED',
    completedAt: '2026-03-01T09:00:00.000Z',
    originatingNumber: '13125550170',
    destinationNumber: '14155552000',
    tsid: 'ACME LEGAL',
    imagePath: 'inbox/sandbox/svc-1.pdf',
    imageState: 'stored',
    imageError: null,
    imageAttempts: 1,
    downloadedAt: '2026-03-01T09:00:05.000Z',
    readAt: null,
    printedAt: null,
    deletedAt: null,
    firstSeenAt: '2026-03-01T09:00:01.000Z',
    updatedAt: '2026-03-01T09:00:05.000Z',
    note: '',
    noteUpdatedAt: null,
    senderName: null,
    goneAt: null,
    ...overrides,
  };
}
