/**
 * The words of a fax's status timeline, once, for the screen (Outbox › the fax's detail) and the
 * transmission report alike: "Delivered", "Attempt 1 delivered", "Cancel came too late", where each
 * event came from ("transmission detail": the service's record of this fax's calls), and the facts worth
 * a line under it. Times inside them are formatted by the caller (local on screen and in the report).
 */
import { GLOSSARY } from '../plain-words/glossary';
import { FAX_STATE_LABELS, normalizeFaxState } from './fax-status';
import { OUTBOUND_STATES, type FaxEvent, type FaxEventSource, type OutboundState } from './history';
import { NOT_SENT_CODE, OUTBOX_STATUS_LABELS, outboxStatusOf, type OutboxStatus } from './outbox';
import { describeTransmissionCode } from './transmission-codes';

export const SOURCE_LABELS: Readonly<Record<FaxEventSource, string>> = Object.freeze({
  local: 'this computer',
  detail: 'transmission detail',
  metadata: 'metadata',
  'sent-list': 'sent list',
  'received-list': 'received list',
  notification: 'notification log',
  webhook: 'webhook',
});

export const SOURCE_DESCRIPTIONS: Readonly<Record<FaxEventSource, string>> = Object.freeze({
  local: 'Recorded by Faxdesk on this computer',
  detail: `Read from the service's transmission detail of this fax. ${GLOSSARY.transmissionDetail.help}`,
  metadata: "Read from the service's metadata of this fax (its current status)",
  'sent-list': "Read from the service's list of sent faxes",
  'received-list': "Read from the service's list of received faxes",
  notification: "Read from the service's notification log",
  webhook: `Pushed by the service to the webhook. ${GLOSSARY.webhook.help}`,
});

/** Where an event came from, in words; an unknown source is named as it is. */
export function sourceLabel(source: string): string {
  return source in SOURCE_LABELS ? SOURCE_LABELS[source as FaxEventSource] : source;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

function isOutboundState(status: string): status is OutboundState {
  return (OUTBOUND_STATES as readonly string[]).includes(status);
}

/** An event that is a state of the fax: the Outbox status it shows as. */
export function timelineStatus(event: Pick<FaxEvent, 'status' | 'detail'>): OutboxStatus | null {
  if (!isOutboundState(event.status)) return null;
  const code = text(event.detail?.['errorCode']) ?? text(event.detail?.['code']);
  return outboxStatusOf({ state: event.status, errorCode: event.status === 'REJECTED' && code === NOT_SENT_CODE ? NOT_SENT_CODE : null });
}

/** What happened, in a few words: "Delivered", "Attempt 2 failed", "Desktop notification". */
export function timelineTitle(event: Pick<FaxEvent, 'status' | 'detail'>): string {
  const detail = event.detail ?? {};
  const status = timelineStatus(event);
  if (status) return OUTBOX_STATUS_LABELS[status];
  if (event.status.startsWith('ATTEMPT_')) {
    const state = normalizeFaxState(event.status.slice('ATTEMPT_'.length));
    const n = text(detail['attempt']);
    const word = state ? FAX_STATE_LABELS[state].toLowerCase() : event.status.slice('ATTEMPT_'.length).toLowerCase().replace(/_/g, ' ');
    return n ? `Attempt ${n} ${word}` : `Attempt ${word}`;
  }
  switch (event.status) {
    case 'CANCEL_TOO_LATE':
      return 'Cancel came too late';
    case 'NOTIFIED':
      return 'Desktop notification';
    case 'IMPORTED':
      return 'Found on the service';
    default:
      return event.status.charAt(0) + event.status.slice(1).toLowerCase().replace(/_/g, ' ');
  }
}

/** "42 s", "3 min 5 s", "1 h 2 min"; an em dash when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return s % 60 === 0 ? `${s / 60} min` : `${Math.floor(s / 60)} min ${s % 60} s`;
  const minutes = Math.round((s % 3600) / 60);
  return minutes === 0 ? `${Math.floor(s / 3600)} h` : `${Math.floor(s / 3600)} h ${minutes} min`;
}

/**
 * The facts worth a line under an event (reason, result code, what the service answered…), in words.
 * `formatTime` writes a time inside them (the send time of a scheduled fax).
 */
export function timelineNotes(event: Pick<FaxEvent, 'status' | 'detail' | 'source'>, formatTime: (iso: string) => string): string[] {
  const detail = event.detail ?? {};
  const notes: string[] = [];
  const code = text(detail['errorCode']) ?? text(detail['code']);
  if (event.status.startsWith('ATTEMPT_')) {
    const seconds = typeof detail['durationSeconds'] === 'number' ? detail['durationSeconds'] : null;
    if (seconds !== null) notes.push(`Lasted ${formatDuration(seconds)}`);
  } else if (event.status === 'CANCEL_TOO_LATE') {
    notes.push('The service answered that the fax had already finished (409): the result below is what happened.');
  } else if (event.status === 'NOTIFIED') {
    notes.push(detail['shown'] === false ? 'Not shown (turned off in Settings).' : 'Shown.');
  } else if (event.status === 'IMPORTED') {
    notes.push('This fax was sent from elsewhere and found in the service’s sent list.');
  }
  if (code && code !== NOT_SENT_CODE) {
    const info = describeTransmissionCode(code);
    if (info) notes.push(info.success ? 'Delivered' : `${info.code}: ${info.meaning}`);
  }
  const message = text(detail['errorMessage']);
  if (message && !notes.some((n) => n.toLowerCase().includes(message.toLowerCase()))) notes.push(`Service said: ${message}`);
  const reason = text(detail['reason']);
  if (reason) notes.push(reason);
  const http = text(detail['httpStatus']);
  if (http === '202') notes.push('The service answered 202: the cancel was asked for, not yet done.');
  else if (http && event.status !== 'CANCEL_TOO_LATE') notes.push(`The service answered HTTP ${http}.`);
  const faxId = text(detail['faxId']);
  if (faxId) notes.push(`Fax ID ${faxId}`);
  const scheduledAt = text(detail['scheduledAt']);
  if (scheduledAt && scheduledAt !== 'now' && !Number.isNaN(Date.parse(scheduledAt))) notes.push(`Send time ${formatTime(scheduledAt)}`);
  if (event.source !== 'local' && event.status !== 'CANCEL_TOO_LATE' && text(detail['attempts']) && !event.status.startsWith('ATTEMPT_')) {
    const n = Number(detail['attempts']);
    notes.push(`${n} ${n === 1 ? 'attempt' : 'attempts'} so far`);
  }
  return notes;
}

/** A delivery attempt's state in the timeline's words ("Delivered", "Failed"), or what the service called it. */
export function attemptStatusLabel(attempt: { state: keyof typeof FAX_STATE_LABELS | null; rawStatus?: string | null }): string {
  return attempt.state ? FAX_STATE_LABELS[attempt.state] : (attempt.rawStatus ?? 'Unknown');
}
