/**
 * What a webhook body says, read tolerantly: the spec's outbound disposition and PING fields; for the
 * inbound announcement (shape not public) the received fax's metadata, whatever else is there; field
 * spellings the research saw elsewhere (notify_id, fax_direction) too; unknown fields ignored.
 * Only called on bodies whose signature was verified.
 */
import { z } from 'zod';
import { normalizeFaxState, type FaxState } from '../../shared/domain/fax-status';

export interface OutboundEvent {
  kind: 'OUTBOUND';
  notificationId: string;
  appId: string | null;
  userId: string | null;
  faxId: string;
  /** COMPLETED or ERROR (the webhook says COMPLETE / ERROR). */
  state: FaxState;
  rawStatus: string;
  completedAt: string | null;
  durationSeconds: number | null;
  pages: number | null;
  destination: string | null;
  billableRetries: number | null;
  errorCode: string | null;
  errorReason: string | null;
}

export interface InboundEvent {
  kind: 'INBOUND';
  notificationId: string;
  appId: string | null;
  userId: string | null;
  faxId: string;
  completedAt: string | null;
  pages: number | null;
  from: string | null;
  tsid: string | null;
  destination: string | null;
  faxStatus: string | null;
}

export interface PingEvent {
  kind: 'PING';
  notificationId: string;
  appId: string | null;
  direction: 'INBOUND' | 'OUTBOUND' | null;
  configId: string | null;
}

export type WebhookEvent = OutboundEvent | InboundEvent | PingEvent;

export type ParseOutcome = { ok: true; event: WebhookEvent } | { ok: false; problem: string };

const text = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .nullish()
  .transform((v) => (v ? v : null));
const count = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined || v === '') return null;
    const n = Number(v);
    return Number.isInteger(n) && n >= 0 ? n : null;
  });

const Body = z
  .object({
    notification_id: text,
    notify_id: text,
    app_id: text,
    user_id: text,
    fax_id: text,
    direction: text,
    fax_direction: text,
    event_type: text,
    notification_config_id: text,
    notify_config_id: text,
    status: text,
    completed_timestamp: text,
    fax_completed_timestamp: text,
    duration: count,
    pages: count,
    destination_fax_number: text,
    originating_fax_number: text,
    originating_fax_tsid: text,
    fax_status: text,
    billable_retries: count,
    error: text,
    error_code: text,
    error_reason: text,
    error_message: text,
  })
  .loose();

/** An ISO time the rest of the app can store, or null (a bad one is dropped, not fatal). */
function time(value: string | null): string | null {
  if (!value) return null;
  const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function parseWebhookBody(json: unknown): ParseOutcome {
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return { ok: false, problem: 'The body is not a JSON object.' };
  const parsed = Body.safeParse(json);
  if (!parsed.success) return { ok: false, problem: 'The body has fields of the wrong type.' };
  const b = parsed.data;
  const notificationId = b.notification_id ?? b.notify_id;
  if (!notificationId) return { ok: false, problem: 'The body has no notification_id.' };
  const direction = (b.direction ?? b.fax_direction)?.toUpperCase() ?? null;
  if (b.event_type?.toUpperCase() === 'PING') {
    return {
      ok: true,
      event: {
        kind: 'PING',
        notificationId,
        appId: b.app_id,
        direction: direction === 'INBOUND' || direction === 'OUTBOUND' ? direction : null,
        configId: b.notification_config_id ?? b.notify_config_id,
      },
    };
  }
  if (!b.fax_id) return { ok: false, problem: 'The body has no fax_id.' };
  if (direction === 'OUTBOUND') {
    const state = normalizeFaxState(b.status);
    if (state !== 'COMPLETED' && state !== 'ERROR' && state !== 'CANCELED') {
      return { ok: false, problem: `The outbound status "${(b.status ?? '').slice(0, 40)}" is not a final state.` };
    }
    const failed = state !== 'COMPLETED';
    return {
      ok: true,
      event: {
        kind: 'OUTBOUND',
        notificationId,
        appId: b.app_id,
        userId: b.user_id,
        faxId: b.fax_id,
        state,
        rawStatus: b.status!,
        completedAt: time(b.completed_timestamp ?? b.fax_completed_timestamp),
        durationSeconds: b.duration,
        pages: b.pages,
        destination: b.destination_fax_number,
        billableRetries: b.billable_retries,
        errorCode: failed ? (b.error ?? b.error_code) : null,
        errorReason: failed ? (b.error_reason ?? b.error_message) : null,
      },
    };
  }
  if (direction === 'INBOUND') {
    return {
      ok: true,
      event: {
        kind: 'INBOUND',
        notificationId,
        appId: b.app_id,
        userId: b.user_id,
        faxId: b.fax_id,
        completedAt: time(b.completed_timestamp ?? b.fax_completed_timestamp),
        pages: b.pages,
        from: b.originating_fax_number,
        tsid: b.originating_fax_tsid,
        destination: b.destination_fax_number,
        faxStatus: b.fax_status,
      },
    };
  }
  return { ok: false, problem: `The direction "${(direction ?? '').slice(0, 20)}" is neither INBOUND nor OUTBOUND.` };
}

/** The facts kept with a receipt (what applying it later needs; nothing secret, no image). */
export function factsOf(event: WebhookEvent): Record<string, unknown> {
  const { kind: _kind, notificationId: _id, ...facts } = event;
  return facts;
}
