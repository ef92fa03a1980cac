/**
 * Outbound jobs (one row per destination of a compose). Writes compare before writing: an update
 * that would change nothing is not made and reports false, so an idle sync cycle writes nothing.
 */
import { z } from 'zod';
import type { Db } from '../database';
import { AppError } from '../../errors';
import {
  ClientDataSchema,
  JsonObjectSchema,
  OutboundDocumentSchema,
  type KeysetPage,
  type NewOutboundJob,
  type ActiveOutboundJob,
  type OutboundJobSummary,
  type OutboundJob,
  type OutboundOrigin,
  type OutboundPatch,
  type OutboundPhase,
  type OutboundState,
  type PageCursor,
  type SearchPage,
  type ServiceOutboundFax,
  type UpsertResult,
} from '../../../shared/domain/history';
import { toFtsQuery } from './fts-query';
import {
  StatementCache,
  checkCursor,
  isoUtc,
  keysetPage,
  keysetParams,
  newId,
  optionalIsoUtc,
  pageSize,
  readJson,
  searchPage,
  searchParams,
  updateWhenChangedSql,
  writeJson,
} from './row-support';

type OutboundHeadRow = Omit<OutboundRow, 'options' | 'documents' | 'client_data'>;
type OutboundSummaryRow = OutboundHeadRow & { document_count: number; marker: string | null };

interface OutboundRow {
  seq: number;
  id: string;
  account_id: string;
  compose_id: string | null;
  destination_index: number;
  origin: OutboundOrigin;
  fax_id: string | null;
  state: OutboundState;
  phase: OutboundPhase;
  destination: string;
  to_name: string;
  to_company: string;
  subject: string;
  options: string;
  documents: string;
  client_data: string;
  page_count: number | null;
  scheduled_at: string | null;
  submitted_at: string | null;
  completed_at: string | null;
  duration: number | null;
  pages: number | null;
  error_code: string | null;
  error_reason: string | null;
  billable_retries: number | null;
  rejection: string | null;
  created_at: string;
  updated_at: string;
}

/** Every column but the stored JSON (send options, documents, client data): what watching a job needs. */
const HEAD_COLUMNS = `seq, id, account_id, compose_id, destination_index, origin, fax_id, state, phase, destination, to_name,
  to_company, subject, page_count, scheduled_at, submitted_at, completed_at, duration, pages, error_code, error_reason,
  billable_retries, rejection, created_at, updated_at`;
const COLUMNS = `${HEAD_COLUMNS}, options, documents, client_data`;
/**
 * The Faxdesk marker in a row's client data (desk-marker.ts), read by SQLite: for a fax found on the
 * service only (who sent it), so a list row needs no parse of the stored JSON.
 */
const markerOf = (table: string) =>
  `CASE WHEN ${table}origin = 'service' THEN (SELECT j.value FROM json_each(${table}client_data) j WHERE j.type = 'text' AND j.value LIKE 'faxdesk:%' LIMIT 1) END AS marker`;
/** What a list row needs: the head, the number of documents (counted by SQLite, not parsed here) and the marker. */
const SUMMARY_COLUMNS = `${HEAD_COLUMNS}, json_array_length(documents) AS document_count, ${markerOf('')}`;
const O_SUMMARY_COLUMNS = `${HEAD_COLUMNS.split(',')
  .map((c) => `o.${c.trim()}`)
  .join(', ')}, json_array_length(o.documents) AS document_count, ${markerOf('o.')}`;

const DocumentsSchema = z.array(OutboundDocumentSchema);

export interface OutboundPageQuery {
  accountId?: string;
  phase?: OutboundPhase;
  /** The `next` of the previous page. */
  after?: PageCursor | null;
  limit?: number;
}

export interface OutboundSearchQuery {
  text: string;
  accountId?: string;
  phase?: OutboundPhase;
  /** The `next` of the previous search page. */
  before?: number | null;
  limit?: number;
}

/** The SQL of a newest-first page (exported so tests can check its query plan). */
export function outboundPageSql(filter: { accountId: boolean; phase: boolean; after: boolean }): string {
  const where: string[] = [];
  if (filter.accountId) where.push('account_id = @accountId');
  if (filter.phase) where.push('phase = @phase');
  if (filter.after) where.push('(created_at, seq) < (@afterKey, @afterSeq)');
  return `SELECT ${SUMMARY_COLUMNS} FROM outbound ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY created_at DESC, seq DESC LIMIT @limit`;
}

