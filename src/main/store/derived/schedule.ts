/**
 * What the migration runner does with the derived work of the steps it applied: queue it in
 * derived_rebuilds, inside the upgrade transaction, when the schema has that table (0110); otherwise
 * do it inline, as the steps did when they were released. Work that turns out to be small (a new
 * history has no rows to index) is done at once and not queued, so a new history shows no progress.
 */
import type { Db } from '../db';
import { DerivedRebuildsRepository } from '../repositories/derived-rebuilds-repository';
import { KIND_PRIORITY, executorFor, workKey, type DerivedWork } from './work';

export interface RequestedWork {
  work: DerivedWork;
  /** The migration that declared it. */
  version: number;
}

/**
 * `requested` in the order the steps declared it; a later request for the same thing (a later step
 * rebuilding the same table again) replaces the earlier one, which would only be thrown away.
 */
export function scheduleDerivedWork(db: Db, requested: readonly RequestedWork[], now: Date): void {
  const latest = new Map<string, RequestedWork>();
  for (const request of requested) {
    const key = workKey(request.work);
    latest.delete(key);
    latest.set(key, request);
  }
  const queue = DerivedRebuildsRepository.existsIn(db) ? new DerivedRebuildsRepository(db) : null;
  for (const [key, { work, version }] of latest) {
    const executor = executorFor(work.kind);
    if (!executor) throw new Error(`Unknown derived work ${key}`);
    if (!queue) {
      executor.inline(db, work);
      continue;
    }
    const plan = executor.plan(db, work);
    if (plan.total <= executor.inlineUpTo || plan.cursor === null) executor.inline(db, work);
    else queue.record(key, work, version, KIND_PRIORITY[work.kind], plan, now);
  }
}

/**
 * Does every piece of queued work now, each in one transaction (a generated history for benchmarks,
 * which must not measure a half-built index). The app never calls this: it would hold the thread.
 */
export function finishDerivedWorkNow(db: Db, now: Date): void {
  if (!DerivedRebuildsRepository.existsIn(db)) return;
  const queue = new DerivedRebuildsRepository(db);
  for (const work of queue.pending()) {
    const executor = executorFor(work.work.kind);
    if (!executor) throw new Error(`Unknown derived work ${work.key}`);
    db.transaction(() => {
      let position = work.position;
      while (position.cursor !== null) {
        const stepped = executor.step(db, work.work, position, Number.MAX_SAFE_INTEGER);
        queue.advance(work.key, stepped.position, stepped.units, now);
        position = stepped.position;
      }
    })();
  }
}
