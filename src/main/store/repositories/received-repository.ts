/**
 * Received faxes: what the service says about each (mirrored with compare-before-write, so an idle
 * sync cycle writes nothing) and what happened to it here (image download, read, printed, deleted).
 */
import type { Db } from '../database';
import type { ImageState, InboxFax, ListPage, PageCursor, ReceivedFacts, UpsertResult } from '../../../shared/domain/history';
import { AppError } from '../../errors';
import { toFtsQuery } from './fts-query';
import { StatementCache, checkCursor, isoUtc, newId, optionalIsoUtc, pageSize, updateWhenChangedSql } from './row-support';

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
  note: string;
  note_updated_at: string | null;
  gone_at: string | null;
}

const RECEIVED_COLUMNS = [
  ...['seq', 'id', 'account_id', 'fax_id', 'pages', 'fax_status', 'completed_at', 'originating_number', 'destination_number', 'tsid'],
  ...['image_path', 'image_state', 'image_error', 'image_attempts', 'downloaded_at', 'read_at', 'printed_at', 'deleted_at', 'first_seen_at', 'updated_at'],
];

/** A row's columns, read from `received` as `t`: the note (0150) and gone_at (0100) are in tables of their own, keyed by seq. */
function columnsOf(t: string): string {
  const side = (column: string, table: string) => `(SELECT x.${column} FROM ${table} x WHERE x.seq = ${t}.seq)`;
  return [
    ...RECEIVED_COLUMNS.map((c) => `${t}.${c}`),
    `coalesce(${side('note', 'received_notes')}, '') AS note`,
    `${side('updated_at', 'received_notes')} AS note_updated_at`,
    `${side('gone_at', 'received_gone')} AS gone_at`,
  ].join(', ');
}
const COLUMNS = columnsOf('received');
const R_COLUMNS = columnsOf('r');

/** Which received faxes a list shows. Every filter is applied in SQL, so a page is whole and a count exact. */
export interface ReceivedFilter {
  accountId?: string;
  unreadOnly?: boolean;
  /** Received at or after (ISO UTC). */
  from?: string | null;
  /** Received at or before (ISO UTC). */
  to?: string | null;
}

/**
 * A page of the list newest first (by time received), read down from `after` (the older rows after
 * it), up from `before` (the newer rows before it; the page still comes newest first), or from the
 * top; `skip` rows are passed over first.
 */
export interface ReceivedPageQuery extends ReceivedFilter {
  after?: PageCursor | null;
  before?: PageCursor | null;
  skip?: number;
  limit?: number;
}

/** The same for a full-text search, whose list is newest first by arrival in the history (the row sequence). */
export interface ReceivedSearchQuery extends ReceivedFilter {
  text: string;
  /** Digits of numbers whose faxes match too (a contact's number, the contact found by name). */
  numbers?: readonly string[];
  after?: number | null;
  before?: number | null;
  skip?: number;
  limit?: number;
}

/** The shape of a list query: which terms its SQL has (one prepared statement per shape). */
export interface ReceivedListShape {
  search: boolean;
  accountId: boolean;
  unreadOnly: boolean;
  from: boolean;
  to: boolean;
  /** Rows down the list from a position ('after') or up from it ('before'). */
  side: 'after' | 'before' | null;
}

function listWhere(shape: ReceivedListShape): string {
  const column = (name: string) => (shape.search ? `r.${name}` : name);
  // The literal `deleted_at IS NULL` / `read_at IS NULL` terms are what let SQLite use the partial indexes.
  const where = shape.search ? ['received_fts MATCH @match', 'r.deleted_at IS NULL'] : ['deleted_at IS NULL'];
  if (shape.unreadOnly) where.push(`${column('read_at')} IS NULL`);
  if (shape.accountId) where.push(`${column('account_id')} = @accountId`);
  if (shape.from) where.push(`${column('completed_at')} >= @from`);
  if (shape.to) where.push(`${column('completed_at')} <= @to`);
  if (shape.side) {
    const op = shape.side === 'after' ? '<' : '>';
    where.push(shape.search ? `f.rowid ${op} @seq` : `(completed_at, seq) ${op} (@key, @seq)`);
  }
  return where.join(' AND ');
}

