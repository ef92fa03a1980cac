/**
 * Send preparation of a 100-page, ~20 MB PDF on every path that sends — first send, resend, scheduled,
 * hot folder — beside the bare minimum measured in the same run: read the file, base64 it,
 * JSON.stringify the request body.
 *
 * Each path runs through the real code (ComposeService, OutboxService, Submitter, FaxServiceClient,
 * HttpClient) with a fetch that takes the request body the way a socket would (a string is encoded to
 * bytes, a stream is read chunk by chunk) and answers like the service. The figure is from the path's
 * trigger to the last byte of the body taken:
 * - first send: compose:addFiles (read, check with pdf-lib, store) then compose:send, submitted;
 * - hot folder: the PDF lands in the folder, two scans take it, then the same as a first send;
 * - resend: outbox:resend of a sent job (the document is already stored);
 * - scheduled: a job scheduled a minute ahead becomes due (timers advanced) and is submitted.
 * Every run is a fresh child process (so no run's garbage weighs on another); peak memory is the most
 * heap + Buffer memory held during the measured span beyond its start. One extra run of each path
 * checks the document in the body: it must equal the bare body's byte for byte.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { PDFDocument } from 'pdf-lib';
import { FaxServiceClient } from '../src/main/api/fax-service-client';
import { HttpClient } from '../src/main/api/http';
import { HotFolderWatcher } from '../src/main/desktop/hot-folder';
import { encodePng } from '../src/main/documents/formats/png';
import { createOutboxModule, type OutboxModule } from '../src/main/outbox';
import { silentLogger } from '../src/main/platform/logger';
import { ManualTimers } from '../src/main/platform/timers';
import { openDatabase, type Db } from '../src/main/store/database';
import { ComposeDraftSchema } from '../src/shared/domain/outbox';
import type { BenchRow, BenchSection } from './row';
import { serveBenchChild, spawnBenchChild } from './support/child';
import { median, ms, ratio, round } from './support/stats';

const PAGES = 100;
const RUNS = Number(process.env['FAXDESK_BENCH_DOCUMENT_RUNS'] ?? 5);
const CACHE_DIR = path.resolve(__dirname, '../.tmp/bench');
const TARGET = 1.5;
const ACCOUNT = 'bench';
const RECIPIENT = { number: '14155550100', name: 'Records Desk', company: 'Example Clinic' };

const PATHS = ['first send', 'hot folder', 'resend', 'scheduled'] as const;
type PathName = (typeof PATHS)[number];
type Mode = 'bare' | PathName;

interface ChildSpec {
  mode: Mode;
  pdf: string;
  dataDir: string;
  verify: boolean;
}

interface ChildReport {
  mode: Mode;
  ms: number;
  bodyBytes: number;
  /** Peak heap + external memory over the measured span, beyond its start. */
  peakMiB: number;
  /** SHA-256 of the document content in the body (verification runs only). */
  bodySha256: string | null;
  /** Whether the request body reached fetch as one string (buffered) or as a stream. */
  bodyKind: 'string' | 'stream' | 'none';
}

async function hundredPagePdf(): Promise<string> {
  const file = path.join(CACHE_DIR, 'hundred-pages.pdf');
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const doc = await PDFDocument.create();
  for (let i = 0; i < PAGES; i++) {
    // 256 x 266 RGB noise (incompressible), ~204 KB per page.
    const image = await doc.embedPng(encodePng(randomBytes(256 * 266 * 3), 256, 266, 3));
    doc.addPage([612, 792]).drawImage(image, { x: 36, y: 36, width: 540, height: 720 });
  }
  fs.writeFileSync(`${file}.partial`, await doc.save());
  fs.renameSync(`${file}.partial`, file);
  return file;
}

// ---------- child ----------

/**
 * The most memory held during the measured span beyond what was held at its start: JS heap plus
 * memory outside it (Buffers), sampled every millisecond the event loop is free and at every step and
 * body chunk (a process's peak RSS is no use here: loading the code peaks higher than a send).
 */
const peak = {
  base: 0,
  max: 0,
  timer: null as NodeJS.Timeout | null,
  used(): number {
    // The same figures as process.memoryUsage()'s heapUsed + external, without its RSS: reading that
    // goes through /proc and, while other threads fault pages in, cost the measured span tens of ms.
    const heap = getHeapStatistics();
    return heap.used_heap_size + heap.external_memory;
  },
  start(): void {
    global.gc?.();
    this.base = this.used();
    this.max = this.base;
    this.timer = setInterval(() => this.sample(), 1);
  },
  sample(): void {
    this.max = Math.max(this.max, this.used());
  },
  stopMiB(): number {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    return (this.max - this.base) / 1024 / 1024;
  },
};

