import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { ContactsRepository } from '../../../../../src/main/store/repositories/contacts-repository';
import { OutboundRepository } from '../../../../../src/main/store/repositories/outbound-repository';
import { toFtsQuery } from '../../../../../src/main/store/repositories/fts-query';
import { insertAccount, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

function insertOutbound(db: Db, id: string, destination: string, extra: Record<string, unknown> = {}): void {
  const row = { id, account_id: 'acc1', origin: 'local', compose_id: `c-${id}`, state: 'QUEUED', destination, created_at: NOW, updated_at: NOW, ...extra };
  const cols = Object.keys(row);
  db.prepare(`INSERT INTO outbound (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
}

describe('migration 0080-search-every-prefix', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('is listed right after 0070 with version 80', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0080-search-every-prefix')).toBe(names.indexOf('0070-webhook-receiver') + 1);
    expect(MIGRATIONS.find((m) => m.name === '0080-search-every-prefix')!.version).toBe(80);
  });

  it('rebuilds the three search tables with 1- to 8-character prefix indexes and no positions, keeping what they find and their triggers', () => {
    const v70 = store.open(70);
    insertAccount(v70, 'acc1');
    insertOutbound(v70, 'o1', '15551234567', { to_name: 'Zoë Martin', client_data: '{"clientMatter":"M-2291"}' });
    v70
      .prepare(
        `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, tsid, first_seen_at, updated_at)
         VALUES ('r1', 'acc1', 'F1', ?, '442071234567', 'ACME LONDON', ?, ?)`,
      )
      .run(NOW, NOW, NOW);
    v70.prepare("INSERT INTO contacts (id, name, company, fax_number, created_at, updated_at) VALUES ('c1', 'Ada', 'Lovelace Ltd', '15559876543', ?, ?)").run(NOW, NOW);
    v70.close();

    const migrated = store.open(80);
    for (const table of ['outbound_fts', 'received_fts', 'contacts_fts']) {
      const sql = migrated.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(table) as string;
      expect(sql).toContain("prefix='1 2 3 4 5 6 7 8', detail=none");
    }
    migrated.close();
    // What the repositories find, on the history as the latest schema has it (they are written for that schema).
    const db = store.open();
    const outbound = new OutboundRepository(db);
    const found = (text: string) => outbound.search({ text }).items.map((j) => j.id);
    // Rows indexed before the upgrade, by every prefix length: the first letter or digit typed, and on.
    for (const text of ['z', 'zo', 'zoe', 'zoë m', 'm', 'ma', 'martin', 'm-2291', '2291', '5', '55', '555', '5551', '555123', '5551234', '55512345', '555123456', '+1 (555) 123-4567']) {
      expect(found(text), text).toEqual(['o1']);
    }
    expect(found('9')).toEqual([]);
    // The table itself (the repository reads the latest schema's columns, which this version has not yet).
    expect(db.prepare('SELECT r.id FROM received_fts f JOIN received r ON r.seq = f.rowid WHERE received_fts MATCH ?').pluck().all(toFtsQuery('2'))).toEqual(['r1']);
    expect(new ContactsRepository(db).search('9').map((c) => c.id)).toEqual(['c1']);

    // The triggers are back: rows written after the upgrade are indexed, changed and removed.
    insertOutbound(db, 'o2', '13125550100', { to_name: 'Bruno' });
    expect(found('b')).toEqual(['o2']);
    expect(found('1')).toEqual(['o2', 'o1']);
    expect(found('0')).toEqual(['o2']); // 13125550100: only its digits start a suffix with 0
    db.prepare("UPDATE outbound SET to_name = 'Chloé' WHERE id = 'o2'").run();
    expect(found('b')).toEqual([]);
    expect(found('c')).toEqual(['o2']);
    db.prepare("DELETE FROM outbound WHERE id = 'o2'").run();
    expect(found('0')).toEqual([]);
  });
});
