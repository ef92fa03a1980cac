/**
 * What keeps one webhook listener answering on a hostile network. Node's own limits do not: its
 * headersTimeout is checked only every connectionsCheckingInterval (30 s by default), so a client that
 * sends its headers a byte a second was held ~30 s and then answered 400; and `server.maxConnections`
 * destroys the sockets over it, so a burst of valid deliveries was partly reset, unanswered and unlogged
 * (the service retries only after a 5xx: a reset notification was lost until polling caught up).
 * This follows every connection itself, one request per connection (every answer closes it: the
 * service posts each notification on a connection of its own, and a kept-alive connection would let a
 * client wait between requests unseen):
 * - deadlines on timers of their own, to the millisecond: the request line and headers within
 *   headersTimeoutMs of the connection, the body within bodyTimeoutMs of the headers; either answered
 *   408. A deadline or a slow verdict that falls due is judged after the bytes already received are
 *   read (setImmediate: after the event loop's I/O phase), so that a busy receiver never blames a
 *   client for bytes it had not got round to reading;
 * - capacity: at most maxConnections served at once; one more is answered 503 at once (the service
 *   retries a 5xx), never reset (a refused connection lingering for its answer to be read, below, takes
 *   no capacity; as many again may linger, past that a refusal is a plain close). At most maxActive requests read their body (each may hold MAX_BODY_BYTES); the
 *   others wait in a queue of at most maxQueued, each at most queueWaitMs (well inside the service's
 *   10-s wait), then 503;
 * - slow clients: a request still incomplete slowAfterMs of the client's own time after it began
 *   (time it waits in the queue is Faxdesk's, not the client's) is slow; at most maxSlowPerSource slow
 *   ones per source address and maxSlow in all are kept, one more is answered 408, so that the rest of
 *   the capacity stays for requests that send promptly;
 * - every refusal is an answer the client can read: the answer goes out with Connection: close, then
 *   the connection is half-closed and what the client still sends is read and dropped for lingerMs /
 *   lingerBytes before it is closed (closing with unread data resets the connection, and the client
 *   would see EPIPE or ECONNRESET instead of the answer).
 * The guard writes every answer; the listener decides what each request gets.
 */
import type http from 'node:http';
import type { Socket } from 'node:net';

export interface ListenerLimits {
  /** The request line and headers arrive within this long of the connection; else 408. */
  headersTimeoutMs: number;
  /** The body arrives within this long of the headers (time waiting for a slot not counted); else 408. */
  bodyTimeoutMs: number;
  /** Connections open at once; one more is answered 503 at once. */
  maxConnections: number;
  /** Requests reading their body at once. */
  maxActive: number;
  /** Requests waiting for one of those; one more is answered 503 at once. */
  maxQueued: number;
  /** Longest wait in that queue, then 503. */
  queueWaitMs: number;
  /** A request still incomplete after this much of the client's own time is slow. */
  slowAfterMs: number;
  /** Slow requests kept at once, in all; one more is answered 408. */
  maxSlow: number;
  /** Slow requests kept at once from one address; one more is answered 408. */
  maxSlowPerSource: number;
  /** After a refusal, how long and how much of what the client still sends is read and dropped. */
  lingerMs: number;
  lingerBytes: number;
}

/**
 * The 10-s deadlines are the service's own wait per attempt (spec, delivery rule 4): a sender that has
 * not finished by then has given up. A delivery is a few KB sent at once, so 2 s of the client's time
 * is already far slower than any real sender, TLS handshake and a long round trip included. 64 bodies
 * of at most 64 KiB bound what unauthenticated senders make Faxdesk hold to 4 MiB; half of those slots
 * (and 32 connections) at most go to slow clients, 8 of them per address.
 */
export const DEFAULT_LIMITS: ListenerLimits = Object.freeze({
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  maxConnections: 1024,
  maxActive: 64,
  maxQueued: 1024,
  queueWaitMs: 3_000,
  slowAfterMs: 2_000,
  maxSlow: 32,
  maxSlowPerSource: 8,
  lingerMs: 2_000,
  lingerBytes: 1024 * 1024,
});

export interface GuardHooks {
  /** A request or connection refused by the guard itself (too slow, over capacity, malformed). */
  refused(status: number, outcome: string, remote: string): void;
}

/** headers → (queued →) body → deciding (the body is in; Faxdesk's turn) → answered; closing after a refusal. */
type Phase = 'headers' | 'queued' | 'body' | 'deciding' | 'answered' | 'closing';

/** One request on a connection, from its headers to its answer. */
export interface Exchange {
  readonly remote: string;
  /** Answered (by the listener or by the guard): nothing more is written for it. */
  readonly done: boolean;
}

