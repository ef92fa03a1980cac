import type { Migration } from './types';

/*
 * The fax history: outbound jobs, their timelines, received faxes, the webhook delivery log and the
 * sync cursors. Written for millions of rows:
 * - every table the UI lists has an INTEGER PRIMARY KEY `seq` (stable across VACUUM, so the FTS index
 *   of 0050 can point at it) and a TEXT `id` (uuid) that leaves the process;
 * - every list is newest first by (time, seq) and has an index that serves it without sorting, so a
 *   page is a keyset range read ((time, seq) < (?, ?)), never an OFFSET;
 * - timestamps are ISO-8601 UTC in one spelling (checked), so text order is time order;
 * - history is never lost by deleting an account: the account must be archived or purged explicitly
 *   (ON DELETE RESTRICT); only the sync cursors go with it.
 * This file is frozen once released: it holds its own SQL and does not import app constants.
 */

/** Timestamp columns hold `YYYY-MM-DDTHH:mm:ss.sssZ` (Date#toISOString) or NULL. */
function iso(column: string): string {
  return `CHECK (${column} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z')`;
}

function jsonObject(column: string): string {
  return `CHECK (json_valid(${column}) AND json_type(${column}) = 'object')`;
}

const OUTBOUND_STATES = [
  'QUEUED',
  'SCHEDULED',
  'SUBMITTING',
  'SUBMITTED',
  'UNKNOWN',
  'REJECTED',
  'CANCEL_REQUESTED',
  'NEW',
  'IN_PROGRESS',
  'PENDING_RETRY',
  'COMPLETED',
  'ERROR',
  'CANCELED',
];

const quoted = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

