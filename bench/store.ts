/**
 * History store at scale: 1,000,000 outbound faxes (and 200,000 received) in a real SQLite file in a
 * temp folder, with every index and the FTS triggers of the real schema. Each query is timed through
 * its repository and, beside it in the same run, as the same SQL run raw in better-sqlite3, so the
 * repository's own cost (mapping, JSON checks) shows. Figures are printed, not asserted.
 *
 * The rows are written raw (one transaction, prepared statements): that is data generation, not the
 * code under test. FAXDESK_BENCH_FAXES overrides the count (e.g. for a quick run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { latestVersion, openDatabase, type Db } from '../src/main/store/database';
import { MIGRATIONS } from '../src/main/store/migrations';
import { OutboundRepository, outboundPageSql, outboundSearchSql } from '../src/main/store/repositories/outbound-repository';
import { ReceivedRepository, receivedPageSql } from '../src/main/store/repositories/received-repository';
import { toFtsQuery } from '../src/main/store/repositories/fts-query';
import type { PageCursor } from '../src/shared/domain/history';

const FIRST = ['Alice', 'Bruno', 'Chloé', 'David', 'Emma', 'Farid', 'Grace', 'Hugo', 'Inès', 'Jakob', 'Kenji', 'Laura', 'Mateo', 'Nora', 'Omar', 'Priya'];
const LAST = ['Smith', 'Martin', 'Garcia', 'Müller', 'Rossi', 'Dubois', 'Nowak', 'Tanaka', 'Silva', 'Cohen', 'Larsen', 'Okafor', 'Novak', 'Khan'];
const COMPANY = ['Acme Corp', 'Globex', 'Initech', 'Umbrella Health', 'Stark Legal', 'Wayne Clinic', 'Hooli', 'Vandelay Imports', 'Soylent', 'Pied Piper'];
const SUBJECT = ['Referral', 'Invoice', 'Lab results', 'Signed contract', 'Purchase order', 'Prescription', 'Court filing', 'Quote', ''];
const PAGE = 50;

interface Timing {
  label: string;
  repoMs: number;
  rawMs: number;
  rows: number;
}

export async function runStoreBench(): Promise<void> {
  const total = Number(process.env.FAXDESK_BENCH_FAXES ?? 1_000_000);
  const receivedTotal = Math.round(total / 5);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-store-'));
  const file = path.join(dir, 'history.sqlite');
  let db: Db | undefined;
  try {
    // Rows are generated into a file at schema 40 (before full-text search), then the file is opened as
    // the app opens it: migration 0050 indexes every existing row, which is timed as an upgrade figure.
    db = openDatabase(file, { migrations: MIGRATIONS.filter((m) => m.version < 50) });
    console.log(`store: SQLite ${db.prepare('SELECT sqlite_version()').pluck().get()} in ${file}`);
    const accounts = seedAccounts(db);
    db.pragma('cache_size = -262144'); // 256 MiB while generating only: uuid keys land all over their indexes
    let t = performance.now();
    generateOutbound(db, accounts, total);
    const outboundSeconds = (performance.now() - t) / 1000;
    t = performance.now();
    generateReceived(db, accounts, receivedTotal);
    const receivedSeconds = (performance.now() - t) / 1000;
    db.close();
    t = performance.now();
    db = openDatabase(file);
    const upgradeSeconds = (performance.now() - t) / 1000;
    db.pragma('wal_checkpoint(TRUNCATE)');
    const bytes = fs.statSync(file).size;
    console.log(
      `store: generated ${total.toLocaleString('en')} outbound in ${outboundSeconds.toFixed(1)} s ` +
        `(${Math.round(total / outboundSeconds).toLocaleString('en')} rows/s, all indexes), ` +
        `${receivedTotal.toLocaleString('en')} received in ${receivedSeconds.toFixed(1)} s; ` +
        `upgrade to schema ${latestVersion()} (0050 indexes every row for search) ${upgradeSeconds.toFixed(1)} s; ` +
        `file ${(bytes / 1024 / 1024).toFixed(0)} MiB`,
    );
    printSizes(db);

    const outbound = new OutboundRepository(db);
    const received = new ReceivedRepository(db);
    const account = accounts[0]!;
    const timings: Timing[] = [];

    // Newest page, per account and overall; a deep page (after 20 pages of keyset walking); a tab.
    timings.push(compare('outbound newest page (account)', () => outbound.page({ accountId: account, limit: PAGE }).items.length, () =>
      rawAll(db!, outboundPageSql({ accountId: true, phase: false, after: false }), { accountId: account, limit: PAGE + 1 }),
    ));
    timings.push(compare('outbound newest page (all accounts)', () => outbound.page({ limit: PAGE }).items.length, () =>
      rawAll(db!, outboundPageSql({ accountId: false, phase: false, after: false }), { limit: PAGE + 1 }),
    ));
    let cursor: PageCursor | null = null;
    for (let i = 0; i < 20; i++) cursor = outbound.page({ accountId: account, limit: PAGE, after: cursor }).next;
    const deep = cursor!;
    timings.push(compare('outbound page 21 (keyset cursor)', () => outbound.page({ accountId: account, limit: PAGE, after: deep }).items.length, () =>
      rawAll(db!, outboundPageSql({ accountId: true, phase: false, after: true }), { accountId: account, afterKey: deep.key, afterSeq: deep.seq, limit: PAGE + 1 }),
    ));
    timings.push(compare('outbound "failed" tab page', () => outbound.page({ accountId: account, phase: 'failed', limit: PAGE }).items.length, () =>
      rawAll(db!, outboundPageSql({ accountId: true, phase: true, after: false }), { accountId: account, phase: 'failed', limit: PAGE + 1 }),
    ));
    timings.push(compare('outbound active jobs (outbox resume)', () => outbound.listActive({ limit: 1000 }).length, () =>
      rawAll(db!, "SELECT * FROM outbound WHERE phase = 'active' ORDER BY created_at, seq LIMIT 1000", {}),
    ));

    // Full-text search: a common name, a rare word, a short prefix, a number suffix, a typed phone number.
    const someNumber = outbound.page({ accountId: account, phase: 'completed', limit: 1 }).items[0]!.destination;
    const typedNumber = `+1 (${someNumber.slice(1, 4)}) ${someNumber.slice(4, 7)}-${someNumber.slice(7)}`;
    for (const text of ['smith', 'okafor lab', 'ma', '4567', typedNumber, 'vandelay prescription']) {
      const match = toFtsQuery(text)!;
      timings.push(
        compare(`outbound search "${text}"`, () => outbound.search({ text, accountId: account, limit: PAGE }).items.length, () =>
          rawAll(db!, outboundSearchSql({ accountId: true, phase: false, before: false }), { match, accountId: account, limit: PAGE + 1 }),
        ),
      );
    }

    timings.push(compare('inbox newest page (account)', () => received.page({ accountId: account, limit: PAGE }).items.length, () =>
      rawAll(db!, receivedPageSql({ accountId: true, unreadOnly: false, after: false }), { accountId: account, limit: PAGE + 1 }),
    ));
    timings.push(compare('inbox unread page (account)', () => received.page({ accountId: account, unreadOnly: true, limit: PAGE }).items.length, () =>
      rawAll(db!, receivedPageSql({ accountId: true, unreadOnly: true, after: false }), { accountId: account, limit: PAGE + 1 }),
    ));
    timings.push(compare('inbox unread count (account)', () => received.countUnread(account), () =>
      rawAll(db!, 'SELECT count(*) AS n FROM received WHERE deleted_at IS NULL AND read_at IS NULL AND account_id = @accountId', { accountId: account }),
    ));

    // The app's write path: one compose persisted by the repository (FTS trigger included), one transaction each.
    const composes = 2000;
    t = performance.now();
    for (let i = 0; i < composes; i++) {
      outbound.insertCompose([{ accountId: account, composeId: randomUUID(), destinationIndex: 0, destination: `1555${String(i).padStart(7, '0')}`, toName: 'Bench Person', subject: 'Bench' }], new Date());
    }
    const composeMs = (performance.now() - t) / composes;
    console.log(`store: insertCompose (1 destination, own transaction, FTS trigger) ${composeMs.toFixed(3)} ms each over ${composes}`);

    // An idle sync cycle: 100 received facts the store already has, compared, nothing written.
    const known = received.page({ accountId: account, limit: 100 }).items.map((f) => ({ faxId: f.faxId, completedAt: f.completedAt, pages: f.pages, originatingNumber: f.originatingNumber }));
    const walBefore = walSize(file);
    t = performance.now();
    const results = received.upsertManyFromService(account, known, new Date());
    const idleMs = performance.now() - t;
    console.log(
      `store: idle sync cycle of ${known.length} received faxes: ${idleMs.toFixed(2)} ms, ` +
        `${results.filter((r) => r.changed).length} changed, WAL grew ${walSize(file) - walBefore} bytes`,
    );

    console.log('store: median of 15 runs (first run discarded), repository vs the same SQL raw in better-sqlite3');
    const width = Math.max(...timings.map((x) => x.label.length));
    for (const x of timings) {
      console.log(`  ${x.label.padEnd(width)}  repo ${x.repoMs.toFixed(3).padStart(8)} ms   raw ${x.rawMs.toFixed(3).padStart(8)} ms   rows ${x.rows}`);
    }
  } finally {
    db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function seedAccounts(db: Db): string[] {
  const columns = db.prepare('PRAGMA table_info(accounts)').all() as { name: string; type: string; notnull: number; dflt_value: unknown }[];
  const ids = ['bench-office', 'bench-branch'];
  for (const id of ids) {
    const values: Record<string, unknown> = {};
    for (const c of columns) {
      if (c.name === 'id') values.id = id;
      else if (c.name === 'kind') values.kind = 'live';
      else if (c.name.endsWith('_at')) values[c.name] = c.notnull ? new Date().toISOString() : null;
      else if (c.notnull && c.dflt_value === null) values[c.name] = c.type === 'INTEGER' ? 0 : c.name.includes('url') ? 'https://api.example.test' : id;
    }
    const names = Object.keys(values);
    db.prepare(`INSERT INTO accounts (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(values);
  }
  return ids;
}

/** Deterministic pseudo-random numbers, so every run builds the same history. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function generateOutbound(db: Db, accounts: string[], total: number): void {
  const r = rng(42);
  const start = Date.parse('2019-01-01T00:00:00.000Z');
  const step = (Date.parse('2026-01-01T00:00:00.000Z') - start) / total;
  const insert = db.prepare(
    `INSERT INTO outbound (id, account_id, origin, compose_id, destination_index, fax_id, state, destination, to_name, to_company,
       subject, options, documents, client_data, page_count, submitted_at, completed_at, duration, pages, error_code, error_reason,
       billable_retries, created_at, updated_at)
     VALUES (?, ?, 'local', ?, 0, ?, ?, ?, ?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const documents = JSON.stringify([{ name: 'letter.pdf', pages: 2, sha256: 'a'.repeat(64), size: 48_211, type: 'PDF' }]);
  db.transaction(() => {
    for (let i = 0; i < total; i++) {
      const created = new Date(start + i * step).toISOString();
      const roll = r();
      const state = i >= total - 200 ? 'QUEUED' : roll < 0.9 ? 'COMPLETED' : roll < 0.97 ? 'ERROR' : 'CANCELED';
      const final = state !== 'QUEUED';
      const completed = final ? new Date(start + i * step + 90_000).toISOString() : null;
      const destination = `1555${String(Math.floor(r() * 10_000_000)).padStart(7, '0')}`;
      const clientData = r() < 0.3 ? JSON.stringify({ clientMatter: `M-${Math.floor(r() * 100_000)}`, billingCode: `B${Math.floor(r() * 100)}` }) : '{}';
      const pages = 1 + Math.floor(r() * 12);
      insert.run(
        randomUUID(),
        accounts[i % accounts.length],
        randomUUID(),
        final ? randomUUID() : null,
        state,
        destination,
        `${pick(r, FIRST)} ${pick(r, LAST)}`,
        pick(r, COMPANY),
        pick(r, SUBJECT),
        documents,
        clientData,
        pages,
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

function generateReceived(db: Db, accounts: string[], total: number): void {
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
        accounts[i % accounts.length],
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

/** Median time of fn over 15 runs, after one warm-up run. */
function median(fn: () => number): { ms: number; rows: number } {
  let rows = fn();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    rows = fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, rows };
}

