/**
 * The shapes the HTTP layer (http.ts), its error wording (service-errors.ts) and the request builders
 * (wire.ts, fax-request-body.ts) share. Kept apart so those modules import types from here instead of
 * from each other (they formed an import circle).
 */
import type { ErrorCode } from '../../shared/result';
import type { ServiceErrorItem } from '../errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which service an error message should name, and for which account. */
export interface ServiceTarget {
  service: 'Fax Services API' | 'Admin API';
  baseUrl: string;
  /** The account's label, so a person with several accounts knows which one failed. */
  accountLabel: string;
  /** Shown in credential errors ("the API key for App ID …"). */
  appId?: string;
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestSpec {
  method: HttpMethod;
  /** Appended to the target's base URL, e.g. /faxes/received. */
  path: string;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** A streamed body, made anew for each attempt (a stream is read once). */
  body?: () => StreamedBody;
  /** What the call does, in words that finish "while trying to …", e.g. "read the received fax list". */
  operation: string;
  /**
   * Safe to repeat: then network errors, timeouts, 5xx and short rate limits are retried with backoff.
   * POST /faxes is never idempotent here: a lost answer must not become a second fax.
   */
  idempotent: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Statuses besides 2xx the caller handles itself (e.g. 409 on cancel). */
  acceptStatuses?: readonly number[];
  /** Words a status error for this call (e.g. 401 from POST /tokens names the App ID and API key). */
  explain?: Explain;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  text: string;
  url: string;
}

/** What a call's `explain` hook gets to word a status error itself. */
export interface StatusFacts {
  status: number;
  /** The service's own words (user_message, message, plain text), trimmed; null when it said nothing usable. */
  serviceMessage: string | null;
  serviceErrors: ServiceErrorItem[];
  transactionId: string | undefined;
  retryAfterSeconds: number | undefined;
  /** The answer was a web page: usually a wrong base URL or a proxy's error page. */
  isWebPage: boolean;
}

export type Explain = (facts: StatusFacts) => { code?: ErrorCode; message: string; field?: string } | undefined;

export interface StreamedBody {
  contentType: string;
  /** Exact byte length of the body. */
  contentLength: number;
  chunks: AsyncIterable<Buffer>;
}
