/**
 * The webhook delivery log, mirrored from GET /notifications. A record is written when it is new or
 * when one of its fields changed (QUEUED -> SUCCESSFUL...); an idle sync cycle writes nothing.
 */
import type { Db } from '../database';
import type { FaxDirection } from '../../../shared/domain/fax';
import type { KeysetPage, LoggedNotification, NotificationFacts, PageCursor, UpsertResult } from '../../../shared/domain/history';
import { StatementCache, checkCursor, isoUtc, keysetPage, keysetParams, optionalIsoUtc, pageSize, updateWhenChangedSql } from './row-support';

interface NotificationRow {
  seq: number;
  account_id: string;
  notify_id: string;
  fax_id: string | null;
  direction: FaxDirection | null;
  completed_at: string;
  notify_type: string | null;
  destination: string | null;
  sent_status: string | null;
  first_seen_at: string;
  updated_at: string;
}

const COLUMNS = `seq, account_id, notify_id, fax_id, direction, completed_at, notify_type, destination, sent_status, first_seen_at, updated_at`;

export interface NotificationPageQuery {
  accountId?: string;
  /** Upper-case, e.g. FAILED; needs accountId (the index is per account). */
  sentStatus?: string;
  after?: PageCursor | null;
  limit?: number;
}

export function notificationsPageSql(filter: { accountId: boolean; sentStatus: boolean; after: boolean }): string {
  const where: string[] = [];
  if (filter.accountId) where.push('account_id = @accountId');
  if (filter.sentStatus) where.push('sent_status = @sentStatus');
  if (filter.after) where.push('(completed_at, seq) < (@afterKey, @afterSeq)');
  return `SELECT ${COLUMNS} FROM notifications ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY completed_at DESC, seq DESC LIMIT @limit`;
}

export class NotificationsRepository {
  private readonly insertNew;
  private readonly updateChanged;
  private readonly selectForFaxes;
  private readonly selectOne;
  private readonly statements;

  constructor(private readonly db: Db) {
    this.insertNew = db.prepare(
      `INSERT INTO notifications (account_id, notify_id, fax_id, direction, completed_at, notify_type, destination, sent_status,
         first_seen_at, updated_at)
       VALUES (@accountId, @notifyId, @faxId, @direction, coalesce(@completedAt, @now), @notifyType, @destination, @sentStatus, @now, @now)
       ON CONFLICT (account_id, notify_id) DO NOTHING`,
    );
    // null = the service did not say: keep what is known.
    this.updateChanged = db.prepare(
      updateWhenChangedSql(
        'notifications',
        {
          fax_id: 'coalesce(@faxId, fax_id)',
          direction: 'coalesce(@direction, direction)',
          completed_at: 'coalesce(@completedAt, completed_at)',
          notify_type: 'coalesce(@notifyType, notify_type)',
          destination: 'coalesce(@destination, destination)',
          sent_status: 'coalesce(@sentStatus, sent_status)',
        },
        { where: 'account_id = @accountId AND notify_id = @notifyId', touch: 'updated_at = @now' },
      ),
    );
    this.selectForFaxes = db.prepare<[string, string], NotificationRow>(
      `SELECT ${COLUMNS} FROM notifications WHERE account_id = ? AND fax_id IN (SELECT value FROM json_each(?)) ORDER BY completed_at, seq`,
    );
    this.selectOne = db.prepare<[string, string], NotificationRow>(`SELECT ${COLUMNS} FROM notifications WHERE account_id = ? AND notify_id = ?`);
    this.statements = new StatementCache(db);
  }

  /** Writes the record if it is new or differs from the stored one; reports which. */
  upsertIfChanged(accountId: string, record: NotificationFacts, now: Date): UpsertResult {
    const params = {
      accountId,
      notifyId: record.notifyId,
      faxId: record.faxId,
      direction: record.direction,
      completedAt: optionalIsoUtc(record.faxCompletedAt, 'faxCompletedAt'),
      notifyType: record.notifyType,
      destination: record.notifyDestination,
      sentStatus: record.sentStatus === null ? null : record.sentStatus.toUpperCase(),
      now: isoUtc(now, 'now'),
    };
    return this.db.transaction((): UpsertResult => {
      if (this.insertNew.run(params).changes > 0) return { id: record.notifyId, created: true, changed: true };
      return { id: record.notifyId, created: false, changed: this.updateChanged.run(params).changes > 0 };
    })();
  }

  /** Mirrors one page of the log in one transaction; counts what was new and what changed. */
  upsertManyIfChanged(accountId: string, records: readonly NotificationFacts[], now: Date): { created: number; changed: number } {
    return this.db.transaction(() => {
      let created = 0;
      let changed = 0;
      for (const r of records) {
        const result = this.upsertIfChanged(accountId, r, now);
        if (result.created) created++;
        else if (result.changed) changed++;
      }
      return { created, changed };
    })();
  }

  get(accountId: string, notifyId: string): LoggedNotification | undefined {
    const row = this.selectOne.get(accountId, notifyId);
    return row && toNotification(row);
  }

  /** Deliveries about any of these faxes (a page of them), oldest first. */
  listForFaxes(accountId: string, faxIds: readonly string[]): LoggedNotification[] {
    if (faxIds.length === 0) return [];
    return this.selectForFaxes.all(accountId, JSON.stringify(faxIds)).map(toNotification);
  }

  /** Newest first (by fax completion time, then seq). */
  page(query: NotificationPageQuery = {}): KeysetPage<LoggedNotification> {
    const size = pageSize(query.limit);
    const after = checkCursor(query.after);
    const filter = { accountId: query.accountId !== undefined, sentStatus: query.sentStatus !== undefined, after: after !== null };
    const rows = this.statements.get(`page|${filter.accountId}|${filter.sentStatus}|${filter.after}`, () => notificationsPageSql(filter)).all({
      ...(filter.accountId ? { accountId: query.accountId } : {}),
      ...(filter.sentStatus ? { sentStatus: query.sentStatus!.toUpperCase() } : {}),
      ...keysetParams(after, size),
    }) as NotificationRow[];
    return keysetPage(rows, size, (r) => r.completed_at, toNotification);
  }
}

function toNotification(row: NotificationRow): LoggedNotification {
  return {
    accountId: row.account_id,
    notifyId: row.notify_id,
    faxId: row.fax_id,
    direction: row.direction,
    completedAt: row.completed_at,
    notifyType: row.notify_type,
    destination: row.destination,
    sentStatus: row.sent_status,
    firstSeenAt: row.first_seen_at,
    updatedAt: row.updated_at,
  };
}
