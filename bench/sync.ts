/**
 * Background sync against the emulator (run as its own process, so the figures are the client's
 * alone):
 * 1. An idle cycle (nothing new on the service) for 1 and 5 accounts, each with a history already
 *    synchronised (received faxes, finished sends): requests the service received, CPU time of this
 *    process, and SQLite commits (seen by a second connection) per account; beside it, the CPU of the
 *    same requests made raw (fetch + read the body, nothing parsed or compared).
 * 2. Inbound-to-notification latency with the real clock: from asking the emulator to make a fax
 *    arrive to the desktop notification, against the poll interval (the wait for the next poll, plus
 *    the list read, the PDF download, the fsync and the notification), at 1 s and the default poll.
 *
 * FAXDESK_BENCH_SYNC_CYCLES (default 40), FAXDESK_BENCH_SYNC_ARRIVALS (default 8 at 1 s, 3 at the
 * default interval), FAXDESK_BENCH_SYNC_HOURS (default 24) tune the run; FAXDESK_BENCH_SYNC_ONLY=memory
 * runs the simulated day alone, =idle the idle-cycle rows alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { createInterface } from 'node:readline';
import DatabaseCtor from 'better-sqlite3';
import { EmulatorControlClient, type DemoAccount } from '../src/emulator';
import { FaxServiceClient } from '../src/main/api/fax-service-client';
import { HttpClient } from '../src/main/api/http';
import { EventBus } from '../src/main/ipc/events';
import { OutboundStates } from '../src/main/outbox/outbound-states';
import { silentLogger } from '../src/main/platform/logger';
import { steadySystem } from '../src/main/platform/ports';
import { ManualTimers, realTimers, type Timers } from '../src/main/platform/timers';
import { STATUS_COALESCE_MS } from '../src/main/sync/sync-service';
import { openDatabase, type Db } from '../src/main/store/database';
import { createHistoryStores, createSyncModule, type SyncModule } from '../src/main/background';
import { MemorySecretStore } from '../src/main/accounts/secret-store';
import { createCore } from '../src/main/core';
import { DEFAULT_SETTINGS } from '../src/shared/domain/settings';
import { serveBenchChild, spawnBenchChild, stopChild } from './support/child';
import type { BenchRow, BenchSection } from './row';
import { ms, round } from './support/stats';

const ROOT = path.resolve(__dirname, '..');
const RECEIVED_PER_ACCOUNT = 30;
const SENT_PER_ACCOUNT = 10;

interface EmulatorProcess {
  child: ChildProcess;
  info: { baseUrl: string; adminBaseUrl: string; controlUrl: string } & DemoAccount;
  control: EmulatorControlClient;
  stop(): Promise<void>;
}

async function spawnEmulator(clock: 'manual' | 'real'): Promise<EmulatorProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/emulator/cli.ts'), '--clock', clock, '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (l) => resolve(l));
    child.once('exit', (code) => reject(new Error(`the emulator exited (${String(code)}) before it was ready`)));
  });
  const info = JSON.parse(line) as EmulatorProcess['info'];
  return {
    child,
    info,
    control: new EmulatorControlClient(info.controlUrl),
    stop: () => stopChild(child),
  };
}

interface Setup {
  dir: string;
  db: Db;
  module: SyncModule;
  notified: { faxId: string; at: number }[];
  /** While `on`, every request the client makes is kept (to replay raw). */
  capture: { on: boolean; captured: Captured[] };
  close(): Promise<void>;
}

function accountRow(db: Db, id: string): void {
  // Only a row to point at: the sync reads accounts through its port, not this table.
  const columns = db.prepare('PRAGMA table_info(accounts)').all() as { name: string; type: string; notnull: number; dflt_value: unknown }[];
  const values: Record<string, unknown> = {};
  const at = new Date().toISOString();
  for (const c of columns) {
    if (c.name === 'id') values.id = id;
    else if (c.name === 'kind') values.kind = 'live';
    else if (c.name.endsWith('_at')) values[c.name] = c.notnull ? at : null;
    else if (c.notnull && c.dflt_value === null) values[c.name] = c.type === 'INTEGER' ? 0 : c.name.includes('url') ? 'http://127.0.0.1' : `${c.name}-${id}`;
  }
  const names = Object.keys(values);
  db.prepare(`INSERT INTO accounts (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')})`).run(values);
}

