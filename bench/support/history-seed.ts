/**
 * A large fax history in a real SQLite file, as the app would hold it after years of use: outbound
 * jobs (composed here, with their stored options, or imported from the service) and received faxes,
 * over two accounts, with every index, trigger and search table of the real schema.
 *
 * Rows are written raw (one transaction, prepared statements): that is data generation, not the code
 * under test. The file is generated at schema 40 and then opened as the app opens it, so every later
 * migration (0050 indexes every row for search) runs over the rows. Generating a million rows takes a
 * minute, so the result is kept in .tmp/bench/ under a name that changes with the schema and the seed;
 * each run works on a copy.
 */
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../../src/main/store/database';
import { finishDerivedWorkNow } from '../../src/main/store/derived/schedule';
import { MIGRATIONS } from '../../src/main/store/migrations';

/** Bump when the generated rows change, so cached files are made again. */
const SEED_VERSION = 3;
const CACHE_DIR = path.resolve(__dirname, '../../.tmp/bench');

const FIRST = ['Alice', 'Bruno', 'Chloé', 'David', 'Emma', 'Farid', 'Grace', 'Hugo', 'Inès', 'Jakob', 'Kenji', 'Laura', 'Mateo', 'Nora', 'Omar', 'Priya'];
const LAST = ['Smith', 'Martin', 'Garcia', 'Müller', 'Rossi', 'Dubois', 'Nowak', 'Tanaka', 'Silva', 'Cohen', 'Larsen', 'Okafor', 'Novak', 'Khan'];
const COMPANY = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Stark Legal', 'Wayne Clinic', 'Hooli', 'Vandelay Imports', 'Soylent', 'Pied Piper'];
const SUBJECT = ['Referral', 'Invoice', 'Lab results', 'Signed contract', 'Purchase order', 'Prescription', 'Court filing', 'Quote', ''];

/** Every outbound fax carries the office's client code (a header template puts it there): a search term found in every row. */
export const EVERY_ROW_TERM = 'westside';
export const ACCOUNTS = ['bench-office', 'bench-branch'] as const;
/** Outbound jobs still in flight at the newest end of the history (what the outbox resumes). */
export const ACTIVE_JOBS = 200;

export interface HistorySpec {
  outbound: number;
  received: number;
  /** The schema to bring the file to (default: the latest, every derived rebuild done). */
  schema?: number;
}

export interface SeededHistory {
  /** The cached file (do not write to it: copy it first). */
  file: string;
  /** Seconds spent generating, and upgrading to the latest schema, when this call made the file; null when cached. */
  generated: { rowsSeconds: number; upgradeSeconds: number } | null;
}

function migrationsFor(spec: HistorySpec) {
  return spec.schema === undefined ? MIGRATIONS : MIGRATIONS.filter((m) => m.version <= spec.schema!);
}

function fingerprint(spec: HistorySpec): string {
  const schema = migrationsFor(spec)
    .map((m) => `${m.version}:${m.name}:${m.up.toString()}`)
    .join('|');
  return createHash('sha256').update(`${SEED_VERSION}|${spec.outbound}|${spec.received}|${schema}`).digest('hex').slice(0, 12);
}

/** The seeded history file for `spec`, generated once and then taken from the cache. */
export function seededHistory(spec: HistorySpec, log: (line: string) => void = () => {}): SeededHistory {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const name = `history-${spec.schema === undefined ? '' : `v${spec.schema}-`}${spec.outbound}-${spec.received}-`;
  const file = path.join(CACHE_DIR, `${name}${fingerprint(spec)}.sqlite`);
  if (fs.existsSync(file)) return { file, generated: null };
  for (const old of fs.readdirSync(CACHE_DIR)) {
    if (old.startsWith(name)) fs.rmSync(path.join(CACHE_DIR, old), { force: true });
  }
  log(`generating a history of ${spec.outbound.toLocaleString('en')} outbound and ${spec.received.toLocaleString('en')} received faxes (cached in ${path.relative(process.cwd(), CACHE_DIR)})…`);
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  let db = openDatabase(partial, { migrations: MIGRATIONS.filter((m) => m.version < 50) });
  let t = performance.now();
  seedAccounts(db);
  db.pragma('cache_size = -262144'); // 256 MiB while generating only: uuid keys land all over their indexes
  generateOutbound(db, spec.outbound);
  generateReceived(db, spec.received);
  db.close();
  const rowsSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  // Below 0110 there is no queue: the search index is built inline, as those versions did.
  db = openDatabase(partial, { migrations: migrationsFor(spec) });
  // The search index is rebuilt after start in the app (derived work): here, at once, so the file is whole.
  finishDerivedWorkNow(db, new Date());
  const upgradeSeconds = (performance.now() - t) / 1000;
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  fs.renameSync(partial, file);
  log(`generated in ${rowsSeconds.toFixed(1)} s; upgrade to the latest schema (search index of every row…) ${upgradeSeconds.toFixed(1)} s`);
  return { file, generated: { rowsSeconds, upgradeSeconds } };
}

