import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { migration0040 } from '../../../../../src/main/store/migrations/0040-contacts-templates';
import { expectIndexedPlan, insertAccount, planOf, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

function insertContact(db: Db, row: Record<string, unknown> = {}) {
  const full = { id: `c-${Math.random().toString(36).slice(2)}`, name: 'Ada', fax_number: '15551234567', created_at: NOW, updated_at: NOW, ...row };
  const cols = Object.keys(full);
  db.prepare(`INSERT INTO contacts (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(full);
  return full.id;
}

function insertTemplate(db: Db, row: Record<string, unknown> = {}) {
  const full = { id: `t-${Math.random().toString(36).slice(2)}`, name: 'Plain', options: '{}', created_at: NOW, updated_at: NOW, ...row };
  const cols = Object.keys(full);
  db.prepare(`INSERT INTO header_templates (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(full);
  return full.id;
}

describe('migration 0040-contacts-templates', () => {
  let store: TempStore;
  let db: Db;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('is listed right after 0030 with version 40', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0040-contacts-templates')).toBe(names.indexOf('0030-history') + 1);
    expect(migration0040.version).toBe(40);
  });

  it('upgrades a version-30 file and keeps its history', () => {
    const v30 = store.open(30);
    insertAccount(v30, 'acc1');
    v30
      .prepare(
        `INSERT INTO outbound (id, account_id, origin, compose_id, state, destination, created_at, updated_at)
         VALUES ('o1', 'acc1', 'local', 'c1', 'COMPLETED', '15551234567', ?, ?)`,
      )
      .run(NOW, NOW);
    v30.close();
    db = store.open(40);
    expect(db.pragma('user_version', { simple: true })).toBe(40);
    expect(db.prepare('SELECT id, state FROM outbound').all()).toEqual([{ id: 'o1', state: 'COMPLETED' }]);
    expect(db.prepare("SELECT count(*) FROM sqlite_schema WHERE name IN ('contacts', 'distribution_lists', 'distribution_list_members', 'header_templates')").pluck().get()).toBe(4);
  });

  it('sorts contacts by name, or company when there is no name, ignoring case', () => {
    db = store.open(40);
    insertContact(db, { name: 'bob' });
    insertContact(db, { name: '', company: 'Acme' });
    insertContact(db, { name: 'Carol', company: 'Aaa' });
    expect(db.prepare('SELECT sort_name FROM contacts ORDER BY sort_name').pluck().all()).toEqual(['acme', 'bob', 'carol']);
    expect(() => insertContact(db, { fax_number: '' })).toThrow(/CHECK/);
    expect(() => insertContact(db, { last_used_at: 'yesterday' })).toThrow(/CHECK/);
  });

  it('keeps list members unique and drops them with their contact or list', () => {
    db = store.open(40);
    const a = insertContact(db);
    const b = insertContact(db);
    db.prepare("INSERT INTO distribution_lists (id, name, created_at, updated_at) VALUES ('L1', 'Branches', ?, ?)").run(NOW, NOW);
    expect(() => db.prepare("INSERT INTO distribution_lists (id, name, created_at, updated_at) VALUES ('L2', 'branches', ?, ?)").run(NOW, NOW)).toThrow(
      /UNIQUE/,
    );
    const member = db.prepare("INSERT INTO distribution_list_members (list_id, contact_id, position) VALUES ('L1', ?, ?)");
    member.run(a, 0);
    member.run(b, 1);
    expect(() => member.run(a, 2)).toThrow(/UNIQUE|PRIMARY KEY/);
    expect(() => member.run('ghost', 3)).toThrow(/FOREIGN KEY/);
    db.prepare('DELETE FROM contacts WHERE id = ?').run(a);
    expect(db.prepare('SELECT contact_id FROM distribution_list_members').pluck().all()).toEqual([b]);
    db.prepare("DELETE FROM distribution_lists WHERE id = 'L1'").run();
    expect(db.prepare('SELECT count(*) FROM distribution_list_members').pluck().get()).toBe(0);
  });

  it('allows at most one default header template and unique names', () => {
    db = store.open(40);
    insertTemplate(db, { name: 'One', is_default: 1 });
    insertTemplate(db, { name: 'Two' });
    expect(() => insertTemplate(db, { name: 'Three', is_default: 1 })).toThrow(/UNIQUE/);
    expect(() => insertTemplate(db, { name: 'one' })).toThrow(/UNIQUE/);
    expect(() => insertTemplate(db, { name: 'Four', options: '[]' })).toThrow(/CHECK/);
    expect(() => insertTemplate(db, { name: '  ' })).toThrow(/CHECK/);
  });

  it('pages contacts through indexes', () => {
    db = store.open(40);
    for (let i = 0; i < 200; i++) insertContact(db, { name: `n${i}`, fax_number: `1555${i}`, last_used_at: i % 2 ? NOW : null });
    db.exec('ANALYZE');
    expectIndexedPlan(planOf(db, 'SELECT * FROM contacts WHERE (sort_name, seq) > (?, ?) ORDER BY sort_name, seq LIMIT 50', ['m', 3]), 'contacts', 'contacts_by_name');
    expectIndexedPlan(
      planOf(db, 'SELECT * FROM contacts WHERE last_used_at IS NOT NULL ORDER BY last_used_at DESC, seq DESC LIMIT 50'),
      'contacts',
      'contacts_recent',
    );
    expectIndexedPlan(planOf(db, "SELECT * FROM contacts WHERE fax_number = '1555'"), 'contacts', 'contacts_by_number');
    expectIndexedPlan(planOf(db, "SELECT * FROM distribution_list_members WHERE contact_id = 'x'"), 'distribution_list_members', 'distribution_list_members_contact');
    expect(() => expectIndexedPlan(planOf(db, "SELECT * FROM contacts WHERE notes = 'x'"), 'contacts')).toThrow(/full scan/);
  });
});
