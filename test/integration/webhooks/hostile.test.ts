/**
 * Issue 22, items 8-11: the webhook receiver of a whole core (real SQLite file, the real emulator behind
 * it) against a hostile network, from a bare socket client: slow headers and slow bodies answered 408
 * at the configured deadline; a burst answered 200 or 503 (the answer the service retries), never
 * reset; slow connections limited per address so that prompt deliveries get through; a 413 the client
 * can read while it is still sending; notifications for unknown faxes kept within a limit. The limits
 * are the configurable ones, made small so that this runs in seconds: the assertions are about what
 * each request is answered, not about how long that took.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReceiverDelivery } from '../../../src/shared/ipc/contract/webhooks';
import { RawClient, deliver, head, type RawResult } from './raw-client';
import { startReceiverFixture, type ReceiverFixture } from './receiver-fixture';

function pingBody(f: ReceiverFixture): string {
  return JSON.stringify({ app_id: f.emulator.demo.appId, notification_id: randomUUID(), direction: 'OUTBOUND', event_type: 'PING', notification_config_id: 'cfg' });
}

function outboundBody(f: ReceiverFixture, faxId: string): string {
  return JSON.stringify({
    notification_id: randomUUID(),
    app_id: f.emulator.demo.appId,
    user_id: f.emulator.demo.userId,
    fax_id: faxId,
    direction: 'OUTBOUND',
    completed_timestamp: '2024-05-21T04:27:56Z',
    duration: 30,
    pages: 1,
    destination_fax_number: '12125550100',
    status: 'COMPLETE',
    billable_retries: 0,
    client_data: { client_reference_id: 'x'.repeat(200) },
  });
}

async function deliveries(f: ReceiverFixture, limit = 200): Promise<ReceiverDelivery[]> {
  return f.core.ok<ReceiverDelivery[]>('receiver:deliveries', { limit });
}

function counts(results: RawResult[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === null ? `no answer (${r.error ?? 'closed'})` : String(r.status);
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
}

async function until(what: string, probe: () => boolean | Promise<boolean>, tries = 400): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await probe()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('deadlines, a burst, 413 and held notifications (default capacity, short deadlines)', () => {
  let f: ReceiverFixture;
  beforeAll(async () => {
    f = await startReceiverFixture({ listener: { headersTimeoutMs: 400, bodyTimeoutMs: 400, slowAfterMs: 60_000, lingerMs: 1_000 }, heldLimits: { count: 3, bytes: 64 * 1024 } });
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
  });

  it('answers 408 to headers sent a byte at a time past the deadline (Node alone: ~30 s, then 400)', async () => {
    const slow = await RawClient.connect(f.receiverPort);
    slow.dribble(head({ contentLength: 2 }) + '{}', 50);
    const result = await slow.closed;
    expect(result).toMatchObject({ status: 408, error: null });
    expect((await deliveries(f, 5)).find((d) => d.httpStatus === 408)?.outcome).toMatch(/headers did not arrive within 0\.4 s/);
  });

  it('answers 408 to a body that stops coming', async () => {
    const slow = await RawClient.connect(f.receiverPort);
    await slow.write(head({ contentLength: 200 }) + '{"notification_id":');
    const result = await slow.closed;
    expect(result).toMatchObject({ status: 408, error: null });
    expect((await deliveries(f, 5)).find((d) => d.httpStatus === 408)?.outcome).toMatch(/body did not arrive within 0\.4 s/);
  });

  it('answers 413 so that a client still sending reads it (declared too large, and found too large on the way)', async () => {
    const before = (await deliveries(f, 1))[0]?.seq ?? 0;
    // The client keeps sending after the answer has come (as one that reads only once it has sent all
    // would), then half-closes: it must get to read the 413, not EPIPE or a reset (Node alone closed at once).
    const send = async (head: string, pieces: string[], beforeAnswer: number) => {
      const client = await RawClient.connect(f.receiverPort);
      client.keepSending = true;
      await client.write(head);
      let sent = 0;
      while (sent < beforeAnswer) await client.write(pieces[sent++]!);
      await until('the 413', () => client.answered);
      while (sent < pieces.length) {
        await client.write(pieces[sent++]!);
        await new Promise((resolve) => setImmediate(resolve));
      }
      client.end();
      return client.closed;
    };
    const chunks = Array.from({ length: 12 }, () => `${(64 * 1024).toString(16)}\r\n${'x'.repeat(64 * 1024)}\r\n`);
    // Declared too large: refused from Content-Length before the body is read.
    expect(await send(head({ contentLength: 768 * 1024 }), Array.from({ length: 12 }, () => 'y'.repeat(64 * 1024)), 0)).toMatchObject({ status: 413, error: null });
    // Chunked: found too large part way through.
    expect(await send(head({ chunked: true }), [...chunks, '0\r\n\r\n'], 2)).toMatchObject({ status: 413, error: null });
    expect((await deliveries(f, 50)).filter((d) => d.seq > before && d.httpStatus === 413)).toHaveLength(2);
  });

  it('keeps at most the configured number of notifications for unknown faxes, and says in the log when older ones are dropped', async () => {
    const held = () => (f.core.core.db.prepare("SELECT count(*) AS n FROM webhook_receipts WHERE state = 'held' AND kind = 'OUTBOUND'").get() as { n: number }).n;
    const start = held();
    const results: RawResult[] = [];
    for (let i = 0; i < 5; i++) {
      const body = outboundBody(f, randomUUID());
      results.push(await deliver(f.receiverPort, body, f.sign(body)));
    }
    expect(counts(results)).toEqual({ '200': 5 });
    await f.core.core.webhooks.drain();
    expect(held()).toBeLessThanOrEqual(3);
    const log = await deliveries(f, 5);
    const dropped = log.map((d) => /the (\d+ )?oldest held notifications? \(received up to .+\) (was|were) dropped/.exec(d.outcome)).filter((m) => m !== null);
    // Every notification dropped is said in the log, in the entry of the delivery that went over the limit.
    expect(dropped.reduce((n, m) => n + Number(m[1] ?? 1), 0)).toBe(start + 5 - held());
    expect(log.find((d) => /dropped/.test(d.outcome))!.outcome).toMatch(/^Accepted\. To keep at most 3 notifications \(64 KiB\) for faxes not known on this computer, the .+ polling still reports those faxes\.$/);
  });
});

describe('a burst at default capacity (deadlines that cannot fall due here)', () => {
  // Apart from the 0.4-s deadlines above: the 200 connections wait, sending nothing, until all are held,
  // and on a loaded machine that took longer than 0.4 s, so the first were answered 408 and the
  // receiver never held 200 at once (the wait timed out). The queue wait (3 s by default) is lengthened
  // for the same reason: what this proves is that none is reset or lost, not how fast 200 are read.
  let f: ReceiverFixture;
  beforeAll(async () => {
    f = await startReceiverFixture({ listener: { headersTimeoutMs: 60_000, bodyTimeoutMs: 60_000, slowAfterMs: 60_000, queueWaitMs: 60_000 } });
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
  });

  it('with 200 connections open, answers 200 signed deliveries sent at once: every one answered and logged, none reset', async () => {
    const clients = await Promise.all(Array.from({ length: 200 }, () => RawClient.connect(f.receiverPort)));
    await until('the receiver to hold all 200 connections', () => f.core.core.webhooks.openConnections() === 200);
    const before = (await deliveries(f, 1))[0]?.seq ?? 0;
    const bodies = clients.map(() => pingBody(f));
    await Promise.all(clients.map((c, i) => c.write(head({ contentLength: Buffer.byteLength(bodies[i]!), signature: f.sign(bodies[i]!) }) + bodies[i])));
    const results = await Promise.all(clients.map((c) => c.closed));
    expect(counts(results)).toEqual({ '200': 200 });
    const logged = (await deliveries(f, 200)).filter((d) => d.seq > before);
    expect(logged.filter((d) => d.httpStatus === 200 && d.eventType === 'PING')).toHaveLength(200);
  });
});

/** A small capacity, so that a few dozen connections fill it. */
const SMALL_CAPACITY = {
  // Long enough that the 6 slow connections kept are still unanswered when the first test closes
  // them on a loaded machine (at 5 s they were answered 408 for their headers first).
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 5_000,
  maxConnections: 48,
  maxActive: 4,
  maxQueued: 16,
  queueWaitMs: 1_000,
  slowAfterMs: 1_500,
  maxSlow: 12,
  maxSlowPerSource: 6,
  lingerMs: 1_000,
};

