/**
 * Unit-test set-up for sync and inbox: a real SQLite file in a temp folder, an in-memory fake of the
 * fax service (the calls sync and inbox make, with paging and time windows), manual timers, and
 * recording desktop ports.
 */
import DatabaseCtor from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import type { FaxMetadata, NotificationFilter, NotificationRecord, Page, ReceivedFax, ReceivedFilter, SentFax, SentFilter, TransmissionDetail } from '../../../../src/shared/domain/fax';
import { DEFAULT_SETTINGS, type Settings, type SettingsSnapshot } from '../../../../src/shared/domain/settings';
import { AppError } from '../../../../src/main/errors';
import { EventBus } from '../../../../src/main/ipc/events';
import { OutboundStates } from '../../../../src/main/outbox/outbound-states';
import { silentLogger } from '../../../../src/main/platform/logger';
import type { DesktopNotification, PrintOutcome, SystemSignals } from '../../../../src/main/platform/ports';
import { ManualTimers } from '../../../../src/main/platform/timers';
import type { Db } from '../../../../src/main/store/database';
import { createSyncModule, createHistoryStores, type SyncModule, type SyncModuleDeps } from '../../../../src/main/background';
import type { SyncAccount, SyncClient } from '../../../../src/main/sync/ports';
import { insertAccount, tempStore, type TempStore } from '../store/store-fixtures';

