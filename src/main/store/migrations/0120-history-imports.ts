import type Database from 'better-sqlite3';
import type { Migration } from './types';

/*
 * Connecting an account that already holds years of faxes (issue 24): its history is imported in the
 * background after the first page, newest first, and the images of old received faxes stay on the
 * service until they are opened.
 *
 * - received.image_state gains 'remote': the image is kept on the service and downloaded when the
 *   fax is opened, printed or saved; the background downloader never picks such a row (its queue
 *   reads 'pending' and 'failed' only, through received_image_queue, so a hundred thousand remote
 *   rows cost it nothing).
 *   A CHECK constraint cannot be altered in SQLite, and rebuilding the table (or ALTER TABLE ADD
 *   COLUMN on a STRICT table, which runs quick_check over every row) costs seconds per 100,000 faxes
 *   at start. Allowing one more value only relaxes the constraint: every stored row still satisfies
 *   it and the file format does not change, which is the case SQLite documents the in-place schema
 *   edit for (lang_altertable.html, "Making Other Kinds Of Table Schema Changes": writable_schema,
 *   the table's CREATE text edited, schema_version incremented, in one transaction). The edit is
 *   checked to replace exactly the one constraint it means to.
 * - history_imports: per account and list (received, sent), where the import of older faxes stands:
 *   the position of the next page in the service's list, the total the list last gave, how many
 *   faxes were read and imported, the range asked for (`since`: the oldest completion time wanted,
 *   null for all), the boundary between imported history and what sync brings (faxes completed after
 *   `boundary` are the sync's), whether the person paused it, and the last error.
 * This file is frozen once released.
 */

function iso(column: string): string {
  return `CHECK (${column} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z')`;
}

const IMAGE_STATE_CHECK = "CHECK (image_state IN ('pending', 'downloading', 'stored', 'failed'))";
const IMAGE_STATE_CHECK_WITH_REMOTE = "CHECK (image_state IN ('pending', 'downloading', 'stored', 'failed', 'remote'))";

function allowRemoteImages(db: Database.Database): void {
  const sql = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'received'").pluck().get() as string | undefined;
  if (!sql || sql.split(IMAGE_STATE_CHECK).length !== 2) throw new Error('0120: the received table does not have the image_state constraint of 0030');
  const version = db.pragma('schema_version', { simple: true }) as number;
  // better-sqlite3 runs connections in SQLite's defensive mode, which ignores writable_schema.
  db.unsafeMode(true);
  try {
    db.pragma('writable_schema = ON');
    db.prepare("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'received'").run(sql.replace(IMAGE_STATE_CHECK, IMAGE_STATE_CHECK_WITH_REMOTE));
    db.pragma(`schema_version = ${version + 1}`);
    db.pragma('writable_schema = OFF');
  } finally {
    db.unsafeMode(false);
  }
}

export const migration0120: Migration = {
  version: 120,
  name: '0120-history-imports',
  up(db) {
    allowRemoteImages(db);
    db.exec(`
      CREATE TABLE history_imports (
        account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        list          TEXT NOT NULL CHECK (list IN ('received', 'sent')),
        state         TEXT NOT NULL CHECK (state IN ('importing', 'done')),
        paused        INTEGER NOT NULL DEFAULT 0 CHECK (paused IN (0, 1)),
        since         TEXT ${iso('since')},
        boundary      TEXT ${iso('boundary')},
        next_offset   INTEGER NOT NULL CHECK (next_offset >= 1),
        list_total    INTEGER CHECK (list_total >= 0),
        read          INTEGER NOT NULL DEFAULT 0 CHECK (read >= 0),
        imported      INTEGER NOT NULL DEFAULT 0 CHECK (imported >= 0),
        requests      INTEGER NOT NULL DEFAULT 0 CHECK (requests >= 0),
        started_at    TEXT NOT NULL ${iso('started_at')},
        updated_at    TEXT NOT NULL ${iso('updated_at')},
        finished_at   TEXT ${iso('finished_at')},
        last_error    TEXT,
        last_error_at TEXT ${iso('last_error_at')},
        PRIMARY KEY (account_id, list),
        CHECK ((state = 'done') = (finished_at IS NOT NULL))
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
