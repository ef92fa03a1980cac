/**
 * Opaque page positions for the renderer: a keyset position (time, row) or a search position (row),
 * as base64url JSON. The renderer only passes back what it got; anything else is refused plainly.
 */
import { AppError } from '../errors';
import type { PageCursor } from '../../shared/domain/history';

export type ListCursor = { kind: 'keyset'; after: PageCursor } | { kind: 'search'; before: number };

export function encodeCursor(cursor: ListCursor): string {
  const raw = cursor.kind === 'keyset' ? { k: cursor.after.key, s: cursor.after.seq } : { b: cursor.before };
  return Buffer.from(JSON.stringify(raw), 'utf8').toString('base64url');
}

export function decodeCursor(text: string, kind: 'keyset'): { kind: 'keyset'; after: PageCursor };
export function decodeCursor(text: string, kind: 'search'): { kind: 'search'; before: number };
export function decodeCursor(text: string, kind: ListCursor['kind']): ListCursor {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    raw = null;
  }
  const value = raw as { k?: unknown; s?: unknown; b?: unknown } | null;
  if (kind === 'keyset' && value && typeof value.k === 'string' && Number.isSafeInteger(value.s)) {
    return { kind, after: { key: value.k, seq: value.s as number } };
  }
  if (kind === 'search' && value && Number.isSafeInteger(value.b)) return { kind, before: value.b as number };
  throw new AppError('VALIDATION', 'The page position is not valid (the filters may have changed); start again from the first page.', { field: 'cursor' });
}
