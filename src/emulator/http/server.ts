/**
 * The HTTP front of the emulator: one node:http server on 127.0.0.1 that reads each request, finds its
 * route, applies any injected fault, runs the handler, writes the answer and records it.
 *
 * Nothing a client sends can take the server down: every handler error becomes a response in the
 * service's error shape (an unexpected one is a 500 and is logged).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiError, errorBody, type ErrorDetail } from './errors';
import type { Fault, FaultRegistry } from './faults';
import { maskHeaders, type RequestRecorder } from './recorder';
import { JsonText, type Area, type HttpResult, type RequestContext, type Router } from './router';
import { newId } from '../util';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface HttpFrontOptions {
  router: Router;
  faults: FaultRegistry;
  recorder: RequestRecorder;
  /** Emulator clock time (for the request log). */
  now: () => number;
  log: (message: string, details?: Record<string, unknown>) => void;
}

const AREAS: [prefix: string, area: Area][] = [
  ['/api', 'api'],
  ['/admin', 'admin'],
  ['/control', 'control'],
];

function splitArea(path: string): { area: Area; areaPath: string } {
  for (const [prefix, area] of AREAS) {
    if (path === prefix || path.startsWith(prefix + '/')) return { area, areaPath: path.slice(prefix.length) || '/' };
  }
  return { area: 'root', areaPath: path };
}

class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super('body too large');
  }
}

/**
 * Reads the whole body. Past `limit` it stops keeping bytes but keeps draining (so the client can
 * read our 413 instead of seeing a broken pipe), unless the client sends far more, then it gives up.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit * 2 + DEFAULT_BODY_LIMIT) {
      reject(new BodyTooLarge(limit));
      return;
    }
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        chunks.length = 0;
        if (size > limit * 2 + DEFAULT_BODY_LIMIT) {
          req.removeAllListeners('data');
          reject(new BodyTooLarge(limit));
        }
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(new BodyTooLarge(limit)) : resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))));
    req.on('error', reject);
  });
}

const JSON_TYPE = 'application/json;charset=UTF-8';

interface Serialised {
  status: number;
  headers: Record<string, string>;
  /** The body, or its pieces in order (JsonText: each fax's JSON kept by the store, joined once to be sent). */
  body: Buffer | readonly Buffer[] | null;
}

/** The body as one buffer (what a fault cuts or corrupts). */
function wholeBody(out: Serialised): Buffer {
  return Array.isArray(out.body) ? Buffer.concat(out.body) : ((out.body as Buffer | null) ?? Buffer.alloc(0));
}

function serialise(result: HttpResult, transactionId: string): Serialised {
  const headers: Record<string, string> = { 'transaction-id': transactionId, 'cache-control': 'no-store', ...result.headers };
  let body: Buffer | readonly Buffer[] | null = null;
  if (Buffer.isBuffer(result.body)) {
    body = result.body;
  } else if (result.body instanceof JsonText) {
    body = result.body.parts;
    headers['content-type'] ??= JSON_TYPE;
  } else if (result.body !== undefined) {
    body = Buffer.from(JSON.stringify(result.body));
    headers['content-type'] ??= JSON_TYPE;
  }
  if (body) headers['content-length'] = String(Buffer.isBuffer(body) ? body.length : body.reduce((n, b) => n + b.length, 0));
  else if (result.status !== 204 && result.status !== 304) headers['content-length'] = '0';
  return { status: result.status, headers, body };
}

function errorResult(status: number, details: ErrorDetail[], transactionId: string, headers: Record<string, string> = {}): HttpResult {
  return { status, headers, body: errorBody(status, details, transactionId) };
}

const STATUS_TEXT: Record<number, string> = { 429: 'Too Many Requests.', 401: 'Unauthorized', 403: 'Forbidden', 500: 'Internal server error' };