/** A private copy of a seeded history in a temp folder (with its folder, to remove after). */
export function copyOfHistory(seeded: SeededHistory, prefix = 'faxdesk-bench-'): { dir: string; file: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const file = path.join(dir, 'faxdesk.sqlite3');
  fs.copyFileSync(seeded.file, file);
  return { dir, file };
}

function seedAccounts(db: Db): void {
  const now = new Date().toISOString();
  const insert = db.prepare(
    `INSERT INTO accounts (id, label, kind, enabled, base_url, app_id, user_id, settings, created_at, updated_at)
     VALUES (?, ?, 'live', 1, 'https://api.example.test', ?, ?, '{}', ?, ?)`,
  );
  for (const id of ACCOUNTS) insert.run(id, id, `app-${id}`, `user-${id}`, now, now);
}

/** Deterministic pseudo-random numbers, so every run builds the same history. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

/** What a compose stores in its options column (see src/main/outbox/stored-compose.ts). */
function storedOptions(r: () => number, clientData: Record<string, string>, subject: string, reference: string): string {
  return JSON.stringify({
    billableRetries: null,
    callerId: null,
    clientData,
    coverPage: subject ? { fromName: 'Front desk', message: '', subject } : null,
    csid: null,
    header: null,
    nonBillableRetries: null,
    recipientCount: 1 + Math.floor(r() * 2),
    reference,
    referenceOwned: true,
    resolution: r() < 0.8 ? 'FINE' : 'STANDARD',
    v: 1,
  });
}

function generateOutbound(db: Db, total: number): void {
  const r = rng(42);
  const start = Date.parse('2019-01-01T00:00:00.000Z');
  const step = (Date.parse('2026-01-01T00:00:00.000Z') - start) / total;
  const insert = db.prepare(
    `INSERT INTO outbound (id, account_id, origin, compose_id, destination_index, fax_id, state, destination, to_name, to_company,
       subject, options, documents, client_data, page_count, submitted_at, completed_at, duration, pages, error_code, error_reason,
       billable_retries, created_at, updated_at)
     VALUES (?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const documents = JSON.stringify([{ name: 'letter.pdf', pages: 2, sha256: 'a'.repeat(64), size: 48_211, type: 'PDF' }]);
  db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const created = new Date(start + i * step).toISOString();
      const roll = r();
      const state = i >= total - ACTIVE_JOBS ? 'QUEUED' : roll < 0.9 ? 'COMPLETED' : roll < 0.97 ? 'ERROR' : 'CANCELED';
      const final = state !== 'QUEUED';
      const local = state === 'QUEUED' || r() < 0.8;
      const completed = final ? new Date(start + i * step + 90_000).toISOString() : null;
      const destination = `1555${String(Math.floor(r() * 10_000_000)).padStart(7, '0')}`;
      const clientData: Record<string, string> = { clientCode: EVERY_ROW_TERM.toUpperCase() };
      if (r() < 0.3) Object.assign(clientData, { billingCode: `B${Math.floor(r() * 100)}`, clientMatter: `M-${Math.floor(r() * 100_000)}` });
      const subject = pick(r, SUBJECT);
      const reference = `faxdesk-${randomUUID()}`;
      const pages = 1 + Math.floor(r() * 12);
      insert.run(
        randomUUID(),
        ACCOUNTS[i % ACCOUNTS.length],
        local ? 'local' : 'service',
        local ? randomUUID() : null,
        final ? randomUUID() : null,
        state,
        destination,
        `${pick(r, FIRST)} ${pick(r, LAST)}`,
        pick(r, COMPANY),
        subject,
        local ? storedOptions(r, clientData, subject, reference) : '{}',
        local ? documents : '[]',
        JSON.stringify(local ? { ...clientData, clientReferenceId: reference } : clientData),
        local ? pages : null,
        final ? created : null,
        completed,
        final ? 30 + Math.floor(r() * 300) : null,
        state === 'COMPLETED' ? pages : final ? 0 : null,
        state === 'ERROR' ? 'E41' : null,
        state === 'ERROR' ? 'Busy' : null,
        final ? Math.floor(r() * 3) : null,
        created,
        completed ?? created,
      );
    }
  })();
}

function generateReceived(db: Db, total: number): void {
  const r = rng(7);
  const start = Date.parse('2019-01-01T00:00:00.000Z');
  const step = (Date.parse('2026-01-01T00:00:00.000Z') - start) / total;
  const insert = db.prepare(
    `INSERT INTO received (id, account_id, fax_id, pages, fax_status, completed_at, originating_number, tsid, image_path, image_state,
       downloaded_at, read_at, first_seen_at, updated_at)
     VALUES (?, ?, ?, ?, 'STORED', ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const completed = new Date(start + i * step).toISOString();
      const stored = i < total - 500;
      insert.run(
        randomUUID(),
        ACCOUNTS[i % ACCOUNTS.length],
        randomUUID(),
        1 + Math.floor(r() * 8),
        completed,
        `1${String(Math.floor(r() * 1e10)).padStart(10, '0')}`,
        r() < 0.5 ? pick(r, COMPANY).toUpperCase() : null,
        stored ? `inbox/${i}.pdf` : null,
        stored ? 'stored' : 'pending',
        stored ? completed : null,
        r() < 0.98 ? completed : null,
        completed,
        completed,
      );
    }
  })();
}
