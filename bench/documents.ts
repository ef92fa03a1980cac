/**
 * Preparing a 100-page, ~20 MB PDF for sending, beside the bare minimum in the same run.
 *
 * - bare:    fs.readFileSync -> toString('base64') -> JSON.stringify of the request body. The floor.
 * - prepare: prepareDocuments (read with progress, detect, open with pdf-lib, SHA-256, store with fsync)
 *            + buildDocumentPayload + JSON.stringify of the same body.
 * - stream:  the same prepare, then streamFaxRequestBody drained into a hash (as a socket would take it):
 *            the body is never held whole.
 * Each runs in a fresh child process (so one's garbage cannot inflate another's peak) RUNS times; the
 * figures are medians. Peak RSS is the OS's high-water mark for the child (process.resourceUsage().maxRSS),
 * shown beside an idle child's with the same modules loaded; heap+external is the largest sample of
 * process.memoryUsage() taken after each step. The bodies' SHA-256 are compared: all three must be equal.
 * The PDF's pages hold random-noise images (incompressible), generated with pdf-lib into a temp folder.
 */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { createDocumentStore } from '../src/main/documents/document-store';
import { encodePng } from '../src/main/documents/formats/png';
import { buildDocumentPayload, prepareDocuments, streamFaxRequestBody } from '../src/main/documents/prepare';

const PAGES = 100;
const RUNS = Number(process.env.FAXDESK_BENCH_DOCUMENT_RUNS ?? 3);
/** 256 x 266 RGB noise: ~204 KB per page, ~20 MB for 100 pages. */
const NOISE_WIDTH = 256;
const NOISE_HEIGHT = 266;
const CHILD_ENV = 'FAXDESK_BENCH_DOCUMENTS_CHILD';

const ENVELOPE = {
  destinations: [{ fax_number: '15551234567', to_name: 'Records Desk', to_company: 'Example Clinic' }],
  fax_options: { image_resolution: 'FINE', include_cover_page: 'false' },
  client_data: { client_reference_id: 'bench' },
};

type Mode = 'idle' | 'bare' | 'prepare' | 'stream';

interface ChildReport {
  mode: Mode;
  steps: Record<string, number>;
  totalMs: number;
  bodyBytes: number;
  bodySha256: string;
  maxRssMiB: number;
  peakHeapExternalMiB: number;
}

async function generatePdf(file: string): Promise<void> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < PAGES; i++) {
    const image = await doc.embedPng(encodePng(randomBytes(NOISE_WIDTH * NOISE_HEIGHT * 3), NOISE_WIDTH, NOISE_HEIGHT, 3));
    doc.addPage([612, 792]).drawImage(image, { x: 36, y: 36, width: 540, height: 720 });
  }
  fs.writeFileSync(file, await doc.save());
}

// ---------- child ----------

async function runChild(mode: Mode, pdf: string, workDir: string): Promise<ChildReport> {
  const steps: Record<string, number> = {};
  let peak = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peak = Math.max(peak, m.heapUsed + m.external);
  };
  const step = async <T>(name: string, work: () => T | Promise<T>): Promise<T> => {
    const t = performance.now();
    const value = await work();
    steps[name] = performance.now() - t;
    sample();
    return value;
  };
  global.gc?.();
  sample();
  const started = performance.now();
  let body = '';
  let bodyBytes = 0;
  let bodySha256 = '';

  if (mode === 'bare') {
    const bytes = await step('read', () => fs.readFileSync(pdf));
    const content = await step('base64', () => bytes.toString('base64'));
    body = await step('stringify', () => JSON.stringify({ ...ENVELOPE, documents: [{ document_type: 'PDF', document_content: content }] }));
  } else if (mode === 'prepare' || mode === 'stream') {
    const store = createDocumentStore(workDir);
    const phases: Record<string, number> = {};
    const prepared = await step('prepare', () =>
      prepareDocuments([{ path: pdf }], {
        store,
        onProgress: (p) => {
          phases[p.phase] ??= performance.now();
          sample();
        },
      }),
    );
    if (prepared.problems.length > 0) throw new Error(`bench PDF refused: ${JSON.stringify(prepared.problems)}`);
    steps['  read'] = phases['checking']! - phases['reading']!;
    steps['  check (pdf-lib)'] = phases['storing']! - phases['checking']!;
    steps['  hash+store+fsync'] = phases['done']! - phases['storing']!;
    if (mode === 'prepare') {
      const documents = await step('buildDocumentPayload', () => buildDocumentPayload(prepared.documents, store));
      body = await step('stringify', () => JSON.stringify({ ...ENVELOPE, documents }));
    } else {
      const hash = createHash('sha256');
      await step('streamFaxRequestBody', async () => {
        const stream = await streamFaxRequestBody(ENVELOPE, prepared.documents, store);
        for await (const chunk of stream.chunks) {
          hash.update(chunk);
          bodyBytes += chunk.byteLength;
          sample();
        }
        if (bodyBytes !== stream.contentLength) throw new Error(`announced ${stream.contentLength} bytes, streamed ${bodyBytes}`);
      });
      bodySha256 = hash.digest('hex');
    }
  }
  const totalMs = performance.now() - started;
  if (body) {
    bodyBytes = Buffer.byteLength(body);
    bodySha256 = createHash('sha256').update(body).digest('hex');
  }
  return {
    mode,
    steps,
    totalMs,
    bodyBytes,
    bodySha256,
    maxRssMiB: process.resourceUsage().maxRSS / 1024,
    peakHeapExternalMiB: peak / 1024 / 1024,
  };
}

