/**
 * Faxdesk's printer with real CUPS, end to end: a whole core (as the app builds it) with the fax
 * printer on, a private cupsd (nothing of the machine's own CUPS is touched), the printer added
 * through Settings › Fax printer's own `lpadmin … -m everywhere` commands, then `lp` of a PDF, a
 * text file and a PNG (CUPS converts the last two) → Compose holds one document per job with the
 * right page count, and each page renders as CUPS itself renders the source for that queue. FaxOut:
 * a job with two tel: destinations (ipptool) and `lp -o phone=` on the fax queue fill Compose's
 * recipients. Removing the printer and turning it off leave nothing behind.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingFiles } from '../../../src/shared/ipc/contract/desktop';
import type { FaxPrinterSystemReport, FaxPrinterView } from '../../../src/shared/ipc/contract/printer';
import type { PreparedDocuments } from '../../../src/shared/ipc/contract/outbox';
import { hasDriverlessFax } from '../../../src/main/printer';
import type { CommandRunner } from '../../../src/main/printer/system-printer';
import { startCore, tempDir, type CoreFixture } from '../accounts/core-fixture';
import { freePort, startPrivateCups, type PrivateCups } from './cupsd';
import { difference, inkCoverage, renderPdf } from './renders';

let cups: PrivateCups;
let fixture: CoreFixture;
let port: number;
const work = tempDir('faxdesk-print-e2e-');

/** lpadmin and lpstat as the app runs them, aimed at the private scheduler. */
const runner = (): CommandRunner => (command) =>
  new Promise((resolve) => {
    execFile(command.file, command.args, { env: cups.env, encoding: 'utf8', timeout: 60_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr, ...(error && (error as NodeJS.ErrnoException).code === 'ENOENT' ? { missing: true } : {}) });
    });
  });

