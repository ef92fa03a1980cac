import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migration0010 } from '../../../../../src/main/store/migrations/0010-settings';
import { migration0020 } from '../../../../../src/main/store/migrations/0020-accounts';
import { migrate } from '../../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';

const NOW = '2026-01-02T03:04:05.000Z';

function insert(db: Database.Database, row: Record<string, unknown>) {
  const full = {
    id: 'a1',
    label: 'Office',
    kind: 'live',
    base_url: 'https://api.securedocex.com',
    app_id: 'APP',
    user_id: 'U1',
    created_at: NOW,
    updated_at: NOW,
    ...row,
  };
  const cols = Object.keys(full);
  db.prepare(`INSERT INTO accounts (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(full);
}

describe('migration 0020-accounts', () => {
  let db: Database.Database;
  afterEach(() => db?.close());

  function fresh() {
    db = new Database(':memory:');
    migrate(db, [migration0010, migration0020]);
    return db;
  }

  it('is listed in order after 0010', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0020-accounts')).toBe(names.indexOf('0010-settings') + 1);
    expect(migration0020.version).toBe(20);
  });

  it('upgrades a version-10 database and keeps its settings', () => {
    db = new Database(':memory:');
    migrate(db, [migration0010]);
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('theme', '\"dark\"', ?)").run(NOW);
    migrate(db, [migration0010, migration0020]);
    expect(db.pragma('user_version', { simple: true })).toBe(20);
    expect(db.prepare('SELECT value FROM settings').pluck().get()).toBe('"dark"');
  });

  it('creates the accounts table with defaults and no secret columns', () => {
    fresh();
    insert(db, {});
    const row = db.prepare('SELECT * FROM accounts').get() as Record<string, unknown>;
    expect(row).toMatchObject({ enabled: 1, has_api_key: 0, has_admin_password: 0, has_hmac_secret: 0, settings: '{}', archived_at: null });
    const columns = (db.prepare('PRAGMA table_info(accounts)').all() as { name: string }[]).map((c) => c.name);
    expect(columns.filter((c) => /key$|password$|secret$|token/.test(c) && !c.startsWith('has_'))).toEqual([]);
  });

  it('keeps id as the TEXT primary key that history tables reference', () => {
    fresh();
    const pk = (db.prepare('PRAGMA table_info(accounts)').all() as { name: string; type: string; pk: number }[]).find((c) => c.pk === 1);
    expect(pk).toMatchObject({ name: 'id', type: 'TEXT' });
  });

  it('allows one sandbox account only', () => {
    fresh();
    insert(db, { id: 'sandbox', kind: 'sandbox' });
    expect(() => insert(db, { id: 'sandbox2', kind: 'sandbox' })).toThrow(/UNIQUE/);
    insert(db, { id: 'live1' });
    insert(db, { id: 'live2' });
    expect(db.prepare('SELECT count(*) FROM accounts').pluck().get()).toBe(3);
  });

  it('refuses bad kinds, flags, empty labels and settings that are not a JSON object', () => {
    fresh();
    expect(() => insert(db, { kind: 'trial' })).toThrow(/CHECK/);
    expect(() => insert(db, { enabled: 2 })).toThrow(/CHECK/);
    expect(() => insert(db, { has_api_key: 5 })).toThrow(/CHECK/);
    expect(() => insert(db, { label: '' })).toThrow(/CHECK/);
    expect(() => insert(db, { settings: '[1]' })).toThrow(/CHECK/);
    expect(() => insert(db, { settings: 'not json' })).toThrow(/CHECK|JSON/);
    expect(() => insert(db, { app_id: null })).toThrow(/NOT NULL/);
  });
});
