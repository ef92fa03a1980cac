/**
 * One HTTP(S) listener of the webhook receiver: node:http behind a reverse proxy, or node:https with a
 * certificate and key. It only does what can be judged without knowing who sent the request:
 * - POST only (405), a JSON content type only (415), a body of at most MAX_BODY_BYTES (413, refused
 *   from Content-Length before reading when it is declared);
 * - slow clients: the headers must arrive within HEADERS_TIMEOUT_MS and the whole body within
 *   BODY_TIMEOUT_MS of the request's start (408, connection closed), idle sockets are closed, and at
 *   most MAX_CONNECTIONS are open at once;
 * then hands the raw bytes and the signature header to the receiver, which answers synchronously
 * (verification is a few HMACs): the answer goes out at once, the work happens later (spec rule 6).
 *
 * Body limit: the largest notification the service sends is the outbound disposition, 14 fields plus
 * client_data (six strings of at most 255 characters): under 3 KB. The inbound announcement is the
 * received fax's metadata (under 1 KB; see src/emulator/README.md), a PING under 300 bytes. 64 KiB leaves
 * 20 times the room for fields the spec does not show, and bounds what an unauthenticated sender can make
 * Faxdesk hold to 64 KiB per connection (4 MiB over all connections).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

export const MAX_BODY_BYTES = 64 * 1024;
export const HEADERS_TIMEOUT_MS = 10_000;
export const BODY_TIMEOUT_MS = 10_000;
export const MAX_CONNECTIONS = 64;

export interface ListenerAddress {
  host: string;
  port: number;
}

export interface ListenerOptions extends ListenerAddress {
  /** PEM certificate chain and private key: HTTPS. null: plain HTTP (behind a reverse proxy). */
  tls: { cert: string; key: string } | null;
  /** Tests: a shorter slow-client limit. */
  bodyTimeoutMs?: number;
  headersTimeoutMs?: number;
}

export interface IncomingDelivery {
  body: Buffer;
  signature: string | string[] | undefined;
  remote: string;
}

export interface DeliveryAnswer {
  status: number;
  body: Record<string, unknown>;
}

export interface ListenerHooks {
  /** A well-formed POST: verify, record, answer (synchronously). */
  onDelivery(delivery: IncomingDelivery): DeliveryAnswer;
  /** A request refused before verification (wrong method, type, size, too slow). */
  onRefused(status: number, outcome: string, remote: string): void;
}

export class ReceiverListener {
  private server: http.Server | null = null;
  private readonly sockets = new Set<Socket>();
  private bound: ListenerAddress | null = null;

  constructor(private readonly hooks: ListenerHooks) {}

  get address(): ListenerAddress | null {
    return this.bound;
  }

  async start(options: ListenerOptions): Promise<ListenerAddress> {
    await this.stop();
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => this.handle(req, res, options.bodyTimeoutMs ?? BODY_TIMEOUT_MS);
    const server = options.tls ? https.createServer({ cert: options.tls.cert, key: options.tls.key, minVersion: 'TLSv1.2' }, handler) : http.createServer(handler);
    server.headersTimeout = options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS;
    // A backstop behind the body timer below (which answers and logs).
    server.requestTimeout = (options.bodyTimeoutMs ?? BODY_TIMEOUT_MS) * 2;
    server.keepAliveTimeout = 5_000;
    server.maxConnections = MAX_CONNECTIONS;
    server.setTimeout((options.bodyTimeoutMs ?? BODY_TIMEOUT_MS) * 2, (socket) => socket.destroy());
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // A failed TLS handshake or a malformed request line: close quietly (Node answers 400 where it can).
    server.on('clientError', (_error, socket) => {
      if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      else socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.once('error', onError);
      server.listen(options.port, options.host, () => {
        server.off('error', onError);
        resolve();
      });
    });
    this.server = server;
    const info = server.address() as AddressInfo;
    this.bound = { host: info.address, port: info.port };
    return this.bound;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    this.bound = null;
    if (!server) return;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse, bodyTimeoutMs: number): void {
    const remote = req.socket.remoteAddress ?? 'unknown';
    const refuse = (status: number, outcome: string, extra: Record<string, string> = {}) => {
      this.hooks.onRefused(status, outcome, remote);
      answer(res, status, { status: 'refused', reason: outcome }, { connection: 'close', ...extra });
      req.resume();
    };
    if (req.method !== 'POST') return refuse(405, `Method ${String(req.method).slice(0, 10)} is not allowed.`, { allow: 'POST' });
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
      return refuse(415, `Content type "${type.slice(0, 60) || 'none'}" is not JSON.`);
    }
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return refuse(413, `A body of ${declared} bytes is over the ${MAX_BODY_BYTES}-byte limit.`);

    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (fn: () => void) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      fn();
    };
    const timer = setTimeout(
      () =>
        finish(() => {
          this.hooks.onRefused(408, `The body did not arrive within ${Math.round(bodyTimeoutMs / 100) / 10} s.`, remote);
          answer(res, 408, { status: 'refused', reason: 'request timeout' }, { connection: 'close' });
          req.socket.destroySoon();
        }),
      bodyTimeoutMs,
    );
    timer.unref();
    req.on('data', (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        finish(() => {
          this.hooks.onRefused(413, `The body went over the ${MAX_BODY_BYTES}-byte limit.`, remote);
          answer(res, 413, { status: 'refused', reason: 'body too large' }, { connection: 'close' });
          req.socket.destroySoon();
        });
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => finish(() => req.socket.destroy()));
    req.on('end', () =>
      finish(() => {
        let verdict: DeliveryAnswer;
        try {
          verdict = this.hooks.onDelivery({ body: Buffer.concat(chunks, size), signature: req.headers['x-hmac-signature'], remote });
        } catch {
          verdict = { status: 500, body: { status: 'error' } };
        }
        answer(res, verdict.status, verdict.body);
      }),
    );
  }
}

function answer(res: http.ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}
