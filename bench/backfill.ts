/**
 * The first sync of a big account, from the Sandbox: the emulator in its own process, seeded with
 * FAXDESK_BENCH_BACKFILL_FAXES (default 100,000) received and as many sent faxes over three years
 * (`--seed-faxes`), and the sync module (createSyncModule, real timers, the default import pace) in a
 * child process of its own, on a new history file.
 *
 * Rows, each beside its bare operation measured in the same run:
 * - time to the first page shown: from starting sync until an Inbox page read (inbox.list, as the
 *   window reads it on inbox:changed) holds faxes; bare: one GET of the received list's first page;
 * - faxes imported per second: faxes the background import stored, over the time it took (from the
 *   hand-over to the last page); bare: a client reading the same pages (the same requests, fetch +
 *   JSON.parse, one at a time) right after, against the same emulator;
 * - requests made, by kind (list pages, images, tokens), against the pages the lists hold;
 * - main-thread long tasks over the whole first sync (support/long-tasks.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { DemoAccount } from '../src/emulator';
import { FaxServiceClient } from '../src/main/api/fax-service-client';
import { HttpClient } from '../src/main/api/http';
import { EventBus } from '../src/main/ipc/events';
import { OutboundStates } from '../src/main/outbox/outbound-states';
import { silentLogger } from '../src/main/platform/logger';
import { steadySystem } from '../src/main/platform/ports';
import { realTimers } from '../src/main/platform/timers';
import { openDatabase } from '../src/main/store/database';
import { startWalCheckpointer } from '../src/main/store/wal-checkpointer';
import { createHistoryStores, createSyncModule } from '../src/main/background';
import { DEFAULT_SETTINGS } from '../src/shared/domain/settings';
import type { ReceivedFax, SentFax } from '../src/shared/domain/fax';
import { storeOldReceived, storeOldSent } from '../src/main/sync/history-pages';
import { SYNC_PAGE_SIZE } from '../src/shared/domain/sync';
import type { BenchRow, BenchSection } from './row';
import { serveBenchChild, spawnBenchChild, stopChild } from './support/child';
import { watchLongTasks } from './support/long-tasks';
import { ms, round } from './support/stats';

const ROOT = path.resolve(__dirname, '..');
const FIRST_PAGE_TARGET_MS = 2_000;
const RATE_TARGET = 0.5;
const LONG_TASK_MS = 50;

type EmulatorInfo = { baseUrl: string; controlUrl: string } & DemoAccount;

async function spawnSeededEmulator(faxes: number): Promise<{ child: ChildProcess; info: EmulatorInfo; seedSeconds: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/emulator/cli.ts'), '--seed-faxes', String(faxes), '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the emulator exited (${String(code)}) before it was ready`)));
  });
  return { child, info: JSON.parse(line) as EmulatorInfo, seedSeconds: (performance.now() - started) / 1000 };
}

interface Spec {
  /** The emulator the first sync runs against. */
  emulator: EmulatorInfo;
  /** Another, seeded the same way: the bare client reads its pages (cold, as the import reads the first's). */
  bare: EmulatorInfo;
  /** Their processes, for the CPU they spend serving (Linux: /proc). */
  emulatorPid: number;
  barePid: number;
  faxes: number;
}

