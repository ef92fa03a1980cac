/**
 * Derived data a migration leaves to be rebuilt after start: work that only recomputes what the stored
 * rows already say (a search index), so the window can open before it is done. A migration declares
 * it (Migration.derived); the runner (database.ts) records it in derived_rebuilds (0110) in the same
 * transaction as the schema change, and the maintenance service (src/main/maintenance) does it in
 * small transactions in the background, resuming where it stood after a crash or a quit.
 *
 * Each kind has one executor here, with three ways to run:
 * - plan: measured once when recorded (how much there is to do, where to start);
 * - step: a bounded piece, inside the caller's transaction (the progress is written in the same one);
 * - inline: all at once, for a migration run that has no queue to record the work in (a schema cut
 *   below 0110: tests of old migrations, generated histories), which is what those migrations did
 *   when they were released.
 */
import type { DerivedExecutor, DerivedKind, DerivedWork } from './types';
import { fillSearchExecutor } from './search-fill';
import { retireTableExecutor } from './retire-table';

export type { DerivedExecutor, DerivedKind, DerivedWork, WorkPlan, WorkPosition } from './types';

/** One piece of work in derived_rebuilds: `key` names what it rebuilds (a later migration's work on the same thing replaces it). */
export const workKey = (work: DerivedWork): string => `${work.kind}:${work.table}`;

const EXECUTORS: Record<DerivedKind, DerivedExecutor> = {
  'fill-search': fillSearchExecutor,
  'retire-table': retireTableExecutor,
};

export function executorFor(kind: string): DerivedExecutor | null {
  return Object.hasOwn(EXECUTORS, kind) ? EXECUTORS[kind as DerivedKind] : null;
}

/** Retiring comes first: it frees the pages the fill then reuses, so the file does not grow by a whole index. */
export const KIND_PRIORITY: Record<DerivedKind, number> = { 'retire-table': 0, 'fill-search': 1 };

/**
 * How much a unit of each kind weighs in the progress shown: deleting an old index's row costs a small
 * fraction of indexing a fax (each fax's text is computed and written under 8 prefix lengths).
 */
export const KIND_WEIGHT: Record<DerivedKind, number> = { 'retire-table': 0.05, 'fill-search': 1 };