function faultResult(fault: Fault, transactionId: string, requestHeaders: IncomingMessage['headers'] = {}): HttpResult {
  if (fault.kind === 'echo-headers') {
    const echoed = Object.entries(requestHeaders)
      .map(([name, value]) => `${name}: ${Array.isArray(value) ? value.join(', ') : (value ?? '')}`)
      .join('\n');
    if (fault.gatewayStyle) return { status: fault.status, headers: { 'content-type': 'text/plain' }, body: Buffer.from(`Upstream error. The request was:\n${echoed}\n`) };
    return errorResult(fault.status, [{ element: 'request', message: `Injected fault: the service answered ${fault.status}. Request headers: ${echoed.replace(/\n/g, '; ')}` }], transactionId);
  }
  if (fault.kind === 'rate-limit') {
    const headers = { 'retry-after': String(fault.retryAfterSeconds) };
    if (fault.gatewayStyle) return { status: 429, headers: { ...headers, 'content-type': 'text/plain' }, body: Buffer.from('Too Many Requests.') };
    return errorResult(
      429,
      [{ element: 'request', message: `Too many requests: wait ${fault.retryAfterSeconds} second(s) before trying again.` }],
      transactionId,
      headers,
    );
  }
  const status = fault.status;
  if (fault.gatewayStyle) return { status, body: { message: STATUS_TEXT[status] ?? `HTTP ${status}` } };
  return errorResult(status, [{ element: 'request', message: `Injected fault: the service answered ${status}.` }], transactionId);
}

export class HttpFront {
  readonly server: Server;
  private readonly hanging = new Set<ServerResponse>();
  /** Aborts delay faults still waiting when the server closes. */
  private readonly closing = new AbortController();

