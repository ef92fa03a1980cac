import type { Migration } from './types';

/*
 * The webhook receiver (instant updates):
 * - webhook_receiver: its one row of settings (no secret: the HMAC keys and the TLS private key are in
 *   the keychain);
 * - webhook_receipts: every verified notification, once per (account, notification id): the dedupe
 *   key against the service's retries and replays, and the durable hold for an outbound notification
 *   that arrives before the fax's POST response was recorded (state 'held' until the fax_id is known);
 *   also the FAILED deliveries reconciled after the retry window ('reconciled'), so each is handled once;
 * - webhook_deliveries: the recent posts to the receiver, verified or not, for Settings (pruned).
 * Payloads are stored as the facts the receiver parsed, never the raw body.
 * This file is frozen once released.
 */

function iso(column: string): string {
  return `CHECK (${column} GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-6][0-9].[0-9][0-9][0-9]Z')`;
}

export const migration0070: Migration = {
  version: 70,
  name: '0070-webhook-receiver',
  up(db) {
    db.exec(`
      CREATE TABLE webhook_receiver (
        id             INTEGER PRIMARY KEY CHECK (id = 1),
        enabled        INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
        host           TEXT NOT NULL DEFAULT '127.0.0.1' CHECK (host <> ''),
        port           INTEGER NOT NULL DEFAULT 8443 CHECK (port BETWEEN 1 AND 65535),
        tls            INTEGER NOT NULL DEFAULT 0 CHECK (tls IN (0, 1)),
        cert_path      TEXT,
        public_url     TEXT,
        sandbox        INTEGER NOT NULL DEFAULT 0 CHECK (sandbox IN (0, 1)),
        updated_at     TEXT NOT NULL ${iso('updated_at')}
      ) STRICT;

      CREATE TABLE webhook_receipts (
        seq             INTEGER PRIMARY KEY,
        account_id      TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
        notification_id TEXT NOT NULL CHECK (notification_id <> ''),
        kind            TEXT NOT NULL CHECK (kind IN ('OUTBOUND', 'INBOUND', 'PING', 'RECONCILED')),
        fax_id          TEXT,
        facts           TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(facts) AND json_type(facts) = 'object'),
        state           TEXT NOT NULL CHECK (state IN ('held', 'applied')),
        received_at     TEXT NOT NULL ${iso('received_at')},
        applied_at      TEXT ${iso('applied_at')},
        UNIQUE (account_id, notification_id)
      ) STRICT;

      CREATE INDEX webhook_receipts_held ON webhook_receipts(account_id, received_at) WHERE state = 'held';
      CREATE INDEX webhook_receipts_fax ON webhook_receipts(account_id, fax_id) WHERE fax_id IS NOT NULL;

      CREATE TABLE webhook_deliveries (
        seq             INTEGER PRIMARY KEY,
        at              TEXT NOT NULL ${iso('at')},
        listener        TEXT NOT NULL CHECK (listener IN ('public', 'sandbox')),
        event_type      TEXT,
        account_id      TEXT,
        notification_id TEXT,
        fax_id          TEXT,
        verified        INTEGER NOT NULL CHECK (verified IN (0, 1)),
        http_status     INTEGER NOT NULL,
        outcome         TEXT NOT NULL
      ) STRICT;
    `);
  },
};
