/**
 * The app's history file seen from outside the app: what the harness reads after a kill (integrity,
 * schema version, jobs, received faxes), opened read-only so the file stays exactly as the killed
 * process left it for the next start; and an older-schema history the harness makes, full of rows,
 * for the next start to migrate (and be killed while migrating).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { DATABASE_FILE } from '../../src/main/core';
import { MIGRATIONS } from '../../src/main/store/migrations';
import { latestVersion, openDatabase } from '../../src/main/store/database';
import { HISTORY_WORD } from './crash-protocol';

export interface JobRow {
  id: string;
  composeId: string | null;
  destinationIndex: number;
  destination: string;
  state: string;
  faxId: string | null;
  errorCode: string | null;
  /** SHA-256 ids of the job's stored documents. */
  documents: string[];
}

export interface ReceivedRow {
  faxId: string;
  imageState: string;
  deleted: boolean;
}

export interface HistorySnapshot {
  exists: boolean;
  /** 'ok', or what PRAGMA integrity_check / foreign_key_check found. */
  integrity: string;
  userVersion: number;
  latestVersion: number;
  jobs: JobRow[];
  received: ReceivedRow[];
  /** Rows the harness put in an old-schema file (0 in other runs). */
  historic: { outbound: number; received: number; events: number };
}

export function historyFileOf(dataDir: string): string {
  return path.join(dataDir, DATABASE_FILE);
}

/** Checks the file without changing it. `full`: read the jobs and received faxes too. */
export function inspectHistory(dataDir: string, full: boolean): HistorySnapshot {
  const file = historyFileOf(dataDir);
  const empty: HistorySnapshot = {
    exists: false,
    integrity: 'ok',
    userVersion: 0,
    latestVersion: latestVersion(),
    jobs: [],
    received: [],
    historic: { outbound: 0, received: 0, events: 0 },
  };
  if (!fs.existsSync(file)) return empty;
  let db: Database.Database;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { ...empty, exists: true, integrity: `cannot open: ${(error as Error).message}` };
  }
  try {
    const problems: string[] = [];
    const integrity = db.pragma('integrity_check') as { integrity_check: string }[];
    if (!(integrity.length === 1 && integrity[0]!.integrity_check === 'ok')) problems.push(...integrity.map((r) => r.integrity_check));
    const keys = db.pragma('foreign_key_check') as unknown[];
    if (keys.length) problems.push(`${keys.length} rows break a foreign key`);
    const userVersion = db.pragma('user_version', { simple: true }) as number;
    const tables = new Set((db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name));
    const snapshot: HistorySnapshot = { ...empty, exists: true, integrity: problems.length ? problems.slice(0, 5).join('; ') : 'ok', userVersion };
    if (!full || !tables.has('outbound')) return snapshot;
    snapshot.jobs = (
      db
        .prepare('SELECT id, compose_id AS composeId, destination_index AS destinationIndex, destination, state, fax_id AS faxId, error_code AS errorCode, documents FROM outbound')
        .all() as (Omit<JobRow, 'documents'> & { documents: string })[]
    ).map((r) => ({ ...r, documents: (JSON.parse(r.documents) as { sha256: string }[]).map((d) => d.sha256) }));
    snapshot.received = (
      db.prepare('SELECT fax_id AS faxId, image_state AS imageState, deleted_at AS deletedAt FROM received').all() as {
        faxId: string;
        imageState: string;
        deletedAt: string | null;
      }[]
    ).map((r) => ({ faxId: r.faxId, imageState: r.imageState, deleted: r.deletedAt !== null }));
    const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    snapshot.historic = {
      outbound: count("SELECT count(*) AS n FROM outbound WHERE fax_id LIKE 'hist-o-%'"),
      received: count("SELECT count(*) AS n FROM received WHERE fax_id LIKE 'hist-r-%'"),
      events: count(
        "SELECT count(*) AS n FROM fax_events WHERE outbound_id IN (SELECT id FROM outbound WHERE fax_id LIKE 'hist-o-%') OR received_id IN (SELECT id FROM received WHERE fax_id LIKE 'hist-r-%')",
      ),
    };
    return snapshot;
  } catch (error) {
    return { ...empty, exists: true, integrity: `cannot read: ${(error as Error).message}` };
  } finally {
    db.close();
  }
}

export interface OldHistory {
  accountId: string;
  /** The schema version it was left at. */
  version: number;
  rows: { outbound: number; received: number; events: number };
}

/**
 * Writes a history file at the schema just before full-text search (0050) with `size` historic
 * outbound jobs (and half as many received faxes, and their timelines) for an account at `baseUrl`,
 * so the next start migrates it, indexing every row. Rows are written with the SQL of that schema
 * (frozen migrations), not through today's repositories.
 */
