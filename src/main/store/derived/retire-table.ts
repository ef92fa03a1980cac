/**
 * Empties and drops a search table a migration replaced and renamed out of the way (derived work
 * 'retire-table'). DROP TABLE frees every page of the table in one statement: seconds for the search
 * index of a million faxes. Here its shadow tables (where an FTS5 table keeps everything) lose their
 * rows a piece at a time, and the emptied table is then dropped at no cost. The config shadow table
 * (a few rows) stays until the drop, so the table can still be opened to be dropped.
 *
 * FTS5 shadow tables are read-only under SQLite's defensive mode (better-sqlite3 turns it on); it is
 * lifted for the one DELETE statement and put back, on this connection, with nothing else running in
 * between (better-sqlite3 is synchronous). Nothing else ever writes to a retired table.
 */
import type { Db } from '../db';
import type { DerivedExecutor, DerivedWork } from './types';

/** The shadow tables holding an FTS5 table's data, and the key a piece deletes by. */
const SHADOWS = [
  { suffix: '_data', key: 'rowid', columns: 'rowid' },
  { suffix: '_docsize', key: 'rowid', columns: 'rowid' },
  { suffix: '_content', key: 'rowid', columns: 'rowid' },
  // WITHOUT ROWID: deleted by its primary key.
  { suffix: '_idx', key: '(segid, term)', columns: 'segid, term' },
] as const;

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function tableExists(db: Db, name: string): boolean {
  return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

function shadowsOf(db: Db, work: DerivedWork) {
  return SHADOWS.filter((s) => tableExists(db, `${work.table}${s.suffix}`)).map((s) => ({ name: `${work.table}${s.suffix}`, key: s.key, columns: s.columns }));
}

function drop(db: Db, work: DerivedWork): void {
  if (tableExists(db, work.table)) db.exec(`DROP TABLE ${quoted(work.table)}`);
}

export const retireTableExecutor: DerivedExecutor = {
  // An FTS5 table with no rows still holds a couple of records (its structure and averages).
  inlineUpTo: 2_000,
  plan(db, work) {
    if (!tableExists(db, work.table)) return { total: 0, cursor: null, floor: 0 };
    // Rows to delete, estimated without reading the tables (this runs in the start-up transaction, and
    // counting a million-row index is not free): one %_docsize row per indexed row, found from its
    // rowid range, and about a third as many %_data and %_idx rows (measured on generated histories).
    // The pieces count it down; the tables themselves say when they are empty.
    const docsize = `${work.table}_docsize`;
    // (Each bound in its own subquery: SQLite reads min() or max() off the b-tree only when it is a
    // query's one aggregate; both in one SELECT scan every row.)
    const span = tableExists(db, docsize)
      ? (db.prepare(`SELECT coalesce((SELECT max(id) FROM ${quoted(docsize)}) - (SELECT min(id) FROM ${quoted(docsize)}) + 1, 0)`).pluck().get() as number)
      : 0;
    const rows = Math.round(span * 1.35) + 2;
    return { total: rows, cursor: rows, floor: 0 };
  },

  // A piece deletes from one shadow table only, and the piece that empties one says the next units
  // are of another sort: a %_data row (a 4 KB segment page) costs many times a %_docsize row, and a
  // piece sized by the cheaper table's rate took 60 ms in the first table it reached after it (bench
  // upgrade, 1M faxes).
  step(db, work, position, maxUnits) {
    const limit = Math.max(1, Math.floor(maxUnits));
    for (const shadow of shadowsOf(db, work)) {
      db.unsafeMode(true);
      let units: number;
      try {
        units = db
          .prepare(`DELETE FROM ${quoted(shadow.name)} WHERE ${shadow.key} IN (SELECT ${shadow.columns} FROM ${quoted(shadow.name)} LIMIT ?)`)
          .run(limit).changes;
      } finally {
        db.unsafeMode(false);
      }
      if (units === 0) continue;
      // Emptied: fewer rows than asked for, or exactly as many as were left (then one cheap look says so).
      const emptied = units < limit || db.prepare(`SELECT 1 FROM ${quoted(shadow.name)} LIMIT 1`).get() === undefined;
      return { units, position: { cursor: Math.max(0, (position.cursor ?? 0) - units), floor: 0 }, newSort: emptied };
    }
    drop(db, work);
    return { units: 0, position: { cursor: null, floor: 0 } };
  },

  inline(db, work) {
    drop(db, work);
  },
};
