/**
 * The webhook receiver's tables (migration 0070): its settings row, the receipts (dedupe by
 * notification id, and the durable hold of an outbound notification whose fax is not known yet), and
 * the recent deliveries shown in Settings. No secret is ever written here.
 */
import type { Db } from '../database';
import { isoUtc, stableJson } from './row-support';

export type ReceiptKind = 'OUTBOUND' | 'INBOUND' | 'PING' | 'RECONCILED';
export type ReceiptState = 'held' | 'applied';
export type ListenerName = 'public' | 'sandbox';

export interface ReceiverSettingsRow {
  enabled: boolean;
  host: string;
  port: number;
  tls: boolean;
  certPath: string | null;
  publicUrl: string | null;
  sandbox: boolean;
  updatedAt: string | null;
}

export interface Receipt {
  accountId: string;
  notificationId: string;
  kind: ReceiptKind;
  faxId: string | null;
  facts: Record<string, unknown>;
  state: ReceiptState;
  receivedAt: string;
  appliedAt: string | null;
}

export interface DeliveryLogEntry {
  seq: number;
  at: string;
  listener: ListenerName;
  eventType: string | null;
  accountId: string | null;
  notificationId: string | null;
  faxId: string | null;
  verified: boolean;
  httpStatus: number;
  outcome: string;
}

export type NewDeliveryLogEntry = Omit<DeliveryLogEntry, 'seq'>;

/** Outbound notifications held for faxes not known here: how many, and their stored size in bytes. */
export interface HeldTally {
  count: number;
  bytes: number;
}

/** What trimHeld dropped. */
export interface HeldTrim {
  dropped: number;
  /** When the newest of the dropped ones was received (ISO), null when none was dropped. */
  newestDroppedAt: string | null;
}

/** Deliveries kept for Settings; older ones are pruned as new ones come. */
export const MAX_DELIVERY_LOG = 500;

export const DEFAULT_RECEIVER_SETTINGS: ReceiverSettingsRow = Object.freeze({
  enabled: false,
  host: '127.0.0.1',
  port: 8443,
  tls: false,
  certPath: null,
  publicUrl: null,
  sandbox: false,
  updatedAt: null,
});

interface SettingsRow {
  enabled: number;
  host: string;
  port: number;
  tls: number;
  cert_path: string | null;
  public_url: string | null;
  sandbox: number;
  updated_at: string;
}

interface ReceiptRow {
  account_id: string;
  notification_id: string;
  kind: ReceiptKind;
  fax_id: string | null;
  facts: string;
  state: ReceiptState;
  received_at: string;
  applied_at: string | null;
}

interface DeliveryRow {
  seq: number;
  at: string;
  listener: ListenerName;
  event_type: string | null;
  account_id: string | null;
  notification_id: string | null;
  fax_id: string | null;
  verified: number;
  http_status: number;
  outcome: string;
}

export class WebhookRepository {
  private readonly selectSettings;
  private readonly upsertSettings;
  private readonly insertReceipt;
  private readonly selectReceipt;
  private readonly markApplied;
  private readonly selectHeld;
  private readonly selectReceiptsForFax;
  private readonly deleteOldHeld;
  private readonly insertDelivery;
  private readonly pruneDeliveries;
  private readonly selectDeliveries;
  private readonly selectHeldTally;
  private readonly selectOldestHeld;
  private readonly deleteReceipt;
  /** The held tally kept up to date by this repository's own writes; null = read it again. */
  private tally: HeldTally | null = null;

