/**
 * The fax printer (Faxdesk as an IPP Everywhere printer), two rows:
 *
 * 1. A 20-page PDF printed with `lp` → Compose showing it, against CUPS alone delivering the same job
 *    to a bare IPP sink in the same run. One private cupsd has two driverless queues made by
 *    `lpadmin -m everywhere`: "Faxdesk" (a whole core with its fax printer on) and "Sink"
 *    (bench/support/ipp-sink.ts, which describes itself as Faxdesk's printer does, so CUPS runs the
 *    same filters, and drops the bytes). Faxdesk's figure runs from `lp` to the document stored and
 *    counted by compose:addFiles (what Compose calls when the page takes the hand-off); the sink's
 *    from `lp` to the job's last byte read. Runs alternate (sink, Faxdesk, sink…); medians.
 * 2. A 20-page PWG raster job at 300 dpi (text-like pages, every line different, as a driver renders
 *    text) sent to the printer as Print-Job → PDF in the document store (through compose:addFiles),
 *    against decoding the same raster alone (the PackBits lines, nothing kept). Each run is a fresh
 *    child process; peak memory is the most JS heap + Buffer memory held beyond the span's start.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createDocumentStore } from '../src/main/documents/document-store';
import { ComposeService } from '../src/main/outbox/compose-service';
import { silentLogger } from '../src/main/platform/logger';
import { IppPrinter, type FinishedPrintJob } from '../src/main/printer/ipp-printer';
import { encodeIppMessage } from '../src/main/printer/ipp/encoding';
import { mimeType, nameAttr, Operation } from '../src/main/printer/ipp/values';
import { RasterStream } from '../src/main/printer/raster/raster-stream';
import type { PendingFiles } from '../src/shared/ipc/contract/desktop';
import type { PreparedDocuments } from '../src/shared/ipc/contract/outbox';
import { startCore } from '../test/integration/accounts/core-fixture';
import { freePort, startPrivateCups, type PrivateCups } from '../test/integration/printer/cupsd';
import { operationGroup, postIpp } from '../test/unit/main/printer/fixtures/ipp-client';
import { writePwg, type RasterPageSpec } from '../test/unit/main/printer/fixtures/raster-writer';
import type { BenchRow, BenchSection } from './row';
import { serveBenchChild, spawnBenchChild } from './support/child';
import { startIppSink } from './support/ipp-sink';
import { median, ms, round } from './support/stats';

const RUNS = Number(process.env['FAXDESK_BENCH_PRINTER_RUNS'] ?? 5);
const PAGES = 20;
const CACHE_DIR = path.resolve(__dirname, '../.tmp/bench');

// ---------- sources ----------

async function twentyPagePdf(file: string): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= PAGES; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Referral letter, page ${p} of ${PAGES}`, { x: 72, y: 720, size: 16, font });
    for (let l = 0; l < 40; l++) page.drawText(`Line ${l + 1}: patient history, medication, allergies and the plan agreed at the visit.`, { x: 72, y: 690 - l * 15, size: 10, font });
  }
  fs.writeFileSync(file, await doc.save());
}

/** A page like a driver's rendering of text: 45 lines of "words" (black runs), every raster line different. */
function textLikePage(seed: number): RasterPageSpec {
  const dpi = 300;
  const width = 2550;
  const height = 3300;
  let state = seed * 2654435761;
  const random = () => {
    state = (state * 1103515245 + 12345) >>> 0;
    return state / 2 ** 32;
  };
  // Word positions per text line, drawn as columns of ink that vary from raster line to raster line.
  const lines = Array.from({ length: 45 }, () => {
    const words: [number, number][] = [];
    for (let x = 300; x < width - 300; ) {
      const w = 40 + Math.floor(random() * 160);
      words.push([x, Math.min(width - 300, x + w)]);
      x += w + 25;
    }
    return words;
  });
  return {
    width,
    height,
    dpi,
    type: 'sgray_8',
    line(y, out) {
      out.fill(255);
      const block = Math.floor((y - 300) / 60);
      const inLine = (y - 300) % 60;
      if (y < 300 || block >= lines.length || inLine >= 36) return;
      for (const [x0, x1] of lines[block]!) for (let x = x0; x < x1; x++) if (((x * 7 + y * 13 + ((x >> 3) ^ y)) & 7) < 3) out[x] = 0;
    },
  };
}

