/**
 * The status timeline of each fax. Every source (local steps, detail, metadata, lists, notification
 * log, webhooks) may report the same thing again and again; the table's unique key (fax, at, source,
 * status) makes a repeat a no-op, so recording is idempotent and an idle cycle writes nothing.
 */
import type { Db } from '../database';
import {
  JsonObjectSchema,
  type FaxEvent,
  type FaxEventSource,
  type FaxRef,
  type KeysetPage,
  type NewFaxEvent,
  type PageCursor,
} from '../../../shared/domain/history';
import { checkCursor, isoUtc, keysetPage, keysetParams, pageSize, readJson, writeJson } from './row-support';

interface EventRow {
  seq: number;
  direction: 'OUTBOUND' | 'INBOUND';
  outbound_id: string | null;
  received_id: string | null;
  at: string;
  source: FaxEventSource;
  status: string;
  detail: string;
  recorded_at: string;
}

const COLUMNS = 'id AS seq, direction, outbound_id, received_id, at, source, status, detail, recorded_at';

/** A timeline longer than this is cut (oldest kept); no real fax comes close. */
export const MAX_TIMELINE_EVENTS = 1000;

export const RECENT_EVENTS_SQL = `SELECT ${COLUMNS} FROM fax_events WHERE (at, id) < (@afterKey, @afterSeq) ORDER BY at DESC, id DESC LIMIT @limit`;

export class FaxEventsRepository {
  private readonly insert;
  private readonly insertMany;
  private readonly selectOutbound;
  private readonly selectReceived;
  private readonly lastOutbound;
  private readonly lastReceived;
  private readonly selectRecent;
  private readonly selectRecentAfter;

  constructor(db: Db) {
    // DO NOTHING only on a uniqueness conflict: a CHECK or foreign-key failure is still an error.
    this.insert = db.prepare(
      `INSERT INTO fax_events (direction, outbound_id, received_id, at, source, status, detail, recorded_at)
       VALUES (@direction, @outboundId, @receivedId, @at, @source, @status, @detail, @recordedAt)
       ON CONFLICT DO NOTHING`,
    );
    this.insertMany = db.prepare(
      `INSERT INTO fax_events (direction, outbound_id, received_id, at, source, status, detail, recorded_at)
       SELECT value ->> 'direction', value ->> 'outboundId', value ->> 'receivedId', value ->> 'at', value ->> 'source', value ->> 'status',
         json(value ->> 'detail'), @recordedAt
       FROM json_each(@events) WHERE true
       ON CONFLICT DO NOTHING`,
    );
    this.selectOutbound = db.prepare<[string, number], EventRow>(
      `SELECT ${COLUMNS} FROM fax_events WHERE outbound_id = ? ORDER BY at, id LIMIT ?`,
    );
    this.selectReceived = db.prepare<[string, number], EventRow>(
      `SELECT ${COLUMNS} FROM fax_events WHERE received_id = ? ORDER BY at, id LIMIT ?`,
    );
    this.lastOutbound = db.prepare<[string], EventRow>(
      `SELECT ${COLUMNS} FROM fax_events WHERE outbound_id = ? ORDER BY at DESC, id DESC LIMIT 1`,
    );
    this.lastReceived = db.prepare<[string], EventRow>(
      `SELECT ${COLUMNS} FROM fax_events WHERE received_id = ? ORDER BY at DESC, id DESC LIMIT 1`,
    );
    this.selectRecent = db.prepare(`SELECT ${COLUMNS} FROM fax_events ORDER BY at DESC, id DESC LIMIT @limit`);
    this.selectRecentAfter = db.prepare(RECENT_EVENTS_SQL);
  }

  /** Records several events in one statement (a page of imported history: 200 events); returns how many were new. */
  recordMany(events: readonly NewFaxEvent[], now: Date): number {
    if (events.length === 0) return 0;
    return this.insertMany.run({ events: JSON.stringify(events.map(eventRowOf)), recordedAt: isoUtc(now, 'now') }).changes;
  }

  /** Records one event; false when the same (fax, at, source, status) is already there. */
  record(event: NewFaxEvent, now: Date): boolean {
    return this.insert.run({ ...eventRowOf(event), recordedAt: isoUtc(now, 'now') }).changes > 0;
  }

  /** One fax's timeline, oldest first. */
  timeline(ref: FaxRef): FaxEvent[] {
    const rows =
      ref.direction === 'OUTBOUND'
        ? this.selectOutbound.all(ref.outboundId, MAX_TIMELINE_EVENTS)
        : this.selectReceived.all(ref.receivedId, MAX_TIMELINE_EVENTS);
    return rows.map(toEvent);
  }

  latest(ref: FaxRef): FaxEvent | undefined {
    const row = ref.direction === 'OUTBOUND' ? this.lastOutbound.get(ref.outboundId) : this.lastReceived.get(ref.receivedId);
    return row && toEvent(row);
  }

  /** Every fax's events, newest first (the Activity view). */
  recent(query: { after?: PageCursor | null; limit?: number } = {}): KeysetPage<FaxEvent> {
    const size = pageSize(query.limit);
    const after = checkCursor(query.after);
    const rows = (
      after ? this.selectRecentAfter.all(keysetParams(after, size)) : this.selectRecent.all(keysetParams(null, size))
    ) as EventRow[];
    return keysetPage(rows, size, (r) => r.at, toEvent);
  }
}

function toEvent(row: EventRow): FaxEvent {
  return {
    id: row.seq,
    ref: row.direction === 'OUTBOUND' ? { direction: 'OUTBOUND', outboundId: row.outbound_id! } : { direction: 'INBOUND', receivedId: row.received_id! },
    at: row.at,
    source: row.source,
    status: row.status,
    detail: readJson(row.detail, 'event details'),
    recordedAt: row.recorded_at,
  };
}

/** An event as the row it is stored as (its time and details checked). */
function eventRowOf(event: NewFaxEvent) {
  return {
    direction: event.ref.direction,
    outboundId: event.ref.direction === 'OUTBOUND' ? event.ref.outboundId : null,
    receivedId: event.ref.direction === 'INBOUND' ? event.ref.receivedId : null,
    at: isoUtc(event.at, 'at'),
    source: event.source,
    status: event.status,
    detail: writeJson(event.detail ?? {}, JsonObjectSchema, 'event details'),
  };
}
