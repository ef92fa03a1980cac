import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { OutboundRepository } from '../../../../../src/main/store/repositories/outbound-repository';
import { toFtsQuery } from '../../../../../src/main/store/repositories/fts-query';
import { ContactsRepository } from '../../../../../src/main/store/repositories/contacts-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

function insertOutbound(db: Db, id: string, destination: string, extra: Record<string, unknown> = {}): void {
  const row = { id, account_id: 'acc1', origin: 'local', compose_id: `c-${id}`, state: 'QUEUED', destination, created_at: NOW, updated_at: NOW, ...extra };
  const cols = Object.keys(row);
  db.prepare(`INSERT INTO outbound (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
}

describe('migration 0060-search-prefixes', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('is listed right after 0050 with version 60', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0060-search-prefixes')).toBe(names.indexOf('0050-search') + 1);
  });

  it('rebuilds the three search tables with prefix indexes, keeping what they find', () => {
    const v50 = store.open(50);
    insertAccount(v50, 'acc1');
    insertOutbound(v50, 'o1', '15551234567', { to_name: 'Zoë Martin', client_data: '{"clientMatter":"M-2291"}' });
    v50
      .prepare(
        `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, tsid, first_seen_at, updated_at)
         VALUES ('r1', 'acc1', 'F1', ?, '442071234567', 'ACME LONDON', ?, ?)`,
      )
      .run(NOW, NOW, NOW);
    v50.prepare("INSERT INTO contacts (id, name, company, fax_number, created_at, updated_at) VALUES ('c1', 'Ada', 'Lovelace Ltd', '15559876543', ?, ?)").run(NOW, NOW);
    v50.close();

    const migrated = store.open(60);
    for (const table of ['outbound_fts', 'received_fts', 'contacts_fts']) {
      const sql = migrated.prepare("SELECT sql FROM sqlite_master WHERE name = ?").pluck().get(table) as string;
      expect(sql).toContain("prefix='3 4 5'");
    }
    migrated.close();
    // What the repositories find, on the history as the latest schema has it (they are written for that schema).
    const db = store.open();
    const outbound = new OutboundRepository(db);
    const found = (text: string) => outbound.search({ text }).items.map((j) => j.id);
    // Rows indexed before the upgrade, by every prefix length: indexed (3-5) and not (1-2, 6+).
    for (const text of ['zoe', 'zoë m', 'mart', 'marti', 'martin', 'm-2291', '555', '5551', '55512', '555123', '4567', '+1 (555) 123-4567', 'z']) {
      expect(found(text), text).toEqual(['o1']);
    }
    expect(found('5559')).toEqual([]);
    // The table itself (the repository reads the latest schema's columns, which this version has not yet).
    expect(db.prepare('SELECT r.id FROM received_fts f JOIN received r ON r.seq = f.rowid WHERE received_fts MATCH ?').pluck().all(toFtsQuery('207'))).toEqual(['r1']);
    expect(new ContactsRepository(db).search('987').map((c) => c.id)).toEqual(['c1']);

    // The triggers are back: rows written after the upgrade are indexed, changed and removed.
    insertOutbound(db, 'o2', '13125550100', { to_name: 'Bruno' });
    expect(found('bru')).toEqual(['o2']);
    expect(found('555')).toEqual(['o2', 'o1']);
    db.prepare("UPDATE outbound SET to_name = 'Chloé' WHERE id = 'o2'").run();
    expect(found('bru')).toEqual([]);
    expect(found('chl')).toEqual(['o2']);
    db.prepare("DELETE FROM outbound WHERE id = 'o2'").run();
    expect(found('555')).toEqual(['o1']);
  });

  it('pages newest first through an area code that is in every number', () => {
    const db = store.open();
    insertAccount(db, 'acc1');
    insertAccount(db, 'acc2');
    for (let i = 0; i < 120; i++) insertOutbound(db, `o${i}`, `1555${String(1_000_000 + i * 7919).slice(-7)}`, { account_id: i % 3 === 0 ? 'acc2' : 'acc1' });
    const outbound = new OutboundRepository(db);
    const expected = Array.from({ length: 120 }, (_, i) => i)
      .filter((i) => i % 3 !== 0)
      .reverse()
      .map((i) => `o${i}`);
    const seen: string[] = [];
    let before: number | null = null;
    do {
      const page = outbound.search({ text: '555', accountId: 'acc1', limit: 25, before });
      seen.push(...page.items.map((j) => j.id));
      before = page.next;
    } while (before !== null);
    expect(seen).toEqual(expected);
  });
});
