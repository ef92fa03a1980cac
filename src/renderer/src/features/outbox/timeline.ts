/**
 * A job's history as the detail shows it: result codes explained, the status timeline (every source)
 * and the delivery attempts. Pure (unit-tested); the words are shared/domain/timeline-words.ts.
 */
import type { TransmissionAttempt } from '../../../../shared/domain/fax';
import { normalizeFaxState, type FaxState } from '../../../../shared/domain/fax-status';
import type { FaxEvent, FaxEventSource } from '../../../../shared/domain/history';
import { NOT_SENT_CODE } from '../../../../shared/domain/outbox';
import { describeTransmissionCode, type TransmissionCodeInfo } from '../../../../shared/domain/transmission-codes';
import {
  attemptStatusLabel,
  formatDuration,
  SOURCE_DESCRIPTIONS,
  SOURCE_LABELS,
  sourceLabel,
  timelineNotes,
  timelineStatus,
  timelineTitle,
} from '../../../../shared/domain/timeline-words';
import type { TimeOptions } from '../../date-time-format';
import { showTime, type ShownTime } from '../../model/times';
import { BADGE_STYLES, type BadgeTone } from './badges';

export { formatDuration };

// ---------------------------------------------------------------------------------------------
// Result codes

/** "E41: The destination line was busy." (the meaning only; advice is shown separately). */
export function codeSummary(code: string | null | undefined): string | null {
  if (!code || code === NOT_SENT_CODE) return null;
  const info = describeTransmissionCode(code);
  if (!info) return null;
  return info.success ? 'Delivered' : `${info.code}: ${info.meaning}`;
}

export function billableText(info: TransmissionCodeInfo): string {
  if (info.billable === 'varies') return 'May be charged';
  return info.billable ? 'Charged' : 'Not charged';
}

// ---------------------------------------------------------------------------------------------
// Timeline

export { SOURCE_LABELS, SOURCE_DESCRIPTIONS };

export interface TimelineEntry {
  key: string;
  time: ShownTime;
  source: FaxEventSource | string;
  sourceLabel: string;
  sourceDescription: string;
  /** What happened, in a few words ("Delivered", "Attempt 2 failed"): the transmission report's words too. */
  title: string;
  tone: BadgeTone;
  /** Facts worth a line under the title (reason, result code, HTTP answer…). */
  notes: string[];
}

function attemptTone(state: FaxState | null): BadgeTone {
  switch (state) {
    case 'COMPLETED':
      return 'ok';
    case 'ERROR':
      return 'danger';
    case 'CANCELED':
      return 'muted';
    case 'PENDING_RETRY':
      return 'warning';
    case null:
      return 'neutral';
    default:
      return 'progress';
  }
}

/** One event of the fax's timeline (any source) as the page shows it; the words are shared/domain/timeline-words.ts. */
export function timelineEntry(event: FaxEvent, options: TimeOptions = {}): TimelineEntry {
  const status = timelineStatus(event);
  let tone: BadgeTone = 'neutral';
  if (status) tone = BADGE_STYLES[status].tone;
  else if (event.status.startsWith('ATTEMPT_')) tone = attemptTone(normalizeFaxState(event.status.slice('ATTEMPT_'.length)));
  else if (event.status === 'CANCEL_TOO_LATE') tone = 'warning';
  const source = event.source;
  const known = source in SOURCE_LABELS;
  return {
    key: String(event.id),
    time: showTime(event.at, options),
    source,
    sourceLabel: sourceLabel(source),
    sourceDescription: known ? SOURCE_DESCRIPTIONS[source] : String(source),
    title: timelineTitle(event),
    tone,
    notes: timelineNotes(event, (iso) => showTime(iso, options).local),
  };
}

/** The whole timeline, oldest first (as outbox:get gives it; sorted again in case sources interleave). */
export function timelineEntries(events: readonly FaxEvent[], options: TimeOptions = {}): TimelineEntry[] {
  return [...events]
    .sort((a, b) => (a.at === b.at ? a.id - b.id : a.at < b.at ? -1 : 1))
    .map((e) => timelineEntry(e, options));
}

// ---------------------------------------------------------------------------------------------
// Delivery attempts

export interface AttemptRow {
  key: string;
  number: number;
  status: string;
  tone: BadgeTone;
  duration: string;
  started: ShownTime | null;
  ended: ShownTime | null;
  /** The code explained, or null for a success or an attempt without a code. */
  code: TransmissionCodeInfo | null;
  /** The service's own words for the result, when it gave some. */
  serviceMessage: string | null;
}

export function attemptRow(attempt: TransmissionAttempt, options: TimeOptions = {}): AttemptRow {
  const info = describeTransmissionCode(attempt.errorCode);
  const code = info && !info.success ? info : null;
  const status = attemptStatusLabel(attempt);
  const serviceMessage = attempt.errorMessage && attempt.errorMessage.toUpperCase() !== 'OK' ? attempt.errorMessage : null;
  return {
    key: `${attempt.attemptNumber}-${attempt.startedAt ?? ''}`,
    number: attempt.attemptNumber,
    status,
    tone: attemptTone(attempt.state),
    duration: formatDuration(attempt.durationSeconds),
    started: attempt.startedAt ? showTime(attempt.startedAt, options) : null,
    ended: attempt.endedAt ? showTime(attempt.endedAt, options) : null,
    code,
    serviceMessage,
  };
}

export function attemptRows(attempts: readonly TransmissionAttempt[], options: TimeOptions = {}): AttemptRow[] {
  return [...attempts].sort((a, b) => a.attemptNumber - b.attemptNumber).map((a) => attemptRow(a, options));
}
