/**
 * A scripted fetch for unit tests: each request is answered by the first matching handler; every
 * request is recorded (method, path, headers, body).
 */
import type { FetchFn } from '../../../../src/main/platform/ports';
import { netFetchViolation, recordViolation } from '../../../electron-model/net-fetch-rules';

export interface SeenRequest {
  method: string;
  url: URL;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The body came as a stream (not one string). */
  streamed: boolean;
}

export type Answer = Response | Error | ((request: SeenRequest, signal: AbortSignal | undefined) => Response | Error | Promise<Response | Error>);

export interface Route {
  method: string;
  /** Exact path or a RegExp over the path. */
  path: string | RegExp;
  answers: Answer[];
  /** When the answers run out, keep giving the last one (default true). */
  repeatLast?: boolean;
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json;charset=UTF-8', ...headers } });
}

export function text(body: string, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/plain', ...headers } });
}

export function html(status = 200): Response {
  return new Response('<!DOCTYPE html><html><head><title>Welcome</title></head><body>Hello</body></html>', { status, headers: { 'content-type': 'text/html' } });
}

export function empty(status: number): Response {
  return new Response(null, { status });
}

/** An undici-style network failure ("fetch failed" with a coded cause). */
export function netError(code: string, message = code): Error {
  const cause = Object.assign(new Error(message), { code });
  return new TypeError('fetch failed', { cause });
}

/** Never answers; rejects when the request is aborted (like fetch does). */
export function hang(): Answer {
  return (_request, signal) =>
    new Promise<Response>((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason ?? new DOMException('aborted', 'AbortError')), { once: true });
    });
}

export function tokenAnswer(token = 'tok-1', expiresIn = 86399): Response {
  return json({ access_token: token, token_type: 'bearer', expires_in: expiresIn, scope: 'read write', jti: `jti-${token}` });
}

export class FakeFetch {
  readonly seen: SeenRequest[] = [];
  private readonly routes: Route[] = [];

  on(method: string, path: string | RegExp, ...answers: Answer[]): this {
    this.routes.unshift({ method, path, answers: [...answers] });
    return this;
  }

  requests(method: string, path: string | RegExp): SeenRequest[] {
    return this.seen.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  readonly fetch: FetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    // Refused as Electron's net.fetch refuses it (the app's fetch): the same rules as every other test's.
    const violation = netFetchViolation(input, init);
    if (violation) throw recordViolation(violation, String(input));
    const url = new URL(String(input));
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const raw = init?.body;
    // A streamed body (POST /faxes) is read whole, as the server would; its kind is kept for tests that check it.
    const streamed = raw instanceof ReadableStream;
    const body = typeof raw === 'string' ? raw : streamed ? await new Response(raw).text() : undefined;
    const request: SeenRequest = { method: init?.method ?? 'GET', url, path: url.pathname, headers, body, streamed };
    this.seen.push(request);
    const signal = init?.signal ?? undefined;
    if (signal?.aborted) throw signal.reason;
    const route = this.routes.find((r) => r.method === request.method && (typeof r.path === 'string' ? r.path === request.path : r.path.test(request.path)));
    if (!route) return json({ errors: [{ element_name: 'path', user_message: `no route ${request.method} ${request.path}`, error_code: 'NOT_FOUND' }] }, 404);
    const answer = route.answers.length > 1 || route.repeatLast === false ? route.answers.shift() : route.answers[0];
    if (answer === undefined) throw new Error(`no more answers for ${request.method} ${request.path}`);
    const result = typeof answer === 'function' ? await answer(request, signal) : answer;
    if (result instanceof Error) throw result;
    // A Response body can be read once: hand out a copy so a repeated answer works.
    return result.clone();
  }) as FetchFn;
}
