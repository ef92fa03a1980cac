/**
 * Opaque list positions for the renderer: the position of a row at the end of a page, as a keyset
 * position (time, row) or a search position (row), in base64url JSON. Which way to read from it is said
 * beside it. The renderer only passes back what it got; anything else is refused plainly. Used by
 * every keyset-paged list the page reads (inbox:list, activity:list).
 */
import { AppError } from '../errors';
import type { PageCursor } from '../../shared/domain/history';

export type ListCursor = { kind: 'keyset'; at: PageCursor } | { kind: 'search'; at: number };

export function encodeCursor(cursor: ListCursor): string {
  const raw = cursor.kind === 'keyset' ? { k: cursor.at.key, s: cursor.at.seq } : { b: cursor.at };
  return Buffer.from(JSON.stringify(raw), 'utf8').toString('base64url');
}

export function decodeCursor(text: string, kind: 'keyset'): { kind: 'keyset'; at: PageCursor };
export function decodeCursor(text: string, kind: 'search'): { kind: 'search'; at: number };
export function decodeCursor(text: string, kind: ListCursor['kind']): ListCursor {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    raw = null;
  }
  const value = raw as { k?: unknown; s?: unknown; b?: unknown } | null;
  if (kind === 'keyset' && value && typeof value.k === 'string' && Number.isSafeInteger(value.s)) {
    return { kind, at: { key: value.k, seq: value.s as number } };
  }
  if (kind === 'search' && value && Number.isSafeInteger(value.b)) return { kind, at: value.b as number };
  throw new AppError('VALIDATION', 'The page position is not valid (the filters may have changed); start again from the first page.', { field: 'cursor' });
}