export function writeOldHistory(dataDir: string, account: { baseUrl: string; appId: string; userId: string }, size: number): OldHistory {
  const searchStep = MIGRATIONS.findIndex((m) => m.name === '0050-search');
  const steps = MIGRATIONS.slice(0, searchStep > 0 ? searchStep : MIGRATIONS.length - 1);
  fs.mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(historyFileOf(dataDir), { migrations: steps });
  const accountId = 'verify-old-account';
  const iso = (i: number) => new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
  const received = Math.floor(size / 2);
  db.transaction(() => {
    db.prepare(
      `INSERT INTO accounts (id, label, kind, enabled, base_url, app_id, user_id, has_api_key, settings, created_at, updated_at)
       VALUES (?, 'Verify', 'live', 1, ?, ?, ?, 1, '{}', ?, ?)`,
    ).run(accountId, account.baseUrl, account.appId, account.userId, iso(0), iso(0));
    const job = db.prepare(
      `INSERT INTO outbound (id, account_id, origin, fax_id, state, destination, to_name, to_company, subject, client_data, pages, completed_at, error_code, created_at, updated_at)
       VALUES (?, ?, 'service', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const fax = db.prepare(
      `INSERT INTO received (id, account_id, fax_id, pages, fax_status, completed_at, originating_number, destination_number, tsid, image_path, image_state, downloaded_at, read_at, first_seen_at, updated_at)
       VALUES (?, ?, ?, ?, 'STORED', ?, ?, ?, ?, ?, 'stored', ?, ?, ?, ?)`,
    );
    const event = db.prepare(`INSERT INTO fax_events (direction, outbound_id, received_id, at, source, status, detail, recorded_at) VALUES (?, ?, ?, ?, ?, ?, '{}', ?)`);
    for (let i = 0; i < size; i++) {
      const id = `hist-job-${i}`;
      const failed = i % 7 === 0;
      const number = `1${String(200 + (i % 700))}555${String(1000 + (i % 9000)).padStart(4, '0')}`;
      job.run(
        id,
        accountId,
        `hist-o-${i}`,
        failed ? 'ERROR' : 'COMPLETED',
        number,
        `Clerk ${i}`,
        `${HISTORY_WORD} ${i % 50}`,
        `Invoice ${i}`,
        JSON.stringify({ client_matter: `M-${i}` }),
        1 + (i % 5),
        iso(i + 2),
        failed ? 'E42' : null,
        iso(i),
        iso(i + 2),
      );
      event.run('OUTBOUND', id, null, iso(i + 1), 'sent-list', 'IN_PROGRESS', iso(i + 1));
      event.run('OUTBOUND', id, null, iso(i + 2), 'sent-list', failed ? 'ERROR' : 'COMPLETED', iso(i + 2));
    }
    for (let i = 0; i < received; i++) {
      const id = `hist-fax-${i}`;
      fax.run(
        id,
        accountId,
        `hist-r-${i}`,
        1 + (i % 3),
        iso(i),
        `1312555${String(1000 + i).padStart(4, '0')}`,
        '14155552000',
        `TSID ${i}`,
        `inbox/hist-${i}.pdf`,
        iso(i + 1),
        iso(i + 1),
        iso(i),
        iso(i + 1),
      );
      event.run('INBOUND', null, id, iso(i), 'received-list', 'RECEIVED', iso(i));
    }
  })();
  const version = db.pragma('user_version', { simple: true }) as number;
  // Leave it as the older app would: checkpointed and closed.
  db.close();
  return { accountId, version, rows: { outbound: size, received, events: size * 2 + received } };
}

/** Stored documents of these jobs that are missing or whose bytes no longer hash to their id. */
export function damagedDocuments(dataDir: string, jobs: readonly JobRow[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const job of jobs) {
    for (const id of job.documents) {
      if (seen.has(id)) continue;
      seen.add(id);
      const file = path.join(dataDir, 'documents', id.slice(0, 2), id);
      let bytes: Buffer;
      try {
        bytes = fs.readFileSync(file);
      } catch {
        out.push(`${id.slice(0, 12)}… of job ${job.id} is missing`);
        continue;
      }
      if (createHash('sha256').update(bytes).digest('hex') !== id) out.push(`${id.slice(0, 12)}… of job ${job.id} is damaged`);
    }
  }
  return out;
}

/** One job's (or received fax's, by fax_id) timeline as "at source status" lines (for a finding's note). */
export function timelineOf(dataDir: string, ref: { jobId: string } | { receivedFaxId: string }): string[] {
  const db = new Database(historyFileOf(dataDir), { readonly: true, fileMustExist: true });
  const sql =
    'jobId' in ref
      ? 'SELECT at, source, status, detail FROM fax_events WHERE outbound_id = ? ORDER BY at, id'
      : 'SELECT at, source, status, detail FROM fax_events WHERE received_id = (SELECT id FROM received WHERE fax_id = ?) ORDER BY id';
  try {
    return (db.prepare(sql).all('jobId' in ref ? ref.jobId : ref.receivedFaxId) as { at: string; source: string; status: string; detail: string }[]).map(
      (e) => `${e.at.slice(11, 23)} ${e.source} ${e.status}${e.detail !== '{}' ? ` ${e.detail.slice(0, 120)}` : ''}`,
    );
  } finally {
    db.close();
  }
}
