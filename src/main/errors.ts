import type { ErrorCode, ErrorInfo } from '../shared/result';

/** One entry of the service's error body (`{"errors":[{element_name, user_message, ...}]}`). */
export interface ServiceErrorItem {
  elementName?: string;
  userMessage?: string;
  developerMessage?: string;
  errorCode?: string;
}

/** Extra facts about an error from the fax service. Kept in main (logs, retry logic); not sent over IPC. */
export interface ServiceErrorDetail {
  httpStatus?: number;
  serviceErrors?: ServiceErrorItem[];
  /** The service's transaction id (body or `transaction-id` header), for support requests. */
  transactionId?: string;
  /** Whether the request may have reached the service (decides whether a send can be retried). */
  maybeDelivered?: boolean;
  /** A passing fault (a cut-off or garbled answer) worth one more try for a call that is safe to repeat. */
  transient?: boolean;
  /** For an answer of an unexpected shape: where in the answer, e.g. faxes[3].completed_timestamp. */
  responsePath?: string;
}

export interface AppErrorOptions extends ServiceErrorDetail {
  field?: string;
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * An error main expects and can explain. Anything thrown that is not an AppError is a bug: the gate
 * logs it and the renderer sees a generic INTERNAL error instead of a stack trace.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly field: string | undefined;
  readonly retryAfterSeconds: number | undefined;
  /** Service errors only: status, the service's error entries, transaction id. */
  readonly detail: ServiceErrorDetail;

  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    const detail: ServiceErrorDetail = {};
    if (options.httpStatus !== undefined) detail.httpStatus = options.httpStatus;
    if (options.serviceErrors !== undefined) detail.serviceErrors = options.serviceErrors;
    if (options.transactionId !== undefined) detail.transactionId = options.transactionId;
    if (options.maybeDelivered !== undefined) detail.maybeDelivered = options.maybeDelivered;
    if (options.transient !== undefined) detail.transient = options.transient;
    if (options.responsePath !== undefined) detail.responsePath = options.responsePath;
    this.detail = detail;
  }

  get httpStatus(): number | undefined {
    return this.detail.httpStatus;
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
