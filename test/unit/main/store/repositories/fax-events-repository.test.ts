import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { FaxEventsRepository, RECENT_EVENTS_SQL } from '../../../../../src/main/store/repositories/fax-events-repository';
import { OutboundRepository } from '../../../../../src/main/store/repositories/outbound-repository';
import { ReceivedRepository } from '../../../../../src/main/store/repositories/received-repository';
import type { FaxEvent, FaxRef, PageCursor } from '../../../../../src/shared/domain/history';
import { at, expectIndexedPlan, expectNoWrite, insertAccount, planOf, T0, tempStore, type TempStore } from '../store-fixtures';

describe('FaxEventsRepository', () => {
  let store: TempStore;
  let db: Db;
  let events: FaxEventsRepository;
  let out: FaxRef;
  let inb: FaxRef;

  beforeEach(() => {
    store = tempStore();
    db = store.open();
    insertAccount(db, 'acc1');
    events = new FaxEventsRepository(db);
    const job = new OutboundRepository(db).insertCompose([{ accountId: 'acc1', composeId: 'c1', destinationIndex: 0, destination: '15551234567' }], T0)
      .jobs[0]!;
    const fax = new ReceivedRepository(db).upsertFromService('acc1', { faxId: 'R1', completedAt: T0.toISOString() }, T0);
    out = { direction: 'OUTBOUND', outboundId: job.id };
    inb = { direction: 'INBOUND', receivedId: fax.id };
  });
  afterEach(() => store.cleanup());

  it('records an event once: the same fax, time, source and status again is a no-op that writes nothing', () => {
    const event = { ref: out, at: at(1).toISOString(), source: 'detail' as const, status: 'IN_PROGRESS', detail: { attempt: 1 } };
    expect(events.record(event, at(1))).toBe(true);
    expect(expectNoWrite(store, () => events.record({ ...event, detail: { attempt: 99 } }, at(2)))).toBe(false);
    expect(events.record({ ...event, source: 'webhook' }, at(2))).toBe(true);
    expect(events.record({ ...event, status: 'PENDING_RETRY' }, at(2))).toBe(true);
    expect(events.timeline(out)).toHaveLength(3);
  });

  it('treats two spellings of the same instant as the same event', () => {
    expect(events.record({ ref: out, at: '2024-05-21T04:27:56.000+0000', source: 'metadata', status: 'COMPLETED' }, T0)).toBe(true);
    expect(events.record({ ref: out, at: '2024-05-21T04:27:56Z', source: 'metadata', status: 'COMPLETED' }, T0)).toBe(false);
    expect(events.timeline(out)[0]!.at).toBe('2024-05-21T04:27:56.000Z');
  });

  it('returns a timeline oldest first, same-instant events in the order they were recorded', () => {
    const t = at(5).toISOString();
    events.recordMany(
      [
        { ref: out, at: at(9).toISOString(), source: 'detail', status: 'COMPLETED' },
        { ref: out, at: t, source: 'local', status: 'SUBMITTING' },
        { ref: out, at: t, source: 'local', status: 'SUBMITTED' },
        { ref: out, at: at(1).toISOString(), source: 'local', status: 'QUEUED' },
        { ref: inb, at: t, source: 'received-list', status: 'RECEIVED' },
      ],
      T0,
    );
    const timeline = events.timeline(out);
    expect(timeline.map((e) => e.status)).toEqual(['QUEUED', 'SUBMITTING', 'SUBMITTED', 'COMPLETED']);
    expect(timeline[0]).toMatchObject({ ref: out, source: 'local', detail: {}, recordedAt: T0.toISOString() });
    expect(events.timeline(inb).map((e) => e.status)).toEqual(['RECEIVED']);
    expect(events.latest(out)!.status).toBe('COMPLETED');
    expect(events.latest(inb)!.status).toBe('RECEIVED');
  });

  it('counts only new events in a batch', () => {
    const batch = [
      { ref: out, at: at(1).toISOString(), source: 'sent-list' as const, status: 'COMPLETED' },
      { ref: out, at: at(1).toISOString(), source: 'sent-list' as const, status: 'COMPLETED' },
    ];
    expect(events.recordMany(batch, T0)).toBe(1);
    expect(events.recordMany(batch, T0)).toBe(0);
  });

  it('refuses an event for a fax that is not in the history', () => {
    expect(() => events.record({ ref: { direction: 'OUTBOUND', outboundId: 'ghost' }, at: T0.toISOString(), source: 'local', status: 'QUEUED' }, T0)).toThrow(
      /FOREIGN KEY/,
    );
  });

  it('pages every fax’s events newest first', () => {
    for (let i = 0; i < 7; i++) events.record({ ref: i % 2 ? out : inb, at: at(Math.floor(i / 2)).toISOString(), source: 'local', status: `S${i}` }, T0);
    const seen: FaxEvent[] = [];
    let after: PageCursor | null = null;
    do {
      const page = events.recent({ limit: 3, after });
      seen.push(...page.items);
      after = page.next;
    } while (after);
    expect(seen.map((e) => e.status)).toEqual(['S6', 'S5', 'S4', 'S3', 'S2', 'S1', 'S0']);
    expectIndexedPlan(planOf(db, RECENT_EVENTS_SQL, { afterKey: T0.toISOString(), afterSeq: 3, limit: 10 }), 'fax_events', 'fax_events_recent');
  });
});
