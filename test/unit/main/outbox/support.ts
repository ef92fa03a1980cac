/**
 * Unit set-up for the outbox: a real SQLite file and document store in a temp folder, a manual clock,
 * and a small in-memory fax service (FakeService) whose POST answers can be scripted: accepted,
 * refused before processing, or processed and then the answer lost (the ambiguous case).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FaxState } from '../../../../src/shared/domain/fax-status';
import type { ClientData, FaxImage, FaxMetadata, ImageFormat, Page, SendRequest, SendResult, SentFax, SentFilter, TransmissionDetail } from '../../../../src/shared/domain/fax';
import type { ComposeDraftInput, ComposeDraft } from '../../../../src/shared/domain/outbox';
import { ComposeDraftSchema } from '../../../../src/shared/domain/outbox';
import { createDocumentStore, type DocumentStore } from '../../../../src/main/documents/document-store';
import { prepareDocumentFromBytes } from '../../../../src/main/documents/prepare';
import { AppError } from '../../../../src/main/errors';
import type { OutboundFinal } from '../../../../src/main/desktop/notification-policy';
import { createOutboxModule, type OutboxConfig, type OutboxModule } from '../../../../src/main/outbox';
import type { OutboxClient } from '../../../../src/main/outbox/ports';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ManualTimers } from '../../../../src/main/platform/timers';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import { insertAccount } from '../store/store-fixtures';

export const ACCOUNT = 'acc-1';
export const T0 = Date.parse('2026-03-01T10:00:00.000Z');

export interface FakeFax {
  faxId: string;
  destination: string;
  toName: string;
  toCompany: string;
  clientData: ClientData;
  state: FaxState;
  createdAt: number;
  completedAt: number | null;
  errorCode: string | null;
}

/** What the next POST does. */
export type SendStep =
  | 'ok'
  /** Refused before processing: nothing is created. */
  | { refuse: AppError }
  /** Processed (faxes created), then the answer is lost with this error. */
  | { lose: AppError }
  /** Processed, answered with only these destinations' fax ids (by index). */
  | { only: number[] }
  /** Waits for `release` before answering normally. */
  | { wait: Promise<void> };

export class FakeService implements OutboxClient {
  readonly faxes = new Map<string, FakeFax>();
  readonly posts: SendRequest[] = [];
  readonly script: SendStep[] = [];
  readonly cancels: string[] = [];
  /** The image the service has of each fax (none: 404, as before the first attempt or after E07). */
  readonly images = new Map<string, Uint8Array>();
  /** Every GET /faxes/{id}/image, by fax id. */
  readonly imageCalls: string[] = [];
  /** A cancel on a fax in one of these ids answers 409. */
  listSentCalls = 0;

  constructor(private readonly clock: () => number) {}

  async send(request: SendRequest): Promise<SendResult> {
    this.posts.push(request);
    const step = this.script.shift() ?? 'ok';
    if (typeof step === 'object' && 'refuse' in step) throw step.refuse;
    if (typeof step === 'object' && 'wait' in step) await step.wait;
    const created = request.destinations.map((d) => {
      const fax: FakeFax = {
        faxId: randomUUID(),
        destination: d.faxNumber,
        toName: d.toName ?? '',
        toCompany: d.toCompany ?? '',
        clientData: { ...(request.clientData ?? {}) },
        state: 'NEW',
        createdAt: this.clock(),
        completedAt: null,
        errorCode: null,
      };
      this.faxes.set(fax.faxId, fax);
      return fax;
    });
    if (typeof step === 'object' && 'lose' in step) throw step.lose;
    const listed = typeof step === 'object' && 'only' in step ? created.filter((_, i) => step.only.includes(i)) : created;
    return { faxes: listed.map((f) => ({ faxId: f.faxId, destinationFaxNumber: f.destination })) };
  }

  private record(f: FakeFax): SentFax {
    return {
      faxId: f.faxId,
      pages: 1,
      size: null,
      durationSeconds: f.completedAt ? 30 : null,
      imageDownloaded: false,
      faxStatus: 'STORED',
      completedAt: f.completedAt === null ? null : new Date(f.completedAt).toISOString(),
      originatingNumber: null,
      destinationNumber: f.destination,
      routing: { toName: f.toName, toCompany: f.toCompany, subject: null, fromName: null, coverPageTags: [] },
      transmission: { state: f.state, rawStatus: f.state, billableRetries: 0, errorCode: f.errorCode, errorMessage: f.errorCode ? 'failed' : null },
      clientData: f.clientData,
    };
  }

  async listSent(filter: SentFilter = {}): Promise<Page<SentFax>> {
    this.listSentCalls++;
    const after = filter.completedAfter ? Date.parse(filter.completedAfter) : -Infinity;
    const all = [...this.faxes.values()]
      .filter((f) => (filter.destinationNumber ? f.destination === filter.destinationNumber : true))
      .filter((f) => (f.completedAt ?? f.createdAt) >= after)
      .reverse();
    const offset = filter.offset ?? 1;
    const limit = filter.limit ?? 100;
    const items = all.slice(offset - 1, offset - 1 + limit).map((f) => this.record(f));
    return { items, firstRecord: items.length ? offset : 0, lastRecord: items.length ? offset + items.length - 1 : 0, totalRecords: all.length };
  }

