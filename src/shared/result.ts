/** The one error shape that crosses a process boundary: plain data a person can act on. */
export interface ErrorInfo {
  /** Stable machine-readable code (see ErrorCode). */
  code: ErrorCode;
  /** A sentence a person can act on. Never a stack trace, never a secret. */
  message: string;
  /** Dotted path of the offending input field, when one field is to blame. */
  field?: string;
  /** Seconds to wait before trying again, when the cause says so (rate limits). */
  retryAfterSeconds?: number;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };

export const ERROR_CODES = [
  // IPC gate
  'UNKNOWN_CHANNEL',
  'INVALID_INPUT',
  'FORBIDDEN_SENDER',
  'INTERNAL',
  // domain
  'NOT_FOUND',
  'CONFLICT',
  'VALIDATION',
  'STORAGE',
  'KEYCHAIN',
  'FILE',
  'PRINT_FAILED',
  // talking to the service
  'NETWORK',
  'TIMEOUT',
  'AUTH',
  'RATE_LIMITED',
  'SERVICE',
  'BAD_RESPONSE',
  'CANCELLED',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(error: ErrorInfo): Result<T> {
  return { ok: false, error };
}
