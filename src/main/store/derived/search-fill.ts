/**
 * Indexes the rows of a search table's base table (derived work 'fill-search'), newest first: the
 * person searches recent faxes most, and those become findable first.
 *
 * The table's triggers are live while it fills (every write since the schema change is indexed as it
 * happens), so a piece indexes only the rows of its range the table does not hold yet: a row written,
 * changed or deleted meanwhile is never indexed twice (a contentless FTS5 table would keep both
 * copies' words). What the table holds is read from its %_docsize shadow table (one row per indexed
 * rowid, indexed by it), which FTS5 keeps for every table that does not set columnsize=0; asking the
 * FTS5 table itself for a rowid range scans every row.
 *
 * Position: `cursor` is the highest seq not indexed yet; each piece indexes [cursor - n + 1, cursor]
 * in ascending order (FTS5 flushes its pending segment whenever a rowid is smaller than the last) and
 * moves the cursor below it; `floor` is the lowest seq there was when the work was planned. FTS5's
 * merge work comes in even slices (repositories/fts-merge.ts), so no piece takes a big merge.
 */
import type { Db } from '../database';
import { SEARCH_INDEXES, searchIndexFillSql, type SearchIndex } from '../migrations/0050-search';
import { withBoundedMerges } from '../repositories/fts-merge';
import type { DerivedExecutor, DerivedWork, WorkPosition } from './work';

function indexOf(work: DerivedWork): SearchIndex {
  const index = SEARCH_INDEXES.find((i) => i.table === work.table);
  if (!index) throw new Error(`No search table named ${work.table}`);
  return index;
}

const statements = new WeakMap<Db, Map<string, ReturnType<Db['prepare']>>>();

function prepared(db: Db, sql: string): ReturnType<Db['prepare']> {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

function rangeFillSql(index: SearchIndex): string {
  return searchIndexFillSql(
    index,
    `seq BETWEEN @low AND @high AND seq NOT IN (SELECT id FROM ${index.table}_docsize WHERE id BETWEEN @low AND @high)`,
  );
}

export const fillSearchExecutor: DerivedExecutor = {
  inlineUpTo: 200,
  plan(db, work) {
    const index = indexOf(work);
    const span = db.prepare(`SELECT min(seq) AS low, max(seq) AS high FROM ${index.base}`).get() as { low: number | null; high: number | null };
    if (span.low === null || span.high === null) return { total: 0, cursor: null, floor: 0 };
    return { total: span.high - span.low + 1, cursor: span.high, floor: span.low };
  },

  step(db, work, position, maxUnits) {
    const index = indexOf(work);
    if (position.cursor === null || position.cursor < position.floor) return { units: 0, position: { cursor: null, floor: position.floor } };
    const high = position.cursor;
    const low = Math.max(position.floor, high - Math.max(1, Math.floor(maxUnits)) + 1);
    withBoundedMerges(db, index.table, high - low + 1, () => prepared(db, rangeFillSql(index)).run({ low, high }));
    const next: WorkPosition = { cursor: low > position.floor ? low - 1 : null, floor: position.floor };
    return { units: high - low + 1, position: next };
  },

  inline(db, work) {
    db.exec(searchIndexFillSql(indexOf(work)));
  },
};
