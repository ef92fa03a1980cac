import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migration0010 } from '../../../../../src/main/store/migrations/0010-settings';

describe('migration 0010-settings', () => {
  it('creates a strict key/value table with one row per key', () => {
    const db = new Database(':memory:');
    migration0010.up(db);
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('theme', '\"dark\"', '2026-01-01T00:00:00.000Z')").run();
    expect(() => db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('theme', '1', 'x')").run()).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('x', ?, 'x')").run(Buffer.from('b'))).toThrow(/cannot store BLOB/);
    expect(() => db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('y', NULL, 'x')").run()).toThrow(/NOT NULL/);
    db.close();
  });
});
