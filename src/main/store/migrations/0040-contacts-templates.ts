import type { Migration } from './types';

/*
 * The address book (contacts and distribution lists) and the saved header designs. Contacts are not
 * tied to an account. A contact's number is normalised (digits) by the caller and is not unique: two
 * people may share one office fax. This file is frozen once released.
 */

function iso(column: string): string {
  return `CHECK (${column} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z')`;
}

export const migration0040: Migration = {
  version: 40,
  name: '0040-contacts-templates',
  up(db) {
    db.exec(`
      CREATE TABLE contacts (
        seq          INTEGER PRIMARY KEY,
        id           TEXT NOT NULL UNIQUE,
        name         TEXT NOT NULL DEFAULT '',
        company      TEXT NOT NULL DEFAULT '',
        fax_number   TEXT NOT NULL CHECK (fax_number <> ''),
        notes        TEXT NOT NULL DEFAULT '',
        last_used_at TEXT ${iso('last_used_at')},
        use_count    INTEGER NOT NULL DEFAULT 0 CHECK (use_count >= 0),
        created_at   TEXT NOT NULL ${iso('created_at')},
        updated_at   TEXT NOT NULL ${iso('updated_at')},
        -- Alphabetical by name, or by company for a contact with no name.
        sort_name    TEXT GENERATED ALWAYS AS (lower(CASE WHEN name <> '' THEN name ELSE company END)) VIRTUAL
      ) STRICT;

      CREATE INDEX contacts_by_name ON contacts(sort_name);
      CREATE INDEX contacts_recent ON contacts(last_used_at) WHERE last_used_at IS NOT NULL;
      CREATE INDEX contacts_by_number ON contacts(fax_number);

      CREATE TABLE distribution_lists (
        seq        INTEGER PRIMARY KEY,
        id         TEXT NOT NULL UNIQUE,
        name       TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (trim(name) <> ''),
        created_at TEXT NOT NULL ${iso('created_at')},
        updated_at TEXT NOT NULL ${iso('updated_at')}
      ) STRICT;

      CREATE TABLE distribution_list_members (
        list_id    TEXT NOT NULL REFERENCES distribution_lists(id) ON DELETE CASCADE,
        contact_id TEXT NOT NULL REFERENCES contacts(id) ON DELETE CASCADE,
        position   INTEGER NOT NULL CHECK (position >= 0),
        PRIMARY KEY (list_id, contact_id)
      ) STRICT, WITHOUT ROWID;

      -- Deleting a contact removes it from every list (the cascade looks members up by contact).
      CREATE INDEX distribution_list_members_contact ON distribution_list_members(contact_id);

      CREATE TABLE header_templates (
        seq        INTEGER PRIMARY KEY,
        id         TEXT NOT NULL UNIQUE,
        name       TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (trim(name) <> ''),
        options    TEXT NOT NULL CHECK (json_valid(options) AND json_type(options) = 'object'),
        is_default INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
        created_at TEXT NOT NULL ${iso('created_at')},
        updated_at TEXT NOT NULL ${iso('updated_at')}
      ) STRICT;

      -- At most one default template.
      CREATE UNIQUE INDEX header_templates_one_default ON header_templates(is_default) WHERE is_default = 1;
    `);
  },
};
