import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { latestVersion, openDatabase } from '../../../../src/main/store/database';
import { MIGRATIONS, type Migration } from '../../../../src/main/store/migrations';
import { insertAccount, tempStore, type TempStore } from './store-fixtures';

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('openDatabase', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('creates the data folder and a file at the latest schema, in WAL mode with foreign keys on', () => {
    const file = path.join(store.dir, 'nested', 'deeper', 'history.sqlite');
    const db = openDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(latestVersion());
      expect(latestVersion()).toBe(MIGRATIONS[MIGRATIONS.length - 1]!.version);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      db.close();
    }
  });

  it('opens an up-to-date file again without touching its schema or data', () => {
    const db = store.open();
    insertAccount(db, 'acc1');
    const schema = db.prepare('SELECT sql FROM sqlite_schema ORDER BY name').pluck().all();
    db.close();
    const again = store.open();
    expect(again.prepare('SELECT sql FROM sqlite_schema ORDER BY name').pluck().all()).toEqual(schema);
    expect(again.prepare('SELECT id FROM accounts').pluck().all()).toEqual(['acc1']);
  });

  it('refuses a file written by a newer Faxdesk, says so, and leaves its bytes unchanged', () => {
    const db = store.open();
    insertAccount(db, 'acc1');
    db.pragma(`user_version = ${latestVersion() + 10}`);
    db.close();
    const before = sha256(store.file);

    let error: unknown;
    try {
      openDatabase(store.file);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'STORAGE' });
    expect((error as Error).message).toMatch(/newer version of Faxdesk/);
    expect((error as Error).message).toMatch(new RegExp(`schema ${latestVersion() + 10}`));
    expect((error as Error).message).toMatch(/has not changed the file/);
    expect(sha256(store.file)).toBe(before);

    // Nothing was lost: the file still holds what the newer version wrote.
    const raw = new Database(store.file, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(latestVersion() + 10);
    expect(raw.prepare('SELECT id FROM accounts').pluck().all()).toEqual(['acc1']);
    raw.close();
  });

  it('refuses a file that is not SQLite and leaves its bytes unchanged', () => {
    fs.writeFileSync(store.file, '%PDF-1.7\nthis is a fax, not a database\n'.repeat(200));
    const before = sha256(store.file);
    expect(() => openDatabase(store.file)).toThrow(expect.objectContaining({ code: 'STORAGE', message: expect.stringMatching(/not a readable Faxdesk history database.*has not changed it/s) }));
    expect(sha256(store.file)).toBe(before);
    expect(fs.existsSync(`${store.file}-wal`)).toBe(false);
  });

  it('refuses a damaged SQLite file and leaves its bytes unchanged', () => {
    const header = Buffer.from('SQLite format 3\0', 'latin1');
    fs.writeFileSync(store.file, Buffer.concat([header, crypto.randomBytes(8192)]));
    const before = sha256(store.file);
    expect(() => openDatabase(store.file)).toThrow(expect.objectContaining({ code: 'STORAGE' }));
    expect(sha256(store.file)).toBe(before);
  });

  it('applies pending migrations all or nothing: a failing step leaves the file at its old version and data', () => {
    const db = store.open(30);
    insertAccount(db, 'acc1');
    db.close();

    const upTo30 = MIGRATIONS.filter((m) => m.version <= 30);
    const good: Migration = { version: 40, name: '0040-good', up: (d) => d.exec('CREATE TABLE added_by_good (x INTEGER) STRICT') };
    const bad: Migration = {
      version: 50,
      name: '0050-bad',
      up: (d) => {
        d.exec("INSERT INTO accounts (id, label) SELECT 'x', 'y' WHERE 0");
        d.exec('CREATE TABLE half_done (x INTEGER) STRICT');
        throw new Error('step failed half way');
      },
    };
    expect(() => openDatabase(store.file, { migrations: [...upTo30, good, bad] })).toThrow(
      expect.objectContaining({ code: 'STORAGE', message: expect.stringMatching(/step failed half way/) }),
    );

    const raw = new Database(store.file, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(30);
    expect(raw.prepare("SELECT count(*) FROM sqlite_schema WHERE name IN ('added_by_good', 'half_done')").pluck().get()).toBe(0);
    expect(raw.prepare('SELECT id FROM accounts').pluck().all()).toEqual(['acc1']);
    raw.close();

    // The real migrations still apply afterwards.
    const upgraded = store.open();
    expect(upgraded.pragma('user_version', { simple: true })).toBe(latestVersion());
  });

  it('refuses migrations listed out of order', () => {
    const [first, second] = MIGRATIONS;
    expect(() => openDatabase(store.file, { migrations: [second!, first!] })).toThrow(/out of order/);
  });
});
