/** Shared set-up for store tests: real SQLite files in a temp folder, accounts, query plans. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import DatabaseCtor from 'better-sqlite3';
import type Database from 'better-sqlite3';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../src/main/store/migrations';

export const T0 = new Date('2026-03-01T09:00:00.000Z');

export function at(minutes: number): Date {
  return new Date(T0.getTime() + minutes * 60_000);
}

export interface TempStore {
  dir: string;
  file: string;
  open(version?: number): Db;
  cleanup(): void;
}

/** A temp folder holding one history file; open(version) migrates it up to that schema version. */
export function tempStore(): TempStore {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-store-'));
  const file = path.join(dir, 'history.sqlite');
  const opened: Db[] = [];
  return {
    dir,
    file,
    open(version = Number.MAX_SAFE_INTEGER) {
      const db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version <= version) });
      opened.push(db);
      return db;
    },
    cleanup() {
      for (const db of opened) if (db.open) db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Inserts an account row, filling every required column of whatever the accounts table holds
 * (0020 is owned by the account service; these tests need only a row to point at).
 */
export function insertAccount(db: Database.Database, id: string, kind: 'live' | 'sandbox' = 'live'): void {
  const columns = db.prepare('PRAGMA table_info(accounts)').all() as { name: string; type: string; notnull: number; dflt_value: unknown; pk: number }[];
  const values: Record<string, unknown> = {};
  for (const c of columns) {
    if (c.name === 'id') values.id = id;
    else if (c.name === 'kind') values.kind = kind;
    else if (c.name.endsWith('_at')) values[c.name] = c.notnull ? T0.toISOString() : null;
    else if (c.notnull && c.dflt_value === null) values[c.name] = c.type === 'INTEGER' ? 0 : c.name.includes('url') ? 'https://api.example.test' : `${c.name}-${id}`;
  }
  const names = Object.keys(values);
  db.prepare(`INSERT INTO accounts (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(values);
}

/** EXPLAIN QUERY PLAN details of a statement, joined by " | ". */
export function planOf(db: Database.Database, sql: string, params: Record<string, unknown> | unknown[] = {}): string {
  const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const rows = (Array.isArray(params) ? statement.all(...params) : statement.all(params)) as { detail: string }[];
  return rows.map((r) => r.detail).join(' | ');
}

/**
 * A plan reads the given table by an index (or rowid) and never scans it nor sorts in a temp b-tree.
 * `tieSort` allows sorting the last ORDER BY term only (ties within one fax's few events).
 */
export function expectIndexedPlan(plan: string, table: string, index?: string, options: { tieSort?: boolean } = {}): void {
  if (new RegExp(`SCAN ${table}\\b(?! USING (COVERING )?INDEX)`).test(plan)) throw new Error(`full scan of ${table}: ${plan}`);
  const sorts = plan.replace(options.tieSort ? /USE TEMP B-TREE FOR LAST TERM OF ORDER BY/g : /$^/, '');
  if (/USE TEMP B-TREE/.test(sorts)) throw new Error(`sorts in a temp b-tree: ${plan}`);
  if (index && !plan.includes(index)) throw new Error(`does not use ${index}: ${plan}`);
}

export const iso = (d: Date) => d.toISOString();

/**
 * Runs fn and proves it wrote nothing to the file: a second connection sees the same data_version
 * (it changes whenever another connection commits), and the WAL did not grow.
 */
export function expectNoWrite<T>(store: TempStore, fn: () => T): T {
  const watcher = new DatabaseCtor(store.file, { readonly: true });
  try {
    const before = watcher.pragma('data_version', { simple: true });
    const walBefore = walBytes(store.file);
    const result = fn();
    const after = watcher.pragma('data_version', { simple: true });
    if (after !== before) throw new Error(`a write was committed (data_version ${String(before)} -> ${String(after)})`);
    if (walBytes(store.file) !== walBefore) throw new Error('the WAL grew');
    return result;
  } finally {
    watcher.close();
  }
}

/** Runs fn and proves it committed a write (the counterpart of expectNoWrite, so that one is not vacuous). */
export function expectWrite<T>(store: TempStore, fn: () => T): T {
  const watcher = new DatabaseCtor(store.file, { readonly: true });
  try {
    const before = watcher.pragma('data_version', { simple: true });
    const result = fn();
    if (watcher.pragma('data_version', { simple: true }) === before) throw new Error('nothing was committed');
    return result;
  } finally {
    watcher.close();
  }
}

function walBytes(file: string): number {
  try {
    return fs.statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}
