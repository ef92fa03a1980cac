/**
 * The history store at scale: 1,000,000 outbound faxes and 200,000 received in a real SQLite file
 * (bench/support/history-seed.ts). Each query goes through its repository and, interleaved with it in
 * the same run, the same SQL runs raw in better-sqlite3 (statement.all(), no mapping): the difference
 * is the repository's own cost. Searches are judged by their absolute time, beside the FTS5 query
 * alone; opening the file (migrations checked, none pending) beside opening it raw.
 *
 * FAXDESK_BENCH_FAXES overrides the outbound count (received = a fifth of it), e.g. for a quick run.
 */
import fs from 'node:fs';
import Database from 'better-sqlite3';
import { openDatabase, type Db } from '../src/main/store/database';
import { OutboundRepository, outboundActiveSql, outboundPageSql } from '../src/main/store/repositories/outbound-repository';
import { ReceivedRepository, receivedPageSql } from '../src/main/store/repositories/received-repository';
import { toFtsQuery } from '../src/main/store/repositories/fts-query';
import type { PageCursor } from '../src/shared/domain/history';
import type { BenchRow, BenchSection } from './row';
import { ACCOUNTS, EVERY_ROW_TERM, copyOfHistory, seededHistory } from './support/history-seed';
import { median, ms, ratio, round, timePairSync } from './support/stats';

const PAGE = 50;
const RUNS = 21;
const PAGE_TARGET = 1.5;
const SEARCH_TARGET_MS = 30;
const OPEN_TARGET_MS = 100;

function statementRunner(db: Db) {
  const cache = new Map<string, Database.Statement>();
  return (sql: string, params: Record<string, unknown>) => {
    let statement = cache.get(sql);
    if (!statement) cache.set(sql, (statement = db.prepare(sql)));
    return statement.all(params);
  };
}

