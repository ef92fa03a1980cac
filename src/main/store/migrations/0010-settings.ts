import type { Migration } from './types';

/** Key-value preferences; each value is JSON and is validated per key when read. */
export const migration0010: Migration = {
  version: 10,
  name: '0010-settings',
  up(db) {
    db.exec(`
      CREATE TABLE settings (
        key        TEXT PRIMARY KEY NOT NULL,
        value      TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
    `);
  },
};