/** CPU microseconds a process has spent (user + system), from /proc; null where there is no /proc. */
function processCpuMicros(pid: number): number | null {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks, counted after the command name's closing
    // parenthesis (the last one: a command name may hold one itself).
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux that Node supports. */
const CLOCK_TICKS_PER_SECOND = 100;

function ownCpuMicros(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** CPU per fax, in microseconds, of each side of a run; null where the side could not be read. */
interface CpuPerFax {
  /** The emulator serving the pages. */
  service: number | null;
  /** This process (every thread): requests, parsing, and for the import its storing and checkpoints. */
  client: number;
}

interface Report {
  firstPageMs: number;
  firstOutboxPageMs: number;
  bareFirstPageMs: number;
  importedPerSecond: number;
  bareFaxesPerSecond: number;
  /** The same pages stored by the import's own page statements alone: no HTTP, no pacing, a transaction a page. */
  storedAlonePerSecond: number;
  /** CPU per fax: the bare read, the import, and storing alone (client side only: no service). */
  cpu: { bare: CpuPerFax; import: CpuPerFax; storedAlone: number };
  cores: number;
  importSeconds: number;
  totalSeconds: number;
  importedReceived: number;
  importedSent: number;
  requests: Record<string, number>;
  longTasks: { count: number; maxMs: number; ticks: number; at: number[] };
  pages: { received: number; sent: number };
}

function kindOf(url: string, method: string): string {
  const p = new URL(url).pathname.replace(/^.*\/api/, '');
  if (/^\/faxes\/received\/?$/.test(p)) return new URL(url).searchParams.has('image_downloaded') ? 'sweep' : 'received list';
  if (/^\/faxes\/sent\/?$/.test(p)) return 'sent list';
  if (/\/image\/?$/.test(p)) return 'image';
  if (/^\/tokens/.test(p)) return 'token';
  if (method === 'PATCH') return 'mark downloaded';
  return p.split('/')[1] ?? p;
}

/** In the child: the first sync of the seeded account, to the end of its import. */
async function firstSync(spec: Spec): Promise<Report> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-backfill-'));
  const db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
  // As the app does (core.ts); FAXDESK_BENCH_CHECKPOINT=main leaves the checkpoints on the main thread (SQLite's default), to compare.
  const checkpoints = process.env['FAXDESK_BENCH_CHECKPOINT'] === 'main' ? null : startWalCheckpointer(db, { logger: silentLogger });
  const now = () => new Date();
  db.prepare(
    `INSERT INTO accounts (id, label, kind, enabled, base_url, app_id, user_id, settings, created_at, updated_at)
     VALUES ('big', 'Big office', 'live', 1, ?, ?, ?, '{}', ?, ?)`,
  ).run(spec.emulator.baseUrl, spec.emulator.appId, spec.emulator.userId, now().toISOString(), now().toISOString());
  const requests: Record<string, number> = {};
  const counting: typeof fetch = (input, init) => {
    const kind = kindOf(String(input), init?.method ?? 'GET');
    requests[kind] = (requests[kind] ?? 0) + 1;
    return globalThis.fetch(input, init);
  };
  const client = new FaxServiceClient(
    { label: 'Big office', baseUrl: spec.emulator.baseUrl, appId: spec.emulator.appId, apiKey: spec.emulator.apiKey, userId: spec.emulator.userId },
    new HttpClient({ fetch: counting, timeoutMs: 60_000 }),
  );
  const stores = createHistoryStores(db);
  const events = new EventBus();
  const module = createSyncModule({
    db,
    dataDir: dir,
    states: new OutboundStates({ db, outbound: stores.outbound, events: stores.events, now }),
    accounts: { list: () => [{ id: 'big', label: 'Big office', enabled: true, status: { state: 'ready' } }], clientFor: async () => client, onChange: () => () => undefined },
    settings: { values: { ...DEFAULT_SETTINGS }, onChange: () => () => undefined },
    events,
    logger: silentLogger,
    now,
    system: steadySystem,
    notifier: { show: () => undefined },
    printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
    badge: { setCount: () => undefined },
    timers: realTimers,
  });

  // Bare first, on the other emulator (its lists as cold as the import finds this one's): the same
  // pages the import reads (the lists after their first page), fetched and parsed one after another.
  const bareClient = new FaxServiceClient(
    { label: 'bare', baseUrl: spec.bare.baseUrl, appId: spec.bare.appId, apiKey: spec.bare.apiKey, userId: spec.bare.userId },
    new HttpClient({ fetch: globalThis.fetch, timeoutMs: 60_000 }),
  );
  const headers = { authorization: `Bearer ${await bareClient.tokens.get()}`, 'user-id': spec.bare.userId, 'pagination-limit': String(SYNC_PAGE_SIZE) };
  const pages = Math.ceil(spec.faxes / SYNC_PAGE_SIZE);
  const bareCpu = { client: ownCpuMicros(), service: processCpuMicros(spec.barePid) };
  const bareStart = performance.now();
  let bareFaxes = 0;
  for (let page = 1; page < pages; page++) {
    for (const list of ['received', 'sent'] as const) {
      const response = await fetch(`${spec.bare.baseUrl}/faxes/${list}`, { headers: { ...headers, 'pagination-offset': String(page * SYNC_PAGE_SIZE + 1) } });
      bareFaxes += (JSON.parse(await response.text()) as { faxes: unknown[] }).faxes.length;
    }
  }
  const bareSeconds = (performance.now() - bareStart) / 1000;
  const bareServiceEnd = processCpuMicros(spec.barePid);
  const bareCpuPerFax: CpuPerFax = {
    client: (ownCpuMicros() - bareCpu.client) / bareFaxes,
    service: bareCpu.service === null || bareServiceEnd === null ? null : (bareServiceEnd - bareCpu.service) / bareFaxes,
  };
  const firstStart = performance.now();
  await (await fetch(`${spec.bare.baseUrl}/faxes/received`, { headers: { ...headers, 'pagination-offset': '1' } })).text();
  const bareFirstPageMs = performance.now() - firstStart;

  // The window: reads the page at the top whenever the Inbox or Outbox changes, as the renderer does.
  let firstPageMs = NaN;
  let firstOutboxPageMs = NaN;
  let handOverAt = NaN;
  let importCpuStart: { client: number; service: number | null } = { client: 0, service: null };
  const watch = watchLongTasks(LONG_TASK_MS);
  const t0 = performance.now();
  // The same instant on the CPU profile's clock (FAXDESK_BENCH_PROFILE), to find what ran in a long task.
  const t0Micros = process.hrtime.bigint() / 1000n;
  const gcs: string[] = [];
  const { PerformanceObserver } = await import('node:perf_hooks');
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.duration > 20) gcs.push(`${Math.round(e.startTime - t0)}:${e.duration.toFixed(0)}:${(e as unknown as { detail?: { kind?: number } }).detail?.kind ?? "?"}`);
  });
  if (process.env['FAXDESK_BENCH_VERBOSE']) gcObserver.observe({ entryTypes: ['gc'] });
  // The window's read is a task of its own, as in the app: the event reaches the renderer over IPC,
  // which then calls inbox:list / outbox:page back, a message main reads in a later turn of its event
  // loop. A timer of 1 ms stands for that round trip: an immediate would run in the same turn as the
  // task that stored the page, and the long-task watcher (ticks between turns) would add the two up.
  events.subscribe((name) => {
    if (name === 'inbox:changed' && Number.isNaN(firstPageMs)) {
      setTimeout(() => {
        if (Number.isNaN(firstPageMs) && module.inbox.list({ unreadOnly: false, direction: 'older', skip: 0, limit: 50, count: true }).items.length > 0) firstPageMs = performance.now() - t0;
      }, 1);
    }
    if (name === 'outbox:changed' && Number.isNaN(firstOutboxPageMs)) {
      setTimeout(() => {
        if (Number.isNaN(firstOutboxPageMs) && stores.outbound.page({ limit: 50 }).items.length > 0) firstOutboxPageMs = performance.now() - t0;
      }, 1);
    }
    if (name === 'historyImport:progress' && Number.isNaN(handOverAt)) {
      handOverAt = performance.now();
      importCpuStart = { client: ownCpuMicros(), service: processCpuMicros(spec.emulatorPid) };
    }
  });
  await module.start();
  for (;;) {
    const status = module.imports.status();
    if (status.accounts.length > 0 && status.accounts.every((a) => a.state === 'done')) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const end = performance.now();
  const importCpuEnd = { client: ownCpuMicros(), service: processCpuMicros(spec.emulatorPid) };
  const longTasks = watch.stop();
  longTasks.at = longTasks.at.map((t) => Math.round(t - t0));
  if (process.env['FAXDESK_BENCH_VERBOSE']) process.stderr.write(`long tasks at ${JSON.stringify(longTasks.at)} ms after ${t0Micros} µs; first page ${firstPageMs.toFixed(0)} ms; hand-over ${(handOverAt - t0).toFixed(0)} ms; gc ${gcs.join(' ')}\n`);
  gcObserver.disconnect();
  const imports = db.prepare('SELECT list, imported, read, next_offset FROM history_imports').all() as { list: string; imported: number; read: number; next_offset: number }[];
  const importedReceived = imports.find((r) => r.list === 'received')!.imported;
  const importedSent = imports.find((r) => r.list === 'sent')!.imported;
  await module.stop();
  await checkpoints?.stop();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
  const storedAlone = await storeAlone(spec, bareClient, pages);
  const importSeconds = (end - handOverAt) / 1000;
  const imported = importedReceived + importedSent;
  return {
    firstPageMs,
    firstOutboxPageMs,
    bareFirstPageMs,
    importedPerSecond: imported / importSeconds,
    bareFaxesPerSecond: bareFaxes / bareSeconds,
    storedAlonePerSecond: storedAlone.perSecond,
    cpu: {
      bare: bareCpuPerFax,
      import: {
        client: (importCpuEnd.client - importCpuStart.client) / imported,
        service: importCpuStart.service === null || importCpuEnd.service === null ? null : (importCpuEnd.service - importCpuStart.service) / imported,
      },
      storedAlone: storedAlone.cpuMicrosPerFax,
    },
    cores: os.availableParallelism(),
    importSeconds,
    totalSeconds: (end - t0) / 1000,
    importedReceived,
    importedSent,
    requests,
    longTasks,
    pages: { received: pages, sent: pages },
  };
}

