/**
 * Where the import of each account's older faxes stands (0120): one row per account and list.
 */
import type { Db } from '../database';
import { isoUtc } from './row-support';

export type ImportList = 'received' | 'sent';

export interface HistoryImportRow {
  accountId: string;
  list: ImportList;
  state: 'importing' | 'done';
  paused: boolean;
  /** The oldest completion time asked for; null: all. */
  since: string | null;
  /** Faxes completed after this are the sync's, not the import's. */
  boundary: string | null;
  nextOffset: number;
  listTotal: number | null;
  read: number;
  imported: number;
  requests: number;
  startedAt: string;
  updatedAt: string;
  finishedAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
}

interface Row {
  account_id: string;
  list: ImportList;
  state: 'importing' | 'done';
  paused: number;
  since: string | null;
  boundary: string | null;
  next_offset: number;
  list_total: number | null;
  read: number;
  imported: number;
  requests: number;
  started_at: string;
  updated_at: string;
  finished_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
}

const COLUMNS = `account_id, list, state, paused, since, boundary, next_offset, list_total, read, imported, requests, started_at, updated_at,
  finished_at, last_error, last_error_at`;

/** What a page of the import changed (written in the page's own transaction). */
export interface ImportProgress {
  nextOffset: number;
  listTotal: number | null;
  read: number;
  imported: number;
  done: boolean;
}

export class HistoryImportsRepository {
  private readonly insertStmt;
  private readonly selectOne;
  private readonly selectAll;
  private readonly progressStmt;
  private readonly errorStmt;
  private readonly pauseStmt;
  private readonly rangeStmt;

  constructor(db: Db) {
    this.insertStmt = db.prepare(
      `INSERT INTO history_imports (account_id, list, state, since, boundary, next_offset, list_total, read, requests, started_at, updated_at, paused)
       VALUES (@accountId, @list, 'importing', @since, @boundary, @nextOffset, @listTotal, @read, @requests, @now, @now,
         coalesce((SELECT max(paused) FROM history_imports WHERE state = 'importing'), 0))
       ON CONFLICT (account_id, list) DO NOTHING`,
    );
    this.selectOne = db.prepare<[string, string], Row>(`SELECT ${COLUMNS} FROM history_imports WHERE account_id = ? AND list = ?`);
    this.selectAll = db.prepare<[], Row>(`SELECT ${COLUMNS} FROM history_imports ORDER BY account_id, list`);
    this.progressStmt = db.prepare(
      `UPDATE history_imports SET next_offset = @nextOffset, list_total = @listTotal, read = read + @read, imported = imported + @imported,
         requests = requests + 1, updated_at = @now, last_error = NULL, last_error_at = NULL,
         state = CASE WHEN @done THEN 'done' ELSE 'importing' END, finished_at = CASE WHEN @done THEN @now END
       WHERE account_id = @accountId AND list = @list`,
    );
    this.errorStmt = db.prepare(
      `UPDATE history_imports SET last_error = @error, last_error_at = @now, requests = requests + 1 WHERE account_id = @accountId AND list = @list`,
    );
    this.pauseStmt = db.prepare('UPDATE history_imports SET paused = @paused WHERE paused <> @paused');
    // A wider range asks the import to go on from where it stopped; positions of newer faxes do not move with it.
    this.rangeStmt = db.prepare(
      `UPDATE history_imports SET since = @since,
         state = CASE WHEN @wider THEN 'importing' ELSE state END, finished_at = CASE WHEN @wider THEN NULL ELSE finished_at END
       WHERE since IS NOT @since`,
    );
  }

  /** The first pass read the head of a list: the rest is to import (nothing changes when a row is there already). */
  begin(
    accountId: string,
    list: ImportList,
    start: { since: string | null; boundary: string | null; nextOffset: number; listTotal: number | null; read: number; requests: number },
    now: Date,
  ): void {
    this.insertStmt.run({ accountId, list, ...start, now: isoUtc(now, 'now') });
  }

  get(accountId: string, list: ImportList): HistoryImportRow | undefined {
    const row = this.selectOne.get(accountId, list);
    return row && toImport(row);
  }

  all(): HistoryImportRow[] {
    return this.selectAll.all().map(toImport);
  }

  recordPage(accountId: string, list: ImportList, progress: ImportProgress, now: Date): void {
    this.progressStmt.run({ accountId, list, ...progress, done: progress.done ? 1 : 0, now: isoUtc(now, 'now') });
  }

  recordError(accountId: string, list: ImportList, error: string, now: Date): void {
    this.errorStmt.run({ accountId, list, error, now: isoUtc(now, 'now') });
  }

  /** The person's pause, for every import. Returns whether anything changed. */
  setPaused(paused: boolean): boolean {
    return this.pauseStmt.run({ paused: paused ? 1 : 0 }).changes > 0;
  }

  /** A new range for every import; `wider` (it reaches further back than before) resumes finished ones. */
  setRange(since: string | null, wider: boolean): boolean {
    return this.rangeStmt.run({ since, wider: wider ? 1 : 0 }).changes > 0;
  }
}

function toImport(row: Row): HistoryImportRow {
  return {
    accountId: row.account_id,
    list: row.list,
    state: row.state,
    paused: row.paused === 1,
    since: row.since,
    boundary: row.boundary,
    nextOffset: row.next_offset,
    listTotal: row.list_total,
    read: row.read,
    imported: row.imported,
    requests: row.requests,
    startedAt: row.started_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    lastError: row.last_error,
    lastErrorAt: row.last_error_at,
  };
}
