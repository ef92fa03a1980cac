import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { migration0050 } from '../../../../../src/main/store/migrations/0050-search';
import { insertAccount, planOf, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

function insertOutbound(db: Db, row: Record<string, unknown> = {}) {
  const full = {
    id: `o-${Math.random().toString(36).slice(2)}`,
    account_id: 'acc1',
    origin: 'local',
    compose_id: `c-${Math.random().toString(36).slice(2)}`,
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

function search(db: Db, table: 'outbound' | 'received' | 'contacts', match: string): string[] {
  return db
    .prepare(`SELECT b.id FROM ${table}_fts f JOIN ${table} b ON b.seq = f.rowid WHERE ${table}_fts MATCH ? ORDER BY f.rowid`)
    .pluck()
    .all(match) as string[];
}

describe('migration 0050-search', () => {
  let store: TempStore;
  let db: Db;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  function fresh() {
    db = store.open(50);
    insertAccount(db, 'acc1');
    return db;
  }

  it('is listed right after 0040 with version 50', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0050-search')).toBe(names.indexOf('0040-contacts-templates') + 1);
    expect(migration0050.version).toBe(50);
  });

  it('upgrades a version-40 file, keeps its rows and indexes them', () => {
    const v40 = store.open(40);
    insertAccount(v40, 'acc1');
    insertOutbound(v40, { id: 'o1', to_name: 'Zoë Martin', client_data: '{"clientMatter":"M-2291"}' });
    v40
      .prepare(
        `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, tsid, first_seen_at, updated_at)
         VALUES ('r1', 'acc1', 'F1', ?, '442071234567', 'ACME LONDON', ?, ?)`,
      )
      .run(NOW, NOW, NOW);
    v40
      .prepare("INSERT INTO contacts (id, name, company, fax_number, created_at, updated_at) VALUES ('c1', 'Ada', 'Lovelace Ltd', '15559876543', ?, ?)")
      .run(NOW, NOW);
    v40.close();

    db = store.open(50);
    expect(db.pragma('user_version', { simple: true })).toBe(50);
    expect(db.prepare('SELECT id FROM outbound').pluck().all()).toEqual(['o1']);
    expect(search(db, 'outbound', 'zoe')).toEqual(['o1']);
    expect(search(db, 'outbound', '"M"')).toEqual(['o1']);
    expect(search(db, 'received', 'london')).toEqual(['r1']);
    expect(search(db, 'received', '2071234567')).toEqual(['r1']);
    expect(search(db, 'contacts', 'lovelace')).toEqual(['c1']);
  });

  it('indexes values of client data, not its keys', () => {
    fresh();
    insertOutbound(db, { id: 'o1', client_data: '{"clientMatter":"Smith v Jones","billingCode":"B77"}' });
    expect(search(db, 'outbound', 'jones')).toEqual(['o1']);
    expect(search(db, 'outbound', 'b77')).toEqual(['o1']);
    expect(search(db, 'outbound', 'clientmatter')).toEqual([]);
    expect(search(db, 'outbound', 'billingcode')).toEqual([]);
  });

  it('finds a number by any run of its trailing digits, or by its start', () => {
    fresh();
    insertOutbound(db, { id: 'o1', destination: '15551234567' });
    insertOutbound(db, { id: 'o2', destination: '+44 20 7946 0958' });
    expect(search(db, 'outbound', '15551234567')).toEqual(['o1']);
    expect(search(db, 'outbound', '5551234567')).toEqual(['o1']);
    expect(search(db, 'outbound', '4567')).toEqual(['o1']);
    expect(search(db, 'outbound', '555123*')).toEqual(['o1']);
    expect(search(db, 'outbound', '1555*')).toEqual(['o1']);
    expect(search(db, 'outbound', '2079460958')).toEqual(['o2']);
    expect(search(db, 'outbound', '0958')).toEqual(['o2']);
  });

  it('keeps the index in step with inserts, updates and deletes', () => {
    fresh();
    const id = insertOutbound(db, { to_name: 'Alice', subject: 'Lease renewal' });
    expect(search(db, 'outbound', 'alice')).toEqual([id]);
    db.prepare("UPDATE outbound SET state = 'SUBMITTING' WHERE id = ?").run(id);
    expect(search(db, 'outbound', 'alice')).toEqual([id]);
    db.prepare("UPDATE outbound SET to_name = 'Bob', fax_id = 'ab12cd34-0000' WHERE id = ?").run(id);
    expect(search(db, 'outbound', 'alice')).toEqual([]);
    expect(search(db, 'outbound', 'bob')).toEqual([id]);
    expect(search(db, 'outbound', 'lease')).toEqual([id]);
    expect(search(db, 'outbound', 'ab12cd34')).toEqual([id]);
    db.prepare('DELETE FROM outbound WHERE id = ?').run(id);
    expect(search(db, 'outbound', 'bob')).toEqual([]);

    db.prepare("INSERT INTO contacts (id, name, fax_number, created_at, updated_at) VALUES ('c1', 'Élodie', '3312345678', ?, ?)").run(NOW, NOW);
    expect(search(db, 'contacts', 'elodie')).toEqual(['c1']);
    db.prepare("UPDATE contacts SET notes = 'night shift only' WHERE id = 'c1'").run();
    expect(search(db, 'contacts', 'shift')).toEqual(['c1']);
    db.prepare("DELETE FROM contacts WHERE id = 'c1'").run();
    expect(search(db, 'contacts', 'elodie')).toEqual([]);
  });

  it('does not index the service literal for an unknown number as digits', () => {
    fresh();
    db.prepare(
      `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, first_seen_at, updated_at)
       VALUES ('r1', 'acc1', 'F1', ?, 'UNKNOWN', ?, ?), ('r2', 'acc1', 'F2', ?, NULL, ?, ?)`,
    ).run(NOW, NOW, NOW, NOW, NOW, NOW);
    expect(search(db, 'received', 'unknown')).toEqual(['r1']);
    expect(search(db, 'received', 'nown')).toEqual([]);
    expect(search(db, 'received', 'f2')).toEqual(['r2']);
  });

  it('drives a search from the full-text index and reads rows by primary key', () => {
    fresh();
    const plan = planOf(
      db,
      `SELECT o.id FROM outbound_fts f CROSS JOIN outbound o ON o.seq = f.rowid
       WHERE outbound_fts MATCH '"acme"*' AND f.rowid < 100 AND o.account_id = 'acc1' ORDER BY f.rowid DESC LIMIT 50`,
    );
    expect(plan).toMatch(/SCAN f VIRTUAL TABLE INDEX/);
    expect(plan).toMatch(/SEARCH o USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});