describe('capacity and slow connections (a small capacity)', () => {
  let f: ReceiverFixture;
  beforeAll(async () => {
    f = await startReceiverFixture({ listener: SMALL_CAPACITY });
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
  });

  it('64 connections dribbling headers: the ones over capacity get 503, the slow ones over 6 from one address 408, and prompt deliveries get through', async () => {
    const slow = await Promise.all(Array.from({ length: 64 }, () => RawClient.connect(f.receiverPort)));
    for (const c of slow) c.dribble(head({ contentLength: 2 }) + '{}', 500);
    // 48 admitted, 16 answered 503 at once; then, once slow, all but 6 of the 48 answered 408.
    await until('the slow connections to be trimmed', () => slow.filter((c) => c.answered).length >= 58);
    const valid = await Promise.all(
      Array.from({ length: 16 }, () => {
        const body = pingBody(f);
        return deliver(f.receiverPort, body, f.sign(body));
      }),
    );
    expect(counts(valid)).toEqual({ '200': 16 });
    for (const c of slow) c.destroy();
    const ends = await Promise.all(slow.map((c) => c.closed));
    const answeredSlow = ends.filter((r) => r.status !== null);
    expect(answeredSlow.filter((r) => r.status === 503)).toHaveLength(16);
    expect(answeredSlow.filter((r) => r.status === 408)).toHaveLength(42);
    expect(ends.filter((r) => r.status === null)).toHaveLength(6);
    const log = await deliveries(f, 200);
    expect(log.filter((d) => d.httpStatus === 408 && /Too slow/.test(d.outcome))).toHaveLength(42);
  });
});