export const storeBench: BenchSection = {
  name: 'store',
  async run(): Promise<BenchRow[]> {
    const outboundTotal = Number(process.env['FAXDESK_BENCH_FAXES'] ?? 1_000_000);
    const receivedTotal = Math.round(outboundTotal / 5);
    const sizes = `${outboundTotal.toLocaleString('en')} outbound + ${receivedTotal.toLocaleString('en')} received`;
    const seeded = seededHistory({ outbound: outboundTotal, received: receivedTotal }, (line) => console.log(`store: ${line}`));
    const copy = copyOfHistory(seeded, 'faxdesk-bench-store-');
    const rows: BenchRow[] = [];
    let db: Db | undefined;
    try {
      const fileMiB = fs.statSync(copy.file).size / 1024 / 1024;
      // Opening first, before this process has touched the file through any other connection.
      rows.push(openRow(copy.file, sizes, fileMiB));

      db = openDatabase(copy.file);
      const raw = statementRunner(db);
      const outbound = new OutboundRepository(db);
      const received = new ReceivedRepository(db);
      const account = ACCOUNTS[0];

      const pageRow = (row: string, repo: () => unknown, bare: () => unknown, what: string): BenchRow => {
        const t = timePairSync(repo, bare, { runs: RUNS, warmup: 2 });
        const a = median(t.a);
        const b = median(t.b);
        const value = a / b;
        return {
          row,
          measured: `${ms(a)} (${ratio(value)} raw)`,
          bare: `same SQL raw ${ms(b)}`,
          target: `≤ ${PAGE_TARGET}× raw`,
          value: round(value),
          within: value <= PAGE_TARGET,
          how: `${what}; ${sizes} faxes; repository call vs the same SQL through statement.all(), interleaved, median of ${RUNS} runs each after 2 warm-ups.`,
        };
      };

      rows.push(
        pageRow(
          'outbound newest page (one account)',
          () => outbound.page({ accountId: account, limit: PAGE }),
          () => raw(outboundPageSql({ accountId: true, phase: false, after: false }), { accountId: account, limit: PAGE + 1 }),
          `${PAGE} rows, OutboundRepository.page`,
        ),
      );
      let cursor: PageCursor | null = null;
      for (let i = 0; i < 20; i++) cursor = outbound.page({ accountId: account, limit: PAGE, after: cursor }).next;
      const deep = cursor!;
      rows.push(
        pageRow(
          'outbound keyset page 21',
          () => outbound.page({ accountId: account, limit: PAGE, after: deep }),
          () => raw(outboundPageSql({ accountId: true, phase: false, after: true }), { accountId: account, afterKey: deep.key, afterSeq: deep.seq, limit: PAGE + 1 }),
          `${PAGE} rows after a cursor 1,000 rows deep`,
        ),
      );
      rows.push(
        pageRow(
          'outbound active jobs (the sync watch list)',
          () => outbound.listActive({ limit: 1000 }),
          () => raw(outboundActiveSql({ accountId: false }), { limit: 1000 }),
          `${outbound.countActive()} active jobs, OutboundRepository.listActive (every column but the stored JSON, which watching a job never reads)`,
        ),
      );
      rows.push(
        pageRow(
          'inbox newest page (one account)',
          () => received.page({ accountId: account, limit: PAGE }),
          () => raw(receivedPageSql({ search: false, accountId: true, unreadOnly: false, from: false, to: false, side: null, skip: false }), { accountId: account, limit: PAGE + 1 }),
          `${PAGE} rows, ReceivedRepository.page`,
        ),
      );

      // Full-text search, first page of 50 for one account.
      const rare = (db.prepare(`SELECT json_extract(client_data, '$.clientMatter') AS m FROM outbound WHERE json_extract(client_data, '$.clientMatter') IS NOT NULL LIMIT 1 OFFSET 777`).get() as { m: string }).m;
      const count = (match: string) => (db!.prepare('SELECT count(*) AS n FROM outbound_fts WHERE outbound_fts MATCH ?').get(match) as { n: number }).n;
      const searches: { label: string; text: string }[] = [
        { label: 'rare term', text: rare },
        { label: 'term in every row', text: EVERY_ROW_TERM },
        { label: 'area code in every number', text: '555' },
        { label: 'number suffix', text: '4567' },
        // What is typed first into a search box that searches as it is typed: one digit starts a term in every number.
        { label: 'one digit typed', text: '5' },
      ];
      for (const { label, text } of searches) {
        const match = toFtsQuery(text)!;
        const matches = count(match);
        const t = timePairSync(
          () => outbound.search({ text, accountId: account, limit: PAGE }),
          () => raw('SELECT rowid FROM outbound_fts WHERE outbound_fts MATCH @match ORDER BY rowid DESC LIMIT @limit', { match, limit: PAGE + 1 }),
          { runs: RUNS, warmup: 2 },
        );
        const a = median(t.a);
        const b = median(t.b);
        rows.push({
          row: `search: ${label} ("${text}")`,
          measured: ms(a),
          bare: `FTS5 alone ${ms(b)}`,
          target: `≤ ${SEARCH_TARGET_MS} ms`,
          value: round(a),
          within: a <= SEARCH_TARGET_MS,
          how:
            `OutboundRepository.search, first page of ${PAGE} for one account, ${matches.toLocaleString('en')} of ${outboundTotal.toLocaleString('en')} rows match; ` +
            `bare: the same MATCH on the FTS5 table alone (rowids, newest ${PAGE + 1}); interleaved, median of ${RUNS} runs.`,
        });
      }
    } finally {
      db?.close();
      fs.rmSync(copy.dir, { recursive: true, force: true });
    }
    return rows;
  },
};

function openRow(file: string, sizes: string, fileMiB: number): BenchRow {
  const t = timePairSync(
    () => openDatabase(file).close(),
    () => {
      const db = new Database(file);
      db.pragma('user_version', { simple: true });
      db.close();
    },
    { runs: RUNS, warmup: 1 },
  );
  const a = median(t.a);
  const b = median(t.b);
  return {
    row: 'open + migrate a 1M-fax history',
    measured: ms(a),
    bare: `open raw ${ms(b)}`,
    target: `≤ ${OPEN_TARGET_MS} ms`,
    value: round(a),
    within: a <= OPEN_TARGET_MS,
    how:
      `openDatabase (pragmas, schema check, no migration pending) then close, on a ${fileMiB.toFixed(0)} MiB file of ${sizes} faxes; ` +
      `bare: new Database(file), read user_version, close; interleaved, median of ${RUNS} runs (the file is in the OS cache).`,
  };
}
