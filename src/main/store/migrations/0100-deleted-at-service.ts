import type { Migration } from './types';

/*
 * A received fax deleted at the service (by another desk on the same account, or in the web portal)
 * before this desk stored its image: received.gone_at is when the service first said it no longer has
 * the fax. Such a fax stays in the history with what is known (sender, pages, time), is never downloaded
 * again, and does not count as unread. NULL for every fax the service still has.
 * This file is frozen once released.
 */
export const migration0100: Migration = {
  version: 100,
  name: '0100-deleted-at-service',
  up(db) {
    db.exec(`
      ALTER TABLE received ADD COLUMN gone_at TEXT CHECK (gone_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z');
    `);
  },
};