/** The SQL of a search page, newest first by row sequence (exported for query-plan tests). */
export function outboundSearchSql(filter: { accountId: boolean; phase: boolean; before: boolean }): string {
  const where = ['outbound_fts MATCH @match'];
  if (filter.before) where.push('f.rowid < @before');
  if (filter.accountId) where.push('o.account_id = @accountId');
  if (filter.phase) where.push('o.phase = @phase');
  return `SELECT ${O_SUMMARY_COLUMNS} FROM outbound_fts f CROSS JOIN outbound o ON o.seq = f.rowid
    WHERE ${where.join(' AND ')} ORDER BY f.rowid DESC LIMIT @limit`;
}

/**
 * The SQL of the jobs not in a final state, oldest first, without their stored JSON (exported for the
 * benchmark, which runs it raw beside listActive).
 */
export function outboundActiveSql(filter: { accountId: boolean }): string {
  return `SELECT ${HEAD_COLUMNS} FROM outbound WHERE ${filter.accountId ? 'account_id = @accountId AND ' : ''}phase = 'active'
    ORDER BY created_at, seq LIMIT @limit`;
}

/** How each patchable field is stored. */
const PATCH_COLUMNS: { [K in keyof Required<OutboundPatch>]: { column: string; encode: (value: OutboundPatch[K]) => unknown } } = {
  faxId: { column: 'fax_id', encode: (v) => v ?? null },
  state: { column: 'state', encode: (v) => v },
  destination: { column: 'destination', encode: (v) => v },
  toName: { column: 'to_name', encode: (v) => v },
  toCompany: { column: 'to_company', encode: (v) => v },
  subject: { column: 'subject', encode: (v) => v },
  options: { column: 'options', encode: (v) => writeJson(v, JsonObjectSchema, 'fax options') },
  documents: { column: 'documents', encode: (v) => writeJson(v, DocumentsSchema, 'a document list') },
  pageCount: { column: 'page_count', encode: (v) => v ?? null },
  clientData: { column: 'client_data', encode: (v) => writeJson(v, ClientDataSchema, 'client data') },
  scheduledAt: { column: 'scheduled_at', encode: (v) => optionalIsoUtc(v, 'scheduledAt') },
  submittedAt: { column: 'submitted_at', encode: (v) => optionalIsoUtc(v, 'submittedAt') },
  completedAt: { column: 'completed_at', encode: (v) => optionalIsoUtc(v, 'completedAt') },
  durationSeconds: { column: 'duration', encode: (v) => v ?? null },
  pages: { column: 'pages', encode: (v) => v ?? null },
  errorCode: { column: 'error_code', encode: (v) => v ?? null },
  errorReason: { column: 'error_reason', encode: (v) => v ?? null },
  billableRetries: { column: 'billable_retries', encode: (v) => v ?? null },
  rejection: { column: 'rejection', encode: (v) => v ?? null },
};

export class OutboundRepository {
  private readonly insertLocal;
  private readonly insertService;
  private readonly importHistoryStmt;
  private readonly selectById;
  private readonly selectByFax;
  private readonly selectByCompose;
  private readonly selectActive;
  private readonly selectActiveForAccount;
  private readonly selectDue;
  private readonly countActiveAll;
  private readonly countActiveForAccount;
  private readonly deleteById;
  private readonly statements;