/** The partial index a plain list of this shape reads (tests check its plans use it). */
export function receivedListIndex(shape: Pick<ReceivedListShape, 'accountId' | 'unreadOnly'>): string {
  return `received_${shape.accountId ? 'account_' : ''}${shape.unreadOnly ? 'unread' : 'newest'}`;
}

/**
 * The SQL of an inbox page (exported so tests can check its query plan): newest first, except when
 * reading up the list, where the rows nearest the position come first (the caller turns them round).
 */
export function receivedPageSql(shape: ReceivedListShape & { skip: boolean }): string {
  const order = shape.side === 'before' ? 'ASC' : 'DESC';
  const source = shape.search ? `${R_COLUMNS} FROM received_fts f CROSS JOIN received r ON r.seq = f.rowid` : `${COLUMNS} FROM received`;
  const sort = shape.search ? `f.rowid ${order}` : `completed_at ${order}, seq ${order}`;
  return `SELECT ${source} WHERE ${listWhere(shape)} ORDER BY ${sort} LIMIT @limit${shape.skip ? ' OFFSET @skip' : ''}`;
}

/** How many rows a list of this shape has (with side 'before': how many come before a position). */
export function receivedCountSql(shape: ReceivedListShape): string {
  // Named, because SQLite otherwise counts a plain list by scanning the whole table (5x slower at 100,000 rows).
  const source = shape.search ? 'received_fts f CROSS JOIN received r ON r.seq = f.rowid' : `received INDEXED BY ${receivedListIndex(shape)}`;
  return `SELECT count(*) AS n FROM ${source} WHERE ${listWhere(shape)}`;
}

