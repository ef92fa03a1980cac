/**
 * CUPS's own IPP conformance files run against Faxdesk's printer with CUPS's `ipptool`:
 * ipp-everywhere.test (which includes ipp-2.0.test and ipp-1.1.test) on /ipp/print and
 * fax-job.test on /ipp/faxout. The test files expect PWG's sample documents beside them; the ones
 * for the resolutions and raster types Faxdesk advertises (150 and 300 dpi; black_1, sgray_8,
 * srgb_8) are made here, real rasters of each named page size. Every other FILE a test names gets
 * a placeholder: ipptool reads every FILE of the suite, but those tests are skipped (their
 * resolution or type is not advertised), so none is ever sent.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IppPrinter, type FinishedPrintJob } from '../../../src/main/printer/ipp-printer';
import { makeJpeg } from '../../unit/main/documents/fixtures';
import { samplePage, writePwg, type RasterType } from '../../unit/main/printer/fixtures/raster-writer';

const IPPTOOL_DIR = '/usr/share/cups/ipptool';
const SUITE = ['ipp-everywhere.test', 'ipp-2.0.test', 'ipp-1.1.test', 'fax-job.test'];
const SIZES: Record<string, [number, number]> = { '4x6': [4, 6], a4: [8.27, 11.69], letter: [8.5, 11] };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-ipptool-'));
const jobs: FinishedPrintJob[] = [];
const printer = new IppPrinter({
  port: 0,
  spoolDir: path.join(dir, 'spool'),
  uuidSeed: 'conformance',
  maxJobBytes: 64 * 1024 * 1024,
  readiness: async () => ({ ok: true }),
  onJob: async (job) => {
    jobs.push(job);
    fs.rmSync(job.pdfPath, { force: true });
  },
  logger: { debug() {}, info() {}, warn() {}, error() {} },
});

async function samplePdf(widthIn: number, heightIn: number, pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([widthIn * 72, heightIn * 72]).drawText(`Faxdesk conformance page ${i}`, { x: 72, y: heightIn * 72 - 100, font, size: 18 });
  return Buffer.from(await doc.save());
}

/** The sample raster a FILE line names ("pwg-raster-samples-300dpi/sgray-8/document-a4-sgray-8-300dpi.pwg"), or null when not advertised. */
function sampleFor(file: string): Buffer | null {
  const m = /pwg-raster-samples-(\d+)dpi\/([a-z0-9-]+)\/(.+)-\2-\1dpi\.pwg$/.exec(file);
  if (!m) return null;
  const dpi = Number(m[1]);
  const type = m[2]!.replace('-', '_') as RasterType;
  if (![150, 300].includes(dpi) || !['black_1', 'sgray_8', 'srgb_8'].includes(type)) return null;
  const name = m[3]!;
  const [w, h] = SIZES[name.endsWith('4x6') ? '4x6' : name.endsWith('a4') ? 'a4' : 'letter']!;
  const pages = name.startsWith('document-') ? 2 : 1;
  return writePwg(Array.from({ length: pages }, () => samplePage(type, dpi, w, h)));
}

/** Runs ipptool without blocking: the printer answers it from this same process. */
function ipptool(args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    execFile('ipptool', args, { cwd: dir, encoding: 'utf8', timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, out: `${stdout}${stderr}` });
    });
  });
}

function summary(out: string): { tests: number; passed: number; failed: number; skipped: number; failures: string[] } {
  const m = /Summary: (\d+) tests, (\d+) passed, (\d+) failed, (\d+) skipped/.exec(out);
  if (!m) throw new Error(`ipptool printed no summary:\n${out.slice(-3000)}`);
  const failures = out.split('\n').filter((l) => l.includes('[FAIL]')).map((l) => l.trim());
  return { tests: Number(m[1]), passed: Number(m[2]), failed: Number(m[3]), skipped: Number(m[4]), failures };
}

beforeAll(async () => {
  for (const file of SUITE) fs.copyFileSync(path.join(IPPTOOL_DIR, file), path.join(dir, file));
  fs.writeFileSync(path.join(dir, 'document-letter.pdf'), await samplePdf(8.5, 11, 2));
  fs.writeFileSync(path.join(dir, 'document-a4.pdf'), await samplePdf(8.27, 11.69, 2));
  fs.writeFileSync(path.join(dir, 'color.jpg'), makeJpeg(400, 600));
  fs.writeFileSync(path.join(dir, 'gray.jpg'), makeJpeg(400, 600));
  const named = new Set<string>();
  for (const file of SUITE) for (const m of fs.readFileSync(path.join(dir, file), 'utf8').matchAll(/^\s*FILE\s+(\S+)/gm)) if (!m[1]!.startsWith('$')) named.add(m[1]!);
  for (const file of named) {
    const target = path.join(dir, file);
    if (fs.existsSync(target)) continue;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, sampleFor(file) ?? 'placeholder: the test that names this file is skipped (resolution, raster type or format not advertised)\n');
  }
  await printer.listen();
}, 120_000);

afterAll(async () => {
  await printer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('CUPS ipptool conformance against Faxdesk\'s printer', () => {
  it('passes ipp-everywhere.test (with ipp-2.0.test and ipp-1.1.test) on /ipp/print', async () => {
    const run = await ipptool(['-V', '2.0', '-tf', 'document-letter.pdf', printer.uri('print'), 'ipp-everywhere.test']);
    const result = summary(run.out);
    expect(result.failures).toEqual([]);
    expect(result.failed).toBe(0);
    expect(run.code).toBe(0);
    // The required-attributes and operation tests, and the sample prints at 150/300 dpi in black_1, sgray_8 and srgb_8 (with and without deflate/gzip).
    expect(result.passed).toBeGreaterThanOrEqual(100);
    expect(jobs.filter((j) => j.format === 'image/pwg-raster').length).toBeGreaterThanOrEqual(100 - 30);
    expect(jobs.some((j) => j.format === 'image/jpeg')).toBe(true);
  }, 300_000);

  it('passes fax-job.test on /ipp/faxout: the job carries its tel: destination', async () => {
    jobs.length = 0;
    const run = await ipptool(['-V', '2.0', '-tf', 'document-letter.pdf', printer.uri('faxout'), 'fax-job.test']);
    const result = summary(run.out);
    expect(result.failures).toEqual([]);
    expect(result).toMatchObject({ tests: 2, passed: 2, failed: 0 });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.recipients).toEqual([{ number: '4055551212' }]);
  }, 120_000);
});