  constructor(private readonly db: Db) {
    this.insertLocal = db.prepare(
      `INSERT INTO outbound (id, account_id, origin, compose_id, destination_index, state, destination, to_name, to_company,
         subject, options, documents, client_data, page_count, scheduled_at, created_at, updated_at)
       VALUES (@id, @accountId, 'local', @composeId, @destinationIndex, @state, @destination, @toName, @toCompany,
         @subject, @options, @documents, @clientData, @pageCount, @scheduledAt, @now, @now)
       ON CONFLICT (compose_id, destination_index) DO NOTHING`,
    );
    this.insertService = db.prepare(
      `INSERT INTO outbound (id, account_id, origin, fax_id, state, destination, to_name, to_company, subject, client_data,
         completed_at, duration, pages, error_code, error_reason, billable_retries, created_at, updated_at)
       VALUES (@id, @accountId, 'service', @faxId, @state, @destination, @toName, @toCompany, @subject, @clientData,
         @completedAt, @duration, @pages, @errorCode, @errorReason, @billableRetries, @createdAt, @now)
       ON CONFLICT (account_id, fax_id) WHERE fax_id IS NOT NULL DO NOTHING`,
    );
    // One statement per page of imported history (see importHistory); the WHERE lets SQLite read the upsert clause.
    this.importHistoryStmt = db.prepare(
      `INSERT INTO outbound (id, account_id, origin, fax_id, state, destination, to_name, to_company, subject, client_data,
         completed_at, duration, pages, error_code, error_reason, billable_retries, created_at, updated_at)
       SELECT value ->> 'id', value ->> 'accountId', 'service', value ->> 'faxId', value ->> 'state', value ->> 'destination',
         value ->> 'toName', value ->> 'toCompany', value ->> 'subject', value ->> 'clientData', value ->> 'completedAt',
         value ->> 'duration', value ->> 'pages', value ->> 'errorCode', value ->> 'errorReason', value ->> 'billableRetries',
         value ->> 'createdAt', @now
       FROM json_each(@rows) WHERE true
       ON CONFLICT (account_id, fax_id) WHERE fax_id IS NOT NULL DO NOTHING
       RETURNING id, fax_id AS faxId`,
    );
    this.selectById = db.prepare<[string], OutboundRow>(`SELECT ${COLUMNS} FROM outbound WHERE id = ?`);
    this.selectByFax = db.prepare<[string, string], OutboundRow>(`SELECT ${COLUMNS} FROM outbound WHERE account_id = ? AND fax_id = ?`);
    this.selectByCompose = db.prepare<[string], OutboundRow>(
      `SELECT ${COLUMNS} FROM outbound WHERE compose_id = ? ORDER BY destination_index`,
    );
    this.selectActive = db.prepare<[{ limit: number }], OutboundHeadRow>(outboundActiveSql({ accountId: false }));
    this.selectActiveForAccount = db.prepare<[{ accountId: string; limit: number }], OutboundHeadRow>(outboundActiveSql({ accountId: true }));
    this.selectDue = db.prepare<[string, number], OutboundRow>(
      `SELECT ${COLUMNS} FROM outbound WHERE state = 'SCHEDULED' AND scheduled_at <= ? ORDER BY scheduled_at, seq LIMIT ?`,
    );
    this.countActiveAll = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM outbound WHERE phase = 'active'`);
    this.countActiveForAccount = db.prepare<[string], { n: number }>(
      `SELECT count(*) AS n FROM outbound WHERE account_id = ? AND phase = 'active'`,
    );
    this.deleteById = db.prepare<[string]>('DELETE FROM outbound WHERE id = ?');
    this.statements = new StatementCache(db);
  }

  /**
   * Persists the destinations of one compose, all or none. The compose id is the idempotency key: a
   * second call with the same compose (a double click, a retried IPC call) creates nothing and returns
   * the jobs the first call made.
   */
  insertCompose(jobs: readonly NewOutboundJob[], now: Date): { created: boolean; jobs: OutboundJob[] } {
    const first = jobs[0];
    if (!first) throw new AppError('VALIDATION', 'A fax needs at least one destination.', { field: 'destinations' });
    for (const job of jobs) {
      if (job.composeId !== first.composeId || job.accountId !== first.accountId) {
        throw new AppError('VALIDATION', 'All destinations of one compose must share its compose id and account.');
      }
    }
    const at = isoUtc(now, 'now');
    return this.db.transaction(() => {
      let inserted = 0;
      for (const job of jobs) {
        const state = job.state ?? 'QUEUED';
        inserted += this.insertLocal.run({
          id: job.id ?? newId(),
          accountId: job.accountId,
          composeId: job.composeId,
          destinationIndex: job.destinationIndex,
          state,
          destination: job.destination,
          toName: job.toName ?? '',
          toCompany: job.toCompany ?? '',
          subject: job.subject ?? '',
          options: writeJson(job.options ?? {}, JsonObjectSchema, 'fax options'),
          documents: writeJson(job.documents ?? [], DocumentsSchema, 'a document list'),
          clientData: writeJson(job.clientData ?? {}, ClientDataSchema, 'client data'),
          pageCount: job.pageCount ?? null,
          scheduledAt: optionalIsoUtc(job.scheduledAt, 'scheduledAt'),
          now: at,
        }).changes;
      }
      return { created: inserted > 0, jobs: this.listByCompose(first.composeId) };
    })();
  }

  /**
   * Records a fax found on the service that no local job matches (sent from another client). Does
   * nothing if the account already has a row for this fax_id: update that one instead.
   */
  insertFromService(fax: ServiceOutboundFax, now: Date): UpsertResult {
    const at = isoUtc(now, 'now');
    const row = serviceRowOf(fax, at);
    const changes = this.insertService.run({ ...row, now: at }).changes;
    if (changes > 0) return { id: row.id, created: true, changed: true };
    const existing = this.selectByFax.get(fax.accountId, fax.faxId);
    return { id: existing!.id, created: false, changed: false };
  }

  /**
   * insertFromService for a page of an account's older history, in one statement: the faxes the
   * account has no row for are added; returns them (id, fax_id).
   */
  importHistory(faxes: readonly ServiceOutboundFax[], now: Date): { id: string; faxId: string }[] {
    if (faxes.length === 0) return [];
    const at = isoUtc(now, 'now');
    const rows = faxes.map((fax) => serviceRowOf(fax, at));
    return this.importHistoryStmt.all({ rows: JSON.stringify(rows), now: at }) as { id: string; faxId: string }[];
  }

  get(id: string): OutboundJob | undefined {
    const row = this.selectById.get(id);
    return row && toJob(row);
  }

  getByFaxId(accountId: string, faxId: string): OutboundJob | undefined {
    const row = this.selectByFax.get(accountId, faxId);
    return row && toJob(row);
  }

  listByCompose(composeId: string): OutboundJob[] {
    return this.selectByCompose.all(composeId).map(toJob);
  }

  /**
   * Changes the given fields of a job, only if one of them differs from what is stored (then
   * updated_at moves too). With `fromStates`, only while the job is in one of those states: the
   * compare-and-set the outbox uses to claim a job (QUEUED -> SUBMITTING) exactly once.
   * Returns whether the row was written.
   */
  update(id: string, patch: OutboundPatch, now: Date, options: { fromStates?: readonly OutboundState[] } = {}): boolean {
    const fields = (Object.keys(patch) as (keyof OutboundPatch)[]).filter((k) => patch[k] !== undefined && k in PATCH_COLUMNS);
    if (fields.length === 0) return false;
    fields.sort();
    const statement = this.statements.get(`${fields.join(',')}|${options.fromStates ? 'from' : ''}`, () =>
      updateWhenChangedSql('outbound', Object.fromEntries(fields.map((f) => [PATCH_COLUMNS[f].column, `@${f}`])), {
        where: options.fromStates ? 'id = @id AND state IN (SELECT value FROM json_each(@fromStates))' : 'id = @id',
        touch: 'updated_at = @updatedAt',
      }),
    );
    const params: Record<string, unknown> = { id, updatedAt: isoUtc(now, 'now') };
    for (const f of fields) params[f] = (PATCH_COLUMNS[f].encode as (v: unknown) => unknown)(patch[f]);
    if (options.fromStates) params.fromStates = JSON.stringify(options.fromStates);
    return statement.run(params).changes > 0;
  }

  /** The sha256 of every document any job refers to (read by SQLite from the stored lists). */
  /**
   * The documents of the jobs after `afterSeq`, `limit` jobs at most, and the last seq read (null at the
   * end): the collector reads a big history in pieces between other work instead of one 3-5 s statement
   * on a million jobs.
   */
  referencedDocumentsAfter(afterSeq: number, limit: number): { sha256s: string[]; lastSeq: number | null } {
    const rows = this.statements
      .get('referenced-documents-after', () => `SELECT seq, documents FROM outbound WHERE seq > ? ORDER BY seq LIMIT ?`)
      .all(afterSeq, limit) as { seq: number; documents: string | null }[];
    const sha256s: string[] = [];
    for (const row of rows) {
      if (!row.documents) continue;
      for (const document of JSON.parse(row.documents) as { sha256?: unknown }[]) if (typeof document?.sha256 === 'string') sha256s.push(document.sha256);
    }
    return { sha256s, lastSeq: rows.length < limit ? null : rows[rows.length - 1]!.seq };
  }

  referencedDocuments(): Set<string> {
    const rows = this.statements.get('referenced-documents', () => `SELECT DISTINCT d.value ->> '$.sha256' AS sha256 FROM outbound, json_each(outbound.documents) d`).all() as { sha256: string | null }[];
    return new Set(rows.flatMap((r) => (r.sha256 ? [r.sha256] : [])));
  }

  /** Removes a job and its timeline (the person deleted it from the history). */
  delete(id: string): boolean {
    return this.deleteById.run(id).changes > 0;
  }

  /** Newest first (by created_at, then seq), optionally one account and one tab. */
  page(query: OutboundPageQuery = {}): KeysetPage<OutboundJobSummary> {
    const size = pageSize(query.limit);
    const after = checkCursor(query.after);
    const filter = { accountId: query.accountId !== undefined, phase: query.phase !== undefined, after: after !== null };
    const rows = this.statements.get(`page|${filter.accountId}|${filter.phase}|${filter.after}`, () => outboundPageSql(filter)).all({
      ...(filter.accountId ? { accountId: query.accountId } : {}),
      ...(filter.phase ? { phase: query.phase } : {}),
      ...keysetParams(after, size),
    }) as OutboundSummaryRow[];
    return keysetPage(rows, size, (r) => r.created_at, toSummary);
  }

  /**
   * Full-text search over names, company, number (any run of 3+ trailing digits, or a prefix),
   * subject, client data and fax id. Results are newest first by arrival in the history.
   */
  search(query: OutboundSearchQuery): SearchPage<OutboundJobSummary> {
    const size = pageSize(query.limit);
    const match = toFtsQuery(query.text);
    if (match === null) return { items: [], next: null };
    const before = query.before ?? null;
    const filter = { accountId: query.accountId !== undefined, phase: query.phase !== undefined, before: before !== null };
    const rows = this.statements.get(`search|${filter.accountId}|${filter.phase}|${filter.before}`, () => outboundSearchSql(filter)).all({
      match,
      ...(filter.accountId ? { accountId: query.accountId } : {}),
      ...(filter.phase ? { phase: query.phase } : {}),
      ...searchParams(before, size),
    }) as OutboundSummaryRow[];
    return searchPage(rows, size, toSummary);
  }

  /**
   * Jobs not in a final state, oldest first: what the sync watches, every cycle. Without the stored
   * JSON, which the watching never reads (parsing it was most of the cost); get() has the whole job.
   */
  listActive(options: { accountId?: string; limit?: number } = {}): ActiveOutboundJob[] {
    const limit = options.limit ?? 1000;
    const rows = options.accountId === undefined ? this.selectActive.all({ limit }) : this.selectActiveForAccount.all({ accountId: options.accountId, limit });
    return rows.map(toJobHead);
  }

  /**
   * Jobs in some of the states work is still to be done in, oldest first: what the outbox submits
   * (QUEUED), recovers (SUBMITTING), reconciles (UNKNOWN) or watches. Unlike listActive's first
   * thousand active jobs, these are found however many faxes are still on the line ahead of them.
   * Without the stored JSON, like listActive: none of the callers needs it. (The submission pump, which
   * asks after every attempt, reads only the composes it can start: queuedComposes.)
   */
  listInStates(states: readonly OutboundState[], limit = 1000): ActiveOutboundJob[] {
    if (states.length === 0) return [];
    const sorted = [...new Set(states)].sort();
    const statement = this.statements.get(
      `in-states|${sorted.join(',')}`,
      () => `SELECT ${HEAD_COLUMNS} FROM outbound WHERE phase = 'active' AND state IN (${sorted.map(() => '?').join(', ')}) ORDER BY created_at, seq LIMIT ?`,
    );
    return (statement.all(...sorted, limit) as OutboundHeadRow[]).map(toJobHead);
  }

  /**
   * The composes the submission pump may start next: those with a QUEUED job, by their first job's
   * age, leaving out `skip` (in flight, or held until later), at most `limit`. The pump asks after
   * every attempt, so it reads only the few it can start, not every queued job each time (with 200
   * held composes, that was 200 reads of 200 rows while the window waited for its first answer).
   */
  queuedComposes(skip: readonly string[], limit: number): string[] {
    if (limit <= 0) return [];
    return this.statements
      .get(
        'queued-composes',
        () => `SELECT compose_id FROM outbound
               WHERE phase = 'active' AND state = 'QUEUED' AND compose_id IS NOT NULL AND compose_id NOT IN (SELECT value FROM json_each(@skip))
               GROUP BY compose_id ORDER BY min(created_at), min(seq) LIMIT @limit`,
      )
      .pluck()
      .all({ skip: JSON.stringify(skip), limit }) as string[];
  }

  /**
   * The Faxdesk markers of faxes found on this account's sent list since `since`, newest first, at most
   * `limit`: which other desks send on the account (src/main/desks/office.ts).
   */
  serviceMarkersSince(accountId: string, since: Date, limit = 5000): { marker: string; createdAt: string }[] {
    return this.statements
      .get(
        'service-markers',
        () => `SELECT marker, created_at AS createdAt FROM (SELECT created_at, seq, ${markerOf('')} FROM outbound
                 WHERE account_id = ? AND created_at >= ? AND origin = 'service' ORDER BY created_at DESC, seq DESC LIMIT ?)
               WHERE marker IS NOT NULL`,
      )
      .all(accountId, isoUtc(since, 'since'), limit) as { marker: string; createdAt: string }[];
  }

  countActive(accountId?: string): number {
    return (accountId === undefined ? this.countActiveAll.get() : this.countActiveForAccount.get(accountId))!.n;
  }

  /** SCHEDULED jobs whose time has come, earliest first. */
  listDue(now: Date, limit = 100): OutboundJob[] {
    return this.selectDue.all(isoUtc(now, 'now'), limit).map(toJob);
  }
}

/** A job as stored, its JSON columns parsed (their shape was checked when written). */
function toJob(row: OutboundRow): OutboundJob {
  const job = toJobHead(row) as OutboundJob;
  job.options = readJson(row.options, 'fax options');
  job.documents = readJson(row.documents, 'a document list');
  job.clientData = readJson(row.client_data, 'client data');
  return job;
}

function toSummary(row: OutboundSummaryRow): OutboundJobSummary {
  const job = toJobHead(row) as OutboundJobSummary;
  job.documentCount = row.document_count;
  job.marker = row.marker;
  return job;
}

function toJobHead(row: OutboundHeadRow): ActiveOutboundJob {
  return {
    id: row.id,
    accountId: row.account_id,
    composeId: row.compose_id,
    destinationIndex: row.destination_index,
    origin: row.origin,
    faxId: row.fax_id,
    state: row.state,
    phase: row.phase,
    destination: row.destination,
    toName: row.to_name,
    toCompany: row.to_company,
    subject: row.subject,
    pageCount: row.page_count,
    scheduledAt: row.scheduled_at,
    submittedAt: row.submitted_at,
    completedAt: row.completed_at,
    durationSeconds: row.duration,
    pages: row.pages,
    errorCode: row.error_code,
    errorReason: row.error_reason,
    billableRetries: row.billable_retries,
    rejection: row.rejection,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The row of a fax found on the service that no local job matches (a new id; created when it completed, or now). */
function serviceRowOf(fax: ServiceOutboundFax, now: string) {
  const completedAt = optionalIsoUtc(fax.completedAt, 'completedAt');
  return {
    id: newId(),
    accountId: fax.accountId,
    faxId: fax.faxId,
    state: fax.state,
    destination: fax.destination,
    toName: fax.toName ?? '',
    toCompany: fax.toCompany ?? '',
    subject: fax.subject ?? '',
    clientData: writeJson(fax.clientData ?? {}, ClientDataSchema, 'client data'),
    completedAt,
    duration: fax.durationSeconds ?? null,
    pages: fax.pages ?? null,
    errorCode: fax.errorCode ?? null,
    errorReason: fax.errorReason ?? null,
    billableRetries: fax.billableRetries ?? null,
    createdAt: completedAt ?? now,
  };
}
