/**
 * Small helpers the repositories share for turning domain values into column values and back:
 * canonical timestamps, stable JSON, checked JSON on the way out, page sizes and keyset pages.
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { KeysetPage, PageCursor } from '../../../shared/domain/history';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;

export function newId(): string {
  return randomUUID();
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

/** Parses stored JSON and checks its shape; a mismatch means the file was edited or damaged. */
export function readJson<T>(text: string, schema: z.ZodType<T>, what: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError('STORAGE', `The history file holds unreadable ${what}. Restore the file from a backup.`);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError('STORAGE', `The history file holds ${what} in an unexpected shape. Restore the file from a backup.`);
  }
  return parsed.data;
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

/** A UNIQUE constraint failure from SQLite (to turn into a CONFLICT a person can act on). */
export function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}
