/**
 * The only module that touches window.faxdesk. Calls return the value or throw a FaxdeskError that
 * carries the typed error from main, so components can show its message and highlight its field.
 */
import type { FaxdeskApi } from '../../shared/ipc/api-shape';
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

export function errorMessage(error: unknown): string {
  if (error instanceof FaxdeskError) return error.info.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