class Tracked {
  phase: Phase = 'headers';
  /** Counted against maxConnections (a connection being answered or served; not one lingering after a refusal). */
  counted = true;
  lingering = false;
  slow = false;
  holdsSlot = false;
  /** The client's own time on the current request before the current stretch (ms). */
  clientMs = 0;
  stretchStart = 0;
  deadline: DueAfterIo | null = null;
  slowTimer: DueAfterIo | null = null;
  queueTimer: NodeJS.Timeout | null = null;
  exchange: ExchangeState | null = null;
  read: (() => void) | null = null;
  lingered = 0;

  constructor(
    readonly socket: Socket,
    readonly source: string,
  ) {}
}

class ExchangeState implements Exchange {
  done = false;

  constructor(
    readonly conn: Tracked,
    readonly res: http.ServerResponse,
  ) {}

  get remote(): string {
    return this.conn.source;
  }
}

/** node:http's words for a client that went away mid-request: closed quietly, nothing to answer or log. */
const CLIENT_LEFT = new Set(['ECONNRESET', 'EPIPE', 'HPE_INVALID_EOF_STATE', 'ERR_STREAM_PREMATURE_CLOSE']);

const REASONS: Record<number, string> = { 400: 'Bad Request', 408: 'Request Timeout', 413: 'Payload Too Large', 431: 'Request Header Fields Too Large', 503: 'Service Unavailable' };

export class ConnectionGuard {
  private readonly conns = new Map<Socket, Tracked>();
  private counted = 0;
  /** Connections refused and lingering (not counted: a refusal must not take capacity from prompt senders). */
  private lingering = 0;
  private active = 0;
  /** Waiting for a slot, oldest first (a Set keeps insertion order and deletes in O(1)). */
  private readonly queue = new Set<Tracked>();
  private slowCount = 0;
  private readonly slowBySource = new Map<string, number>();

  constructor(
    private readonly limits: ListenerLimits,
    private readonly hooks: GuardHooks,
  ) {}

  /** Connections open and counted against maxConnections (tests, benchmarks). */
  get open(): number {
    return this.counted;
  }

  /** Refused connections still lingering so that their client reads the answer. */
  get closing(): number {
    return this.lingering;
  }

  /** A connection the HTTP layer took (for HTTPS: once its handshake is done). */
  connected(socket: Socket): void {
    const conn = new Tracked(socket, sourceOf(socket));
    this.conns.set(socket, conn);
    socket.once('close', () => this.closed(conn));
    if (this.counted >= this.limits.maxConnections) {
      conn.counted = false;
      if (this.lingering >= this.limits.maxConnections) {
        // As many refusals lingering as connections served: no room left even to answer.
        socket.destroy();
        return;
      }
      this.hooks.refused(503, `Too busy: ${this.limits.maxConnections} connections are open at once. The service retries.`, conn.source);
      this.rawAnswer(conn, 503, { status: 'busy', reason: 'too many connections; retry later' }, { 'retry-after': '5' });
      return;
    }
    this.counted++;
    this.beginHeaders(conn);
  }

  /** A request's headers are in. Null when its connection was already answered (too slow, over capacity). */
  headersDone(req: http.IncomingMessage, res: http.ServerResponse): Exchange | null {
    const conn = this.conns.get(req.socket);
    if (!conn || conn.phase !== 'headers') {
      req.resume();
      return null;
    }
    this.clearDeadline(conn);
    conn.exchange = new ExchangeState(conn, res);
    return conn.exchange;
  }

  /** Runs `read` when one of maxActive slots is free: now, after waiting in the queue, or never (503). */
  admit(exchange: Exchange, read: () => void): void {
    const { conn } = exchange as ExchangeState;
    if (exchange.done) return;
    if (this.active < this.limits.maxActive) {
      this.startBody(conn, read);
      return;
    }
    if (this.queue.size >= this.limits.maxQueued) {
      this.hooks.refused(503, `Too busy: ${this.limits.maxActive} deliveries are being read and ${this.limits.maxQueued} are waiting. The service retries.`, conn.source);
      this.answer(exchange, 503, { status: 'busy', reason: 'too many deliveries at once; retry later' }, { refusal: true, headers: { 'retry-after': '5' } });
      return;
    }
    this.pauseStretch(conn);
    this.clearDeadline(conn);
    conn.phase = 'queued';
    conn.read = read;
    this.queue.add(conn);
    conn.queueTimer = setTimeout(() => {
      conn.queueTimer = null;
      if (!this.queue.has(conn)) return;
      this.hooks.refused(503, `Too busy: it waited ${seconds(this.limits.queueWaitMs)} for one of ${this.limits.maxActive} delivery slots. The service retries.`, conn.source);
      this.answer(exchange, 503, { status: 'busy', reason: 'too many deliveries at once; retry later' }, { refusal: true, headers: { 'retry-after': '5' } });
    }, this.limits.queueWaitMs);
  }