// ---------- parent ----------

function spawnChild(mode: Mode, pdf: string, workDir: string): Promise<ChildReport> {
  const self = fileURLToPath(import.meta.url);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', self], {
      env: { ...process.env, [CHILD_ENV]: JSON.stringify({ mode, pdf, workDir }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('REPORT '));
      if (code !== 0 || !line) reject(new Error(`bench child ${mode} failed (exit ${code}): ${out}`));
      else resolve(JSON.parse(line.slice(7)) as ChildReport);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function runDocumentsBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-bench-documents-'));
  try {
    const pdf = path.join(dir, 'hundred-pages.pdf');
    const t = performance.now();
    await generatePdf(pdf);
    const size = fs.statSync(pdf).size;
    console.log(`documents: generated a ${PAGES}-page PDF of ${(size / 1024 / 1024).toFixed(1)} MiB in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const reports: Record<Mode, ChildReport[]> = { idle: [], bare: [], prepare: [], stream: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const mode of ['idle', 'bare', 'prepare', 'stream'] as const) {
        const workDir = path.join(dir, `data-${mode}-${run}`);
        reports[mode].push(await spawnChild(mode, pdf, workDir));
        fs.rmSync(workDir, { recursive: true, force: true });
      }
    }

    const shas = new Set(['bare', 'prepare', 'stream'].flatMap((m) => reports[m as Mode].map((r) => r.bodySha256)));
    console.log(`documents: request body ${(reports.bare[0]!.bodyBytes / 1024 / 1024).toFixed(1)} MiB; bodies identical across modes: ${shas.size === 1 ? 'yes' : 'NO'}`);
    console.log(`documents: medians of ${RUNS} runs, each in a fresh child process`);
    const idleRss = median(reports.idle.map((r) => r.maxRssMiB));
    console.log(`  ${'mode'.padEnd(9)} ${'total ms'.padStart(9)} ${'peak RSS MiB'.padStart(13)} ${'(over idle)'.padStart(11)} ${'peak heap+ext MiB'.padStart(18)}`);
    for (const mode of ['idle', 'bare', 'prepare', 'stream'] as const) {
      const r = reports[mode];
      const rss = median(r.map((x) => x.maxRssMiB));
      console.log(
        `  ${mode.padEnd(9)} ${median(r.map((x) => x.totalMs)).toFixed(0).padStart(9)} ${rss.toFixed(0).padStart(13)} ${`+${(rss - idleRss).toFixed(0)}`.padStart(11)} ${median(r.map((x) => x.peakHeapExternalMiB)).toFixed(0).padStart(18)}`,
      );
      for (const name of Object.keys(r[0]!.steps)) {
        console.log(`    ${name.padEnd(24)} ${median(r.map((x) => x.steps[name]!)).toFixed(0).padStart(6)} ms`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const childSpec = process.env[CHILD_ENV];
if (childSpec) {
  const { mode, pdf, workDir } = JSON.parse(childSpec) as { mode: Mode; pdf: string; workDir: string };
  runChild(mode, pdf, workDir)
    .then((report) => {
      process.stdout.write(`REPORT ${JSON.stringify(report)}\n`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
