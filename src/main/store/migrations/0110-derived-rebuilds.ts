import type { Migration } from './types';

/*
 * The queue of derived data to rebuild after start (issue 24): a search index a migration replaced
 * is retired and refilled by the maintenance service in small transactions, while the window works.
 * - One row per piece of work, keyed by what it rebuilds (`fill-search:outbound_fts`): a later
 *   migration that replaces the same thing replaces the row, and its progress starts again.
 * - `cursor` and `floor` are the executor's position (see src/main/store/derived), written in the
 *   same transaction as each piece, so a crash or a quit resumes exactly where the last piece ended;
 *   `done` and `total` are units (rows) for the progress shown.
 * - A finished piece keeps its row (finished_at) as a record of what was rebuilt when.
 * The migration runner records work in this table when it exists at the end of an upgrade (it is
 * created in the same transaction as the steps that declare work); earlier schemas do the work inline.
 * This file is frozen once released.
 */

function iso(column: string): string {
  return `CHECK (${column} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z')`;
}

export const migration0110: Migration = {
  version: 110,
  name: '0110-derived-rebuilds',
  up(db) {
    db.exec(`
      CREATE TABLE derived_rebuilds (
        seq          INTEGER PRIMARY KEY,
        key          TEXT NOT NULL UNIQUE CHECK (key <> ''),
        kind         TEXT NOT NULL CHECK (kind <> ''),
        target       TEXT NOT NULL CHECK (target <> ''),
        -- The migration that asked for it.
        version      INTEGER NOT NULL CHECK (version > 0),
        priority     INTEGER NOT NULL DEFAULT 0,
        cursor       INTEGER,
        floor        INTEGER NOT NULL DEFAULT 0,
        done         INTEGER NOT NULL DEFAULT 0 CHECK (done >= 0),
        total        INTEGER NOT NULL DEFAULT 0 CHECK (total >= 0),
        requested_at TEXT NOT NULL ${iso('requested_at')},
        started_at   TEXT ${iso('started_at')},
        finished_at  TEXT ${iso('finished_at')},
        CHECK ((finished_at IS NULL) = (cursor IS NOT NULL))
      ) STRICT;

      CREATE INDEX derived_rebuilds_pending ON derived_rebuilds(priority, seq) WHERE finished_at IS NULL;
    `);
  },
};
