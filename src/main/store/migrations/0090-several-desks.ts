import type { Migration } from './types';

/*
 * Several desks on one fax account: this data folder's one random installation id (16 hex characters),
 * made here once. It goes into the marker of every fax sent from here (src/shared/domain/desk-marker.ts),
 * so no other installation's fax is ever taken for one of ours; copying a data folder copies it (the copy
 * is the same desk). Who sent a fax found in the sent list is read from its client_data (the marker), not
 * copied into a column: one source for that fact, and faxes imported before this version show it too.
 * This file is frozen once released.
 */
export const migration0090: Migration = {
  version: 90,
  name: '0090-several-desks',
  up(db) {
    db.exec(`
      CREATE TABLE installation (
        id              INTEGER PRIMARY KEY CHECK (id = 1),
        installation_id TEXT NOT NULL CHECK (length(installation_id) = 16 AND installation_id NOT GLOB '*[^0-9a-f]*'),
        created_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT;
      INSERT INTO installation (id, installation_id) VALUES (1, lower(hex(randomblob(8))));
    `);
  },
};
