/**
 * The state badge of a job: its colour family, symbol and words. Pure (unit-tested); the words come from
 * the shared domain (OUTBOX_STATUS_LABELS) so the list, the detail, the CSV and the report say the same.
 */
import { OUTBOUND_STATES, type OutboundState } from '../../../../shared/domain/history';
import { OUTBOX_STATUS_DESCRIPTIONS, OUTBOX_STATUS_LABELS, outboxStatusOf, type OutboxStatus } from '../../../../shared/domain/outbox';
import type { TimeOptions } from '../../date-time-format';
import { shortTime, showTime, utcText } from '../../model/times';


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