export class ReceivedRepository {
  private readonly insertNew;
  private readonly updateFacts;
  private readonly selectKey;
  private readonly selectById;
  private readonly markReadStmt;
  private readonly markUnreadStmt;
  private readonly markPrintedStmt;
  private readonly setNoteStmt;
  private readonly writeNoteStmt;
  private readonly softDeleteStmt;
  private readonly imageStateStmt;
  private readonly selectImageQueue;
  private readonly resetDownloadingStmt;
  private readonly countUnreadAll;
  private readonly countUnreadForAccount;
  private readonly importHistoryStmt;
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
    this.setNoteStmt = db.prepare<[string, string], { seq: number }>('UPDATE received SET updated_at = ? WHERE id = ? AND deleted_at IS NULL RETURNING seq');
    this.writeNoteStmt = db.prepare<[number, string, string]>(
      'INSERT INTO received_notes (seq, note, updated_at) VALUES (?, ?, ?) ON CONFLICT (seq) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at',
    );
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
         AND NOT EXISTS (SELECT 1 FROM received_gone g WHERE g.seq = received.seq)
       ORDER BY image_state DESC, completed_at DESC LIMIT ?`,
    );
    this.resetDownloadingStmt = db.prepare<[string]>(
      `UPDATE received SET image_state = 'pending', updated_at = ? WHERE image_state <> 'stored' AND image_state = 'downloading'`,
    );
    this.countUnreadAll = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM received WHERE deleted_at IS NULL AND read_at IS NULL');
    this.countUnreadForAccount = db.prepare<[string], { n: number }>(
      'SELECT count(*) AS n FROM received WHERE deleted_at IS NULL AND read_at IS NULL AND account_id = ?',
    );
    // One statement per page of history (the import reads pages of 100): the rows go in as JSON.
    // (An INSERT ... SELECT needs its WHERE for SQLite to read the ON CONFLICT clause as the upsert's.)
    this.importHistoryStmt = db.prepare(
      `INSERT INTO received (id, account_id, fax_id, pages, fax_status, completed_at, originating_number, destination_number, tsid,
         image_state, read_at, first_seen_at, updated_at)
       SELECT value ->> 'id', @accountId, value ->> 'faxId', value ->> 'pages', value ->> 'faxStatus', value ->> 'completedAt',
         value ->> 'originatingNumber', value ->> 'destinationNumber', value ->> 'tsid', 'remote', @now, @now, @now
       FROM json_each(@rows) WHERE true
       ON CONFLICT (account_id, fax_id) DO NOTHING
       RETURNING id, fax_id AS faxId, completed_at AS completedAt`,
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
  page(query: ReceivedPageQuery = {}): ListPage<InboxFax, PageCursor> {
    const after = checkCursor(query.after);
    const before = checkCursor(query.before);
    const position = before ?? after;
    const page = this.list(query, false, before ? 'before' : after ? 'after' : null, position ? { key: position.key, seq: position.seq } : {});
    const cursor = (row: ReceivedRow): PageCursor => ({ key: row.completed_at, seq: row.seq });
    return { items: page.rows.map(toInboxFax), next: page.last && cursor(page.last), previous: page.first && cursor(page.first) };
  }

  /**
   * Full-text search over originating number (any 3+ trailing digits, or a prefix), TSID, fax id and the
   * note (0150); newest arrival first. `numbers`: also the faxes from these numbers (a contact's, found
   * by name), whatever the words.
   */
  search(query: ReceivedSearchQuery): ListPage<InboxFax, number> {
    const match = searchMatch(query.text, query.numbers);
    if (match === null) return { items: [], next: null, previous: null };
    const before = query.before ?? null;
    const after = query.after ?? null;
    const position = before ?? after;
    const page = this.list(query, true, before !== null ? 'before' : after !== null ? 'after' : null, { match, ...(position !== null ? { seq: position } : {}) });
    return { items: page.rows.map(toInboxFax), next: page.last?.seq ?? null, previous: page.first?.seq ?? null };
  }

  /** How many faxes the plain list has, or how many come before `before` in it (the index of the row there). */
  count(filter: ReceivedFilter & { before?: PageCursor | null } = {}): number {
    const before = checkCursor(filter.before);
    return this.countOf(filter, false, before ? { key: before.key, seq: before.seq } : null);
  }

  /** The same for a search; null when the text has nothing to search for. */
  countSearch(filter: ReceivedFilter & { text: string; numbers?: readonly string[]; before?: number | null }): number | null {
    const match = searchMatch(filter.text, filter.numbers);
    if (match === null) return null;
    return this.countOf(filter, true, filter.before != null ? { seq: filter.before } : null, match);
  }

  /**
   * One page, with the rows at its two ends when more rows lie beyond them: fetched one row over the
   * limit in the direction read, and "more" the other way whenever the page does not start at the top.
   */
  private list(query: ReceivedFilter & { skip?: number; limit?: number }, search: boolean, side: ReceivedListShape['side'], params: Record<string, unknown>) {
    const size = pageSize(query.limit);
    const skip = query.skip ?? 0;
    if (!Number.isSafeInteger(skip) || skip < 0) throw new AppError('VALIDATION', 'Rows to skip must be a whole number, 0 or more.', { field: 'skip' });
    const shape = { ...this.shapeOf(query, search), side, skip: skip > 0 };
    const rows = this.statements.get(`page|${JSON.stringify(shape)}`, () => receivedPageSql(shape)).all({
      ...this.filterParams(query),
      ...params,
      ...(skip > 0 ? { skip } : {}),
      limit: size + 1,
    }) as ReceivedRow[];
    const beyond = rows.length > size;
    const kept = beyond ? rows.slice(0, size) : rows;
    if (side === 'before') kept.reverse();
    // Reading down, rows lie above unless this is the top; reading up, rows lie below the position.
    const moreAbove = side === 'before' ? beyond : side === 'after' || skip > 0;
    const moreBelow = side === 'before' ? true : beyond;
    return { rows: kept, first: moreAbove ? (kept[0] ?? null) : null, last: moreBelow ? (kept[kept.length - 1] ?? null) : null };
  }

  private countOf(filter: ReceivedFilter, search: boolean, position: Record<string, unknown> | null, match?: string): number {
    const shape = { ...this.shapeOf(filter, search), side: position ? ('before' as const) : null };
    const row = this.statements.get(`count|${JSON.stringify(shape)}`, () => receivedCountSql(shape)).get({
      ...this.filterParams(filter),
      ...(position ?? {}),
      ...(match ? { match } : {}),
    }) as { n: number };
    return row.n;
  }

  private shapeOf(filter: ReceivedFilter, search: boolean): Omit<ReceivedListShape, 'side'> {
    return { search, accountId: filter.accountId !== undefined, unreadOnly: filter.unreadOnly === true, from: filter.from != null, to: filter.to != null };
  }

  private filterParams(filter: ReceivedFilter): Record<string, unknown> {
    return {
      ...(filter.accountId !== undefined ? { accountId: filter.accountId } : {}),
      ...(filter.from != null ? { from: isoUtc(filter.from, 'from') } : {}),
      ...(filter.to != null ? { to: isoUtc(filter.to, 'to') } : {}),
    };
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

  /** The person's note on the fax ('' removes it; the search finds its words). False when there is no such fax. */
  setNote(id: string, note: string, at: Date): boolean {
    const iso = isoUtc(at, 'at');
    return this.db.transaction(() => {
      const row = this.setNoteStmt.get(iso, id);
      if (!row) return false;
      this.writeNoteStmt.run(row.seq, note, iso);
      return true;
    })();
  }

  /** Hides it from the inbox for good (the row stays, so the sync does not bring it back). */
  softDelete(id: string, at: Date): boolean {
    const iso = isoUtc(at, 'at');
    return this.softDeleteStmt.run(iso, iso, id).changes > 0;
  }

  /**
   * The service no longer has this fax (deleted there by another desk or in the web portal) and its
   * image was never stored here: kept with what is known, never downloaded again, and not unread (there
   * is nothing to read). `message` says so in the Inbox. False when it was already marked (or stored).
   */
  markGone(id: string, message: string, at: Date): boolean {
    const iso = isoUtc(at, 'at');
    return this.db.transaction(() => {
      const marked = this.statements
        .get(
          'mark-gone',
          () => `INSERT INTO received_gone (seq, gone_at) SELECT seq, @at FROM received WHERE id = @id AND image_state <> 'stored'
                 ON CONFLICT (seq) DO NOTHING`,
        )
        .run({ id, at: iso });
      if (marked.changes === 0) return false;
      this.statements
        .get(
          'gone-state',
          () => `UPDATE received SET read_at = coalesce(read_at, @at), image_state = 'failed', image_path = NULL, image_error = @message, updated_at = @at
                 WHERE id = @id`,
        )
        .run({ id, at: iso, message });
      return true;
    })();
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

  /**
   * Stores a page of an account's older history in one statement: the faxes not in the history yet
   * are added as history (read, image kept on the service); the ones already here are left as they
   * are (the sync keeps them current). Returns the rows added.
   */
  importHistory(accountId: string, faxes: readonly ReceivedFacts[], now: Date): { id: string; faxId: string; completedAt: string }[] {
    const iso = isoUtc(now, 'now');
    const rows = faxes.map((f) => ({
      id: newId(),
      faxId: f.faxId,
      pages: f.pages ?? null,
      faxStatus: f.faxStatus ?? null,
      completedAt: f.completedAt === null ? iso : isoUtc(f.completedAt, 'completedAt'),
      originatingNumber: f.originatingNumber ?? null,
      destinationNumber: f.destinationNumber ?? null,
      tsid: f.originatingTsid ?? null,
    }));
    if (rows.length === 0) return [];
    return this.importHistoryStmt.all({ accountId, rows: JSON.stringify(rows), now: iso }) as { id: string; faxId: string; completedAt: string }[];
  }

  /** At start-up: a download interrupted by a crash goes back to pending. Returns how many. */
  resetInterruptedDownloads(now: Date): number {
    return this.resetDownloadingStmt.run(isoUtc(now, 'now')).changes;
  }
}

/**
 * The MATCH of an Inbox search: every typed word (fts-query.ts), or any of `numbers` as a whole term (the
 * index holds each sender number's digits and every trailing part of 3 or more, 0050).
 */
function searchMatch(text: string, numbers: readonly string[] = []): string | null {
  const words = toFtsQuery(text);
  const terms = [...new Set(numbers.map((n) => n.replace(/\D/g, '')).filter((d) => d.length >= 3))].slice(0, 50).map((d) => `"${d}"`);
  if (terms.length === 0) return words;
  return [words === null ? null : `(${words})`, ...terms].filter(Boolean).join(' OR ');
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
    note: row.note,
    noteUpdatedAt: row.note_updated_at,
    senderName: null,
    goneAt: row.gone_at,
  };
}