/**
 * What storing costs by itself: the pages the import stores (the lists after their first page, read
 * from the second emulator beforehand, untimed), written into a new history by the import's own page
 * statements (storeOldReceived / storeOldSent: rows, timeline events, search index entries), one
 * transaction a page, one page after another, with the WAL checkpointed in its worker as the app does.
 * The figure the import's own rate is bounded by on this machine, whatever its pace.
 */
async function storeAlone(spec: Spec, client: FaxServiceClient, pages: number): Promise<{ perSecond: number; cpuMicrosPerFax: number }> {
  const received: ReceivedFax[][] = [];
  const sent: SentFax[][] = [];
  for (let page = 1; page < pages; page++) {
    received.push((await client.listReceived({ offset: page * SYNC_PAGE_SIZE + 1, limit: SYNC_PAGE_SIZE })).items);
    sent.push((await client.listSent({ offset: page * SYNC_PAGE_SIZE + 1, limit: SYNC_PAGE_SIZE })).items);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-store-alone-'));
  const db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
  const checkpoints = startWalCheckpointer(db, { logger: silentLogger });
  try {
    const now = new Date();
    db.prepare(
      `INSERT INTO accounts (id, label, kind, enabled, base_url, app_id, user_id, settings, created_at, updated_at)
       VALUES ('big', 'Big office', 'live', 1, ?, ?, ?, '{}', ?, ?)`,
    ).run(spec.bare.baseUrl, spec.bare.appId, spec.bare.userId, now.toISOString(), now.toISOString());
    const stores = createHistoryStores(db);
    const states = new OutboundStates({ db, outbound: stores.outbound, events: stores.events, now: () => now });
    let stored = 0;
    const started = performance.now();
    const cpuStarted = ownCpuMicros();
    for (let i = 0; i < received.length; i++) {
      stored += db.transaction(() => storeOldReceived(stores, 'big', received[i]!, null, now).created.length)();
      stored += db.transaction(() => storeOldSent(stores, states, 'big', sent[i]!, null, now).created.length)();
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuMicros = ownCpuMicros() - cpuStarted;
    if (stored !== received.flat().length + sent.flat().length) throw new Error(`stored ${stored} of the pages' faxes`);
    return { perSecond: stored / seconds, cpuMicrosPerFax: cpuMicros / stored };
  } finally {
    await checkpoints.stop();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What this machine allows any import that stores what this one stores: every fax costs the service's
 * CPU to serve it, the reader's to fetch and parse it (both as the bare read measured them) and the
 * storing's (as storing alone measured it), and no pace and no scheduling can make the cores do more
 * than all of them busy all the time. The ceiling is that rate; the import's own CPU per fax is beside it.
 */
function budgetRow(r: Report): BenchRow {
  const us = (n: number | null) => (n === null ? 'n/a' : `${Math.round(n)} µs`);
  const { bare, storedAlone } = r.cpu;
  const perFax = bare.service === null ? null : bare.service + bare.client + storedAlone;
  const ceiling = perFax === null ? null : (r.cores * 1e6) / perFax;
  return {
    row: 'backfill of a big account: the rate this machine allows',
    measured:
      ceiling === null
        ? `n/a (the service's CPU is read from /proc, Linux only)`
        : `${Math.round(ceiling).toLocaleString('en')}/s at most (${((ceiling / r.bareFaxesPerSecond) * 100).toFixed(0)} % of bare): ${us(bare.service)} serving + ${us(bare.client)} reading + ${us(storedAlone)} storing per fax, on ${r.cores} cores`,
    bare: `CPU per fax: bare read ${us(bare.service)} service + ${us(bare.client)} client; the import ${us(r.cpu.import.service)} service + ${us(r.cpu.import.client)} client`,
    target: 'report',
    value: ceiling === null ? null : round(ceiling / r.bareFaxesPerSecond),
    within: null,
    how:
      `CPU (user + system) of each process over each phase, over the faxes it handled: the service's from /proc/<pid>/stat, this process's (every thread) from process.cpuUsage; ` +
      `the ceiling is the cores over serving + reading + storing per fax: all cores busy, no pace, no waits, so no import that stores the same rows, timeline events and search entries can go faster here.`,
  };
}

serveBenchChild<Spec>(import.meta.url, firstSync);

export const backfillBench: BenchSection = {
  name: 'backfill',
  async run(): Promise<BenchRow[]> {
    const faxes = Number(process.env['FAXDESK_BENCH_BACKFILL_FAXES'] ?? 100_000);
    const emulator = await spawnSeededEmulator(faxes);
    const bare = await spawnSeededEmulator(faxes).catch(async (error: unknown) => {
      await stopChild(emulator.child);
      throw error;
    });
    try {
      // FAXDESK_BENCH_PROFILE=<folder>: a CPU profile of the child (the sync side) is written there.
      const profile = process.env['FAXDESK_BENCH_PROFILE'];
      const r = await spawnBenchChild<Report>(import.meta.url, { emulator: emulator.info, bare: bare.info, emulatorPid: emulator.child.pid!, barePid: bare.child.pid!, faxes } satisfies Spec, {
        timeoutMs: 3_600_000,
        ...(profile ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profile}`] } : {}),
      });
      const sizes = `${faxes.toLocaleString('en')} received + ${faxes.toLocaleString('en')} sent faxes over three years`;
      const rate = r.importedPerSecond / r.bareFaxesPerSecond;
      const listRequests = (r.requests['received list'] ?? 0) + (r.requests['sent list'] ?? 0);
      const listPages = Math.ceil(faxes / SYNC_PAGE_SIZE) * 2;
      const other = Object.entries(r.requests)
        .filter(([k]) => k !== 'received list' && k !== 'sent list')
        .map(([k, n]) => `${n} ${k}`)
        .join(', ');
      return [
        {
          row: 'backfill of a big account: first page shown',
          measured: `Inbox ${ms(r.firstPageMs)}, Outbox ${ms(r.firstOutboxPageMs)}`,
          bare: `GET first page ${ms(r.bareFirstPageMs)}`,
          target: `≤ ${FIRST_PAGE_TARGET_MS / 1000} s`,
          value: round(Math.max(r.firstPageMs, r.firstOutboxPageMs)),
          within: Math.max(r.firstPageMs, r.firstOutboxPageMs) <= FIRST_PAGE_TARGET_MS,
          how:
            `Sandbox seeded with ${sizes} (emulator in its own process, seeded in ${emulator.seedSeconds.toFixed(1)} s), sync in a child process on a new history; ` +
            `from starting sync until a page read as the window reads it on inbox:changed (inbox.list, 50 rows) / outbox:changed holds faxes; bare: one GET of the received list's first page afterwards.`,
        },
        {
          row: 'backfill of a big account: faxes imported per second',
          measured: `${Math.round(r.importedPerSecond).toLocaleString('en')}/s (${(r.importedReceived + r.importedSent).toLocaleString('en')} in ${r.importSeconds.toFixed(1)} s; ${(rate * 100).toFixed(0)} % of bare)`,
          bare: `same pages read raw ${Math.round(r.bareFaxesPerSecond).toLocaleString('en')}/s; stored alone ${Math.round(r.storedAlonePerSecond).toLocaleString('en')}/s`,
          target: `≥ ${RATE_TARGET * 100} % of bare`,
          value: round(rate),
          within: rate >= RATE_TARGET,
          how:
            `faxes the background import stored (received kept on the service, sent imported as jobs; each with its timeline event and search index entry), from the hand-over after the first page to the last page, at the default pace (one request in flight, ≤ 50 request starts/s per account); ` +
            `bare: the same ${r.pages.received + r.pages.sent - 2} page requests (the lists after their first page), fetch + JSON.parse one after another, before the import, against a second emulator seeded the same way (its lists as cold as the import finds the first's). ` +
            `Stored alone (report): the same pages written by the import's own page statements (rows, timeline events, search index entries), a transaction a page, no HTTP and no pacing, into a new history: the rate storing by itself allows on this machine (import at ${((r.importedPerSecond / r.storedAlonePerSecond) * 100).toFixed(0)} % of it).`,
        },
        budgetRow(r),
        {
          row: 'backfill of a big account: requests made',
          measured: `${listRequests.toLocaleString('en')} list pages${other ? `, ${other}` : ''}`,
          bare: `${listPages.toLocaleString('en')} pages in the two lists`,
          target: 'report',
          value: listRequests,
          within: null,
          how: `requests the sync and the import made from start to the end of the import, counted at the client by kind; images are the newest page's (downloaded as any new fax's), none of the imported history's.`,
        },
        {
          row: 'backfill of a big account: main-thread long tasks',
          measured: `${r.longTasks.count} over ${LONG_TASK_MS} ms (longest ${ms(r.longTasks.maxMs)} of main-thread CPU)`,
          bare: '—',
          target: `none over ${LONG_TASK_MS} ms`,
          value: r.longTasks.count,
          within: r.longTasks.count === 0,
          how: `main-thread CPU between ticks of a 5 ms timer over the whole first sync (${r.totalSeconds.toFixed(1)} s, ${r.longTasks.ticks.toLocaleString('en')} ticks); a gap only counts when the main thread computed through it (not when the shared machine ran others).`,
        },
      ];
    } finally {
      await stopChild(emulator.child);
      await stopChild(bare.child);
    }
  },
};
