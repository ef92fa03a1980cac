/**
 * The outbox against the real emulator over HTTP: a manual emulator clock (the outbox's clock follows
 * it, so "30 minutes later" is one control call), a real SQLite file and document store in a temp
 * folder, the real FaxServiceClient. Background timers are a ManualTimers that is never advanced: the
 * tests drive submission (drain), reconciliation (reconcileNow) and polling (trackNow) explicitly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import { FaxServiceClient } from '../../../src/main/api/fax-service-client';
import { HttpClient } from '../../../src/main/api/http';
import type { OutboundFinal } from '../../../src/main/desktop/notification-policy';
import { createDocumentStore } from '../../../src/main/documents/document-store';
import { prepareDocumentFromBytes } from '../../../src/main/documents/prepare';
import { createOutboxModule, type OutboxConfig, type OutboxModule } from '../../../src/main/outbox';
import { silentLogger } from '../../../src/main/platform/logger';
import { ManualTimers } from '../../../src/main/platform/timers';
import { openDatabase, type Db } from '../../../src/main/store/database';
import type { SentFax } from '../../../src/shared/domain/fax';
import { ComposeDraftSchema, type ComposeDraft, type ComposeDraftInput } from '../../../src/shared/domain/outbox';
import { insertAccount } from '../../unit/main/store/store-fixtures';
import { strictFetch } from '../../electron-model/net-fetch-rules';

export const ACCOUNT = 'sandbox';

/** A PDF of `pages` pages with a line of text on each. */
export async function makePdf(pages: number, title = 'Faxdesk test document'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([612, 792]).drawText(`${title}, page ${i} of ${pages}`, { x: 72, y: 700, size: 14, font });
  return doc.save();
}

export interface OutboxFixture {
  emulator: RunningEmulator;
  dir: string;
  db: Db;
  client: FaxServiceClient;
  module: OutboxModule;
  notified: OutboundFinal[];
  document: { id: string; type: string; name: string; pages: number | null };
  draft(overrides?: Partial<ComposeDraftInput>): ComposeDraft;
  /** Every fax the emulator lists for this destination (newest first). */
  sentTo(destination: string): Promise<SentFax[]>;
  /** POST /faxes requests the emulator received. */
  posts(): number;
  stop(): Promise<void>;
}

export async function startOutboxFixture(options: { config?: Partial<OutboxConfig> } = {}): Promise<OutboxFixture> {
  const emulator = await startEmulator({ clock: 'manual', quiet: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-outbox-it-'));
  const db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
  insertAccount(db, ACCOUNT, 'sandbox');
  const http = new HttpClient({ fetch: strictFetch, timeoutMs: 10_000, retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterSeconds: 30 } });
  const client = new FaxServiceClient(
    { label: 'Sandbox', baseUrl: emulator.baseUrl, appId: emulator.demo.appId, apiKey: emulator.demo.apiKey, userId: emulator.demo.userId },
    http,
  );
  const store = createDocumentStore(dir);
  const prepared = await prepareDocumentFromBytes('letter.pdf', await makePdf(2), { store });
  const doc = prepared.documents[0]!;
  const notified: OutboundFinal[] = [];
  const module = createOutboxModule({
    db,
    dataDir: dir,
    store,
    logger: silentLogger,
    timers: new ManualTimers(Date.now()),
    // The outbox reads time from the emulator's clock, as it would read the real one.
    now: () => new Date(emulator.control.clock().now),
    accounts: { clientFor: async () => client, describe: (id) => (id === ACCOUNT ? { label: 'Sandbox', enabled: true } : null) },
    notify: (event) => notified.push(event),
    trackActive: true,
    config: options.config ?? {},
  });
  await module.start();
  return {
    emulator,
    dir,
    db,
    client,
    module,
    notified,
    document: { id: doc.id, type: doc.type, name: doc.name, pages: doc.pages },
    draft(overrides = {}) {
      return ComposeDraftSchema.parse({
        accountId: ACCOUNT,
        recipients: [{ number: '12125550100', name: 'Records', company: 'Clinic' }],
        documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }],
        ...overrides,
      });
    },
    async sentTo(destination) {
      const page = await client.listSent({ destinationNumber: destination, limit: 100 });
      return page.items;
    },
    posts() {
      return emulator.control.requests().filter((r) => r.method === 'POST' && /^\/api\/faxes\/?(\?|$)/.test(r.path)).length;
    },
    async stop() {
      await module.stop();
      db.close();
      await emulator.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Moves the emulator clock on in steps, polling the outbox's watched jobs, until `done` (or `limitMs` of emulator time). */
export async function runUntil(f: OutboxFixture, done: () => boolean, stepMs = 15_000, limitMs = 30 * 60_000): Promise<void> {
  for (let spent = 0; spent <= limitMs; spent += stepMs) {
    await f.module.outbox.trackNow();
    if (done()) return;
    await f.emulator.control.advance(stepMs);
  }
  throw new Error(`not reached within ${limitMs / 60_000} minutes of emulator time`);
}
