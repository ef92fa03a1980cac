/**
 * Received faxes: what the service says about each (mirrored with compare-before-write, so an idle
 * sync cycle writes nothing) and what happened to it here (image download, read, printed, deleted).
 */
import type { Db } from '../database';
import type { ImageState, InboxFax, KeysetPage, PageCursor, ReceivedFacts, SearchPage, UpsertResult } from '../../../shared/domain/history';
import { toFtsQuery } from './fts-query';
import { StatementCache, checkCursor, isoUtc, keysetPage, keysetParams, newId, optionalIsoUtc, pageSize, searchPage, searchParams, updateWhenChangedSql } from './row-support';

interface ReceivedRow {
  seq: number;
  id: string;
  account_id: string;
  fax_id: string;
  pages: number | null;
  fax_status: string | null;
  completed_at: string;
  originating_number: string | null;
  destination_number: string | null;
  tsid: string | null;
  image_path: string | null;
  image_state: ImageState;
  image_error: string | null;
  image_attempts: number;
  downloaded_at: string | null;
  read_at: string | null;
  printed_at: string | null;
  deleted_at: string | null;
  first_seen_at: string;
  updated_at: string;
}

const COLUMNS = `seq, id, account_id, fax_id, pages, fax_status, completed_at, originating_number, destination_number, tsid,
  image_path, image_state, image_error, image_attempts, downloaded_at, read_at, printed_at, deleted_at, first_seen_at, updated_at`;
const R_COLUMNS = COLUMNS.split(',')
  .map((c) => `r.${c.trim()}`)
  .join(', ');

export interface ReceivedPageQuery {
  accountId?: string;
  unreadOnly?: boolean;
  after?: PageCursor | null;
  limit?: number;
}

export interface ReceivedSearchQuery {
  text: string;
  accountId?: string;
  before?: number | null;
  limit?: number;
}

/**
 * The SQL of a newest-first inbox page (exported so tests can check its query plan). The literal
 * `deleted_at IS NULL` / `read_at IS NULL` terms are what let SQLite use the partial indexes.
 */
export function receivedPageSql(filter: { accountId: boolean; unreadOnly: boolean; after: boolean }): string {
  const where = ['deleted_at IS NULL'];
  if (filter.unreadOnly) where.push('read_at IS NULL');
  if (filter.accountId) where.push('account_id = @accountId');
  if (filter.after) where.push('(completed_at, seq) < (@afterKey, @afterSeq)');
  return `SELECT ${COLUMNS} FROM received WHERE ${where.join(' AND ')} ORDER BY completed_at DESC, seq DESC LIMIT @limit`;
}

export function receivedSearchSql(filter: { accountId: boolean; before: boolean }): string {
  const where = ['received_fts MATCH @match', 'r.deleted_at IS NULL'];
  if (filter.before) where.push('f.rowid < @before');
  if (filter.accountId) where.push('r.account_id = @accountId');
  return `SELECT ${R_COLUMNS} FROM received_fts f CROSS JOIN received r ON r.seq = f.rowid
    WHERE ${where.join(' AND ')} ORDER BY f.rowid DESC LIMIT @limit`;
}

export class ReceivedRepository {
  private readonly insertNew;
  private readonly updateFacts;
  private readonly selectKey;
  private readonly selectById;
  private readonly markReadStmt;
  private readonly markUnreadStmt;
  private readonly markPrintedStmt;
  private readonly softDeleteStmt;
  private readonly imageStateStmt;
  private readonly selectImageQueue;
  private readonly resetDownloadingStmt;
  private readonly countUnreadAll;
  private readonly countUnreadForAccount;
  private readonly statements;

