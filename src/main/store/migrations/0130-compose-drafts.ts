import type { Migration } from './types';

/*
 * The Compose draft, saved as the person works so a reload or a crash loses nothing:
 * - compose_drafts: the draft as the page holds it (JSON checked against SavedDraftSchema before it is
 *   written), under its compose id, with the time it was saved. One row today (slot 1: the fax being
 *   written); the key leaves room for more drafts without a new table.
 * Its documents are referred to by id inside the JSON; the document collector reads them from there.
 * This file is frozen once released.
 */
export const migration0130: Migration = {
  version: 130,
  name: '0130-compose-drafts',
  up(db) {
    db.exec(`
      CREATE TABLE compose_drafts (
        slot        INTEGER PRIMARY KEY CHECK (slot = 1),
        compose_id  TEXT NOT NULL CHECK (length(compose_id) = 36),
        draft       TEXT NOT NULL CHECK (json_valid(draft) AND json_type(draft) = 'object' AND json_type(draft, '$.documents') = 'array'),
        saved_at    TEXT NOT NULL CHECK (saved_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z')
      ) STRICT;
    `);
  },
};