/**
 * FAXDESK_BENCH_PROFILE=<folder>: a CPU profile of the measured span alone (not the code loading
 * before it), written as <folder>/<mode>.cpuprofile, to see what a path does beyond the bare operation.
 */
const spanProfile = {
  folder: process.env['FAXDESK_BENCH_PROFILE'] ?? '',
  session: null as Session | null,
  async start(): Promise<void> {
    if (!this.folder) return;
    this.session = new Session();
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.setSamplingInterval', { interval: 100 });
    await this.session.post('Profiler.start');
  },
  async stop(mode: Mode): Promise<void> {
    if (!this.session) return;
    const { profile } = await this.session.post('Profiler.stop');
    fs.mkdirSync(this.folder, { recursive: true });
    fs.writeFileSync(path.join(this.folder, `${mode.replace(' ', '-')}.cpuprofile`), JSON.stringify(profile));
    this.session.disconnect();
  },
};

/** SHA-256 of the first document's base64 in a request body: what must be the same on every path. */
function contentSha256(body: string): string {
  const parsed = JSON.parse(body) as { documents: { document_content: string }[] };
  return createHash('sha256').update(parsed.documents[0]!.document_content).digest('hex');
}

/** A fetch that answers like the service and takes the POST body as a socket would. */
function serviceFetch(onBody: (taken: { bytes: number; sha256: string | null; kind: ChildReport['bodyKind'] }) => void, verify: boolean): typeof fetch {
  return async (input, init) => {
    const url = String(input);
    if (url.endsWith('/tokens')) {
      return Response.json({ access_token: `token-${randomUUID()}`, token_type: 'bearer', expires_in: 3600, scope: 'read write' });
    }
    if (url.endsWith('/faxes') && init?.method === 'POST') {
      const kept: Uint8Array[] = [];
      let bytes = 0;
      const body = init.body as unknown;
      let kind: ChildReport['bodyKind'] = 'none';
      if (typeof body === 'string') {
        kind = 'string';
        const encoded = Buffer.from(body, 'utf8');
        peak.sample();
        bytes = encoded.byteLength;
        if (verify) kept.push(encoded);
      } else if (body && typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] === 'function') {
        kind = 'stream';
        for await (const chunk of body as AsyncIterable<Uint8Array>) {
          peak.sample();
          bytes += chunk.byteLength;
          if (verify) kept.push(chunk);
        }
      }
      onBody({ bytes, sha256: verify ? contentSha256(Buffer.concat(kept).toString('utf8')) : null, kind });
      return Response.json([{ fax_id: randomUUID(), destination_fax_number: RECIPIENT.number }], { status: 201 });
    }
    return Response.json({ message: `not served by the bench: ${url}` }, { status: 404 });
  };
}

function accountRow(db: Db): void {
  const now = new Date().toISOString();
  db.prepare(
    `INSERT OR IGNORE INTO accounts (id, label, kind, enabled, base_url, app_id, user_id, settings, created_at, updated_at)
     VALUES (?, 'Bench', 'live', 1, 'https://api.example.test', 'bench-app', 'bench-user', '{}', ?, ?)`,
  ).run(ACCOUNT, now, now);
}

interface Rig {
  db: Db;
  timers: ManualTimers;
  module: OutboxModule;
  taken: { at: number; bytes: number; sha256: string | null; kind: ChildReport['bodyKind'] } | null;
}

async function rig(dataDir: string, verify: boolean): Promise<Rig> {
  const db = openDatabase(path.join(dataDir, 'faxdesk.sqlite3'));
  accountRow(db);
  const timers = new ManualTimers(Date.now());
  const state: Rig = { db, timers, module: undefined as unknown as OutboxModule, taken: null };
  const client = new FaxServiceClient(
    { label: 'Bench', baseUrl: 'https://api.example.test', appId: 'bench-app', apiKey: 'bench-key', userId: 'bench-user' },
    new HttpClient({ fetch: serviceFetch((taken) => (state.taken = { at: performance.now(), ...taken }), verify), timeoutMs: 120_000 }),
  );
  state.module = createOutboxModule({
    db,
    dataDir,
    logger: silentLogger,
    timers,
    accounts: { clientFor: async () => client, describe: () => ({ label: 'Bench', enabled: true }) },
  });
  await state.module.start();
  return state;
}