  constructor(private readonly db: Db) {
    this.selectSettings = db.prepare<[], SettingsRow>('SELECT enabled, host, port, tls, cert_path, public_url, sandbox, updated_at FROM webhook_receiver WHERE id = 1');
    this.upsertSettings = db.prepare(
      `INSERT INTO webhook_receiver (id, enabled, host, port, tls, cert_path, public_url, sandbox, updated_at)
       VALUES (1, @enabled, @host, @port, @tls, @certPath, @publicUrl, @sandbox, @updatedAt)
       ON CONFLICT (id) DO UPDATE SET enabled = excluded.enabled, host = excluded.host, port = excluded.port, tls = excluded.tls,
         cert_path = excluded.cert_path, public_url = excluded.public_url, sandbox = excluded.sandbox, updated_at = excluded.updated_at`,
    );
    this.insertReceipt = db.prepare(
      `INSERT INTO webhook_receipts (account_id, notification_id, kind, fax_id, facts, state, received_at, applied_at)
       VALUES (@accountId, @notificationId, @kind, @faxId, @facts, @state, @receivedAt, @appliedAt)
       ON CONFLICT (account_id, notification_id) DO NOTHING`,
    );
    const receiptColumns = 'account_id, notification_id, kind, fax_id, facts, state, received_at, applied_at';
    this.selectReceipt = db.prepare<[string, string], ReceiptRow>(`SELECT ${receiptColumns} FROM webhook_receipts WHERE account_id = ? AND notification_id = ?`);
    this.markApplied = db.prepare<{ accountId: string; notificationId: string; at: string }, { kind: ReceiptKind; bytes: number }>(
      `UPDATE webhook_receipts SET state = 'applied', applied_at = @at WHERE account_id = @accountId AND notification_id = @notificationId AND state = 'held'
       RETURNING kind, length(CAST(facts AS BLOB)) AS bytes`,
    );
    this.selectHeld = db.prepare<[string], ReceiptRow>(`SELECT ${receiptColumns} FROM webhook_receipts WHERE account_id = ? AND state = 'held' ORDER BY received_at LIMIT 500`);
    this.selectReceiptsForFax = db.prepare<[string, string], ReceiptRow>(`SELECT ${receiptColumns} FROM webhook_receipts WHERE account_id = ? AND fax_id = ? ORDER BY seq LIMIT 50`);
    this.deleteOldHeld = db.prepare(`DELETE FROM webhook_receipts WHERE state = 'held' AND received_at < ?`);
    this.insertDelivery = db.prepare(
      `INSERT INTO webhook_deliveries (at, listener, event_type, account_id, notification_id, fax_id, verified, http_status, outcome)
       VALUES (@at, @listener, @eventType, @accountId, @notificationId, @faxId, @verified, @httpStatus, @outcome)`,
    );
    this.pruneDeliveries = db.prepare(`DELETE FROM webhook_deliveries WHERE seq <= (SELECT max(seq) FROM webhook_deliveries) - ${MAX_DELIVERY_LOG}`);
    const heldOutbound = `state = 'held' AND kind = 'OUTBOUND'`;
    this.selectHeldTally = db.prepare<[], HeldTally>(`SELECT count(*) AS count, coalesce(sum(length(CAST(facts AS BLOB))), 0) AS bytes FROM webhook_receipts WHERE ${heldOutbound}`);
    this.selectOldestHeld = db.prepare<[], { seq: number; bytes: number; received_at: string }>(
      `SELECT seq, length(CAST(facts AS BLOB)) AS bytes, received_at FROM webhook_receipts WHERE ${heldOutbound} ORDER BY received_at, seq`,
    );
    this.deleteReceipt = db.prepare<[number]>('DELETE FROM webhook_receipts WHERE seq = ?');
    this.selectDeliveries = db.prepare<[number], DeliveryRow>(
      'SELECT seq, at, listener, event_type, account_id, notification_id, fax_id, verified, http_status, outcome FROM webhook_deliveries ORDER BY seq DESC LIMIT ?',
    );
  }

  settings(): ReceiverSettingsRow {
    const row = this.selectSettings.get();
    if (!row) return { ...DEFAULT_RECEIVER_SETTINGS };
    return {
      enabled: row.enabled === 1,
      host: row.host,
      port: row.port,
      tls: row.tls === 1,
      certPath: row.cert_path,
      publicUrl: row.public_url,
      sandbox: row.sandbox === 1,
      updatedAt: row.updated_at,
    };
  }

  saveSettings(settings: Omit<ReceiverSettingsRow, 'updatedAt'>, now: Date): ReceiverSettingsRow {
    const updatedAt = isoUtc(now, 'now');
    this.upsertSettings.run({
      enabled: settings.enabled ? 1 : 0,
      host: settings.host,
      port: settings.port,
      tls: settings.tls ? 1 : 0,
      certPath: settings.certPath,
      publicUrl: settings.publicUrl,
      sandbox: settings.sandbox ? 1 : 0,
      updatedAt,
    });
    return { ...settings, updatedAt };
  }

  /** Records a verified notification; false when this (account, notification id) was seen before. */
  addReceipt(receipt: Receipt): boolean {
    const facts = stableJson(receipt.facts);
    const added =
      this.insertReceipt.run({
        accountId: receipt.accountId,
        notificationId: receipt.notificationId,
        kind: receipt.kind,
        faxId: receipt.faxId,
        facts,
        state: receipt.state,
        receivedAt: isoUtc(receipt.receivedAt, 'receivedAt'),
        appliedAt: receipt.appliedAt === null ? null : isoUtc(receipt.appliedAt, 'appliedAt'),
      }).changes > 0;
    if (added && this.tally && receipt.state === 'held' && receipt.kind === 'OUTBOUND') {
      this.tally.count++;
      this.tally.bytes += Buffer.byteLength(facts);
    }
    return added;
  }

