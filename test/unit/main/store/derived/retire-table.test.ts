import { afterEach, describe, expect, it } from 'vitest';
import { T0, insertAccount, tempStore, type TempStore } from '../store-fixtures';
import { plansOf } from './support';
import { retireTableExecutor } from '../../../../../src/main/store/derived/retire-table';
import type { WorkPosition } from '../../../../../src/main/store/derived/types';
import type { Db } from '../../../../../src/main/store/database';

/** A history of `count` outbound faxes whose search table was renamed out of the way (outbound_fts_old), as 0080 does. */
function withRetiredSearchTable(store: TempStore, count: number): Db {
  const db = store.open();
  insertAccount(db, 'acc1');
  const insert = db.prepare(
    `INSERT INTO outbound (id, account_id, origin, compose_id, state, destination, to_name, created_at, updated_at)
     VALUES (?, 'acc1', 'local', ?, 'QUEUED', ?, ?, ?, ?)`,
  );
  const now = T0.toISOString();
  db.transaction(() => {
    for (let i = 1; i <= count; i++) insert.run(`o${i}`, `c${i}`, `1555${1_000_000 + i}`, `Name${i}`, now, now);
  })();
  db.exec('DROP TRIGGER outbound_fts_insert; DROP TRIGGER outbound_fts_delete; DROP TRIGGER outbound_fts_update; ALTER TABLE outbound_fts RENAME TO outbound_fts_old');
  return db;
}

describe('planning derived work at start: retiring a table', () => {
  let store: TempStore;
  afterEach(() => store.cleanup());

  // min() and max() in one SELECT make SQLite read every row (0.25 s on a million jobs, before the window answers).
  it('reads the bounds of a table off its b-tree, without scanning its rows', () => {
    store = tempStore();
    const db = store.open();
    db.exec('ALTER TABLE outbound_fts RENAME TO outbound_fts_old');
    const retire = plansOf(db, retireTableExecutor, { kind: 'retire-table', table: 'outbound_fts_old' });
    expect(retire.some((d) => d.includes('outbound_fts_old_docsize'))).toBe(true);
    for (const detail of retire) expect(detail).not.toMatch(/^SCAN (?!CONSTANT ROW)/);
  });

  it('deletes from one shadow table a piece, says when a piece emptied one, and drops the table when all are empty', () => {
    store = tempStore();
    const db = withRetiredSearchTable(store, 1_500);
    const work = { kind: 'retire-table', table: 'outbound_fts_old' } as const;
    const rows = (shadow: string) => db.prepare(`SELECT count(*) FROM outbound_fts_old${shadow}`).pluck().get() as number;
    const shadows = ['_data', '_docsize', '_idx'];
    let position: WorkPosition = retireTableExecutor.plan(db, work);
    let emptied = 0;
    for (let guard = 0; position.cursor !== null && guard < 1_000; guard++) {
      const before = shadows.map(rows);
      const stepped = db.transaction(() => retireTableExecutor.step(db, work, position, 700))();
      if (position.cursor === null || stepped.position.cursor === null) break;
      const after = shadows.map(rows);
      const touched = shadows.filter((_, i) => after[i] !== before[i]);
      expect(touched).toHaveLength(1);
      expect(stepped.units).toBeLessThanOrEqual(700);
      const i = shadows.indexOf(touched[0]!);
      expect(stepped.newSort === true).toBe(after[i] === 0);
      if (stepped.newSort) emptied += 1;
      position = stepped.position;
    }
    expect(emptied).toBe(3);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name LIKE 'outbound_fts_old%'").pluck().get()).toBe(0);
  });

  it('says a piece emptied its table also when the table held exactly as many rows as the piece asked for', () => {
    store = tempStore();
    const db = withRetiredSearchTable(store, 300);
    const work = { kind: 'retire-table', table: 'outbound_fts_old' } as const;
    const data = db.prepare('SELECT count(*) FROM outbound_fts_old_data').pluck().get() as number;
    const position: WorkPosition = retireTableExecutor.plan(db, work);
    const stepped = db.transaction(() => retireTableExecutor.step(db, work, position, data))();
    expect(stepped.units).toBe(data);
    expect(stepped.newSort).toBe(true);
  });
});