async function sendFile(r: Rig, file: string, scheduledAt: string | null = null): Promise<string> {
  const prepared = await r.module.compose.addFiles({ paths: [file], existing: [] });
  if (prepared.problems.length) throw new Error(`the bench PDF was refused: ${JSON.stringify(prepared.problems)}`);
  const doc = prepared.documents[0]!;
  const composeId = randomUUID();
  await r.module.outbox.send({
    composeId,
    accountId: ACCOUNT,
    recipients: [RECIPIENT],
    documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }],
    options: ComposeDraftSchema.parse({}).options,
    scheduledAt,
  });
  return composeId;
}

/**
 * Loads what Node loads lazily on first use (fetch's Response, file read streams, web streams,
 * TextDecoder) and lets start-up work settle (the TypeScript loader's cache upkeep, the outbox's first
 * passes), so the span holds the path's own work, as it does in the running app where sync has used
 * them long before a send.
 */
async function warmRuntime(pdf: string): Promise<void> {
  await Response.json({ warm: true }).text();
  await new Response(new ReadableStream({ pull: (c) => c.close() })).arrayBuffer();
  for await (const chunk of fs.createReadStream(pdf, { start: 0, end: 1023 })) void chunk;
  new TextDecoder().decode(new Uint8Array(1));
  await new Promise((resolve) => setTimeout(resolve, 300));
}

async function runChild(spec: ChildSpec): Promise<ChildReport> {
  const { mode, pdf, dataDir, verify } = spec;
  const report = (msValue: number, taken: { bytes: number; sha256: string | null; kind: ChildReport['bodyKind'] } | null): ChildReport => ({
    mode,
    ms: msValue,
    bodyBytes: taken?.bytes ?? 0,
    bodySha256: taken?.sha256 ?? null,
    bodyKind: taken?.kind ?? 'none',
    peakMiB: peak.stopMiB(),
  });
  if (mode === 'bare') {
    await warmRuntime(pdf);
    await spanProfile.start();
    peak.start();
    const started = performance.now();
    const bytes = fs.readFileSync(pdf);
    peak.sample();
    const content = bytes.toString('base64');
    peak.sample();
    const body = JSON.stringify({
      destinations: [{ fax_number: RECIPIENT.number, to_name: RECIPIENT.name, to_company: RECIPIENT.company }],
      documents: [{ document_type: 'PDF', document_content: content }],
    });
    peak.sample();
    const elapsed = performance.now() - started;
    const measured = report(elapsed, { bytes: body.length, sha256: verify ? contentSha256(body) : null, kind: 'string' });
    void bytes.byteLength; // held to the end, as a request would hold them
    await spanProfile.stop(mode);
    return measured;
  }
  const r = await rig(dataDir, verify);
  await warmRuntime(pdf);
  let started = 0;
  await spanProfile.start();
  peak.start();
  if (mode === 'first send') {
    started = performance.now();
    await sendFile(r, pdf);
    await r.module.outbox.drain();
  } else if (mode === 'hot folder') {
    const folder = path.join(dataDir, 'hot');
    fs.mkdirSync(folder, { recursive: true });
    const offered: string[] = [];
    let clock = Date.now();
    const watcher = new HotFolderWatcher({
      folder,
      logger: silentLogger,
      settleMs: 0,
      watch: () => ({ close: () => undefined }),
      clock: { now: () => clock++, setInterval: () => null, clearInterval: () => undefined },
      onFile: (file) => offered.push(file),
    });
    watcher.start();
    fs.copyFileSync(pdf, path.join(folder, 'scan.pdf'));
    started = performance.now();
    while (offered.length === 0) await watcher.scanNow();
    await sendFile(r, offered[0]!);
    await r.module.outbox.drain();
    watcher.stop();
  } else if (mode === 'resend') {
    const job = r.module.outbox.outbound.page({ limit: 1 }).items[0]!;
    started = performance.now();
    await r.module.outbox.resend(job.id, randomUUID(), 'job');
    await r.module.outbox.drain();
  } else if (mode === 'scheduled') {
    const job = r.module.outbox.outbound.page({ limit: 1 }).items[0]!;
    const { draft } = await r.module.outbox.draft(job.id, 'job');
    await r.module.outbox.send({ ...draft, composeId: randomUUID(), scheduledAt: new Date(r.timers.now() + 60_000).toISOString() });
    started = performance.now();
    await r.timers.advance(61_000);
    await r.module.outbox.drain();
  }
  if (!r.taken) throw new Error(`${mode}: no POST /faxes was made`);
  const measured = report(r.taken.at - started, r.taken);
  await spanProfile.stop(mode);
  return measured;
}

