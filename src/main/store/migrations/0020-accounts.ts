import type { Migration } from './types';

/*
 * Fax service accounts. Only what is safe to keep in a file: addresses, identifiers, and whether each
 * secret is set. The API key, admin password and webhook HMAC secret live in the OS keychain (service
 * `faxdesk`); the Sandbox's live in memory. The `has_*` flags mirror what Faxdesk stored there, so
 * lists never have to touch the keychain.
 * - `id` is TEXT PRIMARY KEY: history tables (0030) reference accounts(id).
 * - At most one row of kind 'sandbox'.
 * - An account whose history is kept is archived (`archived_at`), not deleted: history rows restrict deletion.
 * This file is frozen once released: it holds its own SQL and does not import app constants.
 */
export const migration0020: Migration = {
  version: 20,
  name: '0020-accounts',
  up(db) {
    db.exec(`
      CREATE TABLE accounts (
        id                 TEXT PRIMARY KEY NOT NULL CHECK (id <> ''),
        label              TEXT NOT NULL CHECK (label <> ''),
        kind               TEXT NOT NULL CHECK (kind IN ('live', 'sandbox')),
        enabled            INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
        base_url           TEXT NOT NULL,
        admin_base_url     TEXT,
        app_id             TEXT NOT NULL,
        user_id            TEXT NOT NULL,
        admin_id           TEXT,
        admin_username     TEXT,
        has_api_key        INTEGER NOT NULL DEFAULT 0 CHECK (has_api_key IN (0, 1)),
        has_admin_password INTEGER NOT NULL DEFAULT 0 CHECK (has_admin_password IN (0, 1)),
        has_hmac_secret    INTEGER NOT NULL DEFAULT 0 CHECK (has_hmac_secret IN (0, 1)),
        settings           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(settings) AND json_type(settings) = 'object'),
        archived_at        TEXT,
        created_at         TEXT NOT NULL,
        updated_at         TEXT NOT NULL
      ) STRICT;
      CREATE UNIQUE INDEX accounts_single_sandbox ON accounts (kind) WHERE kind = 'sandbox';
      CREATE INDEX accounts_by_label ON accounts (archived_at, label COLLATE NOCASE);
    `);
  },
};