  async getMetadata(faxId: string): Promise<FaxMetadata> {
    const f = this.fax(faxId);
    return { ...this.record(f), direction: 'OUTBOUND', originatingTsid: null, destinationCsid: null };
  }

  async getTransmissionDetail(faxId: string): Promise<TransmissionDetail> {
    const f = this.fax(faxId);
    const ended = f.completedAt === null ? null : new Date(f.completedAt).toISOString();
    return {
      faxId,
      direction: 'OUTBOUND',
      originatingNumber: null,
      destinationNumber: f.destination,
      state: f.state,
      rawStatus: f.state,
      completedAt: ended,
      errorCode: f.errorCode,
      errorMessage: f.errorCode ? 'failed' : null,
      totalPagesSent: f.state === 'COMPLETED' ? 1 : 0,
      totalDurationSeconds: 30,
      attempts: f.state === 'NEW' ? [] : [{ attemptNumber: 1, state: f.state, rawStatus: f.state, durationSeconds: 30, startedAt: new Date(f.createdAt).toISOString(), endedAt: ended, errorCode: f.errorCode, errorMessage: null }],
    };
  }

  async cancel(faxId: string): Promise<{ accepted: true }> {
    const f = this.fax(faxId);
    this.cancels.push(faxId);
    if (f.state === 'COMPLETED' || f.state === 'ERROR' || f.state === 'CANCELED') {
      throw new AppError('CONFLICT', `Fax ${faxId} has already finished.`, { httpStatus: 409 });
    }
    return { accepted: true };
  }

  async getImage(faxId: string, format: ImageFormat = 'TIFF'): Promise<FaxImage> {
    this.imageCalls.push(faxId);
    this.fax(faxId);
    const data = this.images.get(faxId);
    if (!data) throw new AppError('NOT_FOUND', `The service has no image for fax ${faxId} (yet).`, { httpStatus: 404 });
    return { faxId, fileName: `${faxId}.${format.toLowerCase()}`, format, data };
  }

  /** Moves a fax on (the service's carrier). */
  finish(faxId: string, state: FaxState, errorCode: string | null = null): void {
    const f = this.fax(faxId);
    f.state = state;
    f.errorCode = errorCode;
    if (state === 'COMPLETED' || state === 'ERROR' || state === 'CANCELED') f.completedAt = this.clock();
  }

  private fax(faxId: string): FakeFax {
    const f = this.faxes.get(faxId);
    if (!f) throw new AppError('NOT_FOUND', `No fax ${faxId}.`, { httpStatus: 404 });
    return f;
  }
}

export interface Harness {
  dir: string;
  db: Db;
  store: DocumentStore;
  timers: ManualTimers;
  service: FakeService;
  module: OutboxModule;
  notified: OutboundFinal[];
  changes: { accountId: string; ids: string[] }[];
  /** A stored one-page text document, ready for a draft. */
  document: { id: string; type: string; name: string; pages: number | null };
  draft(overrides?: Partial<ComposeDraftInput>): ComposeDraft;
  /** A new outbox over the same files (a restart). */
  restart(): Promise<OutboxModule>;
  cleanup(): Promise<void>;
}

export async function harness(options: { config?: Partial<OutboxConfig>; clientFails?: () => AppError | null } = {}): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-outbox-'));
  const file = path.join(dir, 'faxdesk.sqlite3');
  let db = openDatabase(file);
  insertAccount(db, ACCOUNT);
  const store = createDocumentStore(dir);
  const timers = new ManualTimers(T0);
  const service = new FakeService(() => timers.now());
  const notified: OutboundFinal[] = [];
  const changes: { accountId: string; ids: string[] }[] = [];
  const prepared = await prepareDocumentFromBytes('note.txt', Buffer.from('Faxdesk unit test\nOne page.\n'), { store });
  const doc = prepared.documents[0]!;
  const build = () =>
    createOutboxModule({
      db,
      dataDir: dir,
      store,
      logger: silentLogger,
      timers,
      accounts: {
        clientFor: async () => {
          const failure = options.clientFails?.();
          if (failure) throw failure;
          return service;
        },
        describe: (id) => (id === ACCOUNT ? { label: 'Office', enabled: true } : null),
      },
      emit: (payload) => changes.push(payload),
      notify: (event) => notified.push(event),
      trackActive: true,
      config: options.config ?? {},
    });
  let module = build();
  await module.start();
  const h: Harness = {
    dir,
    get db() {
      return db;
    },
    store,
    timers,
    service,
    get module() {
      return module;
    },
    notified,
    changes,
    document: { id: doc.id, type: doc.type, name: doc.name, pages: doc.pages },
    draft(overrides = {}) {
      return ComposeDraftSchema.parse({
        accountId: ACCOUNT,
        recipients: [{ number: '+1 212 555 0100', name: 'Records', company: 'Clinic' }],
        documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }],
        ...overrides,
      });
    },
    async restart() {
      await module.stop();
      db.close();
      db = openDatabase(file);
      module = build();
      await module.start();
      return module;
    },
    async cleanup() {
      await module.stop();
      if (db.open) db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  } as Harness;
  return h;
}

export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Waits (real time, at most `ms`) until `check` holds: for work that crosses the thread pool (file reads). */
export async function until(check: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 2));
  }
}
