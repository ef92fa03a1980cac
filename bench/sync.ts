/**
 * Background sync against the emulator (run as its own process, so the figures are the client's
 * alone). Printed, not asserted:
 * 1. An idle cycle (nothing new on the service) for 1 and 5 accounts, each with a history already
 *    synchronised (received faxes, finished sends): requests the service received, CPU time of this
 *    process, and SQLite writes (commits seen by a second connection, rows changed) per account.
 * 2. Inbound-to-notification latency with the real clock: from asking the emulator to make a fax
 *    arrive to the desktop notification, against the poll interval (the time to wait for the next
 *    poll, plus the list read, the PDF download, the fsync and the notification).
 *
 * FAXDESK_BENCH_SYNC_CYCLES (default 20) and FAXDESK_BENCH_SYNC_ARRIVALS (default 8) tune the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
import { openDatabase, type Db } from '../src/main/store/database';
import { createHistoryStores, createSyncModule, type SyncModule } from '../src/main/sync';
import { DEFAULT_SETTINGS } from '../src/shared/domain/settings';
import { stopChild } from './child-process';

const ROOT = path.resolve(__dirname, '..');
const RECEIVED_PER_ACCOUNT = 30;
const SENT_PER_ACCOUNT = 10;

interface EmulatorProcess {
  child: ChildProcess;
  info: { baseUrl: string; controlUrl: string } & DemoAccount;
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

function setUp(emulator: EmulatorProcess, accounts: DemoAccount[], options: { timers: Timers; idleMs: number }): Setup {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-sync-'));
  const db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
  const http = new HttpClient({ fetch: globalThis.fetch, timeoutMs: 30_000 });
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
    printer: { printPdf: async () => undefined },
    badge: { setCount: () => undefined },
    timers: options.timers,
    intervals: { idleMs: options.idleMs, fastMs: options.idleMs },
  });
  return {
    dir,
    db,
    module,
    notified,
    async close() {
      await module.stop();
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function idleCycleFigures(accountCount: number, cycles: number): Promise<void> {
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
    let t = performance.now();
    await s.module.sync.syncNow();
    await s.module.downloader.drain();
    const received = s.db.prepare('SELECT count(*) AS n FROM received').get() as { n: number };
    const sent = s.db.prepare('SELECT count(*) AS n FROM outbound').get() as { n: number };
    console.log(
      `sync: ${accountCount} account(s): first pass imported ${received.n} received (PDFs stored) and ${sent.n} sent faxes in ${((performance.now() - t) / 1000).toFixed(1)} s`,
    );
    // A warm-up idle cycle (first-pass-only work such as the "not downloaded" sweep is done by then).
    await s.module.sync.syncNow();

    const watcher = new DatabaseCtor(path.join(s.dir, 'faxdesk.sqlite3'), { readonly: true });
    const totalChanges = s.db.prepare('SELECT total_changes() AS n');
    const requestsBefore = (await emulator.control.requests()).filter((r) => r.area === 'api').length;
    const dv0 = watcher.pragma('data_version', { simple: true }) as number;
    const tc0 = (totalChanges.get() as { n: number }).n;
    const cpu0 = process.cpuUsage();
    t = performance.now();
    for (let i = 0; i < cycles; i++) await s.module.sync.syncNow();
    const wallMs = performance.now() - t;
    const cpu = process.cpuUsage(cpu0);
    const commits = (watcher.pragma('data_version', { simple: true }) as number) - dv0;
    const changes = (totalChanges.get() as { n: number }).n - tc0;
    watcher.close();
    const requests = (await emulator.control.requests()).filter((r) => r.area === 'api').length - requestsBefore;
    const per = cycles * accountCount;
    console.log(
      `sync: idle cycle, ${accountCount} account(s) (${RECEIVED_PER_ACCOUNT} received + ${SENT_PER_ACCOUNT} sent each), ${cycles} cycles: ` +
        `per account ${(requests / per).toFixed(1)} requests, ${((cpu.user + cpu.system) / 1000 / per).toFixed(2)} ms CPU ` +
        `(user ${(cpu.user / 1000 / per).toFixed(2)}, system ${(cpu.system / 1000 / per).toFixed(2)}), ` +
        `${(commits / per).toFixed(1)} SQLite commits, ${(changes / per).toFixed(1)} rows changed; ` +
        `wall ${(wallMs / cycles).toFixed(1)} ms per cycle of all accounts (loopback)`,
    );
  } finally {
    await setup.current?.close();
    await emulator.stop();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

async function latencyFigures(pollSeconds: number, arrivals: number): Promise<void> {
  const emulator = await spawnEmulator('real');
  const setup: { current?: Setup } = {};
  try {
    const s = setUp(emulator, [emulator.info], { timers: realTimers, idleMs: pollSeconds * 1000 });
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
    const mean = latencies.reduce((a, b) => a + b, 0) / latencies.length;
    console.log(
      `sync: inbound → notification, poll every ${pollSeconds} s, ${arrivals} arrivals: ` +
        `mean ${(mean / 1000).toFixed(2)} s, p50 ${(percentile(latencies, 0.5) / 1000).toFixed(2)} s, p90 ${(percentile(latencies, 0.9) / 1000).toFixed(2)} s, ` +
        `max ${(latencies.at(-1)! / 1000).toFixed(2)} s (expected ≈ interval/2 on average, ≤ interval + download)`,
    );
  } finally {
    await setup.current?.close();
    await emulator.stop();
  }
}

export async function runSyncBench(): Promise<void> {
  const cycles = Number(process.env.FAXDESK_BENCH_SYNC_CYCLES ?? 20);
  const arrivals = Number(process.env.FAXDESK_BENCH_SYNC_ARRIVALS ?? 8);
  await idleCycleFigures(1, cycles);
  await idleCycleFigures(5, cycles);
  await latencyFigures(1, arrivals);
  await latencyFigures(3, arrivals);
}
