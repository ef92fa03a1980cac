import type { Db } from '../../../../../src/main/store/database';
import type { DerivedExecutor, DerivedWork } from '../../../../../src/main/store/derived/types';

/** The query plans of every statement `plan` prepares (plan runs in the start-up transaction of an upgrade). */
export function plansOf(db: Db, executor: DerivedExecutor, work: DerivedWork): string[] {
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
