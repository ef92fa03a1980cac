/**
 * The Sandbox emulator's sent list with a 1,000,000-fax history, on loopback, beside a bare node:http
 * hello-world measured the same way in the same run: a list page must cost what the page holds, not
 * what the history holds.
 *
 * The servers (hello-world and emulator, on the manual clock so no carrier work interferes) run in
 * this thread; the load comes from a worker thread with keep-alive connections, so client and server
 * do not share an event loop. Each figure is requests completed per second over a fixed window, with
 * latency percentiles.
 *
 * FAXDESK_BENCH_SECONDS (default 3) and FAXDESK_BENCH_CONCURRENCY (default 16) tune the run.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { startEmulator } from '../src/emulator';
import type { BenchRow, BenchSection } from './row';
import { median, round } from './support/stats';

interface LoadSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
  concurrency: number;
  durationMs: number;
  warmupMs: number;
  expectStatus: number;
}

interface LoadResult {
  /** Requests in the measured window. */
  count: number;
  /** Requests including the warm-up. */
  total: number;
  /** Milliseconds the server thread's event loop was busy during the whole load (warm-up included). */
  busyMs?: number;
  errors: number;
  elapsedMs: number;
  p50: number;
  p99: number;
}

// Plain JavaScript, run with `eval` in a worker so it needs no TypeScript loader.
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const spec = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: spec.concurrency });
const url = new URL(spec.url);
const body = spec.body === undefined ? undefined : Buffer.from(spec.body);
const headers = { ...spec.headers };
if (body) headers['content-length'] = String(body.length);
function once() {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: spec.method, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve({ ok: res.statusCode === spec.expectStatus, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ ok: false, ms: performance.now() - started }));
    req.end(body);
  });
}
async function run() {
  let measuring = false;
  let count = 0, errors = 0, total = 0;
  const latencies = [];
  const warmupEnd = performance.now() + spec.warmupMs;
  const end = warmupEnd + spec.durationMs;
  async function worker() {
    for (;;) {
      const now = performance.now();
      if (now >= end) return;
      const r = await once();
      total++;
      if (performance.now() > warmupEnd && performance.now() <= end) {
        count++;
        if (!r.ok) errors++;
        latencies.push(r.ms);
      }
    }
  }
  await Promise.all(Array.from({ length: spec.concurrency }, worker));
  latencies.sort((a, b) => a - b);
  const pick = (q) => latencies.length ? latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] : 0;
  agent.destroy();
  parentPort.postMessage({ count, total, errors, elapsedMs: spec.durationMs, p50: pick(0.5), p99: pick(0.99) });
}
run();
`;

function load(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: spec });
    // The server side's cost: how long this thread's event loop was busy, per request served.
    const before = performance.eventLoopUtilization();
    worker.once('message', (result: LoadResult) => {
      const used = performance.eventLoopUtilization(before);
      void worker.terminate();
      resolve({ ...result, busyMs: used.active });
    });
    worker.once('error', reject);
  });
}

const TARGET = 0.25;
const ROUNDS = 3;

const perSecond = (r: LoadResult) => (r.count / r.elapsedMs) * 1000;

export const emulatorBench: BenchSection = {
  name: 'emulator',
  async run(): Promise<BenchRow[]> {
    const durationMs = Number(process.env['FAXDESK_BENCH_SECONDS'] ?? 2) * 1000;
    const concurrency = Number(process.env['FAXDESK_BENCH_CONCURRENCY'] ?? 16);
    const history = Number(process.env['FAXDESK_BENCH_EMULATOR_FAXES'] ?? 1_000_000);
    const warmupMs = 500;
    const common = { concurrency, durationMs, warmupMs };

    const hello = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '12' });
      res.end('hello world\n');
    });
    await new Promise<void>((resolve) => hello.listen(0, '127.0.0.1', resolve));
    const helloUrl = `http://127.0.0.1:${(hello.address() as AddressInfo).port}/`;
    const emulator = await startEmulator({ clock: 'manual', quiet: true });
    const rows: BenchRow[] = [];
    try {
      const t = performance.now();
      emulator.control.history({ sent: history });
      console.log(`emulator: ${history.toLocaleString('en')} sent faxes stored in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      const tokenRes = await fetch(`${emulator.baseUrl}/tokens`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${emulator.demo.appId}:${emulator.demo.apiKey}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
        },
        body: 'grant_type=client_credentials',
      });
      const { access_token: token } = (await tokenRes.json()) as { access_token: string };
      const auth = { authorization: `Bearer ${token}`, 'user-id': emulator.demo.userId, 'pagination-limit': '100' };
      const now = Date.parse(emulator.control.clock().now);
      const lastHour = new Date(now - 3600_000).toISOString();
      const cases = [
        { label: 'completed in the last hour (a sync window)', url: `${emulator.baseUrl}/faxes/sent?min_completed_timestamp=${encodeURIComponent(lastHour)}` },
        { label: 'newest page, no filter', url: `${emulator.baseUrl}/faxes/sent` },
      ];
      // Let the JIT settle on every server's code path before anything is measured.
      const settle = { concurrency, durationMs: 1000, warmupMs: 0 };
      await load({ ...settle, url: helloUrl, method: 'GET', headers: {}, expectStatus: 200 });
      for (const c of cases) await load({ ...settle, url: c.url, method: 'GET', headers: auth, expectStatus: 200 });
      for (const c of cases) {
        const page = (await (await fetch(c.url, { headers: auth })).json()) as { total_records: number; faxes: unknown[] };
        // Alternate rounds (hello-world, list, hello-world, list…): a machine that slows down mid-run moves both.
        const shares: number[] = [];
        const lists: LoadResult[] = [];
        const bases: LoadResult[] = [];
        for (let round = 0; round < ROUNDS; round++) {
          const base = await load({ ...common, url: helloUrl, method: 'GET', headers: {}, expectStatus: 200 });
          const list = await load({ ...common, url: c.url, method: 'GET', headers: auth, expectStatus: 200 });
          bases.push(base);
          lists.push(list);
          shares.push(perSecond(list) / perSecond(base));
        }
        const share = median(shares);
        const list = lists[shares.indexOf(share)]!;
        const base = bases[shares.indexOf(share)]!;
        const errors = lists.reduce((n, l) => n + l.errors, 0);
        rows.push({
          row: `Sandbox sent list, ${history.toLocaleString('en')} faxes stored: ${c.label}`,
          measured: `${perSecond(list).toFixed(0)} req/s (${(share * 100).toFixed(0)}%), p50 ${list.p50.toFixed(2)} ms${errors ? `, ${errors} errors` : ''}`,
          bare: `node:http hello-world ${perSecond(base).toFixed(0)} req/s`,
          target: `≥ ${TARGET * 100}% of hello-world`,
          value: round(share),
          within: errors === 0 && share >= TARGET,
          how:
            `GET /faxes/sent, pages of ${page.faxes.length} of ${page.total_records.toLocaleString('en')} matching, emulator in this process on its manual clock; load from a worker thread, ` +
            `${concurrency} keep-alive connections, ${ROUNDS} rounds of ${durationMs / 1000} s (after ${warmupMs} ms warm-up) alternating with the same load on a hello-world node:http server in this process; the median round's share.`,
        });
      }
    } finally {
      await emulator.stop();
      hello.closeAllConnections();
      await new Promise<void>((resolve) => hello.close(() => resolve()));
    }
    return rows;
  },
};