  /** The whole body is in: from here on the time is Faxdesk's (no deadline, never slow), until answer(). */
  bodyDone(exchange: Exchange): void {
    const { conn } = exchange as ExchangeState;
    if (exchange.done || conn.phase !== 'body') return;
    conn.phase = 'deciding';
    this.clearDeadline(conn);
    this.pauseStretch(conn);
  }

  /**
   * Answers a request (once), and the connection closes after it. `refusal`: the request may not have
   * been read to its end, so the close lingers for the client to read the answer.
   */
  answer(exchange: Exchange, status: number, body: Record<string, unknown>, options: { refusal: boolean; headers?: Record<string, string> }): void {
    const state = exchange as ExchangeState;
    if (state.done) return;
    state.done = true;
    const conn = state.conn;
    this.endRequest(conn);
    const res = state.res;
    if (res.headersSent || res.destroyed) return;
    conn.phase = 'answered';
    if (options.refusal) {
      // node:http ends a Connection: close response with socket.destroySoon(), which closes as soon as
      // the answer is written, unread bytes or not: a reset for a client still sending. Linger instead.
      (conn.socket as Socket & { destroySoon(): void }).destroySoon = () => this.linger(conn);
    }
    writeJson(res, status, body, { ...options.headers, connection: 'close' });
  }

  /** node:http could not parse what a client sent (or Node's own backstop timeout fired). */
  clientError(error: NodeJS.ErrnoException, socket: Socket): void {
    const conn = this.conns.get(socket);
    if (conn?.phase === 'closing') return; // already answered; lingering
    if (!conn || !socket.writable || CLIENT_LEFT.has(String(error.code))) {
      socket.destroy();
      return;
    }
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    this.hooks.refused(status, status === 408 ? 'The request did not arrive in time.' : `The request could not be read as HTTP (${String(error.code ?? 'malformed')}).`, conn.source);
    this.rawAnswer(conn, status, { status: 'refused', reason: REASONS[status]!.toLowerCase() });
  }

  /** Closes every connection at once (the listener is stopping). */
  destroyAll(): void {
    for (const socket of [...this.conns.keys()]) socket.destroy();
  }

  // ---------------------------------------------------------------------------------------------

  private beginHeaders(conn: Tracked): void {
    conn.phase = 'headers';
    conn.clientMs = 0;
    this.beginStretch(conn);
    this.setDeadline(conn, this.limits.headersTimeoutMs, () => {
      if (conn.phase !== 'headers') return;
      this.hooks.refused(408, `The headers did not arrive within ${seconds(this.limits.headersTimeoutMs)}.`, conn.source);
      this.rawAnswer(conn, 408, { status: 'refused', reason: 'request timeout' });
    });
  }

  private startBody(conn: Tracked, read: () => void): void {
    this.active++;
    conn.holdsSlot = true;
    conn.phase = 'body';
    conn.read = null;
    if (!conn.slowTimer && !conn.slow) this.beginStretch(conn);
    this.setDeadline(conn, this.limits.bodyTimeoutMs, () => {
      if (conn.phase !== 'body' || !conn.exchange || conn.exchange.done) return;
      this.hooks.refused(408, `The body did not arrive within ${seconds(this.limits.bodyTimeoutMs)} of the headers.`, conn.source);
      this.answer(conn.exchange, 408, { status: 'refused', reason: 'request timeout' }, { refusal: true });
    });
    read();
  }

  /** The request is over (answered, or its connection closed): its timers, slot, queue place and slowness go. */
  private endRequest(conn: Tracked): void {
    this.clearDeadline(conn);
    conn.slowTimer?.cancel();
    conn.slowTimer = null;
    if (conn.queueTimer) clearTimeout(conn.queueTimer);
    conn.queueTimer = null;
    this.queue.delete(conn);
    conn.read = null;
    if (conn.slow) {
      conn.slow = false;
      this.slowCount--;
      const left = (this.slowBySource.get(conn.source) ?? 1) - 1;
      if (left > 0) this.slowBySource.set(conn.source, left);
      else this.slowBySource.delete(conn.source);
    }
    if (conn.holdsSlot) {
      conn.holdsSlot = false;
      this.active--;
      this.pump();
    }
  }

  private pump(): void {
    while (this.active < this.limits.maxActive && this.queue.size > 0) {
      const next = this.queue.values().next().value!;
      this.queue.delete(next);
      if (next.queueTimer) clearTimeout(next.queueTimer);
      next.queueTimer = null;
      const read = next.read;
      if (next.phase !== 'queued' || !read) continue;
      this.startBody(next, read);
    }
  }

