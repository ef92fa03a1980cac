import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { fillSearchExecutor } from '../../../../../src/main/store/derived/search-fill';
import { retireTableExecutor } from '../../../../../src/main/store/derived/retire-table';
import type { DerivedExecutor, DerivedWork } from '../../../../../src/main/store/derived/types';
import { tempStore, type TempStore } from '../store-fixtures';

/** The query plans of every statement `plan` prepares (plan runs in the start-up transaction of an upgrade). */
function plansOf(db: Db, executor: DerivedExecutor, work: DerivedWork): string[] {
  const prepared: string[] = [];
  const prepare = db.prepare.bind(db);
  const spy = ((sql: string) => {
    prepared.push(sql);
    return prepare(sql);
  }) as Db['prepare'];
  db.prepare = spy;
  try {
    executor.plan(db, work);
  } finally {
    db.prepare = prepare;
  }
  return prepared.filter((sql) => !sql.includes("sqlite_master")).flatMap((sql) => (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail));
}

describe('planning derived work at start', () => {
  let store: TempStore;
  afterEach(() => store.cleanup());

  // min() and max() in one SELECT make SQLite read every row (0.25 s on a million jobs, before the window answers).
  it('reads the bounds of a table off its b-tree, without scanning its rows', () => {
    store = tempStore();
    const db = store.open();
    db.exec("ALTER TABLE outbound_fts RENAME TO outbound_fts_old");
    const fill = plansOf(db, fillSearchExecutor, { kind: 'fill-search', table: 'received_fts' });
    const retire = plansOf(db, retireTableExecutor, { kind: 'retire-table', table: 'outbound_fts_old' });
    expect(fill.length).toBeGreaterThan(0);
    expect(retire.some((d) => d.includes('outbound_fts_old_docsize'))).toBe(true);
    for (const detail of [...fill, ...retire]) expect(detail).not.toMatch(/^SCAN (?!CONSTANT ROW)/);
  });
});
