/**
 * The queue of derived data to rebuild (0110): what the migration runner records, and where the
 * maintenance service stands in each piece of work.
 */
import type { Db } from '../db';
import type { DerivedWork, WorkPlan, WorkPosition } from '../derived/work';
import { isoUtc } from './row-support';

export interface DerivedRebuild {
  key: string;
  work: DerivedWork;
  version: number;
  position: WorkPosition;
  done: number;
  total: number;
  requestedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}

interface Row {
  key: string;
  kind: string;
  target: string;
  version: number;
  cursor: number | null;
  floor: number;
  done: number;
  total: number;
  requested_at: string;
  started_at: string | null;
  finished_at: string | null;
}

const COLUMNS = 'key, kind, target, version, cursor, floor, done, total, requested_at, started_at, finished_at';

export class DerivedRebuildsRepository {
  /** Whether this file's schema has the queue (0110); before it, work is done inline. */
  static existsIn(db: Db): boolean {
    return db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'derived_rebuilds'").get() !== undefined;
  }

  private readonly upsert;
  private readonly selectPending;
  private readonly selectAll;
  private readonly advanceStmt;

  constructor(db: Db) {
    this.upsert = db.prepare(
      `INSERT INTO derived_rebuilds (key, kind, target, version, priority, cursor, floor, done, total, requested_at)
       VALUES (@key, @kind, @target, @version, @priority, @cursor, @floor, 0, @total, @now)
       ON CONFLICT (key) DO UPDATE SET kind = excluded.kind, target = excluded.target, version = excluded.version,
         priority = excluded.priority, cursor = excluded.cursor, floor = excluded.floor, done = 0, total = excluded.total,
         requested_at = excluded.requested_at, started_at = NULL, finished_at = NULL`,
    );
    this.selectPending = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM derived_rebuilds WHERE finished_at IS NULL ORDER BY priority, seq`);
    this.selectAll = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM derived_rebuilds ORDER BY seq`);
    this.advanceStmt = db.prepare(
      `UPDATE derived_rebuilds SET cursor = @cursor, floor = @floor,
         done = CASE WHEN @cursor IS NULL THEN total ELSE min(total, done + @units) END,
         started_at = coalesce(started_at, @now), finished_at = CASE WHEN @cursor IS NULL THEN @now END
       WHERE key = @key AND finished_at IS NULL`,
    );
  }

  /** Queues a piece of work (a later request for the same key replaces an earlier one, progress and all). */
  record(key: string, work: DerivedWork, version: number, priority: number, plan: WorkPlan, now: Date): void {
    this.upsert.run({ key, kind: work.kind, target: work.table, version, priority, cursor: plan.cursor, floor: plan.floor, total: plan.total, now: isoUtc(now, 'now') });
  }

  /** Unfinished work, in the order it is done. */
  pending(): DerivedRebuild[] {
    return this.selectPending.all().map(toRebuild);
  }

  all(): DerivedRebuild[] {
    return this.selectAll.all().map(toRebuild);
  }

  /** Records a piece done (call inside the piece's transaction): `position.cursor` null finishes the work. */
  advance(key: string, position: WorkPosition, units: number, now: Date): void {
    this.advanceStmt.run({ key, cursor: position.cursor, floor: position.floor, units, now: isoUtc(now, 'now') });
  }
}

function toRebuild(row: Row): DerivedRebuild {
  return {
    key: row.key,
    work: { kind: row.kind, table: row.target } as DerivedWork,
    version: row.version,
    position: { cursor: row.cursor, floor: row.floor },
    done: row.done,
    total: row.total,
    requestedAt: row.requested_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
  };
}
