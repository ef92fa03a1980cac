/** How an outbound job's state reads in the Outbox: one word per situation a person can tell apart. */
import { FAX_STATE_DESCRIPTIONS } from '../fax-status';
import type { OutboundState } from '../history';
import { NOT_SENT_CODE } from './draft';

/** What the Outbox shows for a job: one word per situation a person can tell apart. */
export const OUTBOX_STATUSES = [
  'scheduled',
  'queued',
  'sending',
  'unknown',
  'not-sent',
  'rejected',
  'submitted',
  'new',
  'in-progress',
  'pending-retry',
  'cancel-requested',
  'delivered',
  'failed',
  'canceled',
] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const OUTBOX_STATUS_LABELS: Readonly<Record<OutboxStatus, string>> = Object.freeze({
  scheduled: 'Scheduled',
  queued: 'Waiting to send',
  sending: 'Sending to the service',
  unknown: 'Outcome unknown — checking',
  'not-sent': 'Not sent',
  rejected: 'Rejected',
  submitted: 'Accepted',
  new: 'Queued at the service',
  'in-progress': 'Sending',
  'pending-retry': 'Waiting to retry',
  'cancel-requested': 'Cancel requested',
  delivered: 'Delivered',
  failed: 'Failed',
  canceled: 'Cancelled',
});

export const OUTBOX_STATUS_DESCRIPTIONS: Readonly<Record<OutboxStatus, string>> = Object.freeze({
  scheduled: 'Kept on this computer and sent at the scheduled time (Faxdesk must be running then).',
  queued: 'Saved on this computer; Faxdesk hands it to the fax service as soon as it can.',
  sending: 'Faxdesk is handing the fax to the service right now.',
  unknown:
    'The connection failed while Faxdesk handed the fax to the service, so it cannot tell yet whether the service has it. ' +
    "It is checking the service's list of sent faxes and will never send it again by itself.",
  'not-sent':
    'The connection failed while Faxdesk handed the fax to the service, and the service still has no record of it. ' +
    'Nothing was sent. Send it again when you are ready.',
  rejected: 'The fax service refused the fax; the reason says why. Correct it and send again.',
  submitted: 'The service accepted the fax and will start dialling shortly.',
  new: FAX_STATE_DESCRIPTIONS.NEW,
  'in-progress': FAX_STATE_DESCRIPTIONS.IN_PROGRESS,
  'pending-retry': FAX_STATE_DESCRIPTIONS.PENDING_RETRY,
  'cancel-requested':
    'Faxdesk asked the service to cancel the fax and is waiting for it to confirm. A fax that finishes first is still delivered.',
  delivered: FAX_STATE_DESCRIPTIONS.COMPLETED,
  failed: FAX_STATE_DESCRIPTIONS.ERROR,
  canceled: FAX_STATE_DESCRIPTIONS.CANCELED,
});

export function outboxStatusOf(job: { state: OutboundState; errorCode: string | null }): OutboxStatus {
  switch (job.state) {
    case 'SCHEDULED':
      return 'scheduled';
    case 'QUEUED':
      return 'queued';
    case 'SUBMITTING':
      return 'sending';
    case 'UNKNOWN':
      return 'unknown';
    case 'REJECTED':
      return job.errorCode === NOT_SENT_CODE ? 'not-sent' : 'rejected';
    case 'SUBMITTED':
      return 'submitted';
    case 'CANCEL_REQUESTED':
      return 'cancel-requested';
    case 'NEW':
      return 'new';
    case 'IN_PROGRESS':
      return 'in-progress';
    case 'PENDING_RETRY':
      return 'pending-retry';
    case 'COMPLETED':
      return 'delivered';
    case 'ERROR':
      return 'failed';
    case 'CANCELED':
      return 'canceled';
  }
}
