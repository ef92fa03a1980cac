import type { ErrorCode, ErrorInfo } from '../shared/result';

/**
 * An error main expects and can explain. Anything thrown that is not an AppError is a bug: the gate
 * logs it and the renderer sees a generic INTERNAL error instead of a stack trace.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: ErrorCode, message: string, options: { field?: string; retryAfterSeconds?: number; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  toInfo(): ErrorInfo {
    const info: ErrorInfo = { code: this.code, message: this.message };
    if (this.field !== undefined) info.field = this.field;
    if (this.retryAfterSeconds !== undefined) info.retryAfterSeconds = this.retryAfterSeconds;
    return info;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
