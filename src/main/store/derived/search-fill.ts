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
 *
 * What a row's indexed text is comes from one place: the table's live insert trigger. The fill runs
 * that trigger's own INSERT over the base rows (the base table aliased `new`), so a later migration
 * that changes what a table indexes (a new column joining a column's text) only remakes its triggers,
 * and a fill still pending from an earlier upgrade indexes the old rows exactly as the triggers index
 * new ones. Reading it from the schema rather than from a definition in code also keeps a schema cut
 * below a later migration (tests of old steps) consistent with the triggers that cut has.
 */
import type { Db } from '../db';
import { SEARCH_INDEXES } from '../migrations/0050-search';
import { withBoundedMerges } from '../repositories/fts-merge';
import type { DerivedExecutor, WorkPosition } from './types';

/** The base table a search table indexes (0050's; what each indexes of it is its trigger's). */
function baseOf(table: string): string {
  const index = SEARCH_INDEXES.find((i) => i.table === table);
  if (!index) throw new Error(`No search table named ${table}`);
  return index.base;
}

// `INSERT INTO t (rowid, a, b) VALUES (new.seq, <a's text>, <b's text>); END` as searchIndexSql (0050) writes it.
const TRIGGER_INSERT = /\bINSERT\s+INTO\s+(\w+)\s*\(\s*rowid\s*,([^)]*)\)\s*VALUES\s*\(\s*new\.seq\s*,([\s\S]*)\)\s*;\s*END\s*$/i;

/**
 * The statement that indexes the base rows `where` picks (SQL over the base row, unqualified or as
 * `new.`; none: every row) as the table's insert trigger indexes one, in rowid order (FTS5 writes a run
 * of ascending rowids into one segment; a smaller rowid than the last flushes it).
 */
export function triggerFillSql(db: Db, table: string, where = ''): string {
  const base = baseOf(table);
  const trigger = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ? AND tbl_name = ?").pluck().get(`${table}_insert`, base) as string | undefined;
  const parts = trigger === undefined ? null : TRIGGER_INSERT.exec(trigger);
  if (!parts || parts[1] !== table) throw new Error(`The insert trigger of ${table} is missing or not of the form searchIndexSql writes`);
  return `INSERT INTO ${table} (rowid,${parts[2]}) SELECT new.seq,${parts[3]} FROM ${base} AS new${where ? ` WHERE ${where}` : ''} ORDER BY new.seq`;
}

const statements = new WeakMap<Db, Map<string, ReturnType<Db['prepare']>>>();

function prepared(db: Db, sql: string): ReturnType<Db['prepare']> {
  let cache = statements.get(db);
  if (!cache) statements.set(db, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = db.prepare(sql)));
  return statement;
}

function rangeFillSql(db: Db, table: string): string {
  return triggerFillSql(db, table, `new.seq BETWEEN @low AND @high AND new.seq NOT IN (SELECT id FROM ${table}_docsize WHERE id BETWEEN @low AND @high)`);
}

export const fillSearchExecutor: DerivedExecutor = {
  inlineUpTo: 200,
  plan(db, work) {
    // Two subqueries: SQLite reads min() or max() off the rowid's b-tree only when it is a query's one
    // aggregate; both in one SELECT scan every row (0.25 s on a million jobs, in the start-up transaction).
    const base = baseOf(work.table);
    const span = db.prepare(`SELECT (SELECT min(seq) FROM ${base}) AS low, (SELECT max(seq) FROM ${base}) AS high`).get() as { low: number | null; high: number | null };
    if (span.low === null || span.high === null) return { total: 0, cursor: null, floor: 0 };
    return { total: span.high - span.low + 1, cursor: span.high, floor: span.low };
  },

  step(db, work, position, maxUnits) {
    if (position.cursor === null || position.cursor < position.floor) return { units: 0, position: { cursor: null, floor: position.floor } };
    const high = position.cursor;
    const low = Math.max(position.floor, high - Math.max(1, Math.floor(maxUnits)) + 1);
    withBoundedMerges(db, work.table, high - low + 1, () => prepared(db, rangeFillSql(db, work.table)).run({ low, high }));
    const next: WorkPosition = { cursor: low > position.floor ? low - 1 : null, floor: position.floor };
    return { units: high - low + 1, position: next };
  },

  inline(db, work) {
    db.exec(triggerFillSql(db, work.table));
  },
};
