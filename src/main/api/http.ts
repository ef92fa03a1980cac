/**
 * The HTTP layer every service call goes through: injected fetch (Electron's net.fetch in the app, so
 * the system proxy and certificate store apply; the global fetch under Node), a timeout on every
 * attempt, retries with backoff for idempotent calls only, and every failure turned into an AppError
 * whose message says what to do. Secrets never reach a log line or a message: headers and bodies are
 * not logged.
 */
import { exponentialDelay, withEqualJitter } from '../platform/backoff';
import type { Logger } from '../platform/logger';
import type { FetchFn } from '../platform/ports';
import { AppError } from '../errors';
import type { HttpResponse, RequestSpec, ServiceTarget } from './http-types';
import { capitalise, errorForStatus, who } from './service-errors';

export type { HttpMethod, HttpResponse, QueryValue, RequestSpec, ServiceTarget } from './http-types';


export interface RetryPolicy {
  /** Total attempts for an idempotent call, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for: the RATE_LIMITED error goes to the caller. */
  maxRetryAfterSeconds: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 500, maxDelayMs: 8_000, maxRetryAfterSeconds: 30 };
export const DEFAULT_TIMEOUT_MS = 30_000;

export interface HttpOptions {
  fetch: FetchFn;
  logger?: Logger;
  timeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Waits between retries; injectable so tests assert the delays instead of waiting them out. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}


export class HttpClient {
  private readonly retry: RetryPolicy;
  private readonly timeoutMs: number;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: HttpOptions) {
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
  }

  /**
   * Sends the request and, when given, reads the answer with `read` inside the same attempt, so a
   * cut-off or garbled answer to an idempotent call is retried like a network fault.
   */
  async send(target: ServiceTarget, spec: RequestSpec): Promise<HttpResponse>;
  async send<T>(target: ServiceTarget, spec: RequestSpec, read: (response: HttpResponse) => T): Promise<T>;
  async send<T>(target: ServiceTarget, spec: RequestSpec, read?: (response: HttpResponse) => T): Promise<T | HttpResponse> {
    const attempts = spec.idempotent ? Math.max(1, this.retry.attempts) : 1;
    for (let attempt = 1; ; attempt++) {
      try {
        const response = await this.attempt(target, spec, attempt);
        return read ? read(response) : response;
      } catch (error) {
        if (!(error instanceof AppError) || attempt >= attempts || !isRetryable(error)) throw error;
        const delay = this.delayBefore(attempt, error);
        if (delay === null) throw error;
        this.options.logger?.info('retrying service call', {
          service: target.service,
          method: spec.method,
          path: spec.path,
          attempt,
          code: error.code,
          status: error.httpStatus,
          delayMs: delay,
        });
        try {
          await this.sleep(delay, spec.signal);
        } catch {
          throw cancelledError(target, spec);
        }
      }
    }
  }

  private async attempt(target: ServiceTarget, spec: RequestSpec, attempt: number): Promise<HttpResponse> {
    if (spec.signal?.aborted) throw cancelledError(target, spec);
    const url = buildUrl(target, spec);
    const timeoutMs = spec.timeoutMs ?? this.timeoutMs;
    // One controller per attempt, aborted by the timeout or by the caller's signal. (AbortSignal.any
    // would do, but Node keeps every signal it makes reachable from a long-lived source signal, such
    // as the sync's: 16 KB a request, found by the benchmark's simulated day.)
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort(spec.signal?.reason);
    spec.signal?.addEventListener('abort', onCallerAbort, { once: true });
    const signal = controller.signal;
    const headers: Record<string, string> = { accept: 'application/json', ...spec.headers };
    let body: string | ReadableStream<Uint8Array> | undefined;
    if (spec.body) {
      const streamed = spec.body();
      headers['content-type'] = streamed.contentType;
      // No content-length: Chromium's network stack (Electron's net.fetch) owns that header and fails
      // the whole request with net::ERR_INVALID_ARGUMENT when it is set (electron/electron#21091).
      body = readableOf(streamed.chunks);
    } else if (spec.json !== undefined) {
      headers['content-type'] = 'application/json;charset=UTF-8';
      body = JSON.stringify(spec.json);
    } else if (spec.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
      body = new URLSearchParams(spec.form).toString();
    }
    const started = Date.now();
    let response: Response;
    let text: string;
    let sent = false;
    try {
      // duplex 'half': the body is a stream (fetch then sends it as it is read).
      response = await this.options.fetch(url, { method: spec.method, headers, body, signal, redirect: 'follow', ...(typeof body === 'object' ? { duplex: 'half' } : {}) } as RequestInit);
      sent = true;
      text = await response.text();
    } catch (error) {
      if (timedOut) throw timeoutError(target, spec, timeoutMs, error);
      if (spec.signal?.aborted) throw cancelledError(target, spec);
      throw networkError(target, spec, error, sent);
    } finally {
      clearTimeout(timer);
      spec.signal?.removeEventListener('abort', onCallerAbort);
    }
    this.options.logger?.debug('service call', {
      service: target.service,
      method: spec.method,
      path: spec.path,
      status: response.status,
      attempt,
      ms: Date.now() - started,
    });
    const result: HttpResponse = { status: response.status, headers: response.headers, text, url: response.url || url };
    if ((response.status >= 200 && response.status < 300) || spec.acceptStatuses?.includes(response.status)) return result;
    throw errorForStatus(target, spec, result);
  }

  private delayBefore(attempt: number, error: AppError): number | null {
    if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds !== undefined) {
      if (error.retryAfterSeconds > this.retry.maxRetryAfterSeconds) return null;
      return error.retryAfterSeconds * 1000;
    }
    return withEqualJitter(exponentialDelay(attempt, this.retry.baseDelayMs, this.retry.maxDelayMs), this.random);
  }
}