  constructor(private readonly options: HttpFrontOptions) {
    this.server = createServer({ keepAliveTimeout: 5000, requestTimeout: 0 }, (req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        // Last line of defence: whatever went wrong, this request ends and the server goes on.
        this.options.log('Request handling failed', { error: String((error as Error)?.stack ?? error) });
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(500, { 'content-type': JSON_TYPE });
          res.end(JSON.stringify(errorBody(500, [{ element: 'request', message: 'The emulator failed unexpectedly while handling this request.' }], newId())));
        } else res.destroy();
      });
    });
    this.server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      else socket.destroy();
    });
  }

  async listen(port: number): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        this.server.off('error', reject);
        resolve();
      });
    });
    return (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    this.closing.abort();
    for (const res of this.hanging) res.destroy();
    this.hanging.clear();
    await new Promise<void>((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const arrivedAt = this.options.now();
    const method = (req.method ?? 'GET').toUpperCase();
    const rawUrl = req.url ?? '/';
    const queryStart = rawUrl.indexOf('?');
    let path = queryStart < 0 ? rawUrl : rawUrl.slice(0, queryStart);
    try {
      path = decodeURI(path);
    } catch {
      // keep it as sent: the router will not find it and says 404
    }
    const query = new URLSearchParams(queryStart < 0 ? '' : rawUrl.slice(queryStart + 1));
    const { area, areaPath } = splitArea(path);
    const headerTx = req.headers['transaction-id'];
    // Echoed in a response header, so only printable ASCII is taken as is.
    const transactionId = typeof headerTx === 'string' && /^[\x20-\x7e]{1,200}$/.test(headerTx.trim()) ? headerTx.trim() : newId();
    let bodyBytes = 0;
    let fault: Fault | null = null;
    const generation = this.options.recorder.generation;

    const finish = (status: number): void => {
      // The log is of the emulated service's traffic; the control surface's own calls are not in it.
      if (area === 'control') return;
      this.options.recorder.record({
        time: new Date(arrivedAt).toISOString(),
        method,
        path: rawUrl,
        area,
        headers: maskHeaders(req.headers),
        bodyBytes,
        status,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        transactionId,
        ...(fault ? { fault: `${fault.kind}/${fault.phase}` } : {}),
      }, generation);
    };

    let result: HttpResult;
    try {
      const match = this.options.router.match(area, method, areaPath);
      if (!match) {
        throw new ApiError(404, { element: 'path', message: `No such endpoint: ${method} ${path}.` });
      }
      let body: Buffer;
      try {
        body = await readBody(req, match.route.bodyLimit ?? DEFAULT_BODY_LIMIT);
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          res.setHeader('connection', 'close');
          throw new ApiError(413, {
            element: 'body',
            message: `The request body is larger than the ${formatBytes(error.limit)} this endpoint accepts.`,
          });
        }
        throw error;
      }
      bodyBytes = body.length;
      if (area !== 'control') fault = this.options.faults.take(method, [areaPath, path]);
      if (fault && fault.phase === 'before') {
        if (fault.kind === 'delay') {
          await this.pause(fault.delayMs);
        } else {
          // Not processed: a broken body pretends to be a success, a status fault is the answer.
          const answer = fault.kind === 'truncate' || fault.kind === 'malformed' ? withSomeBody({ status: 200 }, transactionId) : faultResult(fault, transactionId, req.headers);
          this.deliverFault(res, fault, answer, transactionId, finish);
          return;
        }
      }
      const ctx: RequestContext = { req, method, path, areaPath, area, query, params: match.params, transactionId, body };
      result = await match.route.handler(ctx);
    } catch (error) {
      if (error instanceof ApiError) {
        result = errorResult(error.status, error.details, transactionId, error.headers);
      } else {
        this.options.log('Unexpected error while handling a request', { method, path, error: String((error as Error)?.stack ?? error) });
        result = errorResult(500, [{ element: 'request', message: 'The emulator failed unexpectedly while handling this request.' }], transactionId);
      }
    }

    if (fault && fault.phase === 'after') {
      if (fault.kind === 'delay') await this.pause(fault.delayMs);
      else {
        const replaced = fault.kind === 'status' || fault.kind === 'rate-limit' || fault.kind === 'echo-headers' ? faultResult(fault, transactionId, req.headers) : result;
        this.deliverFault(res, fault, replaced, transactionId, finish);
        return;
      }
    }
    this.write(res, serialise(result, transactionId));
    finish(result.status);
  }

  /** A delay fault's wait (real time); cut short when the server closes. */
  private async pause(ms: number): Promise<void> {
    await sleep(ms, undefined, { signal: this.closing.signal }).catch(() => undefined);
  }

  private write(res: ServerResponse, out: Serialised): void {
    if (res.destroyed) return;
    res.writeHead(out.status, out.headers);
    // Pieces are joined, not written one by one: a write per piece (two hundred for a page of 100 faxes)
    // costs far more than copying a page's few dozen kilobytes once.
    res.end(out.body === null ? undefined : wholeBody(out));
  }

  private deliverFault(res: ServerResponse, fault: Fault, result: HttpResult, transactionId: string, finish: (status: number) => void): void {
    switch (fault.kind) {
      case 'status':
      case 'echo-headers':
      case 'rate-limit':
      case 'delay': {
        this.write(res, serialise(result, transactionId));
        finish(result.status);
        return;
      }
      case 'reset': {
        finish(0);
        resetSocket(res);
        return;
      }
      case 'hang': {
        finish(0);
        this.hanging.add(res);
        res.on('close', () => this.hanging.delete(res));
        return;
      }
      case 'truncate': {
        const out = serialise(withSomeBody(result, transactionId), transactionId);
        const body = wholeBody(out);
        res.writeHead(out.status, out.headers);
        res.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))));
        finish(0);
        // Give the half body time to leave, then cut the connection short of Content-Length.
        setImmediate(() => res.destroy());
        return;
      }
      case 'malformed': {
        const out = serialise(withSomeBody(result, transactionId), transactionId);
        const text = wholeBody(out).toString('utf8');
        const broken = Buffer.from(`${text.slice(0, Math.floor(text.length / 2))}\u0000<!-- malformed -->]}`);
        out.headers['content-type'] = JSON_TYPE;
        out.headers['content-length'] = String(broken.length);
        const status = out.status === 204 ? 200 : out.status;
        res.writeHead(status, out.headers);
        res.end(broken);
        finish(status);
        return;
      }
    }
  }
}

/** A response with a JSON body to corrupt: the handler's own, or a plausible one. */
function withSomeBody(result: HttpResult, transactionId: string): HttpResult {
  if (result.body !== undefined && result.status !== 204) return result;
  return { status: 200, headers: result.headers, body: { status: 'OK', transaction_id: transactionId } };
}

function resetSocket(res: ServerResponse): void {
  const socket = res.socket;
  if (socket && typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else res.destroy();
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MB` : `${Math.round(n / 1024)} KB`;
}
