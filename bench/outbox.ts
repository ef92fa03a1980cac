/**
 * Compose → POST accepted, on loopback: from outbox.send() (check the draft, persist one row per
 * destination with its events) to every job SUBMITTED with its fax_id (request built from the stored
 * document, claim transaction, POST /faxes to the emulator, answer stored), for 1 and 50 destinations
 * with a 10-page PDF. The emulator runs in this process on its manual clock (its carrier does not
 * move). Each case runs RUNS times after one warm-up; the figures are median, min and max. The parts
 * are shown too: the persist step alone (send() returning) and the POST round trip alone (timed by
 * wrapping fetch). Figures are printed, not asserted.
 */
import { randomBytes, randomUUID } from 'node:crypto';
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

function stats(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `median ${median.toFixed(1)} ms (min ${sorted[0]!.toFixed(1)}, max ${sorted[sorted.length - 1]!.toFixed(1)})`;
}

export async function runOutboxBench(): Promise<void> {
  const emulator = await startEmulator({ clock: 'manual', quiet: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-outbox-'));
  const db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
  try {
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO accounts (id, label, kind, enabled, base_url, app_id, user_id, settings, created_at, updated_at) VALUES ('sandbox', 'Sandbox', 'sandbox', 1, ?, ?, ?, '{}', ?, ?)`,
    ).run(emulator.baseUrl, emulator.demo.appId, emulator.demo.userId, now, now);
    let postMs = 0;
    const timedFetch: typeof fetch = async (input, init) => {
      const started = performance.now();
      const response = await fetch(input, init);
      const body = await response.arrayBuffer();
      if (init?.method === 'POST' && /\/faxes$/.test(String(input))) postMs = performance.now() - started;
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
    const client = new FaxServiceClient(
      { label: 'Sandbox', baseUrl: emulator.baseUrl, appId: emulator.demo.appId, apiKey: emulator.demo.apiKey, userId: emulator.demo.userId },
      new HttpClient({ fetch: timedFetch, timeoutMs: 60_000 }),
    );
    const store = createDocumentStore(dir);
    const pdf = await tenPagePdf();
    const doc = (await prepareDocumentFromBytes('report.pdf', pdf, { store })).documents[0]!;
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
    console.log(`outbox: ${PAGES}-page PDF of ${(pdf.byteLength / 1024 / 1024).toFixed(2)} MB (${((pdf.byteLength * 4) / 3 / 1024 / 1024).toFixed(2)} MB as base64), emulator on ${emulator.baseUrl}, ${RUNS} runs per case`);

    for (const destinations of [1, 50]) {
      const recipients = Array.from({ length: destinations }, (_, i) => ({ number: `1415555${String(2000 + i).padStart(4, '0')}`, name: `Recipient ${i + 1}` }));
      const draft = ComposeDraftSchema.parse({ accountId: 'sandbox', recipients, documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }] });
      const total: number[] = [];
      const persist: number[] = [];
      const posts: number[] = [];
      for (let run = 0; run <= RUNS; run++) {
        const composeId = randomUUID();
        const started = performance.now();
        await sending.outbox.send({ composeId, ...draft });
        const persisted = performance.now();
        await sending.outbox.drain();
        const done = performance.now();
        const jobs = sending.outbox.outbound.listByCompose(composeId);
        if (jobs.length !== destinations || jobs.some((j) => j.state !== 'SUBMITTED' || !j.faxId)) throw new Error(`run ${run}: not every job was accepted`);
        if (run === 0) continue; // warm-up
        total.push(done - started);
        persist.push(persisted - started);
        posts.push(postMs);
      }
      console.log(`outbox: ${destinations} destination${destinations === 1 ? '' : 's'}: compose → accepted ${stats(total)}`);
      console.log(`outbox:   of which send() (check + persist ${destinations} row${destinations === 1 ? '' : 's'}) ${stats(persist)}, POST /faxes round trip ${stats(posts)}`);
    }
    await sending.stop();
  } finally {
    db.close();
    await emulator.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
