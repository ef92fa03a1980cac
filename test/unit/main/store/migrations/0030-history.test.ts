import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { migration0030 } from '../../../../../src/main/store/migrations/0030-history';
import { OUTBOUND_STATES, outboundPhaseOf } from '../../../../../src/shared/domain/history';
import { expectIndexedPlan, insertAccount, planOf, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

function insertOutbound(db: Db, row: Record<string, unknown> = {}) {
  const full = {
    id: `o-${Math.random().toString(36).slice(2)}`,
    account_id: 'acc1',
    origin: 'local',
    compose_id: `c-${Math.random().toString(36).slice(2)}`,
    destination_index: 0,
    state: 'QUEUED',
    destination: '15551234567',
    created_at: NOW,
    updated_at: NOW,
    ...row,
  };
  const cols = Object.keys(full);
  db.prepare(`INSERT INTO outbound (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(full);
  return full.id;
}

function insertReceived(db: Db, row: Record<string, unknown> = {}) {
  const full = {
    id: `r-${Math.random().toString(36).slice(2)}`,
    account_id: 'acc1',
    fax_id: `f-${Math.random().toString(36).slice(2)}`,
    completed_at: NOW,
    first_seen_at: NOW,
    updated_at: NOW,
    ...row,
  };
  const cols = Object.keys(full);
  db.prepare(`INSERT INTO received (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(full);
  return full.id;
}

describe('migration 0030-history', () => {
  let store: TempStore;
  let db: Db;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  function fresh() {
    db = store.open(30);
    insertAccount(db, 'acc1');
    insertAccount(db, 'acc2');
    return db;
  }

  it('is listed right after 0020 with version 30', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0030-history')).toBe(names.indexOf('0020-accounts') + 1);
    expect(migration0030.version).toBe(30);
  });

  it('upgrades a version-20 file and keeps its settings and accounts', () => {
    const v20 = store.open(20);
    v20.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('theme', '\"dark\"', ?)").run(NOW);
    insertAccount(v20, 'acc1');
    v20.close();
    db = store.open(30);
    expect(db.pragma('user_version', { simple: true })).toBe(30);
    expect(db.prepare('SELECT value FROM settings').pluck().get()).toBe('"dark"');
    expect(db.prepare('SELECT id FROM accounts').pluck().all()).toEqual(['acc1']);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('creates STRICT tables', () => {
    fresh();
    const tables = db.prepare("SELECT name, strict FROM pragma_table_list WHERE schema = 'main'").all() as { name: string; strict: number }[];
    for (const name of ['outbound', 'received', 'fax_events', 'notifications', 'sync_cursors']) {
      expect(tables.find((t) => t.name === name)).toMatchObject({ strict: 1 });
    }
    expect(() => insertOutbound(db, { page_count: 'three' })).toThrow(/cannot store TEXT value in INTEGER column/);
  });

  it('derives the phase from the state', () => {
    fresh();
    const cases: [string, string][] = [
      ['QUEUED', 'active'],
      ['UNKNOWN', 'active'],
      ['CANCEL_REQUESTED', 'active'],
      ['PENDING_RETRY', 'active'],
      ['COMPLETED', 'completed'],
      ['ERROR', 'failed'],
      ['REJECTED', 'failed'],
      ['CANCELED', 'canceled'],
    ];
    for (const [state] of cases) insertOutbound(db, { id: state, state });
    for (const [state, phase] of cases) expect(db.prepare('SELECT phase FROM outbound WHERE id = ?').pluck().get(state)).toBe(phase);
  });

  it('accepts exactly the app\'s outbound states, and derives the same phase as the app does', () => {
    fresh();
    for (const state of OUTBOUND_STATES) {
      insertOutbound(db, { id: state, state, scheduled_at: NOW });
      expect(db.prepare('SELECT phase FROM outbound WHERE id = ?').pluck().get(state)).toBe(outboundPhaseOf(state));
    }
    const check = String(db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'outbound'").pluck().get());
    const allowed = /state\s+TEXT NOT NULL CHECK \(state IN \(([^)]*)\)\)/.exec(check)![1]!.split(',').map((s) => s.trim().replace(/'/g, ''));
    expect([...allowed].sort()).toEqual([...OUTBOUND_STATES].sort());
  });

  it('makes a compose idempotent: the same (compose, destination) is one job', () => {
    fresh();
    insertOutbound(db, { compose_id: 'c1', destination_index: 0 });
    insertOutbound(db, { compose_id: 'c1', destination_index: 1 });
    expect(() => insertOutbound(db, { compose_id: 'c1', destination_index: 0 })).toThrow(/UNIQUE/);
  });

  it('keeps a fax_id unique per account, and allows many jobs without one', () => {
    fresh();
    insertOutbound(db, { fax_id: 'F1' });
    insertOutbound(db, { fax_id: null });
    insertOutbound(db, { fax_id: null });
    insertOutbound(db, { fax_id: 'F1', account_id: 'acc2' });
    expect(() => insertOutbound(db, { fax_id: 'F1' })).toThrow(/UNIQUE/);
  });

  it('refuses unknown states, bad timestamps, non-object JSON and inconsistent origins', () => {
    fresh();
    expect(() => insertOutbound(db, { state: 'SENT' })).toThrow(/CHECK/);
    expect(() => insertOutbound(db, { created_at: '2026-03-01 09:00:00' })).toThrow(/CHECK/);
    expect(() => insertOutbound(db, { created_at: '2026-03-01T09:00:00+00:00' })).toThrow(/CHECK/);
    expect(() => insertOutbound(db, { options: '[1]' })).toThrow(/CHECK/);
    expect(() => insertOutbound(db, { client_data: 'nope' })).toThrow(/CHECK/);
    expect(() => insertOutbound(db, { documents: '{}' })).toThrow(/CHECK/);
    expect(() => insertOutbound(db, { origin: 'service' })).toThrow(/CHECK/);
    expect(() => insertOutbound(db, { compose_id: null })).toThrow(/CHECK/);
    expect(() => insertOutbound(db, { state: 'SCHEDULED' })).toThrow(/CHECK/);
    insertOutbound(db, { origin: 'service', compose_id: null, fax_id: 'F9', state: 'COMPLETED' });
    insertOutbound(db, { state: 'SCHEDULED', scheduled_at: NOW });
  });

  it('refuses history for an unknown account, and deleting an account that has history', () => {
    fresh();
    expect(() => insertOutbound(db, { account_id: 'nobody' })).toThrow(/FOREIGN KEY/);
    insertOutbound(db);
    insertReceived(db, { account_id: 'acc2' });
    expect(() => db.prepare("DELETE FROM accounts WHERE id = 'acc1'").run()).toThrow(/FOREIGN KEY/);
    expect(() => db.prepare("DELETE FROM accounts WHERE id = 'acc2'").run()).toThrow(/FOREIGN KEY/);
    expect(db.prepare('SELECT count(*) FROM outbound').pluck().get()).toBe(1);
  });

  it('lets sync cursors go with their account', () => {
    fresh();
    insertAccount(db, 'acc3');
    db.prepare("INSERT INTO sync_cursors (account_id, feed, cursor) VALUES ('acc3', 'received', 'x')").run();
    db.prepare("DELETE FROM accounts WHERE id = 'acc3'").run();
    expect(db.prepare('SELECT count(*) FROM sync_cursors').pluck().get()).toBe(0);
  });

  it('keeps each received fax once per account', () => {
    fresh();
    insertReceived(db, { fax_id: 'R1' });
    insertReceived(db, { fax_id: 'R1', account_id: 'acc2' });
    expect(() => insertReceived(db, { fax_id: 'R1' })).toThrow(/UNIQUE/);
    expect(() => insertReceived(db, { image_state: 'stored' })).toThrow(/CHECK/);
    expect(() => insertReceived(db, { image_state: 'lost' })).toThrow(/CHECK/);
  });

  it('ties each event to exactly one fax, never writes the same event twice, and drops a timeline with its fax', () => {
    fresh();
    const job = insertOutbound(db);
    const fax = insertReceived(db);
    const add = db.prepare(
      `INSERT INTO fax_events (direction, outbound_id, received_id, at, source, status, recorded_at)
       VALUES (@direction, @outbound_id, @received_id, @at, @source, @status, @at) ON CONFLICT DO NOTHING`,
    );
    const base = { direction: 'OUTBOUND', outbound_id: job, received_id: null, at: NOW, source: 'detail', status: 'NEW' };
    expect(add.run(base).changes).toBe(1);
    expect(add.run(base).changes).toBe(0);
    expect(add.run({ ...base, source: 'webhook' }).changes).toBe(1);
    expect(add.run({ direction: 'INBOUND', outbound_id: null, received_id: fax, at: NOW, source: 'received-list', status: 'RECEIVED' }).changes).toBe(1);
    expect(() => add.run({ ...base, direction: 'INBOUND' })).toThrow(/CHECK/);
    expect(() => add.run({ ...base, received_id: fax })).toThrow(/CHECK/);
    expect(() => add.run({ ...base, source: 'carrier-pigeon' })).toThrow(/CHECK/);
    expect(() => add.run({ ...base, outbound_id: 'missing' })).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM outbound WHERE id = ?').run(job);
    expect(db.prepare('SELECT direction FROM fax_events').pluck().all()).toEqual(['INBOUND']);
  });

  it('keeps each notification once per account', () => {
    fresh();
    const add = db.prepare(
      `INSERT INTO notifications (account_id, notify_id, fax_id, direction, completed_at, first_seen_at, updated_at)
       VALUES (?, ?, 'F', 'OUTBOUND', ?, ?, ?)`,
    );
    add.run('acc1', 'N1', NOW, NOW, NOW);
    add.run('acc2', 'N1', NOW, NOW, NOW);
    expect(() => add.run('acc1', 'N1', NOW, NOW, NOW)).toThrow(/UNIQUE/);
  });

  describe('query plans', () => {
    beforeEach(() => {
      fresh();
      for (let i = 0; i < 300; i++) {
        const created = new Date(T0.getTime() + i * 60_000).toISOString();
        insertOutbound(db, { account_id: i % 2 ? 'acc1' : 'acc2', state: i % 3 ? 'COMPLETED' : 'QUEUED', created_at: created });
        insertReceived(db, { account_id: i % 2 ? 'acc1' : 'acc2', completed_at: created, read_at: i % 4 ? created : null });
      }
      db.exec('ANALYZE');
    });

    const cursor = { k: NOW, s: 100 };

    it('pages outbound newest first through an index, per account, per tab and overall', () => {
      const order = 'ORDER BY created_at DESC, seq DESC LIMIT 50';
      expectIndexedPlan(planOf(db, `SELECT * FROM outbound WHERE account_id = 'acc1' ${order}`), 'outbound', 'outbound_account_newest');
      expectIndexedPlan(
        planOf(db, `SELECT * FROM outbound WHERE account_id = 'acc1' AND (created_at, seq) < (@k, @s) ${order}`, cursor),
        'outbound',
        'outbound_account_newest',
      );
      expectIndexedPlan(
        planOf(db, `SELECT * FROM outbound WHERE account_id = 'acc1' AND phase = 'active' AND (created_at, seq) < (@k, @s) ${order}`, cursor),
        'outbound',
        'outbound_account_phase_newest',
      );
      expectIndexedPlan(planOf(db, `SELECT * FROM outbound WHERE phase = 'completed' ${order}`), 'outbound', 'outbound_phase_newest');
      expectIndexedPlan(planOf(db, `SELECT * FROM outbound WHERE (created_at, seq) < (@k, @s) ${order}`, cursor), 'outbound', 'outbound_newest');
      expectIndexedPlan(planOf(db, `SELECT * FROM outbound WHERE state = 'SCHEDULED' AND scheduled_at <= @k ORDER BY scheduled_at`, cursor), 'outbound', 'outbound_due');
      expectIndexedPlan(planOf(db, `SELECT * FROM outbound WHERE account_id = 'acc1' AND fax_id = 'F'`), 'outbound', 'outbound_account_fax');
    });

    it('pages the inbox newest first through partial indexes, unread included', () => {
      const order = 'ORDER BY completed_at DESC, seq DESC LIMIT 50';
      expectIndexedPlan(
        planOf(db, `SELECT * FROM received WHERE deleted_at IS NULL AND account_id = 'acc1' AND (completed_at, seq) < (@k, @s) ${order}`, cursor),
        'received',
        'received_account_newest',
      );
      expectIndexedPlan(planOf(db, `SELECT * FROM received WHERE deleted_at IS NULL ${order}`), 'received', 'received_newest');
      expectIndexedPlan(
        planOf(db, `SELECT * FROM received WHERE deleted_at IS NULL AND read_at IS NULL AND account_id = 'acc1' ${order}`),
        'received',
        'received_account_unread',
      );
      expectIndexedPlan(planOf(db, `SELECT * FROM received WHERE deleted_at IS NULL AND read_at IS NULL ${order}`), 'received', 'received_unread');
    });

    it('reads a timeline, the activity feed and the notification log through indexes', () => {
      // Ties at the same instant are ordered by insertion: a sort of one fax's few events, never of the table.
      expectIndexedPlan(planOf(db, `SELECT * FROM fax_events WHERE outbound_id = 'x' ORDER BY at, id`), 'fax_events', 'fax_events_outbound', { tieSort: true });
      expectIndexedPlan(planOf(db, `SELECT * FROM fax_events WHERE received_id = 'x' ORDER BY at, id`), 'fax_events', 'fax_events_received', { tieSort: true });
      expectIndexedPlan(planOf(db, `SELECT * FROM fax_events ORDER BY at DESC, id DESC LIMIT 50`), 'fax_events', 'fax_events_recent');
      expectIndexedPlan(
        planOf(db, `SELECT * FROM notifications WHERE account_id = 'acc1' ORDER BY completed_at DESC, seq DESC LIMIT 50`),
        'notifications',
        'notifications_account_newest',
      );
      expectIndexedPlan(
        planOf(db, `SELECT * FROM notifications WHERE account_id = 'acc1' AND sent_status = 'FAILED' ORDER BY completed_at DESC, seq DESC LIMIT 50`),
        'notifications',
        'notifications_account_status',
      );
    });
  });
});