  /** Held outbound notifications (their faxes not known here yet): counted once, then kept up to date. */
  heldTally(): HeldTally {
    this.tally ??= { ...this.selectHeldTally.get()! };
    return { ...this.tally };
  }

  /**
   * Past `limits.count` held outbound notifications or `limits.bytes` of them, drops the oldest until a
   * tenth of the room is free again (so that a steady stream over the limit trims once per tenth, not at
   * every delivery: each trim counts the held rows afresh). Polling still reports those faxes; a
   * notification dropped here is only one that came before (or instead of) its fax being known here.
   */
  trimHeld(limits: HeldTally): HeldTrim {
    const tally = this.heldTally();
    if (tally.count <= limits.count && tally.bytes <= limits.bytes) return { dropped: 0, newestDroppedAt: null };
    const target = { count: limits.count - Math.max(1, Math.floor(limits.count / 10)), bytes: Math.floor(limits.bytes * 0.9) };
    return this.db.transaction((): HeldTrim => {
      // Counted afresh (rows may also go with their account): the tally only says when to look.
      const left = { ...this.selectHeldTally.get()! };
      const drop: { seq: number; received_at: string }[] = [];
      // Oldest first, only as far as needed (the rows are deleted after the read ends).
      for (const row of this.selectOldestHeld.iterate()) {
        if (left.count <= target.count && left.bytes <= target.bytes) break;
        drop.push(row);
        left.count--;
        left.bytes -= row.bytes;
      }
      for (const row of drop) this.deleteReceipt.run(row.seq);
      this.tally = left;
      return { dropped: drop.length, newestDroppedAt: drop.at(-1)?.received_at ?? null };
    })();
  }

  /** Runs `work` in one transaction (a receipt and its log entry commit together). */
  atomically<T>(work: () => T): T {
    return this.db.transaction(work)();
  }

  receipt(accountId: string, notificationId: string): Receipt | undefined {
    const row = this.selectReceipt.get(accountId, notificationId);
    return row && toReceipt(row);
  }

  /** A held receipt was applied; false when it was not held (already applied by another path). */
  applied(accountId: string, notificationId: string, now: Date): boolean {
    const row = this.markApplied.get({ accountId, notificationId, at: isoUtc(now, 'now') });
    if (row && row.kind === 'OUTBOUND' && this.tally) {
      this.tally.count--;
      this.tally.bytes -= row.bytes;
    }
    return row !== undefined;
  }

  held(accountId: string): Receipt[] {
    return this.selectHeld.all(accountId).map(toReceipt);
  }

  receiptsForFax(accountId: string, faxId: string): Receipt[] {
    return this.selectReceiptsForFax.all(accountId, faxId).map(toReceipt);
  }

  /** Drops receipts held since before `before` (their fax never became known); returns how many. */
  dropHeldBefore(before: Date): number {
    this.tally = null;
    return this.deleteOldHeld.run(isoUtc(before, 'before')).changes;
  }

  /** Adds entries to the delivery log (a burst's at once), pruning it to MAX_DELIVERY_LOG once. */
  logDeliveries(entries: readonly NewDeliveryLogEntry[]): void {
    if (entries.length === 0) return;
    this.db.transaction(() => {
      for (const entry of entries) {
        this.insertDelivery.run({
          at: isoUtc(entry.at, 'at'),
          listener: entry.listener,
          eventType: entry.eventType,
          accountId: entry.accountId,
          notificationId: entry.notificationId,
          faxId: entry.faxId,
          verified: entry.verified ? 1 : 0,
          httpStatus: entry.httpStatus,
          outcome: entry.outcome.slice(0, 500),
        });
      }
      this.pruneDeliveries.run();
    })();
  }

  /** Newest first. */
  deliveries(limit: number): DeliveryLogEntry[] {
    return this.selectDeliveries.all(Math.max(1, Math.min(limit, MAX_DELIVERY_LOG))).map((r) => ({
      seq: r.seq,
      at: r.at,
      listener: r.listener,
      eventType: r.event_type,
      accountId: r.account_id,
      notificationId: r.notification_id,
      faxId: r.fax_id,
      verified: r.verified === 1,
      httpStatus: r.http_status,
      outcome: r.outcome,
    }));
  }
}

function toReceipt(row: ReceiptRow): Receipt {
  let facts: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.facts);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) facts = parsed as Record<string, unknown>;
  } catch {
    // The CHECK keeps it an object; a damaged row is read as no facts.
  }
  return {
    accountId: row.account_id,
    notificationId: row.notification_id,
    kind: row.kind,
    faxId: row.fax_id,
    facts,
    state: row.state,
    receivedAt: row.received_at,
    appliedAt: row.applied_at,
  };
}
