import type { Migration } from './types';

/*
 * A received fax deleted at the service (by another desk on the same account, or in the web portal)
 * before this desk stored its image: received_gone.gone_at is when the service first said it no longer
 * has the fax. Such a fax stays in the history with what is known (sender, pages, time), is never
 * downloaded again, and does not count as unread. No row for every fax the service still has.
 *
 * A table of its own, keyed by the fax's row, not a column of `received`: `received` is STRICT, and
 * SQLite checks every row of a STRICT table (or of any table whose new column has a CHECK) when a column
 * is added (pragma_quick_check in sqlite3AlterFinishAddColumn, alter.c, since 3.37): 0.9 s on 200,000
 * received faxes, in the start-up transaction, before the window can answer. A new table costs nothing
 * to add, and few faxes are ever gone.
 * This file is frozen once released.
 */
export const migration0100: Migration = {
  version: 100,
  name: '0100-deleted-at-service',
  up(db) {
    db.exec(`
      CREATE TABLE received_gone (
        seq     INTEGER PRIMARY KEY REFERENCES received(seq) ON DELETE CASCADE,
        gone_at TEXT NOT NULL CHECK (gone_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z')
      ) STRICT;
    `);
  },
};
