/**
 * Where each feed of each account stands. The sync engine must make no write on an idle cycle, so a
 * success is recorded only when it moves the cursor or clears an error: last_ok_at is the time the
 * feed last made progress (or recovered), not the time of the last poll (keep that in memory).
 */
import type { Db } from '../database';
import type { SyncCursor, SyncFeed } from '../../../shared/domain/history';
import { isoUtc } from './row-support';

interface CursorRow {
  account_id: string;
  feed: SyncFeed;
  cursor: string | null;
  last_ok_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

const COLUMNS = 'account_id, feed, cursor, last_ok_at, last_error, last_error_at';

export class SyncCursorsRepository {
  private readonly selectOne;
  private readonly selectForAccount;
  private readonly success;
  private readonly failure;
  private readonly deleteOne;
  private readonly deleteAccount;

  constructor(db: Db) {
    this.selectOne = db.prepare<[string, string], CursorRow>(`SELECT ${COLUMNS} FROM sync_cursors WHERE account_id = ? AND feed = ?`);
    this.selectForAccount = db.prepare<[string], CursorRow>(`SELECT ${COLUMNS} FROM sync_cursors WHERE account_id = ? ORDER BY feed`);
    this.success = db.prepare(
      `INSERT INTO sync_cursors (account_id, feed, cursor, last_ok_at) VALUES (@accountId, @feed, @cursor, @at)
       ON CONFLICT (account_id, feed) DO UPDATE SET cursor = excluded.cursor, last_ok_at = excluded.last_ok_at,
         last_error = NULL, last_error_at = NULL
       WHERE cursor IS NOT excluded.cursor OR last_error IS NOT NULL OR last_error_at IS NOT NULL`,
    );
    this.failure = db.prepare(
      `INSERT INTO sync_cursors (account_id, feed, last_error, last_error_at) VALUES (@accountId, @feed, @error, @at)
       ON CONFLICT (account_id, feed) DO UPDATE SET last_error = excluded.last_error, last_error_at = excluded.last_error_at`,
    );
    this.deleteOne = db.prepare<[string, string]>('DELETE FROM sync_cursors WHERE account_id = ? AND feed = ?');
    this.deleteAccount = db.prepare<[string]>('DELETE FROM sync_cursors WHERE account_id = ?');
  }

  get(accountId: string, feed: SyncFeed): SyncCursor | undefined {
    const row = this.selectOne.get(accountId, feed);
    return row && toCursor(row);
  }

  listForAccount(accountId: string): SyncCursor[] {
    return this.selectForAccount.all(accountId).map(toCursor);
  }

  /**
   * A cycle succeeded with this cursor. Written only when the cursor moved, the feed recovered from an
   * error, or the feed had no row yet; returns whether anything was written.
   */
  recordSuccess(accountId: string, feed: SyncFeed, cursor: string | null, at: Date): boolean {
    // Read first: an upsert that changes nothing still takes the write lock (~10x a read), once per feed per cycle.
    const row = this.selectOne.get(accountId, feed);
    if (row && row.cursor === cursor && row.last_error === null && row.last_error_at === null) return false;
    return this.success.run({ accountId, feed, cursor, at: isoUtc(at, 'at') }).changes > 0;
  }

  /** A cycle failed: the message is kept for the UI (a sentence, never a secret); the cursor stays. */
  recordError(accountId: string, feed: SyncFeed, message: string, at: Date): void {
    this.failure.run({ accountId, feed, error: message.slice(0, 2000), at: isoUtc(at, 'at') });
  }

  /** Forget a feed's position (the next cycle starts from the beginning of its window). */
  reset(accountId: string, feed?: SyncFeed): number {
    return feed === undefined ? this.deleteAccount.run(accountId).changes : this.deleteOne.run(accountId, feed).changes;
  }
}

function toCursor(row: CursorRow): SyncCursor {
  return {
    accountId: row.account_id,
    feed: row.feed,
    cursor: row.cursor,
    lastOkAt: row.last_ok_at,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at,
  };
}
