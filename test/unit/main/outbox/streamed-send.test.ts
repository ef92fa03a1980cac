/**
 * Every path that sends — first send, a PDF taken from the hot folder, resend, a scheduled send —
 * hands POST /faxes a streamed body (no path builds the whole base64 JSON text in memory), and the
 * document in it is the stored file, byte for byte.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FaxServiceClient } from '../../../../src/main/api/fax-service-client';
import { HttpClient } from '../../../../src/main/api/http';
import { HotFolderWatcher } from '../../../../src/main/desktop/hot-folder';
import { createOutboxModule, type OutboxModule } from '../../../../src/main/outbox';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ManualTimers } from '../../../../src/main/platform/timers';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import { ComposeDraftSchema } from '../../../../src/shared/domain/outbox';
import { FakeFetch, json, tokenAnswer } from '../api/fake-fetch';
import { insertAccount } from '../store/store-fixtures';

const ACCOUNT = 'acc-1';
const RECIPIENT = { number: '14155550100', name: 'Records Desk', company: 'Example Clinic' };

let dir: string;
let db: Db;
let timers: ManualTimers;
let fake: FakeFetch;
let module: OutboxModule;
let pdf: Buffer;
let pdfFile: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-streamed-'));
  db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
  insertAccount(db, ACCOUNT);
  timers = new ManualTimers(Date.parse('2026-03-01T10:00:00.000Z'));
  fake = new FakeFetch()
    .on('POST', '/tokens', tokenAnswer())
    .on('POST', '/faxes', () => json([{ fax_id: randomUUID(), destination_fax_number: RECIPIENT.number }], 201));
  const client = new FaxServiceClient({ label: 'Test', baseUrl: 'https://api.example.test', appId: 'APP', apiKey: 'KEY', userId: 'U' }, new HttpClient({ fetch: fake.fetch }));
  module = createOutboxModule({ db, dataDir: dir, logger: silentLogger, timers, accounts: { clientFor: async () => client, describe: () => ({ label: 'Test', enabled: true }) } });
  await module.start();
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 72, y: 700 });
  pdf = Buffer.from(await doc.save());
  pdfFile = path.join(dir, 'letter.pdf');
  fs.writeFileSync(pdfFile, pdf);
});

afterEach(async () => {
  await module.stop();
  db.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function send(file: string, scheduledAt: string | null = null): Promise<void> {
  const prepared = await module.compose.addFiles({ paths: [file], existing: [] });
  expect(prepared.problems).toEqual([]);
  const doc = prepared.documents[0]!;
  const draft = ComposeDraftSchema.parse({ accountId: ACCOUNT, recipients: [RECIPIENT], documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }], scheduledAt });
  await module.outbox.send({ composeId: randomUUID(), ...draft });
  await module.outbox.drain();
}

/** The last POST /faxes: streamed, and carrying the PDF's bytes. */
function expectStreamedPdf(): void {
  const post = fake.requests('POST', '/faxes').at(-1)!;
  expect(post.streamed).toBe(true);
  expect(post.headers).not.toHaveProperty('content-length');
  const body = JSON.parse(post.body!) as { documents: { document_type: string; document_content: string }[] };
  expect(body.documents).toHaveLength(1);
  expect(body.documents[0]!.document_type).toBe('PDF');
  expect(Buffer.from(body.documents[0]!.document_content, 'base64').equals(pdf)).toBe(true);
}

describe('every path that sends streams the request body', () => {
  it('first send', async () => {
    await send(pdfFile);
    expectStreamedPdf();
  });

  it('a PDF taken from the hot folder', async () => {
    const folder = path.join(dir, 'hot');
    fs.mkdirSync(folder);
    const taken: string[] = [];
    let clock = 0;
    const watcher = new HotFolderWatcher({
      folder,
      logger: silentLogger,
      settleMs: 0,
      watch: () => ({ close: () => undefined }),
      clock: { now: () => clock++, setInterval: () => null, clearInterval: () => undefined },
      onFile: (file) => taken.push(file),
    });
    watcher.start();
    fs.copyFileSync(pdfFile, path.join(folder, 'scan.pdf'));
    for (let i = 0; i < 5 && taken.length === 0; i++) await watcher.scanNow();
    watcher.stop();
    expect(taken).toHaveLength(1);
    await send(taken[0]!);
    expectStreamedPdf();
  });

  it('resend', async () => {
    await send(pdfFile);
    const job = module.outbox.outbound.page({ limit: 1 }).items[0]!;
    await module.outbox.resend(job.id, randomUUID(), 'job');
    await module.outbox.drain();
    expect(fake.requests('POST', '/faxes')).toHaveLength(2);
    expectStreamedPdf();
  });

  it('a scheduled send when it becomes due', async () => {
    await send(pdfFile, new Date(timers.now() + 60_000).toISOString());
    expect(fake.requests('POST', '/faxes')).toHaveLength(0);
    await timers.advance(61_000);
    await module.outbox.drain();
    expect(fake.requests('POST', '/faxes')).toHaveLength(1);
    expectStreamedPdf();
  });
});
