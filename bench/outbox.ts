/**
 * Compose → POST accepted, on loopback: from outbox.send() (check the draft, persist one row per
 * destination with its events) to every job SUBMITTED with its fax_id (request built from the stored
 * document, claim transaction, POST /faxes to the emulator, answer stored), for 1 and 50 destinations
 * with a 10-page PDF. The emulator runs in this process on its manual clock (its carrier does not
 * move). Beside each run, the bare limit: one POST of a body of the same size over loopback to a
 * node:http server that reads it and answers 201 (fetch, keep-alive, as the app's client does).
 * Each case runs RUNS times after one warm-up, interleaved with the bare round trip; medians.
 * Report-only rows: the figure is the service round trip plus Faxdesk's work around it.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { startEmulator } from '../src/emulator';
import { FaxServiceClient } from '../src/main/api/fax-service-client';
import { HttpClient } from '../src/main/api/http';
import { createDocumentStore } from '../src/main/documents/document-store';
import { encodePng } from '../src/main/documents/formats/png';
import { prepareDocumentFromBytes } from '../src/main/documents/prepare';
import { createOutboxModule } from '../src/main/outbox';
import { silentLogger } from '../src/main/platform/logger';
import { ManualTimers } from '../src/main/platform/timers';
import { openDatabase } from '../src/main/store/database';
import { ComposeDraftSchema } from '../src/shared/domain/outbox';
import type { BenchRow, BenchSection } from './row';
import { median, ms, ratio, round } from './support/stats';

const RUNS = Number(process.env.FAXDESK_BENCH_OUTBOX_RUNS ?? 15);
const PAGES = 10;

/** Ten pages like a scan: a noise image (incompressible, ~200 KB) and a line of text on each, ~2 MB in all. */
async function tenPagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES; i++) {
    const page = doc.addPage([612, 792]);
    const image = await doc.embedPng(encodePng(randomBytes(256 * 266 * 3), 256, 266, 3));
    page.drawImage(image, { x: 36, y: 60, width: 540, height: 680 });
    page.drawText(`Page ${i} of ${PAGES}`, { x: 50, y: 30, size: 11, font });
  }
  return doc.save();
}

/** A node:http server that reads each request body and answers 201 with a small JSON: the loopback floor. */
async function bareServer(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ fax_id: randomUUID() }]));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/faxes`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const outboxBench: BenchSection = {
  name: 'outbox',
  async run(): Promise<BenchRow[]> {
    const emulator = await startEmulator({ clock: 'manual', quiet: true });
    const bare = await bareServer();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-outbox-'));
    const db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
    const rows: BenchRow[] = [];
    try {
      const now = new Date().toISOString();
      db.prepare(
        `INSERT INTO accounts (id, label, kind, enabled, base_url, app_id, user_id, settings, created_at, updated_at) VALUES ('sandbox', 'Sandbox', 'sandbox', 1, ?, ?, ?, '{}', ?, ?)`,
      ).run(emulator.baseUrl, emulator.demo.appId, emulator.demo.userId, now, now);
      const client = new FaxServiceClient(
        { label: 'Sandbox', baseUrl: emulator.baseUrl, appId: emulator.demo.appId, apiKey: emulator.demo.apiKey, userId: emulator.demo.userId },
        new HttpClient({ fetch: globalThis.fetch, timeoutMs: 60_000 }),
      );
      const store = createDocumentStore(dir);
      const pdf = await tenPagePdf();
      const doc = (await prepareDocumentFromBytes('report.pdf', pdf, { store })).documents[0]!;
      const bareBody = JSON.stringify({ documents: [{ document_type: 'PDF', document_content: Buffer.from(pdf).toString('base64') }] });
      const sending = createOutboxModule({
        db,
        dataDir: dir,
        store,
        logger: silentLogger,
        timers: new ManualTimers(Date.now()),
        now: () => new Date(),
        accounts: { clientFor: async () => client, describe: () => ({ label: 'Sandbox', enabled: true }) },
      });
      await sending.start();

      for (const destinations of [1, 50]) {
        const recipients = Array.from({ length: destinations }, (_, i) => ({ number: `1415555${String(2000 + i).padStart(4, '0')}`, name: `Recipient ${i + 1}` }));
        const draft = ComposeDraftSchema.parse({ accountId: 'sandbox', recipients, documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }] });
        const total: number[] = [];
        const trips: number[] = [];
        for (let run = 0; run <= RUNS; run++) {
          const composeId = randomUUID();
          const started = performance.now();
          await sending.outbox.send({ composeId, ...draft });
          await sending.outbox.drain();
          const done = performance.now() - started;
          const jobs = sending.outbox.outbound.listByCompose(composeId);
          if (jobs.length !== destinations || jobs.some((j) => j.state !== 'SUBMITTED' || !j.faxId)) throw new Error(`run ${run}: not every job was accepted`);
          const t = performance.now();
          const response = await fetch(bare.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bareBody });
          await response.arrayBuffer();
          const trip = performance.now() - t;
          if (run === 0) continue; // warm-up
          total.push(done);
          trips.push(trip);
        }
        const a = median(total);
        const b = median(trips);
        rows.push({
          row: `compose → accepted on loopback, ${destinations} destination${destinations === 1 ? '' : 's'}`,
          measured: `${ms(a)} (${ratio(a / b)})`,
          bare: `loopback POST round trip ${ms(b)}`,
          target: 'report',
          value: round(a / b),
          within: null,
          how:
            `outbox.send (check, persist ${destinations} row${destinations === 1 ? '' : 's'} and events) to every job SUBMITTED with its fax_id, ${PAGES}-page ${(pdf.byteLength / 1024 / 1024).toFixed(1)} MiB PDF, ` +
            `in-process emulator (it decodes and stores the document); bare: POST of the same base64 body to a node:http server that reads it and answers 201; interleaved, median of ${RUNS} runs after 1 warm-up.`,
        });
      }
      await sending.stop();
    } finally {
      db.close();
      await emulator.stop();
      await bare.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
    return rows;
  },
};