export const T0 = Date.parse('2026-03-01T09:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();

export type Op = 'listReceived' | 'listSent' | 'listNotifications' | 'getTransmissionDetail' | 'getImage' | 'getMetadata' | 'setImageDownloaded' | 'deleteFax' | 'ping';

let pdfBytes: Uint8Array | null = null;
export async function samplePdf(): Promise<Uint8Array> {
  if (!pdfBytes) {
    const doc = await PDFDocument.create();
    doc.addPage([612, 792]);
    pdfBytes = await doc.save();
  }
  return pdfBytes;
}

function page<T>(all: T[], offset = 1, limit = 100): Page<T> {
  const start = Math.max(1, offset) - 1;
  const items = all.slice(start, start + limit);
  return { items, firstRecord: items.length ? start + 1 : 0, lastRecord: items.length ? start + items.length : 0, totalRecords: all.length };
}

/** An in-memory fax service for one user: lists newest first, time windows, pagination, faults. */
export class FakeService implements SyncClient {
  received: ReceivedFax[] = [];
  sent: SentFax[] = [];
  notifications: NotificationRecord[] = [];
  details = new Map<string, TransmissionDetail>();
  images = new Map<string, Uint8Array>();
  calls: { op: Op; arg?: unknown }[] = [];
  /** Errors to throw, per operation, in order (one per call). */
  faults = new Map<Op, AppError[]>();
  /** Called before an operation answers (tests hold a download open with it). */
  gate: Partial<Record<Op, () => Promise<void>>> = {};

  private async enter(op: Op, arg?: unknown): Promise<void> {
    this.calls.push({ op, arg });
    await this.gate[op]?.();
    const fault = this.faults.get(op)?.shift();
    if (fault) throw fault;
  }

  count(op: Op): number {
    return this.calls.filter((c) => c.op === op).length;
  }

  addReceived(faxId: string, atMs: number, extra: Partial<ReceivedFax> = {}): ReceivedFax {
    const fax: ReceivedFax = {
      faxId,
      pages: 1,
      size: 1000,
      durationSeconds: 30,
      imageDownloaded: false,
      faxStatus: 'STORED',
      completedAt: iso(atMs),
      originatingNumber: '13125550170',
      destinationNumber: '15555550100',
      originatingTsid: null,
      ...extra,
    };
    this.received.unshift(fax);
    return fax;
  }

  async listReceived(filter: ReceivedFilter = {}): Promise<Page<ReceivedFax>> {
    await this.enter('listReceived', filter);
    const after = filter.completedAfter ? Date.parse(filter.completedAfter) : -Infinity;
    const all = this.received.filter(
      (f) => Date.parse(f.completedAt!) >= after && (filter.imageDownloaded === undefined || f.imageDownloaded === filter.imageDownloaded),
    );
    return page(all, filter.offset, filter.limit);
  }

  async listSent(filter: SentFilter = {}): Promise<Page<SentFax>> {
    await this.enter('listSent', filter);
    const after = filter.completedAfter ? Date.parse(filter.completedAfter) : -Infinity;
    return page(
      this.sent.filter((f) => f.completedAt === null || Date.parse(f.completedAt) >= after),
      filter.offset,
      filter.limit,
    );
  }

  async listNotifications(filter: NotificationFilter = {}): Promise<NotificationRecord[]> {
    await this.enter('listNotifications', filter);
    const after = filter.after ? Date.parse(filter.after) : -Infinity;
    let list = this.notifications.filter((n) => n.faxCompletedAt === null || Date.parse(n.faxCompletedAt) >= after);
    if (filter.afterNotifyId) list = list.slice(list.findIndex((n) => n.notifyId === filter.afterNotifyId) + 1);
    return list.slice(0, filter.limit ?? 100);
  }

  async getTransmissionDetail(faxId: string): Promise<TransmissionDetail> {
    await this.enter('getTransmissionDetail', faxId);
    const detail = this.details.get(faxId);
    if (!detail) throw new AppError('NOT_FOUND', `No fax ${faxId}.`, { httpStatus: 404 });
    return detail;
  }

  async getImage(faxId: string): Promise<{ faxId: string; fileName: string; format: 'PDF'; data: Uint8Array }> {
    await this.enter('getImage', faxId);
    const data = this.images.get(faxId) ?? (await samplePdf());
    const fax = this.received.find((f) => f.faxId === faxId);
    if (fax) fax.imageDownloaded = true;
    return { faxId, fileName: `${faxId}.pdf`, format: 'PDF', data };
  }

  /** What a received (or sent) fax's metadata says; 404 once it is gone. */
  async getMetadata(faxId: string): Promise<FaxMetadata> {
    await this.enter('getMetadata', faxId);
    const fax = this.received.find((f) => f.faxId === faxId) ?? this.sent.find((f) => f.faxId === faxId);
    if (!fax) throw new AppError('NOT_FOUND', `No fax ${faxId}.`, { httpStatus: 404 });
    return {
      routing: null,
      transmission: null,
      clientData: null,
      destinationCsid: null,
      originatingTsid: null,
      ...fax,
      direction: this.received.includes(fax as ReceivedFax) ? 'INBOUND' : 'OUTBOUND',
    } as FaxMetadata;
  }

  async setImageDownloaded(faxId: string, value: boolean): Promise<never> {
    await this.enter('setImageDownloaded', { faxId, value });
    const fax = this.received.find((f) => f.faxId === faxId);
    if (fax) fax.imageDownloaded = value;
    return undefined as never;
  }

  async deleteFax(faxId: string): Promise<void> {
    await this.enter('deleteFax', faxId);
    const at = this.received.findIndex((f) => f.faxId === faxId);
    if (at < 0) throw new AppError('NOT_FOUND', `No fax ${faxId}.`, { httpStatus: 404 });
    this.received.splice(at, 1);
  }

  async ping(): Promise<never[]> {
    await this.enter('ping');
    return [];
  }
}

/** A system whose sleep and network can be switched by the test. */
export class FakeSystem implements SystemSignals {
  private readonly listeners = { suspend: new Set<() => void>(), resume: new Set<() => void>(), online: new Set<(o: boolean) => void>() };
  online = true;
  onSuspend(l: () => void) {
    this.listeners.suspend.add(l);
    return () => this.listeners.suspend.delete(l);
  }
  onResume(l: () => void) {
    this.listeners.resume.add(l);
    return () => this.listeners.resume.delete(l);
  }
  onOnlineChange(l: (o: boolean) => void) {
    this.listeners.online.add(l);
    return () => this.listeners.online.delete(l);
  }
  isOnline() {
    return this.online;
  }
  suspend() {
    for (const l of this.listeners.suspend) l();
  }
  resume() {
    for (const l of this.listeners.resume) l();
  }
  setOnline(online: boolean) {
    this.online = online;
    for (const l of this.listeners.online) l(online);
  }
}

export interface Harness {
  store: TempStore;
  db: Db;
  service: FakeService;
  services: Map<string, FakeService>;
  timers: ManualTimers;
  system: FakeSystem;
  settings: Settings;
  setSettings(patch: Partial<Settings>): void;
  accounts: SyncAccount[];
  changeAccounts(list: SyncAccount[]): void;
  events: { event: string; payload: unknown }[];
  notifications: DesktopNotification[];
  prints: string[];
  /** What the next prints end in (first to last); 'printed' when empty. */
  printOutcomes: PrintOutcome[];
  badge: number[];
  module: SyncModule;
  /** Runs every due timer and lets the work settle. */
  tick(ms?: number): Promise<void>;
  /** How many commits a second connection saw while fn ran (PRAGMA data_version). */
  writesDuring(fn: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

export const ACCOUNT = 'acc-1';

export async function harness(options: Partial<Pick<SyncModuleDeps, 'intervals' | 'downloads' | 'fs' | 'sweepEveryMs'>> & { start?: boolean } = {}): Promise<Harness> {
  const store = tempStore();
  const db = store.open();
  insertAccount(db, ACCOUNT);
  const service = new FakeService();
  const services = new Map<string, FakeService>([[ACCOUNT, service]]);
  const timers = new ManualTimers(T0);
  const system = new FakeSystem();
  const settings: Settings = { ...DEFAULT_SETTINGS };
  const settingsListeners = new Set<(s: SettingsSnapshot) => void>();
  let accounts: SyncAccount[] = [{ id: ACCOUNT, label: 'Main', enabled: true, status: { state: 'ready' } }];
  const accountListeners = new Set<() => void>();
  const bus = new EventBus();
  const events: Harness['events'] = [];
  bus.subscribe((event, payload) => events.push({ event, payload }));
  const notifications: DesktopNotification[] = [];
  const prints: string[] = [];
  const printOutcomes: PrintOutcome[] = [];
  const badge: number[] = [];
  const now = () => new Date(timers.now());
  const stores = createHistoryStores(db);
  const module = createSyncModule({
    db,
    dataDir: store.dir,
    states: new OutboundStates({ db, outbound: stores.outbound, events: stores.events, now }),
    accounts: {
      list: () => accounts,
      clientFor: async (id) => {
        const s = services.get(id);
        if (!s) throw new AppError('NOT_FOUND', 'no such account');
        return s;
      },
      onChange: (l) => {
        accountListeners.add(l);
        return () => accountListeners.delete(l);
      },
    },
    settings: {
      get values() {
        return settings;
      },
      onChange: (l) => {
        settingsListeners.add(l);
        return () => settingsListeners.delete(l);
      },
    },
    events: bus,
    logger: silentLogger,
    now,
    system,
    notifier: { show: (n) => void notifications.push(n) },
    printer: { printPdf: async (file) => (prints.push(file), printOutcomes.shift() ?? { outcome: 'printed' }) },
    badge: { setCount: (n) => void badge.push(n) },
    timers,
    random: () => 1,
    intervals: { fastMs: 10_000, backoffBaseMs: 2_000, backoffMaxMs: 60_000, ...options.intervals },
    ...(options.downloads ? { downloads: options.downloads } : {}),
    ...(options.fs ? { fs: options.fs } : {}),
    ...(options.sweepEveryMs !== undefined ? { sweepEveryMs: options.sweepEveryMs } : {}),
  });
  if (options.start !== false) await module.start();
  return {
    store,
    db,
    service,
    services,
    timers,
    system,
    settings,
    setSettings(patch) {
      Object.assign(settings, patch);
      for (const l of settingsListeners) l({ values: settings, problems: [] });
    },
    get accounts() {
      return accounts;
    },
    changeAccounts(list) {
      accounts = list;
      for (const l of accountListeners) l();
    },
    events,
    notifications,
    prints,
    printOutcomes,
    badge,
    module,
    async tick(ms = 0) {
      await timers.advance(ms);
    },
    async writesDuring(fn) {
      const watcher = new DatabaseCtor(store.file, { readonly: true });
      try {
        const before = watcher.pragma('data_version', { simple: true }) as number;
        await fn();
        return (watcher.pragma('data_version', { simple: true }) as number) - before;
      } finally {
        watcher.close();
      }
    },
    async close() {
      await module.stop();
      store.cleanup();
    },
  };
}

export { insertAccount, createHistoryStores, silentLogger };