function rasterFile(): string {
  const file = path.join(CACHE_DIR, 'twenty-pages-300dpi.pwg');
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  fs.writeFileSync(`${file}.partial`, writePwg(Array.from({ length: PAGES }, (_, i) => textLikePage(i + 1))));
  fs.renameSync(`${file}.partial`, file);
  return file;
}

// ---------- row 2: in a child process ----------

type RasterMode = 'bare' | 'faxdesk';
interface RasterReport {
  mode: RasterMode;
  ms: number;
  peakMiB: number;
  pages: number;
  pdfBytes: number;
}

const peak = {
  base: 0,
  max: 0,
  timer: null as NodeJS.Timeout | null,
  used: () => {
    const heap = getHeapStatistics();
    return heap.used_heap_size + heap.external_memory;
  },
  start() {
    global.gc?.();
    this.base = this.used();
    this.max = this.base;
    this.timer = setInterval(() => this.sample(), 1);
  },
  sample() {
    this.max = Math.max(this.max, this.used());
  },
  stopMiB() {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    return (this.max - this.base) / 1024 / 1024;
  },
};

async function rasterChild(spec: { mode: RasterMode; file: string }): Promise<RasterReport> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-raster-'));
  try {
    if (spec.mode === 'bare') {
      // Read the file in the same 64 KiB chunks a socket delivers, and decode every line.
      const stream = fs.createReadStream(spec.file, { highWaterMark: 64 * 1024 });
      peak.start();
      const t = performance.now();
      let pages = 0;
      const decoder = new RasterStream('pwg', () => ({ lines: () => peak.sample(), end: () => void pages++ }));
      for await (const chunk of stream) decoder.push(chunk as Buffer);
      decoder.end();
      const elapsed = performance.now() - t;
      return { mode: 'bare', ms: elapsed, peakMiB: peak.stopMiB(), pages, pdfBytes: 0 };
    }
    const store = createDocumentStore(dir);
    const compose = new ComposeService({ store, accounts: { describe: () => null }, now: () => new Date() });
    let finished: FinishedPrintJob | null = null;
    const printer = new IppPrinter({
      port: 0,
      spoolDir: path.join(dir, 'printed'),
      uuidSeed: 'bench',
      maxJobBytes: 512 * 1024 * 1024,
      readiness: async () => ({ ok: true }),
      onJob: async (job) => void (finished = job),
      logger: silentLogger,
    });
    await printer.listen();
    const target = printer.uri('print');
    const header = encodeIppMessage({ version: { major: 2, minor: 0 }, code: Operation.PrintJob, requestId: 1, groups: [operationGroup(target, nameAttr('job-name', 'referral'), mimeType('document-format', 'image/pwg-raster'))] });
    async function* body() {
      yield header;
      for await (const chunk of fs.createReadStream(spec.file, { highWaterMark: 64 * 1024 })) yield chunk as Buffer;
    }
    peak.start();
    const t = performance.now();
    const answer = await postIpp(target, body(), { 'Transfer-Encoding': 'chunked' });
    if (answer.message?.code !== 0 || !finished) throw new Error(`the printer refused the raster: ${JSON.stringify(answer.message?.groups[0])}`);
    const job = finished as FinishedPrintJob;
    const prepared: PreparedDocuments = await compose.addFiles({ paths: [job.pdfPath], existing: [] });
    const elapsed = performance.now() - t;
    const peakMiB = peak.stopMiB();
    await printer.close();
    if (prepared.problems.length) throw new Error(JSON.stringify(prepared.problems));
    return { mode: 'faxdesk', ms: elapsed, peakMiB, pages: prepared.documents[0]!.pages ?? 0, pdfBytes: prepared.documents[0]!.size };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

serveBenchChild(import.meta.url, rasterChild);

async function rasterRow(): Promise<BenchRow> {
  const file = rasterFile();
  const bare: RasterReport[] = [];
  const faxdesk: RasterReport[] = [];
  for (let i = 0; i < RUNS; i++) {
    bare.push(await spawnBenchChild<RasterReport>(import.meta.url, { mode: 'bare', file }, { nodeArgs: ['--expose-gc'] }));
    faxdesk.push(await spawnBenchChild<RasterReport>(import.meta.url, { mode: 'faxdesk', file }, { nodeArgs: ['--expose-gc'] }));
  }
  const f = median(faxdesk.map((r) => r.ms));
  const b = median(bare.map((r) => r.ms));
  const mb = fs.statSync(file).size / 1024 / 1024;
  return {
    row: `fax printer: 20-page PWG raster (300 dpi, ${mb.toFixed(1)} MB) → PDF in the store`,
    measured: `${ms(f)} (${round(f / b, 2)}× decoding), peak ${round(median(faxdesk.map((r) => r.peakMiB)), 1)} MiB, ${faxdesk[0]!.pages} pages, PDF ${(faxdesk[0]!.pdfBytes / 1024 / 1024).toFixed(1)} MB at 204×196 dpi`,
    bare: `decoding alone ${ms(b)}, peak ${round(median(bare.map((r) => r.peakMiB)), 1)} MiB`,
    target: 'reported',
    value: round(f / b, 2),
    within: null,
    how: `Median of ${RUNS} runs each, alternating, each in a fresh process: Print-Job over HTTP to the printer (chunks of 64 KiB) until compose:addFiles has stored the PDF, vs the same file's lines decoded with nothing kept; peak = most JS heap + Buffers beyond the start.`,
  };
}

// ---------- row 1: CUPS ----------

function run(cups: PrivateCups, file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env: cups.env, encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) => (error ? reject(new Error(`${file} ${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout)));
  });
}

async function idle(cups: PrivateCups): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (!(await run(cups, 'lpstat', ['-o']).catch(() => '')).trim()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('CUPS did not finish its jobs');
}

async function cupsRow(): Promise<BenchRow> {
  const cups = await startPrivateCups();
  const sink = await startIppSink();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-lp-'));
  const fixture = await startCore({ dataDir: path.join(work, 'data') });
  try {
    const port = await freePort();
    await fixture.ok('settings:set', { faxPrinterEnabled: true, faxPrinterPort: port });
    for (let i = 0; i < 100 && fixture.core.faxPrinter.listeningPort !== port; i++) await new Promise((r) => setTimeout(r, 50));
    await run(cups, 'lpadmin', ['-p', 'Faxdesk', '-E', '-v', `ipp://127.0.0.1:${port}/ipp/print`, '-m', 'everywhere']);
    await run(cups, 'lpadmin', ['-p', 'Sink', '-E', '-v', sink.uri, '-m', 'everywhere']);
    const pdf = path.join(work, 'referral.pdf');
    await twentyPagePdf(pdf);

    const viaSink = async () => {
      const received = sink.nextJob();
      const t = performance.now();
      await run(cups, 'lp', ['-d', 'Sink', pdf]);
      const job = await received;
      const elapsed = job.at - t;
      await idle(cups);
      return elapsed;
    };
    const viaFaxdesk = async () => {
      const before = fixture.events.filter(([n]) => n === 'compose:open').length;
      const t = performance.now();
      await run(cups, 'lp', ['-d', 'Faxdesk', pdf]);
      while (fixture.events.filter(([n]) => n === 'compose:open').length === before) await new Promise((r) => setTimeout(r, 2));
      const taken = await fixture.ok<PendingFiles>('desktop:takePendingFiles');
      const added = await fixture.ok<PreparedDocuments>('compose:addFiles', { paths: taken.files.map((f) => f.path) });
      const elapsed = performance.now() - t;
      if (added.documents[0]?.pages !== PAGES) throw new Error(`Compose has ${added.documents[0]?.pages} pages, not ${PAGES}`);
      await idle(cups);
      return elapsed;
    };
    await viaSink();
    await viaFaxdesk();
    const s: number[] = [];
    const f: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      s.push(await viaSink());
      f.push(await viaFaxdesk());
    }
    const fm = median(f);
    const sm = median(s);
    const value = round(fm / sm, 2);
    return {
      row: 'fax printer: lp of a 20-page PDF → Compose showing it',
      measured: `${ms(fm)} (${value.toFixed(2)}× the sink; lp → compose:addFiles done, 20 pages)`,
      bare: `CUPS to a bare IPP sink ${ms(sm)}`,
      target: '≤ 1.5× bare',
      value,
      within: value <= 1.5,
      how: `Median of ${RUNS} runs each after one warm-up, alternating; one private cupsd, both queues made by lpadmin -m everywhere from the same printer description; the sink only reads the job.`,
    };
  } finally {
    await fixture.stop();
    await sink.close();
    await cups.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

export const printerBench: BenchSection = {
  name: 'printer',
  async run() {
    return [await cupsRow(), await rasterRow()];
  },
};
