/**
 * The shapes of derived work (work.ts) that its executors (search-fill.ts, retire-table.ts) share, kept
 * apart so the executors do not import work.ts, which imports them.
 */
import type { Db } from '../db';

export type DerivedWork =
  /** Index every row of a search table's base table (the table is empty, or partly filled, with its triggers live). */
  | { kind: 'fill-search'; table: string }
  /** Empty a table a migration replaced (renamed out of the way) and drop it. */
  | { kind: 'retire-table'; table: string };

export type DerivedKind = DerivedWork['kind'];

/** Where a piece of work stands. `cursor` is the executor's own position; null once finished. */
export interface WorkPosition {
  cursor: number | null;
  floor: number;
}

export interface WorkPlan extends WorkPosition {
  /** Units of work (rows) in all; 0: nothing to do. */
  total: number;
}

export interface DerivedExecutor {
  /** Work up to this many units is done inline when recorded (a few milliseconds at most): no progress to show. */
  readonly inlineUpTo: number;
  plan(db: Db, work: DerivedWork): WorkPlan;
  /**
   * Does at most `maxUnits` units from `position`; returns how many it did and where it stands now.
   * `newSort`: the units after this piece are of another sort (another table), whose cost the rate
   * measured so far says nothing about; the next piece is sized afresh, as a first one.
   */
  step(db: Db, work: DerivedWork, position: WorkPosition, maxUnits: number): { units: number; position: WorkPosition; newSort?: boolean };
  inline(db: Db, work: DerivedWork): void;
}