function compare(label: string, repo: () => number, raw: () => number): Timing {
  const a = median(repo);
  const b = median(raw);
  return { label, repoMs: a.ms, rawMs: b.ms, rows: a.rows };
}

const rawStatements = new Map<string, ReturnType<Db['prepare']>>();
function rawAll(db: Db, sql: string, params: Record<string, unknown>): number {
  let statement = rawStatements.get(sql);
  if (!statement) {
    statement = db.prepare(sql);
    rawStatements.set(sql, statement);
  }
  const rows = statement.all(params) as unknown[];
  return rows.length === 1 && typeof (rows[0] as { n?: unknown }).n === 'number' ? (rows[0] as { n: number }).n : rows.length;
}

function walSize(file: string): number {
  try {
    return fs.statSync(`${file}-wal`).size;
  } catch {
    return 0;
  }
}

function printSizes(db: Db): void {
  const hasDbstat = (() => {
    try {
      db.prepare('SELECT 1 FROM dbstat LIMIT 1').get();
      return true;
    } catch {
      return false;
    }
  })();
  if (!hasDbstat) return;
  const rows = db
    .prepare(
      `SELECT CASE WHEN name LIKE 'outbound_fts%' THEN 'outbound_fts (all shadow tables)'
                   WHEN name LIKE 'received_fts%' THEN 'received_fts (all shadow tables)'
                   ELSE name END AS part, sum(pgsize) AS bytes
       FROM dbstat GROUP BY part ORDER BY bytes DESC LIMIT 14`,
    )
    .all() as { part: string; bytes: number }[];
  console.log(`store: largest parts: ${rows.map((r) => `${r.part} ${(r.bytes / 1024 / 1024).toFixed(0)} MiB`).join(', ')}`);
}
