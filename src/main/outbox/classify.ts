/**
 * What a failed POST /faxes means for the job. The one question is whether the service may have taken
 * the fax:
 * - `hold`: it cannot have (the request was refused before any processing, or never left this
 *   computer): the job stays QUEUED and is submitted again later. 401/403 (sign-in refused: after the
 *   client's own token renewal), 429 (rate limited), 408, and network failures that prove no connection
 *   carried the request (name not found, connection refused, offline, certificate).
 * - `rejected`: any other 4xx is a definite refusal with a reason: the job is REJECTED and can be
 *   edited and sent again by the person.
 * - `unknown`: anything else (timeout, reset, 5xx, a 2xx Faxdesk could not read, an unexpected
 *   exception) may have reached the service: the job becomes UNKNOWN and is reconciled, never re-posted.
 */
import { isAppError, type AppError } from '../errors';

export type SendFailure =
  | { kind: 'hold'; reason: string; retryAfterMs: number | null }
  | { kind: 'rejected'; reason: string; httpStatus: number | null }
  | { kind: 'unknown'; reason: string };

function serviceDetails(error: AppError): string {
  const items = error.detail.serviceErrors ?? [];
  const extra = items
    .slice(1, 4)
    .map((i) => [i.elementName, i.userMessage ?? i.developerMessage].filter(Boolean).join(': '))
    .filter((t) => t !== '');
  return extra.length ? ` Also: ${extra.join('; ')}.` : '';
}

export function classifySendFailure(error: unknown): SendFailure {
  if (!isAppError(error)) {
    return { kind: 'unknown', reason: `Faxdesk hit an internal error while handing the fax to the service (${error instanceof Error ? error.message : String(error)}).` };
  }
  const status = error.httpStatus;
  if (error.code === 'AUTH' || status === 401 || status === 403) {
    return { kind: 'hold', reason: error.message, retryAfterMs: null };
  }
  if (error.code === 'RATE_LIMITED' || status === 429) {
    return { kind: 'hold', reason: error.message, retryAfterMs: error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : null };
  }
  if (status === 408) return { kind: 'hold', reason: error.message, retryAfterMs: null };
  if (status !== undefined && status >= 400 && status < 500) {
    return { kind: 'rejected', reason: `${error.message}${serviceDetails(error)}`, httpStatus: status };
  }
  if (error.code === 'NETWORK' && error.detail.maybeDelivered === false) {
    return { kind: 'hold', reason: error.message, retryAfterMs: null };
  }
  return { kind: 'unknown', reason: error.message };
}