function isRetryable(error: AppError): boolean {
  switch (error.code) {
    case 'NETWORK':
    case 'TIMEOUT':
    case 'RATE_LIMITED':
      return true;
    case 'SERVICE':
      return error.httpStatus === undefined || error.httpStatus >= 500;
    case 'BAD_RESPONSE':
      // A cut-off or garbled body of a read is worth one more try; a well-formed answer of the wrong shape is not.
      return error.detail.transient === true;
    default:
      return false;
  }
}

export function buildUrl(target: ServiceTarget, spec: Pick<RequestSpec, 'path' | 'query'>): string {
  const base = target.baseUrl.replace(/\/+$/, '');
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(spec.query ?? {})) {
    if (value === undefined || value === null) continue;
    query.append(key, String(value));
  }
  const qs = query.toString();
  return `${base}${spec.path}${qs ? `?${qs}` : ''}`;
}

function cancelledError(target: ServiceTarget, spec: RequestSpec): AppError {
  return new AppError('CANCELLED', `Stopped before ${who(target)} answered: the request to ${spec.operation} was cancelled.`);
}

function timeoutError(target: ServiceTarget, spec: RequestSpec, timeoutMs: number, cause: unknown): AppError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new AppError(
    'TIMEOUT',
    `${capitalise(who(target))} did not answer within ${seconds} second${seconds === 1 ? '' : 's'} while trying to ${spec.operation}. ` +
      'The service or the network may be slow; try again in a moment.',
    { cause, maybeDelivered: true },
  );
}

interface NetworkCause {
  reason: string;
  advice: string;
  /** False when the request cannot have reached the service (no connection was made). */
  maybeDelivered: boolean;
}

/** Names what went wrong on the wire, from Node's (undici) and Electron's (net::ERR_…) error codes. */
export function describeNetworkError(error: unknown): NetworkCause {
  const text = collectErrorText(error);
  const check = 'Check the internet connection, any proxy settings, and the base URL in Settings > Accounts.';
  if (/ENOTFOUND|EAI_AGAIN|ERR_NAME_NOT_RESOLVED|getaddrinfo/i.test(text)) {
    return { reason: 'the server name could not be found', advice: 'Check the base URL in Settings > Accounts and the internet connection.', maybeDelivered: false };
  }
  if (/bad port|ERR_UNSAFE_PORT/i.test(text)) {
    return { reason: 'the port in the address is one web requests may not use', advice: 'Check the base URL in Settings > Accounts.', maybeDelivered: false };
  }
  if (/ECONNREFUSED|ERR_CONNECTION_REFUSED/i.test(text)) {
    return { reason: 'nothing is answering at that address (connection refused)', advice: check, maybeDelivered: false };
  }
  if (/CERT|SSL|TLS|self[- ]signed|UNABLE_TO_VERIFY|ERR_BAD_SSL/i.test(text)) {
    return {
      reason: "the server's security certificate is not trusted",
      advice: 'Check the base URL. On an office network, ask IT whether a proxy replaces certificates and install its certificate in the system store.',
      maybeDelivered: false,
    };
  }
  if (/ENETUNREACH|EHOSTUNREACH|ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_ADDRESS_UNREACHABLE/i.test(text)) {
    return { reason: 'this computer is offline or the network is unreachable', advice: check, maybeDelivered: false };
  }
  if (/PROXY|ERR_TUNNEL/i.test(text)) {
    return { reason: 'the proxy server refused the connection', advice: 'Check the proxy settings of this computer, or ask IT.', maybeDelivered: false };
  }
  if (/ECONNRESET|UND_ERR_SOCKET|other side closed|ERR_CONNECTION_RESET|ERR_CONNECTION_CLOSED|ERR_EMPTY_RESPONSE|terminated|socket hang up|EPIPE/i.test(text)) {
    return { reason: 'the connection was cut off before the answer was complete', advice: 'This is usually temporary; try again in a moment.', maybeDelivered: true };
  }
  if (/ETIMEDOUT|CONNECT_TIMEOUT|ERR_TIMED_OUT/i.test(text)) {
    return { reason: 'the connection timed out', advice: check, maybeDelivered: false };
  }
  return { reason: 'the connection failed', advice: check, maybeDelivered: true };
}

function networkError(target: ServiceTarget, spec: RequestSpec, error: unknown, responseStarted: boolean): AppError {
  const cause = describeNetworkError(error);
  return new AppError(
    'NETWORK',
    `Faxdesk could not reach ${who(target)} to ${spec.operation}: ${cause.reason}. ${cause.advice}`,
    { cause: error, maybeDelivered: responseStarted || cause.maybeDelivered },
  );
}

function collectErrorText(error: unknown, depth = 0): string {
  if (depth > 4 || error === null || error === undefined) return '';
  if (typeof error !== 'object') return String(error);
  const e = error as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
  const parts = [e.name, e.message, e.code].filter((p) => typeof p === 'string') as string[];
  if (Array.isArray(e.errors)) for (const inner of e.errors) parts.push(collectErrorText(inner, depth + 1));
  parts.push(collectErrorText(e.cause, depth + 1));
  return parts.join(' ');
}

/** A web stream over the chunks, pulled as fetch sends (so the body is produced no faster than it goes out). */
function readableOf(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      await iterator.return?.(reason);
    },
  });
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
