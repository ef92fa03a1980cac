/**
 * Sync against the real emulator: the emulator in-process with a manual clock, a real SQLite file in a
 * temp folder, the real FaxServiceClient over HTTP, the real sync module with manual timers, and
 * recording desktop ports. A "process" (createSyncModule on the database) can be stopped and a new
 * one started on the same file, as after a restart.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import DatabaseCtor from 'better-sqlite3';
import { startEmulator, type DemoAccount, type RunningEmulator } from '../../../src/emulator';
import { FaxServiceClient } from '../../../src/main/api/fax-service-client';
import { HttpClient } from '../../../src/main/api/http';
import { EventBus } from '../../../src/main/ipc/events';
import { OutboundStates } from '../../../src/main/outbox/outbound-states';
import { silentLogger } from '../../../src/main/platform/logger';
import type { DesktopNotification, FetchFn, SystemSignals } from '../../../src/main/platform/ports';
import { steadySystem } from '../../../src/main/platform/ports';
import { ManualTimers } from '../../../src/main/platform/timers';
import { openDatabase, type Db } from '../../../src/main/store/database';
import { FaxEventsRepository } from '../../../src/main/store/repositories/fax-events-repository';
import { OutboundRepository } from '../../../src/main/store/repositories/outbound-repository';
import type { FaxFileSystem } from '../../../src/main/store/fax-image-files';
import { createSyncModule, type SyncModule, type SyncModuleDeps } from '../../../src/main/background';
import type { SyncAccounts } from '../../../src/main/sync/ports';
import { DEFAULT_SETTINGS, type Settings } from '../../../src/shared/domain/settings';
import type { EventName } from '../../../src/shared/ipc/contract';
import { insertAccount } from '../../unit/main/store/store-fixtures';
import { strictFetch } from '../../electron-model/net-fetch-rules';

export const ACCOUNT = 'acc-emulator';

export interface ServiceRequest {
  method: string;
  path: string;
  status: number;
  /** Kind and phase of the fault that hit it, if any. */
  fault?: string;
}

export interface Recorded {
  notifications: DesktopNotification[];
  prints: { file: string; silent: boolean }[];
  badge: number[];
  events: { event: EventName; payload: unknown }[];
}

/**
 * Timers whose wall clock can jump (NTP, a person changing the time, a time zone bug) while the
 * timers themselves run on elapsed time, as Node's do: `jump` moves only what now() says;
 * `advance` (ManualTimers) moves elapsed time and fires what falls due.
 */
export class JumpTimers extends ManualTimers {
  private offset = 0;
  override now(): number {
    return super.now() + this.offset;
  }
  jump(ms: number): void {
    this.offset += ms;
  }
}

export interface SyncProcess {
  module: SyncModule;
  timers: JumpTimers;
  recorded: Recorded;
  events: EventBus;
  /** One full cycle of every feed, then every download that may run now. */
  cycle(): Promise<void>;
  stop(): Promise<void>;
}

export interface SyncFixture {
  emulator: RunningEmulator;
  account: DemoAccount;
  dir: string;
  dataDir: string;
  dbFile: string;
  db: Db;
  /** Every response body the client receives passes through here (tests corrupt images with it). */
  tamper: { image?: (body: Record<string, unknown>) => Record<string, unknown> };
  client: FaxServiceClient;
  settings: Settings;
  /** Starts a sync "process" on the fixture's database (several may be started one after another). */
  start(options?: { system?: SystemSignals; downloads?: SyncModuleDeps['downloads']; fs?: FaxFileSystem; importRate?: number; printClaim?: SyncModuleDeps['printClaim'] }): Promise<SyncProcess>;
  /** Runs fn and says how many commits other connections would have seen (PRAGMA data_version). */
  writesDuring(fn: () => Promise<void>): Promise<number>;
  /** Requests the emulated service received since the mark. */
  requestsSince(mark: number): ServiceRequest[];
  mark(): number;
  close(): Promise<void>;
}

/**
 * `timeoutMs` bounds each request. Only a test that leaves a request hanging on purpose and waits for
 * the timeout to end it wants it short; elsewhere a short bound turns a slow, loaded machine into a
 * network fault the test did not ask for (a 2-s bound failed a restart test under CI load).
 */