describe('a burst over a small capacity', () => {
  // Its 48 connections held wait, sending nothing, until the 152 over capacity are answered: with the
  // 1.5-s slow verdict of the suite above, a loaded machine took that long and 42 of them were answered
  // 408 (too slow) instead of 200 or 503.
  let f: ReceiverFixture;
  beforeAll(async () => {
    f = await startReceiverFixture({ listener: { ...SMALL_CAPACITY, slowAfterMs: 60_000 } });
  }, 60_000);
  afterAll(async () => {
    await f?.stop();
  });

  it('200 deliveries at once over capacity: each answered 200 or 503 (never reset), and all accepted after the service retries the 503s', async () => {
    const pending = Array.from({ length: 200 }, () => pingBody(f));
    // All 200 connected first (the 152 over 48 connections are answered 503 at once), then all sent:
    // of the 48, 4 are read at once and 16 wait; the others are answered 503 too.
    const clients = await Promise.all(pending.map(() => RawClient.connect(f.receiverPort)));
    await until('the connections over capacity to be answered', () => clients.filter((c) => c.answered).length >= 152);
    await Promise.all(clients.map((c, i) => c.write(head({ contentLength: Buffer.byteLength(pending[i]!), signature: f.sign(pending[i]!) }) + pending[i])));
    const first = await Promise.all(clients.map((c) => c.closed));
    expect(first.every((r) => r.status === 200 || r.status === 503)).toBe(true);
    expect(first.filter((r) => r.status === 503).length).toBeGreaterThanOrEqual(152);
    expect(first.filter((r) => r.error !== null)).toEqual([]);
    const log = await deliveries(f, 200);
    expect(log.filter((d) => d.httpStatus === 503)).toHaveLength(first.filter((r) => r.status === 503).length);
    // The service retries a 5xx (up to 4 times): here at once instead of 5 minutes later.
    let retry = pending.filter((_, i) => first[i]!.status === 503);
    for (let attempt = 2; attempt <= 5 && retry.length > 0; attempt++) {
      const results = await Promise.all(retry.map((body) => deliver(f.receiverPort, body, f.sign(body))));
      expect(results.every((r) => r.status === 200 || r.status === 503)).toBe(true);
      retry = retry.filter((_, i) => results[i]!.status === 503);
    }
    expect(retry).toEqual([]);
  });
});