interface Captured {
  url: string;
  init: RequestInit | undefined;
}

function setUp(emulator: EmulatorProcess, accounts: DemoAccount[], options: { timers: Timers; idleMs: number | null }): Setup {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-sync-'));
  const db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
  const captured: Captured[] = [];
  const capturing: typeof fetch = (input, init) => {
    if (capture.on) captured.push({ url: String(input), init });
    return globalThis.fetch(input, init);
  };
  const capture = { on: false, captured };
  const http = new HttpClient({ fetch: capturing, timeoutMs: 30_000 });
  const clients = new Map<string, FaxServiceClient>(
    accounts.map((a, i) => {
      accountRow(db, `acc-${i}`);
      return [`acc-${i}`, new FaxServiceClient({ label: `Account ${i}`, baseUrl: emulator.info.baseUrl, appId: a.appId, apiKey: a.apiKey, userId: a.userId }, http)] as const;
    }),
  );
  const stores = createHistoryStores(db);
  const now = () => new Date();
  const notified: Setup['notified'] = [];
  const module = createSyncModule({
    db,
    dataDir: dir,
    states: new OutboundStates({ db, outbound: stores.outbound, events: stores.events, now }),
    accounts: {
      list: () => [...clients.keys()].map((id) => ({ id, label: id, enabled: true, status: { state: 'ready' as const } })),
      clientFor: async (id) => clients.get(id)!,
      onChange: () => () => undefined,
    },
    settings: { values: { ...DEFAULT_SETTINGS }, onChange: () => () => undefined },
    events: new EventBus(),
    logger: silentLogger,
    now,
    system: steadySystem,
    notifier: {
      show: (n) => {
        const target = n.target as { faxId?: string } | undefined;
        notified.push({ faxId: target?.faxId ?? '', at: performance.now() });
      },
    },
    printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
    badge: { setCount: () => undefined },
    timers: options.timers,
    ...(options.idleMs === null ? {} : { intervals: { idleMs: options.idleMs, fastMs: options.idleMs } }),
  });
  return {
    dir,
    db,
    module,
    notified,
    capture,
    async close() {
      await module.stop();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const IDLE_REQUESTS_TARGET = 3;
const IDLE_CPU_TARGET_MS = 2;

async function idleCycleRow(accountCount: number, cycles: number): Promise<BenchRow> {
  const emulator = await spawnEmulator('manual');
  const setup: { current?: Setup } = {};
  try {
    const accounts: DemoAccount[] = [emulator.info];
    for (let i = 1; i < accountCount; i++) accounts.push(await emulator.control.createAccount());
    // A history on the service: received faxes, and sends that have finished.
    for (const account of accounts) {
      for (let i = 0; i < RECEIVED_PER_ACCOUNT; i++) await emulator.control.inbound({ userId: account.userId, from: `1312555${String(1000 + i)}`, pages: 1 });
      const client = new FaxServiceClient({ label: 'seed', baseUrl: emulator.info.baseUrl, appId: account.appId, apiKey: account.apiKey, userId: account.userId }, new HttpClient({ fetch: globalThis.fetch }));
      for (let i = 0; i < SENT_PER_ACCOUNT; i++) {
        await client.send({ destinations: [{ faxNumber: '12125550100' }], documents: [{ documentType: 'TXT', contentBase64: Buffer.from(`bench ${i}\n`).toString('base64') }] });
      }
    }
    await emulator.control.advance(30 * 60_000);
    await emulator.control.idle();

    const timers = new ManualTimers(Date.now());
    const s = setUp(emulator, accounts, { timers, idleMs: 60_000 });
    setup.current = s;
    await s.module.start();
    await s.module.sync.syncNow();
    await s.module.downloader.drain();
    // One cycle: the feeds, then the sync:status that follows them (on the manual clock, after STATUS_COALESCE_MS).
    const cycle = async () => {
      await s.module.sync.syncNow();
      await timers.advance(STATUS_COALESCE_MS);
    };
    // Warm-up idle cycles (first-pass-only work such as the "not downloaded" sweep is done by then; the JIT settles).
    for (let i = 0; i < 5; i++) await cycle();

    // The requests of one idle cycle, to replay raw beside the measured cycles.
    s.capture.on = true;
    await s.module.sync.syncNow();
    s.capture.on = false;
    const replay = s.capture.captured.map((c) => ({ url: c.url, headers: c.init?.headers, method: c.init?.method ?? 'GET' }));
    const rawCycle = async () => {
      for (const r of replay) await (await fetch(r.url, { method: r.method, headers: r.headers as Record<string, string> })).text();
    };
    await rawCycle();

    const watcher = new DatabaseCtor(path.join(s.dir, 'faxdesk.sqlite3'), { readonly: true });
    const requestsBefore = (await emulator.control.requests()).filter((r) => r.area === 'api').length;
    const dv0 = watcher.pragma('data_version', { simple: true }) as number;
    let appCpu = 0;
    let rawCpu = 0;
    for (let i = 0; i < cycles; i++) {
      let c = process.cpuUsage();
      await cycle();
      c = process.cpuUsage(c);
      appCpu += c.user + c.system;
      c = process.cpuUsage();
      await rawCycle();
      c = process.cpuUsage(c);
      rawCpu += c.user + c.system;
    }
    const commits = (watcher.pragma('data_version', { simple: true }) as number) - dv0;
    watcher.close();
    const requests = (await emulator.control.requests()).filter((r) => r.area === 'api').length - requestsBefore - cycles * replay.length;
    const per = cycles * accountCount;
    const cpuMs = appCpu / 1000 / per;
    const rawMs = rawCpu / 1000 / per;
    const requestsPer = requests / per;
    const commitsPer = commits / per;
    return {
      row: `idle sync cycle, ${accountCount} account${accountCount === 1 ? '' : 's'}`,
      measured: `${ms(cpuMs)} CPU, ${requestsPer.toFixed(1)} requests, ${commitsPer.toFixed(1)} commits per account`,
      bare: `same requests raw ${ms(rawMs)} CPU`,
      target: `≤ ${IDLE_REQUESTS_TARGET} requests, 0 commits, ≤ ${IDLE_CPU_TARGET_MS} ms CPU per account`,
      value: round(cpuMs),
      within: requestsPer <= IDLE_REQUESTS_TARGET && commitsPer === 0 && cpuMs <= IDLE_CPU_TARGET_MS,
      how:
        `syncNow() with nothing new on the service, and the sync:status after it (emulator in its own process, ${RECEIVED_PER_ACCOUNT} received + ${SENT_PER_ACCOUNT} sent faxes per account already synchronised), ` +
        `${cycles} cycles after 5 warm-ups; CPU of this process (user + system) per account per cycle; requests counted by the emulator; commits seen by a second SQLite connection (data_version); ` +
        `bare: the ${replay.length} requests of one cycle replayed with fetch, body read as text, interleaved with the cycles.`,
    };
  } finally {
    await setup.current?.close();
    await emulator.stop();
  }
}

async function latencyRow(pollSeconds: number, arrivals: number, label: string): Promise<BenchRow> {
  const emulator = await spawnEmulator('real');
  const setup: { current?: Setup } = {};
  try {
    const defaultPoll = pollSeconds === DEFAULT_SETTINGS.pollIntervalSeconds;
    const s = setUp(emulator, [emulator.info], { timers: realTimers, idleMs: defaultPoll ? null : pollSeconds * 1000 });
    setup.current = s;
    await s.module.start();
    await s.module.sync.syncNow();
    const latencies: number[] = [];
    for (let i = 0; i < arrivals; i++) {
      // Arrive at a random point of the poll cycle.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * pollSeconds * 1000));
      const before = s.notified.length;
      const started = performance.now();
      const { fax_id: faxId } = await emulator.control.inbound({ from: '13125550170', pages: 1 });
      const deadline = started + pollSeconds * 1000 * 3 + 30_000;
      while (!s.notified.slice(before).some((n) => n.faxId === faxId)) {
        if (performance.now() > deadline) throw new Error(`no notification for fax ${faxId}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      latencies.push(s.notified.find((n) => n.faxId === faxId)!.at - started);
    }
    latencies.sort((a, b) => a - b);
    const worst = latencies.at(-1)! / 1000;
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length / 1000;
    const limit = pollSeconds + 1;
    return {
      row: `inbound → notification, ${label}`,
      measured: `max ${worst.toFixed(2)} s, mean ${mean.toFixed(2)} s`,
      bare: `poll interval ${pollSeconds} s`,
      target: `≤ interval + 1 s (${limit} s)`,
      value: round(worst),
      within: worst <= limit,
      how:
        `${arrivals} faxes made to arrive (emulator control, real clock, own process) at random points of the poll cycle; time to the desktop notification ` +
        `(list read, PDF download and fsync, notification); the worst of them is judged${defaultPoll ? ' (poll interval from the default settings)' : ''}.`,
    };
  } finally {
    await setup.current?.close();
    await emulator.stop();
  }
}

// ---------- memory of the core over a simulated day ----------

const MEMORY_TARGET = 0.05;
const WARM_UP_MINUTES = 180;

interface MemoryReport {
  heapStartMiB: number;
  heapEndMiB: number;
  rssStartMiB: number;
  rssEndMiB: number;
  cycles: number;
  arrivals: number;
  received: number;
  seconds: number;
}

/** Memory after a full collection, with the finalizers it queued (fetch's per-request clean-ups) run and collected too. */
const heapAfterGc = async (): Promise<NodeJS.MemoryUsage> => {
  for (let round = 0; round < 3; round++) {
    global.gc!();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  global.gc!();
  return process.memoryUsage();
};

/**
 * In a child process (--expose-gc): the whole core (createCore) with its Sandbox account served by an
 * emulator in another process on its manual clock, and this computer's clock following the emulator's.
 * One sync cycle per simulated minute for a day, a fax arriving every 10 minutes; the heap after a
 * full garbage collection once the first three simulated hours are done, and at the end.
 */
async function simulatedDay(spec: { hours: number }): Promise<MemoryReport> {
  const emulator = await spawnEmulator('manual');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-day-'));
  let simulated = Date.parse((await emulator.control.clock()).now);
  const core = createCore({
    dataDir: dir,
    appVersion: 'bench',
    shell: 'bridge',
    logger: silentLogger,
    notifier: { show: () => undefined },
    printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
    badge: { setCount: () => undefined },
    system: steadySystem,
    fetch: globalThis.fetch,
    secretStore: new MemorySecretStore(),
    now: () => new Date(simulated),
    startEmulator: async () => ({ ...emulator.info, demo: emulator.info, adminBaseUrl: emulator.info.adminBaseUrl, stop: async () => undefined }),
  });
  try {
    await core.start();
    const started = performance.now();
    let arrivals = 0;
    let start: NodeJS.MemoryUsage | null = null;
    const minutes = spec.hours * 60;
    for (let minute = 1; minute <= minutes + WARM_UP_MINUTES; minute++) {
      await emulator.control.advance(60_000);
      simulated += 60_000;
      if (minute % 10 === 0) {
        await emulator.control.inbound({ from: `1312555${String(1000 + (minute % 9000)).padStart(4, '0')}`, pages: 1 });
        arrivals++;
      }
      await core.sync.syncNow();
      if (minute === WARM_UP_MINUTES) {
        start = await heapAfterGc(); // the first simulated hours compile and warm everything up
        if (process.env['FAXDESK_BENCH_HEAP_SNAPSHOTS']) v8.writeHeapSnapshot(path.join(process.env['FAXDESK_BENCH_HEAP_SNAPSHOTS'], 'start.heapsnapshot'));
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 3000)); // the last downloads and deliveries
    const end = await heapAfterGc();
    if (process.env['FAXDESK_BENCH_HEAP_SNAPSHOTS']) v8.writeHeapSnapshot(path.join(process.env['FAXDESK_BENCH_HEAP_SNAPSHOTS'], 'end.heapsnapshot'));
    const received = (core.db.prepare('SELECT count(*) AS n FROM received').get() as { n: number }).n;
    return {
      heapStartMiB: start!.heapUsed / 1024 / 1024,
      heapEndMiB: end.heapUsed / 1024 / 1024,
      rssStartMiB: start!.rss / 1024 / 1024,
      rssEndMiB: end.rss / 1024 / 1024,
      cycles: minutes,
      arrivals,
      received,
      seconds: (performance.now() - started) / 1000,
    };
  } finally {
    await core.stop();
    await emulator.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

serveBenchChild<{ hours: number }>(import.meta.url, simulatedDay);

async function memoryRow(): Promise<BenchRow> {
  const hours = Number(process.env['FAXDESK_BENCH_SYNC_HOURS'] ?? 24);
  const r = await spawnBenchChild<MemoryReport>(import.meta.url, { hours }, { nodeArgs: ['--expose-gc'], timeoutMs: 1_800_000 });
  const growth = r.heapEndMiB / r.heapStartMiB - 1;
  return {
    row: `memory of the core after ${hours} h of simulated sync`,
    measured: `JS heap ${r.heapStartMiB.toFixed(1)} → ${r.heapEndMiB.toFixed(1)} MiB (${growth >= 0 ? '+' : ''}${(growth * 100).toFixed(1)} %); RSS ${r.rssStartMiB.toFixed(0)} → ${r.rssEndMiB.toFixed(0)} MiB`,
    bare: `start (after 3 simulated hours of warm-up)`,
    target: `growth ≤ ${MEMORY_TARGET * 100} %`,
    value: round(growth, 4),
    within: growth <= MEMORY_TARGET,
    how:
      `createCore with its Sandbox account on an emulator in another process (manual clock), this computer's clock following it; one sync cycle per simulated minute (${r.cycles} after a warm-up of 3 simulated hours), ` +
      `a fax arriving every 10 minutes (${r.arrivals}; ${r.received} in the history at the end, each downloaded and announced); heap used after forced garbage collections (and the finalizers they queue); ${r.seconds.toFixed(0)} s of real time.`,
  };
}

export const syncBench: BenchSection = {
  name: 'sync',
  async run(): Promise<BenchRow[]> {
    const cycles = Number(process.env['FAXDESK_BENCH_SYNC_CYCLES'] ?? 40);
    const arrivals = Number(process.env['FAXDESK_BENCH_SYNC_ARRIVALS'] ?? 8);
    const slowArrivals = Number(process.env['FAXDESK_BENCH_SYNC_SLOW_ARRIVALS'] ?? 3);
    // FAXDESK_BENCH_SYNC_ONLY=memory runs the simulated day alone (it takes minutes; the other rows are quick to re-take);
    // =idle the two idle-cycle rows alone (to profile them: node --cpu-prof).
    if (process.env['FAXDESK_BENCH_SYNC_ONLY'] === 'memory') return [await memoryRow()];
    if (process.env['FAXDESK_BENCH_SYNC_ONLY'] === 'idle') return [await idleCycleRow(1, cycles), await idleCycleRow(5, cycles)];
    return [
      await idleCycleRow(1, cycles),
      await idleCycleRow(5, cycles),
      await latencyRow(1, arrivals, '1 s poll'),
      await latencyRow(DEFAULT_SETTINGS.pollIntervalSeconds, slowArrivals, `default poll (${DEFAULT_SETTINGS.pollIntervalSeconds} s)`),
      await memoryRow(),
    ];
  },
};
