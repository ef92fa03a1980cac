/**
 * Small helpers the repositories share for turning domain values into column values and back:
 * canonical timestamps, stable JSON (checked on the way in, trusted on the way out), page sizes and keyset pages; and
 * for the SQL they build at run time: prepared statements kept per shape, and updates that write
 * only when a value differs.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { KeysetPage, PageCursor } from '../../../shared/domain/history';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

/**
 * A new row's id: a UUID of version 7 (RFC 9562 §5.7), whose first 48 bits are the time in
 * milliseconds and the rest random. Ids made one after another sort together, so each unique index
 * on an id (received.id, outbound.id, and the timeline's (fax id, …) indexes) takes new rows at its
 * right edge instead of on a random page of a big index. Importing 100,000 received and 100,000 sent
 * faxes (bench backfill, one machine): 2,367 faxes/s in a run with version 4 ids, 2,508–3,094 in four
 * with these; with the search triggers dropped and the request bound lifted (an experiment), 3,285
 * and 4,912–5,197. The time in an id is no secret: the row's own columns hold it. Written here because Node 22 makes only version 4,
 * and the `uuid` package (v12 on) is an ES module the main bundle's require() cannot load.
 */
export function newId(now: number = Date.now()): string {
  const random = randomUUID(); // xxxxxxxx-xxxx-4xxx-Vxxx-xxxxxxxxxxxx: variant bits set, version at [14]
  const time = Math.max(0, Math.min(now, 0xffff_ffff_ffff)).toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8)}-7${random.slice(15)}`;
}

/**
 * The one stored spelling of a time: `YYYY-MM-DDTHH:mm:ss.sssZ` (the tables CHECK it), so that text
 * order is time order. Accepts a Date or any ISO-8601 text with an offset (the service writes several).
 */
export function isoUtc(value: Date | string, field: string): string {
  const date = value instanceof Date ? value : new Date(value);
  const time = date.getTime();
  if (Number.isNaN(time)) {
    throw new AppError('VALIDATION', `${field} is not a valid time: ${String(value).slice(0, 60)}`, { field });
  }
  return date.toISOString();
}

export function optionalIsoUtc(value: Date | string | null | undefined, field: string): string | null {
  return value === null || value === undefined ? null : isoUtc(value, field);
}

/** JSON text with object keys sorted, so equal values always store (and compare) as equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) out[key] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/**
 * JSON columns follow one rule: validate on write, trust on read. `writeJson` checks a value against
 * the column's shape before it is stored (the tables' CHECKs add that it is JSON of the right kind), so
 * `readJson` only parses: a page of a million-row history costs no schema check per row. A value of
 * the wrong shape on the way in is a bug in Faxdesk, not the person's doing.
 */
export function writeJson<T>(value: T, schema: z.ZodType<T>, what: string): string {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`Faxdesk tried to store ${what} in an unexpected shape: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return stableJson(value);
}

/** Parses a JSON column written by writeJson (its shape was checked then). */
export function readJson<T>(text: string, what: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new AppError('STORAGE', `The history file holds unreadable ${what}. Restore the file from a backup.`);
  }
}

export function pageSize(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(limit) || limit < 1) {
    throw new AppError('VALIDATION', 'A page must hold at least one item.', { field: 'limit' });
  }
  return Math.min(limit, MAX_PAGE_SIZE);
}

export function checkCursor(cursor: PageCursor | null | undefined): PageCursor | null {
  if (cursor === null || cursor === undefined) return null;
  if (typeof cursor.key !== 'string' || !Number.isSafeInteger(cursor.seq)) {
    throw new AppError('VALIDATION', 'The page position is not valid; start again from the first page.', { field: 'after' });
  }
  return cursor;
}

/** The parameters of a keyset page query: `@afterKey`/`@afterSeq` after a cursor, and one row more than a page. */
export function keysetParams(after: PageCursor | null, size: number): { afterKey?: string; afterSeq?: number; limit: number } {
  return { ...(after ? { afterKey: after.key, afterSeq: after.seq } : {}), limit: size + 1 };
}

/** The parameters of a search page query: `@before` (an FTS rowid) after the first page, and one row more than a page. */
export function searchParams(before: number | null, size: number): { before?: number; limit: number } {
  return { ...(before !== null ? { before } : {}), limit: size + 1 };
}

/**
 * Builds a page from rows fetched with LIMIT size + 1: the extra row only says that there is more.
 */
export function keysetPage<R extends { seq: number }, T>(rows: R[], size: number, keyOf: (row: R) => string, map: (row: R) => T): KeysetPage<T> {
  const more = rows.length > size;
  const kept = more ? rows.slice(0, size) : rows;
  const last = kept[kept.length - 1];
  return { items: kept.map(map), next: more && last ? { key: keyOf(last), seq: last.seq } : null };
}

export function searchPage<R extends { seq: number }, T>(rows: R[], size: number, map: (row: R) => T): { items: T[]; next: number | null } {
  const more = rows.length > size;
  const kept = more ? rows.slice(0, size) : rows;
  const last = kept[kept.length - 1];
  return { items: kept.map(map), next: more && last ? last.seq : null };
}

/**
 * Statements whose SQL depends on the query's shape (which filters, which fields), prepared once per
 * shape: `key` names the shape, `sql` builds its text the first time.
 */
export class StatementCache {
  private readonly statements = new Map<string, Database.Statement>();

  constructor(private readonly db: Database.Database) {}

  get(key: string, sql: () => string): Database.Statement {
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql());
      this.statements.set(key, statement);
    }
    return statement;
  }
}

/**
 * An UPDATE that writes only when one of the values differs from what is stored, so an idle sync or a
 * repeated save writes nothing (and `changes` says whether anything did). `values` maps each column to
 * the SQL of its new value (`@name`, or `coalesce(@name, name)` to keep a known value the caller does
 * not have); `touch` is set as well when the row is written; `where` picks the row.
 */
export function updateWhenChangedSql(
  table: string,
  values: Readonly<Record<string, string>>,
  options: { where: string; touch: string; collate?: 'BINARY' },
): string {
  const columns = Object.entries(values);
  const collate = options.collate ? ` COLLATE ${options.collate}` : '';
  return `UPDATE ${table} SET ${columns.map(([column, value]) => `${column} = ${value}`).join(', ')}, ${options.touch}
    WHERE ${options.where} AND (${columns.map(([column, value]) => `${column} IS NOT ${value}${collate}`).join(' OR ')})`;
}

/** A UNIQUE constraint failure from SQLite (to turn into a CONFLICT a person can act on). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
