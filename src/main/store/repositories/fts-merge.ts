/**
 * Bulk writes to a search table (a reindex, a page of imported history) with FTS5's merge work in even
 * slices. By itself FTS5 merges its segments in quanta: after every 64 leaf pages written it merges
 * 64 × (levels) pages in one go, inside whichever write crosses the mark — on a big index a 50-150 ms
 * task on a busy office PC, at irregular intervals, whatever the size of the writes around it. Here
 * the write runs with automerge off, then a bounded merge (mergePagesFor) follows in the same
 * transaction (the merge command flushes the pending rows first), and automerge is set back to
 * FTS5's default before the transaction ends: outside these writes the table behaves as always.
 */
import type { Db } from '../db';

/**
 * Pages of merge work after a bulk write of `rows` rows. A fax writes several leaf pages' worth of
 * terms (its words and number suffixes under 8 prefix lengths), which FTS5's own automerge follows
 * with about as many pages of merging per level; too little here and segments pile up until FTS5
 * merges 16 of them at once (its "crisis merge": hundreds of milliseconds). A page of merging costs
 * well under a millisecond.
 */
export function mergePagesFor(rows: number): number {
  return Math.max(8, Math.min(64, rows));
}

/** FTS5's default; the search tables (0050-0080) never set another. */
const DEFAULT_AUTOMERGE = 4;

const SEARCH_TABLES = new Set(['outbound_fts', 'received_fts', 'contacts_fts']);

function command(db: Db, table: string, name: 'automerge' | 'merge', value: number): void {
  if (!SEARCH_TABLES.has(table) || !Number.isInteger(value)) throw new Error(`Not a search table command: ${table} ${name} ${value}`);
  // FTS5 takes its commands as literals (a bound parameter is "SQL logic error").
  db.prepare(`INSERT INTO ${table}(${table}, rank) VALUES ('${name}', ${value})`).run();
}

/** Runs `write` of `rows` rows (call it inside a transaction) with the merge work of `table` bounded as above. */
export function withBoundedMerges<T>(db: Db, table: string, rows: number, write: () => T): T {
  command(db, table, 'automerge', 0);
  try {
    return write();
  } finally {
    command(db, table, 'merge', mergePagesFor(rows));
    command(db, table, 'automerge', DEFAULT_AUTOMERGE);
  }
}