serveBenchChild<ChildSpec>(import.meta.url, runChild);

// ---------- parent ----------

/** A data folder holding one sent fax of the PDF (what resend and scheduled start from). */
async function templateDataDir(pdf: string, root: string): Promise<string> {
  const dir = path.join(root, 'template');
  fs.mkdirSync(dir, { recursive: true });
  const r = await rig(dir, false);
  await sendFile(r, pdf);
  await r.module.outbox.drain();
  await r.module.stop();
  r.db.pragma('wal_checkpoint(TRUNCATE)');
  r.db.close();
  return dir;
}

export const documentsBench: BenchSection = {
  name: 'documents',
  async run(): Promise<BenchRow[]> {
    const pdf = await hundredPagePdf();
    const pdfMiB = fs.statSync(pdf).size / 1024 / 1024;
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-documents-'));
    try {
      const template = await templateDataDir(pdf, root);
      const reports = new Map<Mode, ChildReport[]>();
      const verified = new Map<Mode, ChildReport>();
      const modes: Mode[] = ['bare', ...PATHS];
      for (let run = 0; run <= RUNS; run++) {
        const verify = run === RUNS;
        for (const mode of modes) {
          const dataDir = path.join(root, `run-${run}-${mode.replace(' ', '-')}`);
          if (mode === 'resend' || mode === 'scheduled') fs.cpSync(template, dataDir, { recursive: true });
          else fs.mkdirSync(dataDir, { recursive: true });
          const report = await spawnBenchChild<ChildReport>(import.meta.url, { mode, pdf, dataDir, verify } satisfies ChildSpec, { nodeArgs: ['--expose-gc'] });
          if (verify) verified.set(mode, report);
          else reports.set(mode, [...(reports.get(mode) ?? []), report]);
          fs.rmSync(dataDir, { recursive: true, force: true });
        }
      }
      const bare = reports.get('bare')!;
      const bareMs = median(bare.map((r) => r.ms));
      const bareRss = median(bare.map((r) => r.peakMiB));
      const bareSha = verified.get('bare')!.bodySha256;
      const bodyMiB = bare[0]!.bodyBytes / 1024 / 1024;
      return PATHS.map((name): BenchRow => {
        const list = reports.get(name)!;
        const timeMs = median(list.map((r) => r.ms));
        const rss = median(list.map((r) => r.peakMiB));
        const timeRatio = timeMs / bareMs;
        const memoryRatio = rss / bareRss;
        const check = verified.get(name)!;
        const same = check.bodySha256 === bareSha;
        return {
          row: `send preparation, 100-page PDF: ${name}`,
          measured: `${ms(timeMs)} (${ratio(timeRatio)}), peak +${rss.toFixed(0)} MiB (${ratio(memoryRatio)}); body ${check.bodyKind}${same ? '' : ', BODY DIFFERS'}`,
          bare: `read+base64+stringify ${ms(bareMs)}, peak +${bareRss.toFixed(0)} MiB`,
          target: `≤ ${TARGET}× time and peak`,
          value: round(Math.max(timeRatio, memoryRatio)),
          // A path that builds the whole body as one string (buffered) misses, whatever its figures.
          within: same && check.bodyKind === 'stream' && timeRatio <= TARGET && memoryRatio <= TARGET,
          how:
            `${pdfMiB.toFixed(1)} MiB PDF of ${PAGES} noise pages, ${bodyMiB.toFixed(1)} MiB request body; ${name} through the real outbox and API client to the last body byte taken by fetch; ` +
            `medians of ${RUNS} fresh child processes per path (Node's lazily loaded fetch and stream code warmed first, in every child alike), interleaved with the bare operation; ` +
            `peak = the most heap + Buffer memory held during the span beyond its start, sampled every free millisecond and at every step and body chunk; ` +
            `a further run hashed the document content in the body: ${same ? 'identical to the bare body' : 'NOT identical to the bare body'}.`,
        };
      });
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  },
};
