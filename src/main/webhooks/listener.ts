/**
 * One HTTP(S) listener of the webhook receiver: node:http behind a reverse proxy, or node:https with a
 * certificate and key. It only does what can be judged without knowing who sent the request:
 * - POST only (405), a JSON content type only (415), a body of at most MAX_BODY_BYTES (413, refused
 *   from Content-Length before reading when it is declared);
 * - slow clients, deadlines, capacity and readable refusals: the ConnectionGuard (connection-guard.ts);
 * then hands the raw bytes and the signature header to the receiver, which answers synchronously
 * (verification is a few HMACs): the answer goes out at once, the work happens later (spec rule 6).
 *
 * Body limit: the largest notification the service sends is the outbound disposition, 14 fields plus
 * client_data (six strings of at most 255 characters): under 3 KB. The inbound announcement is the
 * received fax's metadata (under 1 KB; see src/emulator/README.md), a PING under 300 bytes. 64 KiB leaves
 * 20 times the room for fields the spec does not show, and bounds what an unauthenticated sender can make
 * Faxdesk hold to 64 KiB per request being read (4 MiB over the guard's 64 slots).
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { ConnectionGuard, DEFAULT_LIMITS, type Exchange, type ListenerLimits } from './connection-guard';

export { DEFAULT_LIMITS, type ListenerLimits } from './connection-guard';

export const MAX_BODY_BYTES = 64 * 1024;

export interface ListenerAddress {
  host: string;
  port: number;
}

/** Tests and benchmarks: limits other than DEFAULT_LIMITS (short deadlines, a small capacity). */
export type ListenerTuning = Partial<ListenerLimits>;

export interface ListenerOptions extends ListenerAddress, ListenerTuning {
  /** PEM certificate chain and private key: HTTPS. null: plain HTTP (behind a reverse proxy). */
  tls: { cert: string; key: string } | null;
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
  /** A well-formed POST: verify, record, answer (at once, or once its writes have committed). */
  onDelivery(delivery: IncomingDelivery): DeliveryAnswer | Promise<DeliveryAnswer>;
  /** A request refused before verification (wrong method, type, size, too slow, over capacity). */
  onRefused(status: number, outcome: string, remote: string): void;
}

export class ReceiverListener {
  private server: http.Server | null = null;
  private guard: ConnectionGuard | null = null;
  /** Every TCP connection, TLS handshakes in progress included, so that stop() ends them all. */
  private readonly sockets = new Set<Socket>();
  private bound: ListenerAddress | null = null;

  constructor(private readonly hooks: ListenerHooks) {}

  get address(): ListenerAddress | null {
    return this.bound;
  }

  /** Connections open now (tests, benchmarks). */
  get openConnections(): number {
    return this.guard?.open ?? 0;
  }

  async start(options: ListenerOptions): Promise<ListenerAddress> {
    await this.stop();
    const { tls, host, port, ...tuning } = options;
    const limits: ListenerLimits = { ...DEFAULT_LIMITS, ...definedOnly(tuning) };
    const guard = new ConnectionGuard(limits, { refused: (status, outcome, remote) => this.hooks.onRefused(status, outcome, remote) });
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => this.handle(guard, req, res);
    // Node's own timeouts stay as a backstop behind the guard's (they are checked only every 30 s).
    const backstop = { headersTimeout: limits.headersTimeoutMs * 2, requestTimeout: (limits.headersTimeoutMs + limits.bodyTimeoutMs) * 2 };
    const server = tls
      ? https.createServer({ cert: tls.cert, key: tls.key, minVersion: 'TLSv1.2', handshakeTimeout: limits.headersTimeoutMs, ...backstop }, handler)
      : http.createServer(backstop, handler);
    server.setTimeout((limits.headersTimeoutMs + limits.bodyTimeoutMs) * 2, (socket) => socket.destroy());
    server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    // The socket node:http reads requests from: the TCP one, or the TLS one once its handshake is done.
    server.on(tls ? 'secureConnection' : 'connection', (socket: Socket) => guard.connected(socket));
    server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => guard.clientError(error, socket));
    await new Promise<void>((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      server.once('error', onError);
      // A burst of deliveries connects at once: room for them in the accept queue (the OS caps it).
      server.listen({ port, host, backlog: 2048 }, () => {
        server.off('error', onError);
        resolve();
      });
    });
    this.server = server;
    this.guard = guard;
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
    this.guard?.destroyAll();
    this.guard = null;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await closed;
  }

  private handle(guard: ConnectionGuard, req: http.IncomingMessage, res: http.ServerResponse): void {
    const exchange = guard.headersDone(req, res);
    if (!exchange) return;
    const refuse = (status: number, outcome: string, extra: Record<string, string> = {}) => {
      this.hooks.onRefused(status, outcome, exchange.remote);
      guard.answer(exchange, status, { status: 'refused', reason: outcome }, { refusal: true, headers: extra });
    };
    if (req.method !== 'POST') return refuse(405, `Method ${String(req.method).slice(0, 10)} is not allowed.`, { allow: 'POST' });
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json' && !/^application\/[a-z0-9.+-]+\+json$/.test(type)) {
      return refuse(415, `Content type "${type.slice(0, 60) || 'none'}" is not JSON.`);
    }
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return refuse(413, `A body of ${declared} bytes is over the ${MAX_BODY_BYTES}-byte limit.`);
    guard.admit(exchange, () => this.readBody(guard, exchange, req));
  }

  private readBody(guard: ConnectionGuard, exchange: Exchange, req: http.IncomingMessage): void {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (exchange.done) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        this.hooks.onRefused(413, `The body went over the ${MAX_BODY_BYTES}-byte limit.`, exchange.remote);
        guard.answer(exchange, 413, { status: 'refused', reason: 'body too large' }, { refusal: true });
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (exchange.done) return;
      guard.bodyDone(exchange);
      const failed: DeliveryAnswer = { status: 500, body: { status: 'error' } };
      let verdict: DeliveryAnswer | Promise<DeliveryAnswer>;
      try {
        verdict = this.hooks.onDelivery({ body: Buffer.concat(chunks, size), signature: req.headers['x-hmac-signature'], remote: exchange.remote });
      } catch {
        verdict = failed;
      }
      void Promise.resolve(verdict)
        .catch(() => failed)
        .then((answer) => guard.answer(exchange, answer.status, answer.body, { refusal: false }));
    });
  }
}

/** The tuning's fields that are set (an explicit undefined must not replace a default). */
function definedOnly(tuning: ListenerTuning): ListenerTuning {
  return Object.fromEntries(Object.entries(tuning).filter(([, value]) => value !== undefined)) as ListenerTuning;
}