export async function startSyncFixture(options: { timeoutMs?: number; imageTimeoutMs?: number } = {}): Promise<SyncFixture> {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const emulator = await startEmulator({ clock: 'manual', quiet: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-sync-'));
  const dataDir = path.join(dir, 'data');
  const dbFile = path.join(dataDir, 'faxdesk.sqlite3');
  const db = openDatabase(dbFile);
  insertAccount(db, ACCOUNT);
  const tamper: SyncFixture['tamper'] = {};
  const fetchThrough: FetchFn = async (input, init) => {
    const response = await strictFetch(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (!tamper.image || !/\/faxes\/[^/]+\/image\?/.test(url) || response.status !== 200) return response;
    const body = tamper.image((await response.json()) as Record<string, unknown>);
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  // One attempt per call: the sync's own recovery is what is under test, not the HTTP layer's retries.
  const http = new HttpClient({ fetch: fetchThrough, timeoutMs, retry: { attempts: 1 }, sleep: async () => undefined });
  const account = emulator.demo;
  const client = new FaxServiceClient(
    { label: 'Emulator', baseUrl: emulator.baseUrl, appId: account.appId, apiKey: account.apiKey, userId: account.userId },
    http,
    { imageTimeoutMs: options.imageTimeoutMs ?? timeoutMs },
  );
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const accounts: SyncAccounts = {
    list: () => [{ id: ACCOUNT, label: 'Emulator', enabled: true, status: { state: 'ready' } }],
    clientFor: async () => client,
    onChange: () => () => undefined,
  };
  const running: SyncProcess[] = [];

  const fixture: SyncFixture = {
    emulator,
    account,
    dir,
    dataDir,
    dbFile,
    db,
    tamper,
    client,
    settings,
    async start(options = {}) {
      const timers = new JumpTimers(Date.now());
      const recorded: Recorded = { notifications: [], prints: [], badge: [], events: [] };
      const events = new EventBus();
      events.subscribe((event, payload) => recorded.events.push({ event, payload }));
      // This computer's clock is the timers' wall clock, so a jump moves both.
      const now = () => new Date(timers.now());
      const module: SyncModule = createSyncModule({
        db,
        dataDir,
        states: new OutboundStates({
          db,
          outbound: new OutboundRepository(db),
          events: new FaxEventsRepository(db),
          now,
        }),
        accounts,
        settings: { get values() { return settings; }, onChange: () => () => undefined },
        events,
        logger: silentLogger,
        now,
        system: options.system ?? steadySystem,
        notifier: { show: (n) => void recorded.notifications.push(n) },
        printer: { printPdf: async (file, o) => (recorded.prints.push({ file, silent: o.silent === true }), { outcome: 'printed' as const }) },
        badge: { setCount: (n) => void recorded.badge.push(n) },
        timers,
        ...(options.downloads ? { downloads: options.downloads } : {}),
        ...(options.fs ? { fs: options.fs } : {}),
        ...(options.importRate !== undefined ? { importRate: options.importRate } : {}),
        ...(options.printClaim ? { printClaim: options.printClaim } : {}),
      });
      await module.start();
      const process: SyncProcess = {
        module,
        timers,
        recorded,
        events,
        async cycle() {
          await module.sync.syncNow(ACCOUNT);
          await module.downloader.drain();
        },
        async stop() {
          await module.stop();
        },
      };
      running.push(process);
      return process;
    },
    async writesDuring(fn) {
      const watcher = new DatabaseCtor(dbFile, { readonly: true });
      try {
        const before = watcher.pragma('data_version', { simple: true }) as number;
        await fn();
        return (watcher.pragma('data_version', { simple: true }) as number) - before;
      } finally {
        watcher.close();
      }
    },
    mark() {
      const all = emulator.control.requests();
      return all.length ? all[all.length - 1]!.seq : 0;
    },
    requestsSince(mark) {
      return emulator.control
        .requests(mark)
        .filter((r) => r.area === 'api')
        .map((r) => ({ method: r.method, path: r.path, status: r.status, ...(r.fault ? { fault: r.fault } : {}) }));
    },
    async close() {
      for (const p of running) await p.stop().catch(() => undefined);
      await emulator.stop();
      if (db.open) db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return fixture;
}

/** The image GETs (of one fax) that delivered a whole answer: 200 and no fault. */
export function imageDownloads(requests: ServiceRequest[], faxId?: string): number {
  return requests.filter((r) => r.method === 'GET' && /\/faxes\/[^/]+\/image\?/.test(r.path) && r.status === 200 && !r.fault && (!faxId || r.path.includes(faxId))).length;
}
