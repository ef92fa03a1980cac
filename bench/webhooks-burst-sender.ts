/**
 * The outside of the webhook burst benchmark, in a process of its own (so that the CPU the receiver
 * gets is not shared with its load): the service posting a burst of signed deliveries at once, each on
 * a connection of its own, with the service's retry rule (spec, delivery rules 2-4: only a 5xx is
 * retried, 5 attempts in all, each attempt waits 10 s), and an attacker keeping slow connections open
 * that dribble their headers a byte a second (reopened when the receiver closes them).
 * Started with spawnBenchChild(BURST_SENDER, order): it sends, prints one BurstReport, and exits.
 */
import { createHmac } from 'node:crypto';
import net from 'node:net';
import { serveBenchChild } from './support/child';

/** This module, for spawnBenchChild. */
export const BURST_SENDER = import.meta.url;

export interface BurstOrder {
  port: number;
  /** The account the deliveries are for, and its HMAC key. */
  appId: string;
  userId: string;
  key: string;
  /** Notification ids are `${idPrefix}-<n>` (the caller finds them among its receipts). */
  idPrefix: string;
  deliveries: number;
  /** Slow connections kept open meanwhile. */
  slow: number;
  /** How long the slow connections are open before the burst starts (ms). */
  slowLeadMs: number;
}

export interface WaveReport {
  attempt: number;
  sent: number;
  /** Status → count; 'reset' (a connection error without an answer), 'timeout' (no answer in 10 s). */
  outcomes: Record<string, number>;
  /** From the first connect of the wave to its last answer (ms). */
  durationMs: number;
  /** Time to answer (connect → first byte of the answer) of the wave's answered attempts, sorted (ms). */
  answerMs: number[];
}

export interface BurstReport {
  waves: WaveReport[];
  /** Deliveries never answered 2xx: not retried by the service (no answer, a 4xx) or 5xx on every attempt. */
  lost: number;
  /** Slow connections the receiver ended (and the attacker opened again). */
  slowEnded: number;
}

const ATTEMPTS = 5;
const ATTEMPT_TIMEOUT_MS = 10_000;
const PATH = '/faxdesk/webhooks';

interface Outcome {
  status: number | null;
  error: string | null;
  timedOut: boolean;
  answerMs: number | null;
}

function attempt(port: number, delivery: { body: string; signature: string }): Promise<Outcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const request =
      `POST ${PATH} HTTP/1.1\r\nHost: receiver.test\r\nContent-Type: application/json\r\nConnection: close\r\n` +
      `Content-Length: ${Buffer.byteLength(delivery.body)}\r\nX-HMAC-Signature: ${delivery.signature}\r\n\r\n${delivery.body}`;
    const socket = net.connect({ port, host: '127.0.0.1' });
    let head = '';
    let answerMs: number | null = null;
    let error: string | null = null;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      socket.destroy();
    }, ATTEMPT_TIMEOUT_MS);
    socket.setNoDelay(true);
    socket.once('connect', () => socket.write(request));
    socket.on('data', (chunk: Buffer) => {
      answerMs ??= performance.now() - started;
      if (head.length < 16) head += chunk.toString('latin1', 0, 16);
    });
    socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message));
    socket.once('close', () => {
      clearTimeout(timer);
      const status = /^HTTP\/1\.1 (\d{3})/.exec(head)?.[1];
      resolve({ status: status ? Number(status) : null, error, timedOut, answerMs });
    });
  });
}

/** Connections that send a request's headers a byte a second, reopened when the receiver ends one. */
class SlowCrowd {
  private running = true;
  private readonly sockets = new Set<net.Socket>();
  ended = 0;

  constructor(
    private readonly port: number,
    count: number,
  ) {
    for (let i = 0; i < count; i++) this.open();
  }

  private open(): void {
    if (!this.running) return;
    const socket = net.connect({ port: this.port, host: '127.0.0.1' });
    const text = `POST ${PATH} HTTP/1.1\r\nHost: receiver.test\r\nContent-Type: application/json\r\n${'X-Padding: slow\r\n'.repeat(40)}`;
    let at = 0;
    const drip = setInterval(() => {
      if (socket.writable && at < text.length) socket.write(text[at++]!);
    }, 1_000);
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('connect', () => socket.write(text[at++]!));
    socket.once('close', () => {
      clearInterval(drip);
      this.sockets.delete(socket);
      if (!this.running) return;
      this.ended++;
      // Not at once in a tight loop: the attacker comes back a moment later.
      setTimeout(() => this.open(), 50);
    });
  }

  stop(): void {
    this.running = false;
    for (const socket of this.sockets) socket.destroy();
  }
}

/** The outbound dispositions of a broadcast fax completing at once, signed as the service signs them. */
function deliveriesOf(order: BurstOrder): { body: string; signature: string }[] {
  return Array.from({ length: order.deliveries }, (_, n) => {
    const body = JSON.stringify({
      notification_id: `${order.idPrefix}-${n}`,
      app_id: order.appId,
      user_id: order.userId,
      fax_id: `${order.idPrefix}-fax-${n}`,
      direction: 'OUTBOUND',
      completed_timestamp: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      duration: 42,
      pages: 2,
      destination_fax_number: `1212555${String(n % 10_000).padStart(4, '0')}`,
      status: 'COMPLETE',
      billable_retries: 0,
      client_data: { client_reference_id: `REF-${n}`, billing_code: 'B-1' },
    });
    return { body, signature: createHmac('sha256', order.key).update(body).digest('hex') };
  });
}

async function run(order: BurstOrder): Promise<BurstReport> {
  const deliveries = deliveriesOf(order);
  const crowd = new SlowCrowd(order.port, order.slow);
  await new Promise((r) => setTimeout(r, order.slowLeadMs));
  const waves: WaveReport[] = [];
  let pending = deliveries;
  let lost = 0;
  for (let n = 1; n <= ATTEMPTS && pending.length > 0; n++) {
    const started = performance.now();
    const outcomes = await Promise.all(pending.map((d) => attempt(order.port, d)));
    const durationMs = performance.now() - started;
    const counts: Record<string, number> = {};
    const retry: typeof pending = [];
    outcomes.forEach((o, i) => {
      const key = o.status !== null ? String(o.status) : o.timedOut ? 'timeout' : 'reset';
      counts[key] = (counts[key] ?? 0) + 1;
      if (o.status !== null && o.status >= 500) retry.push(pending[i]!);
      else if (o.status === null || o.status < 200 || o.status >= 300) lost++;
    });
    waves.push({ attempt: n, sent: pending.length, outcomes: counts, durationMs, answerMs: outcomes.flatMap((o) => (o.status !== null && o.answerMs !== null ? [o.answerMs] : [])).sort((a, b) => a - b) });
    // The service would wait 5 minutes; here the next wave goes at once (the slow crowd stays).
    pending = retry;
  }
  lost += pending.length;
  crowd.stop();
  return { waves, lost, slowEnded: crowd.ended };
}

serveBenchChild<BurstOrder>(import.meta.url, run);