export const migration0030: Migration = {
  version: 30,
  name: '0030-history',
  up(db) {
    db.exec(`
      CREATE TABLE outbound (
        seq               INTEGER PRIMARY KEY,
        id                TEXT NOT NULL UNIQUE,
        account_id        TEXT NOT NULL REFERENCES accounts(id) ON DELETE RESTRICT,
        origin            TEXT NOT NULL CHECK (origin IN ('local', 'service')),
        compose_id        TEXT,
        destination_index INTEGER NOT NULL DEFAULT 0 CHECK (destination_index >= 0),
        fax_id            TEXT CHECK (fax_id <> ''),
        state             TEXT NOT NULL CHECK (state IN (${quoted(OUTBOUND_STATES)})),
        phase             TEXT GENERATED ALWAYS AS (
                            CASE state
                              WHEN 'COMPLETED' THEN 'completed'
                              WHEN 'ERROR' THEN 'failed'
                              WHEN 'REJECTED' THEN 'failed'
                              WHEN 'CANCELED' THEN 'canceled'
                              ELSE 'active'
                            END) VIRTUAL,
        destination       TEXT NOT NULL CHECK (destination <> ''),
        to_name           TEXT NOT NULL DEFAULT '',
        to_company        TEXT NOT NULL DEFAULT '',
        subject           TEXT NOT NULL DEFAULT '',
        options           TEXT NOT NULL DEFAULT '{}' ${jsonObject('options')},
        documents         TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(documents) AND json_type(documents) = 'array'),
        client_data       TEXT NOT NULL DEFAULT '{}' ${jsonObject('client_data')},
        page_count        INTEGER CHECK (page_count >= 0),
        scheduled_at      TEXT ${iso('scheduled_at')},
        submitted_at      TEXT ${iso('submitted_at')},
        completed_at      TEXT ${iso('completed_at')},
        duration          INTEGER CHECK (duration >= 0),
        pages             INTEGER CHECK (pages >= 0),
        error_code        TEXT,
        error_reason      TEXT,
        billable_retries  INTEGER CHECK (billable_retries >= 0),
        rejection         TEXT,
        created_at        TEXT NOT NULL ${iso('created_at')},
        updated_at        TEXT NOT NULL ${iso('updated_at')},
        -- A job composed here always belongs to a compose; one the sync found on the service never does.
        CHECK ((origin = 'local') = (compose_id IS NOT NULL)),
        CHECK (state <> 'SCHEDULED' OR scheduled_at IS NOT NULL),
        -- The idempotency key: persisting the same compose twice (a double click) makes one job per destination.
        UNIQUE (compose_id, destination_index)
      ) STRICT;

      -- A fax_id names one fax of one account.
      CREATE UNIQUE INDEX outbound_account_fax ON outbound(account_id, fax_id) WHERE fax_id IS NOT NULL;
      -- Newest first (the rowid seq is the implicit last column: ORDER BY created_at DESC, seq DESC needs no sort).
      CREATE INDEX outbound_newest ON outbound(created_at);
      CREATE INDEX outbound_account_newest ON outbound(account_id, created_at);
      CREATE INDEX outbound_phase_newest ON outbound(phase, created_at);
      CREATE INDEX outbound_account_phase_newest ON outbound(account_id, phase, created_at);
      -- Scheduled jobs that fall due.
      CREATE INDEX outbound_due ON outbound(scheduled_at) WHERE state = 'SCHEDULED';

      CREATE TABLE received (
        seq                INTEGER PRIMARY KEY,
        id                 TEXT NOT NULL UNIQUE,
        account_id         TEXT NOT NULL REFERENCES accounts(id) ON DELETE RESTRICT,
        fax_id             TEXT NOT NULL CHECK (fax_id <> ''),
        pages              INTEGER CHECK (pages >= 0),
        fax_status         TEXT,
        completed_at       TEXT NOT NULL ${iso('completed_at')},
        originating_number TEXT,
        destination_number TEXT,
        tsid               TEXT,
        image_path         TEXT,
        image_state        TEXT NOT NULL DEFAULT 'pending' CHECK (image_state IN ('pending', 'downloading', 'stored', 'failed')),
        image_error        TEXT,
        image_attempts     INTEGER NOT NULL DEFAULT 0 CHECK (image_attempts >= 0),
        downloaded_at      TEXT ${iso('downloaded_at')},
        read_at            TEXT ${iso('read_at')},
        printed_at         TEXT ${iso('printed_at')},
        deleted_at         TEXT ${iso('deleted_at')},
        first_seen_at      TEXT NOT NULL ${iso('first_seen_at')},
        updated_at         TEXT NOT NULL ${iso('updated_at')},
        CHECK (image_state <> 'stored' OR image_path IS NOT NULL),
        UNIQUE (account_id, fax_id)
      ) STRICT;

      -- The inbox lists only what was not deleted locally: partial indexes keep tombstones out of the way.
      CREATE INDEX received_newest ON received(completed_at) WHERE deleted_at IS NULL;
      CREATE INDEX received_account_newest ON received(account_id, completed_at) WHERE deleted_at IS NULL;
      CREATE INDEX received_unread ON received(completed_at) WHERE deleted_at IS NULL AND read_at IS NULL;
      CREATE INDEX received_account_unread ON received(account_id, completed_at) WHERE deleted_at IS NULL AND read_at IS NULL;
      -- Images still to fetch (pending, failed, or interrupted while downloading).
      CREATE INDEX received_image_queue ON received(image_state, completed_at) WHERE image_state <> 'stored';

      CREATE TABLE fax_events (
        id          INTEGER PRIMARY KEY,
        direction   TEXT NOT NULL CHECK (direction IN ('OUTBOUND', 'INBOUND')),
        outbound_id TEXT REFERENCES outbound(id) ON DELETE CASCADE,
        received_id TEXT REFERENCES received(id) ON DELETE CASCADE,
        at          TEXT NOT NULL ${iso('at')},
        source      TEXT NOT NULL CHECK (source IN ('local', 'detail', 'metadata', 'sent-list', 'received-list', 'notification', 'webhook')),
        status      TEXT NOT NULL CHECK (status <> ''),
        detail      TEXT NOT NULL DEFAULT '{}' ${jsonObject('detail')},
        recorded_at TEXT NOT NULL ${iso('recorded_at')},
        CHECK ((direction = 'OUTBOUND' AND outbound_id IS NOT NULL AND received_id IS NULL)
            OR (direction = 'INBOUND' AND received_id IS NOT NULL AND outbound_id IS NULL))
      ) STRICT;

      -- One index per direction serves the timeline (WHERE ref = ? ORDER BY at), the foreign-key cascade,
      -- and the dedupe: the same (fax, at, source, status) is never written twice.
      CREATE UNIQUE INDEX fax_events_outbound ON fax_events(outbound_id, at, source, status) WHERE outbound_id IS NOT NULL;
      CREATE UNIQUE INDEX fax_events_received ON fax_events(received_id, at, source, status) WHERE received_id IS NOT NULL;
      CREATE INDEX fax_events_recent ON fax_events(at);

      CREATE TABLE notifications (
        seq           INTEGER PRIMARY KEY,
        account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE RESTRICT,
        notify_id     TEXT NOT NULL CHECK (notify_id <> ''),
        fax_id        TEXT,
        direction     TEXT CHECK (direction IN ('OUTBOUND', 'INBOUND')),
        completed_at  TEXT NOT NULL ${iso('completed_at')},
        notify_type   TEXT,
        destination   TEXT,
        sent_status   TEXT,
        first_seen_at TEXT NOT NULL ${iso('first_seen_at')},
        updated_at    TEXT NOT NULL ${iso('updated_at')},
        UNIQUE (account_id, notify_id)
      ) STRICT;

      CREATE INDEX notifications_newest ON notifications(completed_at);
      CREATE INDEX notifications_account_newest ON notifications(account_id, completed_at);
      CREATE INDEX notifications_account_status ON notifications(account_id, sent_status, completed_at);
      CREATE INDEX notifications_fax ON notifications(account_id, fax_id);

      CREATE TABLE sync_cursors (
        account_id    TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        feed          TEXT NOT NULL CHECK (feed <> ''),
        cursor        TEXT,
        last_ok_at    TEXT ${iso('last_ok_at')},
        last_error    TEXT,
        last_error_at TEXT ${iso('last_error_at')},
        PRIMARY KEY (account_id, feed)
      ) STRICT, WITHOUT ROWID;
    `);
  },
};
