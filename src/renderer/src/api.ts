/**
 * The only module that touches window.faxdesk. Calls return the value or throw a FaxdeskError that
 * carries the typed error from main, so components can show its message and highlight its field.
 */
import type { FaxdeskApi } from '../../shared/ipc/api-shape';
import { plainText } from '../../shared/plain-words/errors';
import type { ErrorInfo, Result } from '../../shared/result';

export class FaxdeskError extends Error {
  readonly info: ErrorInfo;
  constructor(info: ErrorInfo) {
    super(info.message);
    this.name = 'FaxdeskError';
    this.info = info;
  }
}

export const faxdesk: FaxdeskApi = window.faxdesk;

export async function unwrap<T>(pending: Promise<Result<T>>): Promise<T> {
  const result = await pending;
  if (result.ok) return result.value;
  throw new FaxdeskError(result.error);
}

/**
 * What to show for anything thrown: main's sentence, or the page's own, through the one mapping to plain
 * words (shared/plain-words/errors.ts), so no schema path, library message or stack reaches the screen.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof FaxdeskError) return plainText(error.info.message, error.info.code, error.info.field);
  if (error instanceof Error) return plainText(error.message, 'INTERNAL');
  return plainText(typeof error === 'string' ? error : null, 'INTERNAL');
}
