/**
 * Opens Faxdesk's SQLite file: WAL, foreign keys, numbered migrations applied in one transaction.
 * A file that is not SQLite, or that a newer Faxdesk wrote, is refused untouched with a clear message.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { AppError } from '../errors';
import type { Db } from './db';
import { scheduleDerivedWork, type RequestedWork } from './derived/schedule';
import { MIGRATIONS, type Migration } from './migrations';

export type { Db } from './db';

export interface OpenDatabaseOptions {
  /** Use these migrations instead of the app's (tests of the migration runner). */
  migrations?: readonly Migration[];
}

export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  const migrations = options.migrations ?? MIGRATIONS;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch (error) {
    throw new AppError('STORAGE', `Faxdesk cannot create its data folder ${path.dirname(file)}: ${(error as Error).message}`, { cause: error });
  }
  let db: Db;
  try {
    db = new Database(file);
  } catch (error) {
    throw new AppError('STORAGE', `Faxdesk cannot open its history file ${file}: ${(error as Error).message}`, { cause: error });
  }
  try {
    // Reading the schema version is the first touch: a file that is not SQLite fails here, before any write.
    const version = db.pragma('user_version', { simple: true }) as number;
    assertKnownVersion(file, version, migrations);
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    migrate(db, migrations);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT') {
      throw new AppError(
        'STORAGE',
        `The file ${file} is not a readable Faxdesk history database (${(error as Error).message}). ` +
          'Faxdesk has not changed it. Move it aside to start a new history, or restore it from a backup.',
        { cause: error },
      );
    }
    throw new AppError('STORAGE', `Faxdesk could not prepare its history file ${file}: ${(error as Error).message}`, { cause: error });
  }
}

export function latestVersion(migrations: readonly Migration[] = MIGRATIONS): number {
  return migrations.length ? migrations[migrations.length - 1]!.version : 0;
}

function assertKnownVersion(file: string, version: number, migrations: readonly Migration[]): void {
  const latest = latestVersion(migrations);
  if (version > latest) {
    throw new AppError(
      'STORAGE',
      `The history file ${file} was written by a newer version of Faxdesk (schema ${version}; this version knows up to ${latest}). ` +
        'Install the newer Faxdesk again to use it. Faxdesk has not changed the file.',
    );
  }
}

/**
 * Applies every pending migration, in order, in one transaction: all of them or none. The derived data
 * they leave to rebuild (Migration.derived) is queued in the same transaction, for the maintenance
 * service to do after start (or done inline where the schema has no queue: see store/derived).
 */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): void {
  assertOrdered(migrations);
  const current = db.pragma('user_version', { simple: true }) as number;
  const pending = migrations.filter((m) => m.version > current);
  if (pending.length === 0) return;
  db.transaction(() => {
    const derived: RequestedWork[] = [];
    for (const migration of pending) {
      migration.up(db);
      for (const work of migration.derived ?? []) derived.push({ work, version: migration.version });
      db.pragma(`user_version = ${migration.version}`);
    }
    scheduleDerivedWork(db, derived, new Date());
  })();
  db.pragma('optimize');
}

function assertOrdered(migrations: readonly Migration[]): void {
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version <= migrations[i - 1]!.version) {
      throw new Error(`Migrations out of order: ${migrations[i - 1]!.name} then ${migrations[i]!.name}`);
    }
  }
}
