/**
 * What the Outbox page shows, as pure functions: the state badge of a job, times (local, with UTC for
 * the tooltip), the status timeline and the delivery attempts. No DOM and no calls, so every state and
 * every event shape can be tested; the components only lay these out.
 *
 * Words come from the shared domain (OUTBOX_STATUS_LABELS, FAX_STATE_LABELS, describeTransmissionCode)
 * so the list, the detail, the CSV and the transmission report all say the same thing.
 */
import type { TransmissionAttempt } from '../../../../shared/domain/fax';
import { normalizeFaxState, type FaxState } from '../../../../shared/domain/fax-status';
import { OUTBOUND_STATES, type FaxEvent, type FaxEventSource, type OutboundPhase, type OutboundState } from '../../../../shared/domain/history';
import {
  CLIENT_DATA_LABELS,
  NOT_SENT_CODE,
  OUTBOX_STATUS_DESCRIPTIONS,
  OUTBOX_STATUS_LABELS,
  outboxStatusOf,
  type NormalizedOptions,
  type OutboxItem,
  type OutboxStatus,
} from '../../../../shared/domain/outbox';
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

export { formatDuration };
import { dateTimeFormat, type TimeOptions } from '../../date-time-format';

// ---------------------------------------------------------------------------------------------
// Time

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time);
}