  constructor(private readonly db: Db) {
    this.insertNew = db.prepare(
      `INSERT INTO received (id, account_id, fax_id, pages, fax_status, completed_at, originating_number, destination_number, tsid,
         first_seen_at, updated_at)
       VALUES (@id, @accountId, @faxId, @pages, @faxStatus, coalesce(@completedAt, @now), @originatingNumber, @destinationNumber, @tsid,
         @now, @now)
       ON CONFLICT (account_id, fax_id) DO NOTHING`,
    );
    // A fact the service did not give (null) keeps the known value; nothing is written unless a value differs.
    this.updateFacts = db.prepare(
      updateWhenChangedSql(
        'received',
        {
          pages: 'coalesce(@pages, pages)',
          fax_status: 'coalesce(@faxStatus, fax_status)',
          completed_at: 'coalesce(@completedAt, completed_at)',
          originating_number: 'coalesce(@originatingNumber, originating_number)',
          destination_number: 'coalesce(@destinationNumber, destination_number)',
          tsid: 'coalesce(@tsid, tsid)',
        },
        { where: 'account_id = @accountId AND fax_id = @faxId', touch: 'updated_at = @now' },
      ),
    );
    this.selectKey = db.prepare<[string, string], ReceivedRow>(`SELECT ${COLUMNS} FROM received WHERE account_id = ? AND fax_id = ?`);
    this.selectById = db.prepare<[string], ReceivedRow>(`SELECT ${COLUMNS} FROM received WHERE id = ?`);
    this.markReadStmt = db.prepare<[string, string, string]>('UPDATE received SET read_at = ?, updated_at = ? WHERE id = ? AND read_at IS NULL');
    this.markUnreadStmt = db.prepare<[string, string]>('UPDATE received SET read_at = NULL, updated_at = ? WHERE id = ? AND read_at IS NOT NULL');
    this.markPrintedStmt = db.prepare<[string, string, string]>('UPDATE received SET printed_at = ?, updated_at = ? WHERE id = ?');
    this.softDeleteStmt = db.prepare<[string, string, string]>(
      'UPDATE received SET deleted_at = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL',
    );
    this.imageStateStmt = db.prepare(
      `UPDATE received SET image_state = @state, image_path = @path, image_error = @error,
         image_attempts = image_attempts + @attempt, downloaded_at = coalesce(@downloadedAt, downloaded_at), updated_at = @now
       WHERE id = @id AND (image_state IS NOT @state OR image_path IS NOT @path OR image_error IS NOT @error OR @attempt = 1)`,
    );
    this.selectImageQueue = db.prepare<[number, number], ReceivedRow>(
      `SELECT ${COLUMNS} FROM received
       WHERE image_state <> 'stored' AND image_state IN ('pending', 'failed') AND deleted_at IS NULL AND image_attempts < ?
       ORDER BY image_state DESC, completed_at DESC LIMIT ?`,
    );
    this.resetDownloadingStmt = db.prepare<[string]>(
      `UPDATE received SET image_state = 'pending', updated_at = ? WHERE image_state <> 'stored' AND image_state = 'downloading'`,
    );
    this.countUnreadAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM received WHERE deleted_at IS NULL AND read_at IS NULL');
    this.countUnreadForAccount = db.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM received WHERE deleted_at IS NULL AND read_at IS NULL AND account_id = ?',
    );
    this.statements = new StatementCache(db);
  }

  /**
   * Mirrors what the service says about one received fax. New: inserted (image pending). Known: the
   * facts that differ are updated; when none differ nothing is written. Local state (read, printed,
   * deleted, image) is never touched here, so a fax deleted locally stays deleted.
   */
  upsertFromService(accountId: string, facts: ReceivedFacts, now: Date): UpsertResult {
    const params = {
      accountId,
      faxId: facts.faxId,
      pages: facts.pages ?? null,
      faxStatus: facts.faxStatus ?? null,
      completedAt: optionalIsoUtc(facts.completedAt, 'completedAt'),
      originatingNumber: facts.originatingNumber ?? null,
      destinationNumber: facts.destinationNumber ?? null,
      tsid: facts.originatingTsid ?? null,
      now: isoUtc(now, 'now'),
    };
    return this.db.transaction((): UpsertResult => {
      const id = newId();
      if (this.insertNew.run({ ...params, id }).changes > 0) return { id, created: true, changed: true };
      const changed = this.updateFacts.run(params).changes > 0;
      return { id: this.selectKey.get(accountId, facts.faxId)!.id, created: false, changed };
    })();
  }

  /** Mirrors a whole list page in one transaction. */
  upsertManyFromService(accountId: string, faxes: readonly ReceivedFacts[], now: Date): UpsertResult[] {
    return this.db.transaction(() => faxes.map((f) => this.upsertFromService(accountId, f, now)))();
  }

  get(id: string): InboxFax | undefined {
    const row = this.selectById.get(id);
    return row && toInboxFax(row);
  }

  getByFaxId(accountId: string, faxId: string): InboxFax | undefined {
    const row = this.selectKey.get(accountId, faxId);
    return row && toInboxFax(row);
  }

  /** Newest first (by completed_at, then seq); deleted faxes are not listed. */
  page(query: ReceivedPageQuery = {}): KeysetPage<InboxFax> {
    const size = pageSize(query.limit);
    const after = checkCursor(query.after);
    const filter = { accountId: query.accountId !== undefined, unreadOnly: query.unreadOnly === true, after: after !== null };
    const rows = this.statements.get(`page|${filter.accountId}|${filter.unreadOnly}|${filter.after}`, () => receivedPageSql(filter)).all({
      ...(filter.accountId ? { accountId: query.accountId } : {}),
      ...keysetParams(after, size),
    }) as ReceivedRow[];
    return keysetPage(rows, size, (r) => r.completed_at, toInboxFax);
  }

  /** Full-text search over originating number (any 3+ trailing digits, or a prefix), TSID and fax id. */
  search(query: ReceivedSearchQuery): SearchPage<InboxFax> {
    const size = pageSize(query.limit);
    const match = toFtsQuery(query.text);
    if (match === null) return { items: [], next: null };
    const before = query.before ?? null;
    const filter = { accountId: query.accountId !== undefined, before: before !== null };
    const rows = this.statements.get(`search|${filter.accountId}|${filter.before}`, () => receivedSearchSql(filter)).all({
      match,
      ...(filter.accountId ? { accountId: query.accountId } : {}),
      ...searchParams(before, size),
    }) as ReceivedRow[];
    return searchPage(rows, size, toInboxFax);
  }

  countUnread(accountId?: string): number {
    return (accountId === undefined ? this.countUnreadAll.get() : this.countUnreadForAccount.get(accountId))!.n;
  }

  /** Returns false when it was already read (nothing written). */
  markRead(id: string, at: Date): boolean {
    const iso = isoUtc(at, 'at');
    return this.markReadStmt.run(iso, iso, id).changes > 0;
  }

  markUnread(id: string, now: Date): boolean {
    return this.markUnreadStmt.run(isoUtc(now, 'now'), id).changes > 0;
  }

  /** Records the latest print. */
  markPrinted(id: string, at: Date): boolean {
    const iso = isoUtc(at, 'at');
    return this.markPrintedStmt.run(iso, iso, id).changes > 0;
  }

  /** Hides it from the inbox for good (the row stays, so the sync does not bring it back). */
  softDelete(id: string, at: Date): boolean {
    const iso = isoUtc(at, 'at');
    return this.softDeleteStmt.run(iso, iso, id).changes > 0;
  }

  /**
   * Moves the image through pending -> downloading -> stored | failed. Entering `downloading` counts
   * an attempt. `stored` needs the path of the file in the data folder.
   */
  setImageState(id: string, change: ImageChange, now: Date): boolean {
    const iso = isoUtc(now, 'now');
    return (
      this.imageStateStmt.run({
        id,
        state: change.state,
        path: change.state === 'stored' ? change.path : null,
        error: change.state === 'failed' ? change.error : null,
        attempt: change.state === 'downloading' ? 1 : 0,
        downloadedAt: change.state === 'stored' ? iso : null,
        now: iso,
      }).changes > 0
    );
  }

  /** Images to fetch: pending first, then failed ones with attempts left; newest first within each. */
  listImageQueue(options: { maxAttempts?: number; limit?: number } = {}): InboxFax[] {
    return this.selectImageQueue.all(options.maxAttempts ?? 5, options.limit ?? 20).map(toInboxFax);
  }

  /** At start-up: a download interrupted by a crash goes back to pending. Returns how many. */
  resetInterruptedDownloads(now: Date): number {
    return this.resetDownloadingStmt.run(isoUtc(now, 'now')).changes;
  }
}

export type ImageChange =
  | { state: 'pending' }
  | { state: 'downloading' }
  | { state: 'stored'; path: string }
  | { state: 'failed'; error: string };

function toInboxFax(row: ReceivedRow): InboxFax {
  return {
    id: row.id,
    accountId: row.account_id,
    faxId: row.fax_id,
    pages: row.pages,
    faxStatus: row.fax_status,
    completedAt: row.completed_at,
    originatingNumber: row.originating_number,
    destinationNumber: row.destination_number,
    tsid: row.tsid,
    imagePath: row.image_path,
    imageState: row.image_state,
    imageError: row.image_error,
    imageAttempts: row.image_attempts,
    downloadedAt: row.downloaded_at,
    readAt: row.read_at,
    printedAt: row.printed_at,
    deletedAt: row.deleted_at,
    firstSeenAt: row.first_seen_at,
    updatedAt: row.updated_at,
  };
}
