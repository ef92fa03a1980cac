/**
 * Emulator throughput on loopback, beside a bare node:http hello-world measured the same way in the
 * same run: the emulator should never be what slows the client's tests. Figures are printed, not
 * asserted.
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

function row(label: string, r: LoadResult, baseline?: number): string {
  const perSecond = (r.count / r.elapsedMs) * 1000;
  const ratio = baseline ? ` (${((perSecond / baseline) * 100).toFixed(0)}% of hello-world)` : '';
  const busy = r.busyMs === undefined ? '' : `   server ${((r.busyMs * 1000) / Math.max(1, r.total)).toFixed(0).padStart(4)} µs/req`;
  return `${label.padEnd(48)} ${perSecond.toFixed(0).padStart(7)} req/s   p50 ${r.p50.toFixed(2).padStart(6)} ms   p99 ${r.p99.toFixed(2).padStart(6)} ms${busy}   errors ${r.errors}${ratio}`;
}

export async function runEmulatorBench(): Promise<void> {
  const durationMs = Number(process.env.FAXDESK_BENCH_SECONDS ?? 3) * 1000;
  const concurrency = Number(process.env.FAXDESK_BENCH_CONCURRENCY ?? 16);
  const warmupMs = 500;
  const common = { concurrency, durationMs, warmupMs };

  const hello = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '12' });
    res.end('hello world\n');
  });
  await new Promise<void>((resolve) => hello.listen(0, '127.0.0.1', resolve));
  const helloUrl = `http://127.0.0.1:${(hello.address() as AddressInfo).port}/`;
  const emulator = await startEmulator({ clock: 'manual', quiet: true });

  try {
    // Credentials and one completed fax to read.
    const tokenRes = await fetch(`${emulator.baseUrl}/tokens`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${emulator.demo.appId}:${emulator.demo.apiKey}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token}`, 'user-id': emulator.demo.userId };
    const sendBody = JSON.stringify({
      destinations: [{ fax_number: '12125550100', to_name: 'Bench', to_company: 'Loopback' }],
      documents: [{ document_type: 'TXT', document_content: Buffer.from('Benchmark page.\n'.repeat(40)).toString('base64') }],
      fax_options: { image_resolution: 'FINE', header_options: { line_1: ['${DATE_TIME}', '${FAX_ID}', '${CURRENT_PAGE}/${TOTAL_PAGE}'] } },
      client_data: { client_reference_id: 'bench' },
    });
    const sent = (await (await fetch(`${emulator.baseUrl}/faxes`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: sendBody })).json()) as {
      fax_id: string;
    }[];
    await emulator.control.advance(60_000);
    const faxId = sent[0]!.fax_id;

    console.log(`Loopback, ${concurrency} keep-alive connections, ${durationMs / 1000} s per figure (after ${warmupMs} ms warm-up), load from a worker thread.`);
    // Let the JIT settle on both servers' code paths before anything is measured.
    const settle = { concurrency, durationMs: 1000, warmupMs: 0 };
    await load({ ...settle, url: helloUrl, method: 'GET', headers: {}, expectStatus: 200 });
    await load({ ...settle, url: `${emulator.baseUrl}/faxes/${faxId}/transmission-detail`, method: 'GET', headers: auth, expectStatus: 200 });
    await load({ ...settle, url: `${emulator.baseUrl}/faxes/${faxId}/metadata`, method: 'GET', headers: auth, expectStatus: 200 });
    const base = await load({ ...common, url: helloUrl, method: 'GET', headers: {}, expectStatus: 200 });
    const baseline = (base.count / base.elapsedMs) * 1000;
    console.log(row('node:http hello-world (GET)', base));

    const reads = await load({ ...common, url: `${emulator.baseUrl}/faxes/${faxId}/transmission-detail`, method: 'GET', headers: auth, expectStatus: 200 });
    console.log(row('emulator status read (GET transmission-detail)', reads, baseline));

    const meta = await load({ ...common, url: `${emulator.baseUrl}/faxes/${faxId}/metadata`, method: 'GET', headers: auth, expectStatus: 200 });
    console.log(row('emulator status read (GET metadata)', meta, baseline));

    const sends = await load({
      ...common,
      url: `${emulator.baseUrl}/faxes`,
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: sendBody,
      expectStatus: 201,
    });
    console.log(row('emulator send (POST /faxes, 1 destination, TXT)', sends, baseline));

    const list = await load({ ...common, url: `${emulator.baseUrl}/faxes/sent?transmission_status=NEW`, method: 'GET', headers: { ...auth, 'pagination-limit': '100' }, expectStatus: 200 });
    const total = ((await (await fetch(`${emulator.baseUrl}/faxes/sent`, { headers: auth })).json()) as { total_records: number }).total_records;
    console.log(row(`emulator sent list (100 of ${total} faxes, filtered)`, list, baseline));
  } finally {
    await emulator.stop();
    hello.closeAllConnections();
    await new Promise<void>((resolve) => hello.close(() => resolve()));
  }
}
