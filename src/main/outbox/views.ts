/** Outbound jobs as the Outbox shows them: status word, sentence, and what can be done with each. */
import type { OutboundJob, OutboundJobSummary } from '../../shared/domain/history';
import {
  OUTBOX_STATUS_DESCRIPTIONS,
  OUTBOX_STATUS_LABELS,
  displayDestination,
  outboxStatusOf,
  type OutboxItem,
} from '../../shared/domain/outbox';
import { findMarker, parseMarker, senderLabel } from '../../shared/domain/desk-marker';
import { describeTransmissionCode } from '../../shared/domain/transmission-codes';

export interface Hold {
  reason: string;
  retryAt: number;
}

function statusDetail(job: OutboundJob | OutboundJobSummary, hold: Hold | null): string {
  const status = outboxStatusOf(job);
  switch (status) {
    case 'queued':
      return hold ? `Waiting: ${hold.reason}` : OUTBOX_STATUS_DESCRIPTIONS.queued;
    case 'scheduled':
      return `Will be sent at ${job.scheduledAt ?? 'the scheduled time'} (UTC). ${OUTBOX_STATUS_DESCRIPTIONS.scheduled}`;
    case 'rejected':
    case 'not-sent':
      return job.rejection ?? OUTBOX_STATUS_DESCRIPTIONS[status];
    case 'failed': {
      const info = describeTransmissionCode(job.errorCode);
      if (info) return `${info.meaning} ${info.advice}`;
      return job.errorReason ? `The service reported: ${job.errorReason}` : OUTBOX_STATUS_DESCRIPTIONS.failed;
    }
    default:
      return OUTBOX_STATUS_DESCRIPTIONS[status];
  }
}

/** Who sent a fax found on the service, from the Faxdesk marker in its client data (null: unknown, or sent here). */
export function sentByOf(job: OutboundJob | OutboundJobSummary): string | null {
  if (job.origin !== 'service') return null;
  const marker = 'marker' in job ? parseMarker(job.marker) : (findMarker(job.clientData)?.marker ?? null);
  return marker ? senderLabel(marker) : null;
}

/** The list's view of a job, from the whole job or from a list page's summary (no stored JSON). */
export function toOutboxItem(job: OutboundJob | OutboundJobSummary, hold: Hold | null = null): OutboxItem {
  const documentCount = 'documentCount' in job ? job.documentCount : job.documents.length;
  const status = outboxStatusOf(job);
  const local = job.origin === 'local';
  const activeHold = job.state === 'QUEUED' ? hold : null;
  return {
    id: job.id,
    composeId: job.composeId,
    accountId: job.accountId,
    destinationIndex: job.destinationIndex,
    origin: job.origin,
    faxId: job.faxId,
    state: job.state,
    phase: job.phase,
    status,
    statusLabel: OUTBOX_STATUS_LABELS[status],
    statusDetail: statusDetail(job, activeHold),
    destination: job.destination,
    destinationDisplay: displayDestination(job.destination),
    toName: job.toName,
    toCompany: job.toCompany,
    subject: job.subject,
    documentCount,
    pageCount: job.pageCount,
    pages: job.pages,
    durationSeconds: job.durationSeconds,
    scheduledAt: job.scheduledAt,
    submittedAt: job.submittedAt,
    completedAt: job.completedAt,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    errorCode: job.errorCode,
    errorReason: job.errorReason,
    rejection: job.rejection,
    hold: activeHold ? { reason: activeHold.reason, retryAt: new Date(activeHold.retryAt).toISOString() } : null,
    sentBy: sentByOf(job),
    canCancel: ['QUEUED', 'SCHEDULED'].includes(job.state) || (job.faxId !== null && ['SUBMITTED', 'NEW', 'IN_PROGRESS', 'PENDING_RETRY'].includes(job.state)),
    canResend: local && documentCount > 0 && job.phase !== 'active',
    canEdit: local && documentCount > 0 && (job.state === 'REJECTED' || job.state === 'SCHEDULED'),
    canReconcile: status === 'unknown' || status === 'not-sent',
    canReschedule: job.state === 'SCHEDULED',
  };
}