/** `2024-05-10 15:07:01 UTC`: unambiguous, for tooltips and the title attribute. */
export function utcText(iso: string): string {
  const date = parse(iso);
  if (!date) return iso;
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

export interface ShownTime {
  /** Local time in the person's format, e.g. "10 May 2024, 17:07:01". */
  local: string;
  /** The same instant in UTC (the title/tooltip). */
  utc: string;
  /** The ISO string, for <time dateTime>. */
  iso: string;
}

/** A full local date and time (seconds included), with UTC for the tooltip. */
export function showTime(iso: string, options: TimeOptions = {}): ShownTime {
  const date = parse(iso);
  if (!date) return { local: iso, utc: iso, iso };
  return { local: dateTimeFormat(options, { dateStyle: 'medium', timeStyle: 'medium' }).format(date), utc: utcText(iso), iso };
}

/** Short time for a list row: the time of day for today, the date (and time) otherwise. */
export function shortTime(iso: string, now: Date, options: TimeOptions = {}): string {
  const date = parse(iso);
  if (!date) return iso;
  const day = dateTimeFormat(options, { year: 'numeric', month: '2-digit', day: '2-digit' });
  if (day.format(date) === day.format(now)) return dateTimeFormat(options, { timeStyle: 'short' }).format(date);
  const sameYear = dateTimeFormat(options, { year: 'numeric' }).format(date) === dateTimeFormat(options, { year: 'numeric' }).format(now);
  return dateTimeFormat(options, sameYear ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } : { dateStyle: 'medium' }).format(date);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

// ---------------------------------------------------------------------------------------------
// State badges

/** Colour family of a badge (CSS class `outbox-badge-<tone>`). The text always says the state too. */
export type BadgeTone = 'neutral' | 'info' | 'progress' | 'warning' | 'ok' | 'danger' | 'muted';

export interface BadgeStyle {
  tone: BadgeTone;
  /** A shape that differs per kind of outcome (never colour alone); decorative, hidden from readers. */
  symbol: string;
}

/** Every status of the contract's list, with its look. */
export const BADGE_STYLES: Readonly<Record<OutboxStatus, BadgeStyle>> = Object.freeze({
  scheduled: { tone: 'info', symbol: '◷' },
  queued: { tone: 'neutral', symbol: '…' },
  sending: { tone: 'progress', symbol: '↑' },
  unknown: { tone: 'warning', symbol: '?' },
  'not-sent': { tone: 'danger', symbol: '!' },
  rejected: { tone: 'danger', symbol: '✕' },
  submitted: { tone: 'progress', symbol: '→' },
  new: { tone: 'progress', symbol: '…' },
  'in-progress': { tone: 'progress', symbol: '↻' },
  'pending-retry': { tone: 'warning', symbol: '↺' },
  'cancel-requested': { tone: 'warning', symbol: '⏸' },
  delivered: { tone: 'ok', symbol: '✓' },
  failed: { tone: 'danger', symbol: '✕' },
  canceled: { tone: 'muted', symbol: '⊘' },
});

export interface Badge extends BadgeStyle {
  status: OutboxStatus;
  /** The words on the badge, e.g. "Delivered", "Scheduled · 12 May, 09:00". */
  text: string;
  /** One or two sentences for the tooltip. */
  description: string;
}

export interface BadgeInput {
  state: OutboundState;
  errorCode: string | null;
  scheduledAt?: string | null;
}

/** The badge of a job in any state (a SCHEDULED one carries its time). */
export function badgeFor(job: BadgeInput, now: Date = new Date(), options: TimeOptions = {}): Badge {
  const status = outboxStatusOf(job);
  const style = BADGE_STYLES[status];
  let text: string = OUTBOX_STATUS_LABELS[status];
  let description: string = OUTBOX_STATUS_DESCRIPTIONS[status];
  if (status === 'scheduled' && job.scheduledAt) {
    text = `${text} · ${shortTime(job.scheduledAt, now, options)}`;
    description = `Will be sent at ${showTime(job.scheduledAt, options).local} (${utcText(job.scheduledAt)}). ${description}`;
  }
  return { ...style, status, text, description };
}

/** Every state an outbound job can be in, from the contract (the badge test walks this list). */
export const ALL_OUTBOUND_STATES: readonly OutboundState[] = OUTBOUND_STATES;

// ---------------------------------------------------------------------------------------------
// Tabs

export type PhaseFilter = 'all' | OutboundPhase;

export const PHASE_TABS: readonly { id: PhaseFilter; label: string; hint: string }[] = [
  { id: 'all', label: 'All', hint: 'Every fax' },
  { id: 'active', label: 'Active', hint: 'Waiting, scheduled, being sent, or waiting for the service to confirm' },
  { id: 'completed', label: 'Delivered', hint: 'Delivered to the destination fax machine' },
  { id: 'failed', label: 'Failed', hint: 'Not delivered, refused by the service, or not sent' },
  { id: 'canceled', label: 'Cancelled', hint: 'Cancelled before delivery' },
];

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

// ---------------------------------------------------------------------------------------------
// Rows

/** "Ada Lovelace · Analytical Engines", or whichever of the two there is. */
export function recipientLine(item: { toName: string; toCompany: string }): string {
  return [item.toName.trim(), item.toCompany.trim()].filter(Boolean).join(' · ');
}

/** "3 pages" (sent, else counted), or "2 documents" when no page count is known. */
export function pagesText(item: { pages: number | null; pageCount: number | null; documentCount: number; phase: OutboundPhase }): string {
  if (item.phase === 'completed' && item.pages) return plural(item.pages, 'page');
  if (item.pageCount !== null) return plural(item.pageCount, 'page');
  if (item.pages) return plural(item.pages, 'page');
  return plural(item.documentCount, 'document');
}

/** The time a row shows: when it finished, else when it is due, else when it was made. */
export function rowTimeOf(item: { completedAt: string | null; scheduledAt: string | null; submittedAt: string | null; createdAt: string; state: OutboundState }): string {
  if (item.completedAt) return item.completedAt;
  if (item.state === 'SCHEDULED' && item.scheduledAt) return item.scheduledAt;
  return item.submittedAt ?? item.createdAt;
}

// ---------------------------------------------------------------------------------------------
// Send options

export interface SummaryLine {
  label: string;
  value: string;
}

/** The stored send options as short lines ("Resolution: Fine"); null options (a fax found on the service): none. */
export function optionsSummary(options: NormalizedOptions | null, formatNumber: (n: string) => string = (n) => n): SummaryLine[] {
  if (!options) return [];
  const lines: SummaryLine[] = [];
  lines.push({ label: 'Resolution', value: options.resolution === 'FINE' ? 'Fine (204 × 196 dpi)' : 'Standard (204 × 98 dpi)' });
  const retries = (n: number | null) => (n === null ? 'default' : String(n));
  lines.push({
    label: 'Retries',
    value:
      options.billableRetries === null && options.nonBillableRetries === null
        ? "The service's default"
        : `${retries(options.billableRetries)} charged, ${retries(options.nonBillableRetries)} free`,
  });
  lines.push({ label: 'Caller ID', value: options.callerId ? formatNumber(options.callerId) : "The account's number" });
  lines.push({ label: 'Station ID (CSID)', value: options.csid ?? "The account's own" });
  lines.push({
    label: 'Cover page',
    value: options.coverPage ? (options.coverPage.subject ? `Yes: “${options.coverPage.subject}”` : 'Yes') : 'No',
  });
  lines.push({
    label: 'Header',
    value: options.header ? options.header.line_1.join(' | ') + (options.header.line_2?.length ? ` / ${options.header.line_2.join(' | ')}` : '') : "The service's default",
  });
  for (const [key, value] of Object.entries(options.clientData)) {
    if (value) lines.push({ label: CLIENT_DATA_LABELS[key as keyof typeof CLIENT_DATA_LABELS] ?? key, value });
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// <input type="datetime-local">

/** An ISO instant as the value of a datetime-local input, in the computer's zone (minutes). */
export function toLocalInputValue(iso: string | null | undefined): string {
  const date = parse(iso);
  if (!date) return '';
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}

/** A datetime-local value (the computer's zone) as an ISO instant; null when it is not a time. */
export function fromLocalInputValue(value: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return null;
  const date = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/**
 * Who sent a fax found on the service (origin 'service'): another Faxdesk desk on the account, named by
 * the marker it put in the fax's client data ("Front desk (maria)"), or other software; null for a fax
 * sent here.
 */
export function senderOf(job: Pick<OutboxItem, 'origin' | 'sentBy'>): { label: string; text: string; short: string } | null {
  if (job.origin !== 'service') return null;
  if (job.sentBy) return { label: 'Sent by', text: `${job.sentBy}, another desk on this account`, short: `Sent by ${job.sentBy}` };
  return { label: 'Sent from', text: 'Another program or device (found on the service)', short: 'Sent from elsewhere' };
}