  private closed(conn: Tracked): void {
    this.endRequest(conn);
    this.uncount(conn);
    if (conn.lingering) this.lingering--;
    conn.lingering = false;
    conn.phase = 'closing';
    if (conn.exchange) conn.exchange.done = true;
    this.conns.delete(conn.socket);
  }

  // Slowness: the client's own time on a request, counted only while it is the one to send.

  private beginStretch(conn: Tracked): void {
    conn.stretchStart = performance.now();
    conn.slowTimer?.cancel();
    conn.slowTimer = new DueAfterIo(Math.max(0, this.limits.slowAfterMs - conn.clientMs), () => {
      conn.slowTimer = null;
      this.becameSlow(conn);
    });
  }

  private pauseStretch(conn: Tracked): void {
    if (!conn.slowTimer) return;
    conn.slowTimer.cancel();
    conn.slowTimer = null;
    conn.clientMs += performance.now() - conn.stretchStart;
  }

  private becameSlow(conn: Tracked): void {
    if (conn.phase !== 'headers' && conn.phase !== 'body') return;
    conn.slow = true;
    this.slowCount++;
    const fromSource = (this.slowBySource.get(conn.source) ?? 0) + 1;
    this.slowBySource.set(conn.source, fromSource);
    if (fromSource <= this.limits.maxSlowPerSource && this.slowCount <= this.limits.maxSlow) return;
    const why =
      fromSource > this.limits.maxSlowPerSource
        ? `${this.limits.maxSlowPerSource} slow requests from this address are already waiting`
        : `${this.limits.maxSlow} slow requests are already waiting`;
    this.hooks.refused(408, `Too slow: not complete after ${seconds(this.limits.slowAfterMs)}, and ${why}.`, conn.source);
    if (conn.phase === 'headers') this.rawAnswer(conn, 408, { status: 'refused', reason: 'too slow' });
    else if (conn.exchange) this.answer(conn.exchange, 408, { status: 'refused', reason: 'too slow' }, { refusal: true });
  }

  // Answers written before node:http has a request to answer (headers not complete, or over capacity).

  private rawAnswer(conn: Tracked, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
    this.endRequest(conn);
    conn.phase = 'closing';
    if (conn.exchange) conn.exchange.done = true;
    const socket = conn.socket;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const text = JSON.stringify(body);
    const lines = [
      `HTTP/1.1 ${status} ${REASONS[status] ?? 'Error'}`,
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(text)}`,
      'cache-control: no-store',
      'connection: close',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n${text}`);
    this.linger(conn);
  }

  /** Half-closes after the answer and drops what the client still sends, for a while (see the header). */
  private linger(conn: Tracked): void {
    const socket = conn.socket;
    conn.phase = 'closing';
    if (socket.destroyed) return;
    this.uncount(conn);
    if (!conn.lingering) {
      conn.lingering = true;
      this.lingering++;
    }
    socket.end();
    // What the client still sends is counted (and node:http's parser drops it).
    socket.on('data', (chunk: Buffer) => {
      conn.lingered += chunk.length;
      if (conn.lingered > this.limits.lingerBytes) socket.destroy();
    });
    socket.resume();
    const timer = setTimeout(() => socket.destroy(), this.limits.lingerMs);
    socket.once('close', () => clearTimeout(timer));
  }

  private uncount(conn: Tracked): void {
    if (conn.counted) this.counted--;
    conn.counted = false;
  }

  private setDeadline(conn: Tracked, ms: number, onTimeout: () => void): void {
    this.clearDeadline(conn);
    conn.deadline = new DueAfterIo(ms, () => {
      conn.deadline = null;
      onTimeout();
    });
  }

  private clearDeadline(conn: Tracked): void {
    conn.deadline?.cancel();
    conn.deadline = null;
  }
}

export function writeJson(res: http.ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), 'cache-control': 'no-store', ...headers });
  res.end(text);
}

/** The address slowness is counted by: an IPv4 address written as IPv6 is the IPv4 one. */
function sourceOf(socket: Socket): string {
  const address = socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/**
 * A timer whose work, when it falls due, waits for the event loop's I/O phase (setImmediate runs after
 * it): bytes already received are read first, and a verdict on a slow client is fair to it.
 */
class DueAfterIo {
  private timer: NodeJS.Timeout | null;
  private immediate: NodeJS.Immediate | null = null;

  constructor(ms: number, work: () => void) {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.immediate = setImmediate(() => {
        this.immediate = null;
        work();
      });
    }, ms);
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.immediate) clearImmediate(this.immediate);
    this.timer = null;
    this.immediate = null;
  }
}

function seconds(ms: number): string {
  const s = Math.round(ms / 100) / 10;
  return `${s} s`;
}