function run(file: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env: cups.env, encoding: 'utf8', timeout: 120_000, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, out: `${stdout}${stderr}` });
    });
  });
}

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; CUPS log:\n${cups.errorLog().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Prints with lp and waits for the document to reach Compose's hand-off; returns what a page takes. */
async function printAndTake(args: string[]): Promise<PendingFiles> {
  const before = fixture.events.filter(([n]) => n === 'compose:open').length;
  const printed = await run('lp', args);
  expect(printed.code, printed.out).toBe(0);
  await until(() => fixture.events.filter(([n]) => n === 'compose:open').length, (n) => n > before, `"lp ${args.join(' ')}" to reach Compose`);
  return fixture.ok<PendingFiles>('desktop:takePendingFiles');
}

/** What Compose does with a handed-over file: compose:addFiles by path. */
async function addToCompose(file: string): Promise<PreparedDocuments> {
  return fixture.ok<PreparedDocuments>('compose:addFiles', { paths: [file] });
}

/** What CUPS itself makes of a source file for the Faxdesk queue (same PPD, same filters). */
async function cupsRendition(source: string, out: string): Promise<string> {
  // application/vnd.cups-pdf: the queue's own chain (imagetopdf/texttopdf, pdftopdf), whose PDF the backend sends as is.
  const pdf = await new Promise<Buffer>((resolve, reject) => {
    execFile('/usr/sbin/cupsfilter', ['-p', path.join(cups.dir, 'ppd', 'Faxdesk.ppd'), '-m', 'application/vnd.cups-pdf', source], { env: cups.env, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 }, (error, stdout) =>
      error ? reject(error) : resolve(stdout),
    );
  });
  fs.writeFileSync(out, pdf);
  return out;
}

function expectSameRenders(received: string, expected: string, pages: number): void {
  const a = renderPdf(received);
  const b = renderPdf(expected);
  expect(a).toHaveLength(pages);
  expect(b).toHaveLength(pages);
  for (let i = 0; i < pages; i++) {
    expect(inkCoverage(a[i]!), `page ${i + 1} is not blank`).toBeGreaterThan(0.001);
    expect(difference(a[i]!, b[i]!), `page ${i + 1} renders as the source`).toBeLessThan(2);
  }
}

/** A grayscale PNG with a checkerboard, written by hand (zlib + CRC). */
function checkerboardPng(width: number, height: number, cell: number): Buffer {
  const rows = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) rows[y * (width + 1) + 1 + x] = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 ? 255 : 0;
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

async function sourcePdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Quarterly report, page ${i} of ${pages}`, { x: 72, y: 700, size: 20, font });
    page.drawRectangle({ x: 72 + i * 40, y: 300, width: 150, height: 200, color: rgb(0, 0, 0) });
    page.drawLine({ start: { x: 72, y: 100 }, end: { x: 540, y: 250 }, thickness: 4 });
  }
  return Buffer.from(await doc.save());
}

beforeAll(async () => {
  cups = await startPrivateCups();
  port = await freePort();
  fixture = await startCore({ faxPrinter: { commands: runner(), platform: 'linux', hasDriverlessFax } });
  await fixture.ok('settings:set', { faxPrinterEnabled: true, faxPrinterPort: port });
  await until(() => fixture.ok<FaxPrinterView>('faxPrinter:get'), (v) => v.listening, 'the printer to listen');
}, 120_000);

afterAll(async () => {
  await fixture?.stop();
  await cups?.stop();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('printing into Faxdesk through CUPS', () => {
  it('adds itself to CUPS with lpadmin -m everywhere (and the fax queue with driverless-fax)', async () => {
    const report = await fixture.ok<FaxPrinterSystemReport>('faxPrinter:addToSystem', {});
    expect(report.message).toMatch(/Added "Faxdesk"/);
    expect(report.ok).toBe(true);
    const listed = await run('lpstat', ['-v']);
    expect(listed.out).toContain(`device for Faxdesk: ipp://127.0.0.1:${port}/ipp/print`);
    expect(listed.out).toContain(`device for Faxdesk-Fax: ipp://127.0.0.1:${port}/ipp/faxout`);
    // CUPS built the queue from the printer's own attributes: IPP Everywhere, PDF passed through.
    const ppd = fs.readFileSync(path.join(cups.dir, 'ppd', 'Faxdesk.ppd'), 'utf8');
    expect(ppd).toContain('*cupsFilter2: "application/vnd.cups-pdf application/pdf');
    expect(report.view.system).toMatchObject({ state: 'added' });
  }, 120_000);

  it('lp of a PDF: one document in Compose, named from the job, its pages rendered as the source', async () => {
    const source = path.join(work, 'Quarterly report.pdf');
    fs.writeFileSync(source, await sourcePdf(3));
    const taken = await printAndTake(['-d', 'Faxdesk', source]);
    expect(taken.files).toHaveLength(1);
    expect(taken.files[0]!.name).toBe('Quarterly report.pdf');
    expect(taken.recipients).toBeUndefined();
    const added = await addToCompose(taken.files[0]!.path);
    expect(added.problems).toEqual([]);
    expect(added.documents.map((d) => [d.name, d.pages])).toEqual([['Quarterly report.pdf', 3]]);
    expectSameRenders(taken.files[0]!.path, source, 3);
  }, 120_000);

  it('lp of a text file: CUPS converts it, Compose has it with its pages, and the "Fax:" line fills the recipient', async () => {
    await fixture.ok('settings:set', { faxPrinterReadFaxLine: true });
    const lines = ['ACME Corp. purchase order 7781', 'Fax: +1 212 555 0147', '', ...Array.from({ length: 90 }, (_, i) => `Line ${i + 1}: 12 boxes of paper, delivered to the loading dock.`)];
    const source = path.join(work, 'order.txt');
    fs.writeFileSync(source, lines.join('\n') + '\n');
    const taken = await printAndTake(['-d', 'Faxdesk', source]);
    expect(taken.files.map((f) => f.name)).toEqual(['order.pdf']);
    expect(taken.recipients).toEqual([{ number: '+12125550147' }]);
    expect(taken.recipientsFrom).toBe('the "Fax:" line in "order.pdf"');
    const expected = await cupsRendition(source, path.join(work, 'order-cups.pdf'));
    const pages = (await PDFDocument.load(fs.readFileSync(expected))).getPageCount();
    expect(pages).toBeGreaterThanOrEqual(2);
    const added = await addToCompose(taken.files[0]!.path);
    expect(added.documents.map((d) => d.pages)).toEqual([pages]);
    expectSameRenders(taken.files[0]!.path, expected, pages);
    await fixture.ok('settings:set', { faxPrinterReadFaxLine: false });
  }, 120_000);

  it('lp of a PNG: CUPS converts it and the page renders as CUPS renders the picture', async () => {
    const source = path.join(work, 'scan.png');
    fs.writeFileSync(source, checkerboardPng(600, 400, 50));
    const taken = await printAndTake(['-d', 'Faxdesk', source]);
    expect(taken.files.map((f) => f.name)).toEqual(['scan.pdf']);
    const added = await addToCompose(taken.files[0]!.path);
    expect(added.documents.map((d) => d.pages)).toEqual([1]);
    expectSameRenders(taken.files[0]!.path, await cupsRendition(source, path.join(work, 'scan-cups.pdf')), 1);
  }, 120_000);

  it('a FaxOut job with two tel: destinations opens Compose with both recipients', async () => {
    const test = path.join(work, 'two-destinations.test');
    fs.writeFileSync(
      test,
      `{
  NAME "FaxOut job to two numbers"
  OPERATION Print-Job
  GROUP operation-attributes-tag
  ATTR charset attributes-charset utf-8
  ATTR language attributes-natural-language en
  ATTR uri printer-uri $uri
  ATTR name requesting-user-name faxdesk-test
  ATTR name job-name "Signed contract"
  ATTR mimetype document-format application/pdf
  GROUP job-attributes-tag
  ATTR collection destination-uris {
    MEMBER uri destination-uri tel:+1-212-555-0147
    MEMBER text destination-name "Ada Lovelace"
  },{
    MEMBER uri destination-uri tel:+44-20-7946-0000
  }
  FILE $filename
  STATUS successful-ok
}
`,
    );
    const source = path.join(work, 'contract.pdf');
    fs.writeFileSync(source, await sourcePdf(1));
    const before = fixture.events.filter(([n]) => n === 'compose:open').length;
    const result = await run('ipptool', ['-tf', source, `ipp://127.0.0.1:${port}/ipp/faxout`, test]);
    expect(result.out).toContain('[PASS]');
    await until(() => fixture.events.filter(([n]) => n === 'compose:open').length, (n) => n > before, 'the FaxOut job');
    const taken = await fixture.ok<PendingFiles>('desktop:takePendingFiles');
    expect(taken.files.map((f) => f.name)).toEqual(['Signed contract.pdf']);
    expect(taken.recipients).toEqual([{ number: '+12125550147', name: 'Ada Lovelace' }, { number: '+442079460000' }]);
  }, 120_000);

  it('lp -o phone= on the fax queue CUPS made gives Compose that number', async () => {
    const source = path.join(work, 'memo.pdf');
    fs.writeFileSync(source, await sourcePdf(1));
    // CUPS splits option values at spaces; it keeps 0-9 # * - + . ( ) and turns "," into a pause.
    const taken = await printAndTake(['-d', 'Faxdesk-Fax', '-o', 'phone=+1(646)555-0199', source]);
    expect(taken.files.map((f) => f.name)).toEqual(['memo.pdf']);
    expect(taken.recipients).toEqual([{ number: '+16465550199' }]);
  }, 120_000);

  it('"Remove it" removes both queues; turning the printer off leaves no queue, no listener and no printed file', async () => {
    const removed = await fixture.ok<FaxPrinterSystemReport>('faxPrinter:removeFromSystem', {});
    expect(removed).toMatchObject({ ok: true });
    expect((await run('lpstat', ['-v'])).out).not.toMatch(/Faxdesk/);

    expect((await fixture.ok<FaxPrinterSystemReport>('faxPrinter:addToSystem', {})).ok).toBe(true);
    expect((await run('lpstat', ['-v'])).out).toMatch(/Faxdesk/);
    await fixture.ok('settings:set', { faxPrinterEnabled: false });
    await until(() => run('lpstat', ['-v']), (r) => !/Faxdesk/.test(r.out), 'the queues to go');
    await until(() => fixture.ok<FaxPrinterView>('faxPrinter:get'), (v) => !v.listening, 'the printer to stop');
    const refused = await new Promise<string>((resolve) => net.connect(port, '127.0.0.1').on('connect', () => resolve('open')).on('error', () => resolve('refused')));
    expect(refused).toBe('refused');
    expect(fs.existsSync(path.join(fixture.dataDir, 'printed'))).toBe(false);
  }, 120_000);
});
