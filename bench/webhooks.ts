/**
 * Instant updates vs polling, side by side in one run (printed, never asserted). One emulator on the
 * real clock; two whole cores on their own data folders, each with a live account of its own at it:
 * - "webhooks": the receiver on, behind a TLS reverse proxy on loopback (the emulator's delivery route
 *   sends https://localhost:8443/… there), HMAC key set, health proven by a ping;
 * - "polling": no receiver, the default poll interval (60 s idle).
 * Rows:
 * 1. inbound arrival → desktop notification: the same arrivals (FAXDESK_BENCH_WEBHOOK_ARRIVALS, default
 *    20) reach both accounts at once, at random points of the poll cycle; p50/p90 from the control call
 *    that makes the fax arrive to the notification;
 * 2. send completion → state shown: a send from each core to the 1-second success number; from the fax's
 *    completion time at the service to the core's `outbox:changed` with the final state;
 * 3. idle cost: service requests and CPU time of this process per minute over an idle window
 *    (FAXDESK_BENCH_WEBHOOK_IDLE_SECONDS, default 60), both cores running (the emulator is in this
 *    process too: its share of CPU is in both figures alike).
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { startEmulator, type DemoAccount, type RunningEmulator } from '../src/emulator';
import { MemorySecretStore } from '../src/main/accounts/secret-store';
import { createCore, type Core } from '../src/main/core';
import { silentLogger } from '../src/main/platform/logger';
import { steadySystem } from '../src/main/platform/ports';
import type { BenchRow, BenchSection } from './row';

const WEBHOOK_URL = 'https://localhost:8443/faxdesk/webhooks';
const HMAC_KEY = `bench-${randomUUID()}`;

interface Side {
  name: 'webhooks' | 'polling';
  core: Core;
  accountId: string;
  account: DemoAccount;
  notified: Map<string, number>;
  finals: Map<string, number>;
  dir: string;
}

async function proxyTo(port: number): Promise<{ port: number; cert: string; close(): Promise<void> }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], { keyType: 'ec', curve: 'P-256', extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }] }] });
  const server = https.createServer({ cert: pems.cert, key: pems.private }, (req, res) => {
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, cert: pems.cert, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function side(name: Side['name'], emulator: RunningEmulator, account: DemoAccount, receiverPort: number | null): Promise<Side> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `faxdesk-bench-${name}-`));
  const notified = new Map<string, number>();
  const finals = new Map<string, number>();
  const core = createCore({
    dataDir: dir,
    appVersion: 'bench',
    shell: 'bridge',
    logger: silentLogger,
    notifier: {
      show: (n) => {
        const target = n.target as { faxId?: string; jobId?: string } | undefined;
        if (target?.faxId && !notified.has(target.faxId)) notified.set(target.faxId, performance.now());
      },
    },
    printer: { printPdf: async () => undefined },
    badge: { setCount: () => undefined },
    system: steadySystem,
    fetch: globalThis.fetch,
    secretStore: new MemorySecretStore(),
    startEmulator: null,
  });
  await core.start();
  const call = async <T>(channel: string, input?: unknown): Promise<T> => {
    const result = await core.dispatch(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as T;
  };
  const added = await call<{ id: string }>('accounts:add', { label: name, baseUrl: emulator.baseUrl, appId: account.appId, apiKey: account.apiKey, userId: account.userId });
  core.events.subscribe((event, payload) => {
    if (event !== 'outbox:changed') return;
    for (const id of (payload as { ids: string[] }).ids) {
      if (finals.has(id)) continue;
      // Read synchronously at the event: the moment the page would re-read and show it.
      const job = core.db.prepare('SELECT state FROM outbound WHERE id = ?').get(id) as { state: string } | undefined;
      if (job?.state === 'COMPLETED') finals.set(id, performance.now());
    }
  });
  if (receiverPort !== null) {
    for (const direction of ['OUTBOUND', 'INBOUND']) await call('webhooks:set', { accountId: added.id, direction, url: WEBHOOK_URL, hmacSecret: HMAC_KEY });
    await call('receiver:configure', { enabled: true, host: '127.0.0.1', port: receiverPort, publicUrl: WEBHOOK_URL });
    const report = await call<{ ok: boolean }>('receiver:test', { accountId: added.id });
    if (!report.ok) throw new Error('the webhook round trip failed');
  }
  await core.sync.syncNow(added.id);
  return { name, core, accountId: added.id, account, notified, finals, dir };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function stats(values: number[]): { p50: number; p90: number; n: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), n: sorted.length };
}

const ms = (v: number) => (v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);

async function waitFor(probe: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!probe()) {
    if (performance.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function run(): Promise<BenchRow[]> {
  const arrivals = Number(process.env.FAXDESK_BENCH_WEBHOOK_ARRIVALS ?? 20);
  const idleSeconds = Number(process.env.FAXDESK_BENCH_WEBHOOK_IDLE_SECONDS ?? 60);
  const emulator = await startEmulator({ clock: 'real', quiet: true });
  const receiverPort = await freePort();
  const proxy = await proxyTo(receiverPort);
  emulator.control.routeWebhooks('https://localhost:8443', { port: proxy.port, ca: proxy.cert });
  const second = emulator.control.createAccount();
  const sides: Side[] = [];
  try {
    const hooked = await side('webhooks', emulator, emulator.demo, receiverPort);
    const polled = await side('polling', emulator, second, null);
    sides.push(hooked, polled);
    const pollMs = 60_000;

    // 1. Inbound: the same arrivals for both, at random points of one poll interval and a half.
    const inbound: Record<Side['name'], number[]> = { webhooks: [], polling: [] };
    const started: { faxes: Record<Side['name'], string>; at: number }[] = [];
    const offsets = Array.from({ length: arrivals }, () => Math.random() * pollMs * 1.5).sort((a, b) => a - b);
    const t0 = performance.now();
    for (const offset of offsets) {
      await new Promise((r) => setTimeout(r, Math.max(0, t0 + offset - performance.now())));
      const at = performance.now();
      const [a, b] = await Promise.all([
        emulator.control.inbound({ userId: hooked.account.userId, from: '13125550170', pages: 1 }),
        emulator.control.inbound({ userId: polled.account.userId, from: '13125550170', pages: 1 }),
      ]);
      started.push({ faxes: { webhooks: a.fax_id, polling: b.fax_id }, at });
    }
    for (const s of sides) {
      for (const arrival of started) {
        const faxId = arrival.faxes[s.name];
        await waitFor(() => s.notified.has(faxId), pollMs * 3);
        inbound[s.name].push(s.notified.get(faxId)! - arrival.at);
      }
    }

    // 2. Sends: completion at the service → COMPLETED shown.
    const sends: Record<Side['name'], number[]> = { webhooks: [], polling: [] };
    const sendCount = Math.max(5, Math.round(arrivals / 2));
    for (const s of sides) {
      const added = await s.core.dispatch('compose:addBytes', { name: 'a.txt', base64: Buffer.from('bench\n').toString('base64') });
      if (!added.ok) throw new Error(added.error.message);
      const doc = (added.value as { documents: { id: string; type: string; name: string; pages: number | null }[] }).documents[0]!;
      const jobs: string[] = [];
      for (let i = 0; i < sendCount; i++) {
        const sent = await s.core.dispatch('compose:send', { composeId: randomUUID(), accountId: s.accountId, recipients: [{ number: '12125550100' }], documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }], options: { resolution: 'FINE', coverPage: null, header: null } });
        if (!sent.ok) throw new Error(sent.error.message);
        jobs.push((sent.value as { jobs: { id: string }[] }).jobs[0]!.id);
        await new Promise((r) => setTimeout(r, 700));
      }
      for (const jobId of jobs) {
        await waitFor(() => s.finals.has(jobId), pollMs * 3);
        const detail = await s.core.dispatch('outbox:get', { jobId, refresh: false });
        if (!detail.ok) throw new Error(detail.error.message);
        // The service's own completion time to the millisecond (the webhook's timestamp has whole seconds).
        const client = await s.core.accounts.clientFor(s.accountId);
        const metadata = await client.getMetadata((detail.value as { job: { faxId: string } }).job.faxId);
        const completedAt = Date.parse(metadata.completedAt!);
        // performance.now() and the wall clock differ by a constant: convert the final's time to wall time.
        const shownAt = s.finals.get(jobId)! - performance.now() + Date.now();
        sends[s.name].push(shownAt - completedAt);
      }
    }

    // 3. Idle: nothing happens; what does each side cost per minute?
    const idle: Record<Side['name'], { requests: number; cpuMs: number }> = { webhooks: { requests: 0, cpuMs: 0 }, polling: { requests: 0, cpuMs: 0 } };
    await emulator.control.idle();
    await new Promise((r) => setTimeout(r, 5000));
    for (const s of [...sides].reverse()) {
      const other = sides.find((o) => o !== s)!;
      other.core.sync.setPaused(true);
      const before = emulator.control.requests().filter((r) => r.area === 'api' && r.headers['user-id'] === s.account.userId).length;
      const cpu0 = process.cpuUsage();
      await new Promise((r) => setTimeout(r, idleSeconds * 1000));
      const cpu = process.cpuUsage(cpu0);
      const after = emulator.control.requests().filter((r) => r.area === 'api' && r.headers['user-id'] === s.account.userId).length;
      other.core.sync.setPaused(false);
      idle[s.name] = { requests: ((after - before) * 60) / idleSeconds, cpuMs: ((cpu.user + cpu.system) / 1000) * (60 / idleSeconds) };
    }

    const wi = stats(inbound.webhooks);
    const pi = stats(inbound.polling);
    const ws = stats(sends.webhooks);
    const ps = stats(sends.polling);
    return [
      {
        row: 'inbound arrival → notification, webhooks (loopback)',
        measured: `p50 ${ms(wi.p50)}, p90 ${ms(wi.p90)} (${wi.n} arrivals)`,
        bare: `polling every 60 s: p50 ${ms(pi.p50)}, p90 ${ms(pi.p90)}`,
        target: 'p90 ≤ 300 ms',
        value: Math.round(wi.p90),
        within: wi.p90 <= 300,
        how: 'Same arrivals for both accounts at random points of 1.5 poll intervals; control call → desktop notification (image stored).',
      },
      {
        row: 'send completion → state shown, webhooks (loopback)',
        measured: `p50 ${ms(ws.p50)}, p90 ${ms(ws.p90)} (${ws.n} sends)`,
        bare: `polling (fast 10 s while a send is active): p50 ${ms(ps.p50)}, p90 ${ms(ps.p90)}`,
        target: 'p90 ≤ 300 ms',
        value: Math.round(ws.p90),
        within: ws.p90 <= 300,
        how: "Sends to the 1-s success number; the service's completion time (ms) → outbox:changed showing COMPLETED.",
      },
      {
        row: 'idle cost, webhooks healthy vs polling',
        measured: `${idle.webhooks.requests.toFixed(1)} requests/min, ${idle.webhooks.cpuMs.toFixed(0)} ms CPU/min`,
        bare: `polling: ${idle.polling.requests.toFixed(1)} requests/min, ${idle.polling.cpuMs.toFixed(0)} ms CPU/min`,
        target: 'lower than polling',
        value: idle.polling.requests > 0 ? Number((idle.webhooks.requests / idle.polling.requests).toFixed(2)) : null,
        within: idle.webhooks.requests < idle.polling.requests,
        how: `One side idle at a time for ${idleSeconds} s (the other paused); service requests of its user and this process's CPU (emulator included), per minute.`,
      },
    ];
  } finally {
    for (const s of sides) {
      await s.core.stop().catch(() => undefined);
      fs.rmSync(s.dir, { recursive: true, force: true });
    }
    await proxy.close();
    await emulator.stop();
  }
}

export const webhooksBench: BenchSection = { name: 'webhooks', run };
