import type { OutboxItem } from '../../../../../src/shared/domain/outbox';

let seq = 0;

/** An OutboxItem with sensible defaults (a delivered fax). */
export function item(overrides: Partial<OutboxItem> = {}): OutboxItem {
  seq += 1;
  return {
    id: `job-${seq}`,
    composeId: `compose-${seq}`,
    accountId: 'sandbox',
    destinationIndex: 0,
    origin: 'local',
    faxId: `fax-${seq}`,
    state: 'COMPLETED',
    phase: 'completed',
    status: 'delivered',
    statusLabel: 'Delivered',
    statusDetail: 'The fax was delivered to the destination fax machine.',
    destination: '12125550100',
    destinationDisplay: '+1 212 555 0100',
    toName: 'Ada Lovelace',
    toCompany: 'Analytical Engines',
    subject: '',
    documentCount: 1,
    pageCount: 2,
    pages: 2,
    durationSeconds: 12,
    scheduledAt: null,
    submittedAt: '2024-05-10T15:00:00.000Z',
    completedAt: '2024-05-10T15:01:00.000Z',
    createdAt: '2024-05-10T15:00:00.000Z',
    updatedAt: '2024-05-10T15:01:00.000Z',
    errorCode: null,
    errorReason: null,
    rejection: null,
    hold: null,
    sentBy: null,
    canCancel: false,
    canResend: true,
    canEdit: false,
    canReconcile: false,
    canReschedule: false,
    ...overrides,
  };
}
