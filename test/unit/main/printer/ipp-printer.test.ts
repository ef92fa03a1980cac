/**
 * The IPP printer over real HTTP on 127.0.0.1, driven by a small IPP client: operations, status
 * codes, and every refusal (malformed IPP, oversized and damaged documents, not ready, requests a
 * browser could make) leaving the printer up and nothing half-made in its spool.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GroupTag, ValueTag } from '../../../../src/main/printer/ipp/encoding';
import { IppPrinter, JobRefused, type FinishedPrintJob, type PrinterReadiness } from '../../../../src/main/printer/ipp-printer';
import { boolean, collection, integer, keyword, mimeType, nameAttr, Operation, rangeList, Status, text, uri } from './fixtures/ipp-values';
import { attr, ippRequest, operationGroup, postIpp, value } from './fixtures/ipp-client';
import { samplePage, writePwg, writeUrf } from './fixtures/raster-writer';

const spool = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-ipp-unit-'));
const jobs: FinishedPrintJob[] = [];
let readiness: PrinterReadiness = { ok: true };
let refuseNext: string | null = null;
const printer = new IppPrinter({
  port: 0,
  spoolDir: spool,
  uuidSeed: 'unit',
  maxJobBytes: 2 * 1024 * 1024,
  readiness: async () => readiness,
  onJob: async (job) => {
    if (refuseNext) {
      const message = refuseNext;
      refuseNext = null;
      throw new JobRefused(message);
    }
    const kept = path.join(spool, `kept-${job.jobId}.pdf`);
    fs.renameSync(job.pdfPath, kept);
    jobs.push({ ...job, pdfPath: kept });
  },
  logger: { debug() {}, info() {}, warn() {}, error() {} },
  documentTimeoutMs: 300,
});
let print = '';
let faxout = '';

async function pdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 72, y: 700 });
  return Buffer.from(await doc.save());
}

/** Files left in the spool besides the kept results: none may be left by a refused job. */
function leftovers(): string[] {
  const incoming = path.join(spool, '.incoming');
  return fs.existsSync(incoming) ? fs.readdirSync(incoming) : [];
}

beforeAll(async () => {
  await printer.listen();
  print = printer.uri('print');
  faxout = printer.uri('faxout');
});
afterAll(async () => {
  await printer.close();
  fs.rmSync(spool, { recursive: true, force: true });
});
beforeEach(() => {
  jobs.length = 0;
  readiness = { ok: true };
});

const printJob = (target: string, data: Buffer, more: Parameters<typeof operationGroup>[1][] = [], job: ReturnType<typeof keyword>[] = []) =>
  ippRequest(target, Operation.PrintJob, [operationGroup(target, nameAttr('requesting-user-name', 'ada'), ...more), ...(job.length ? [{ tag: GroupTag.job, attributes: job }] : [])], data);

describe('the IPP printer', () => {
  it('prints a PDF: one job, completed, the PDF as sent, named from job-name', async () => {
    const answer = await printJob(print, await pdf(3), [nameAttr('job-name', 'Invoice 42.docx'), mimeType('document-format', 'application/pdf')]);
    expect(answer.message!.code).toBe(Status.ok);
    expect(value(answer.message, 'job-state')).toBe(9);
    expect(jobs).toHaveLength(1);
    // A PDF passes through as it came; Compose counts its pages when it adds it.
    expect(jobs[0]).toMatchObject({ service: 'print', name: 'Invoice 42.docx', user: 'ada', pages: null, format: 'application/pdf', recipients: [] });
    expect((await PDFDocument.load(fs.readFileSync(jobs[0]!.pdfPath))).getPageCount()).toBe(3);
  });

  it('keeps only the page-ranges asked for', async () => {
    const answer = await printJob(print, await pdf(5), [], [rangeList('page-ranges', [{ lower: 2, upper: 3 }, { lower: 5, upper: 9 }])]);
    expect(answer.message!.code).toBe(Status.ok);
    expect(jobs[0]!.pages).toBe(3);
  });

  it('reads PWG raster, Apple raster and JPEG, and recognises them when the format is left to the printer', async () => {
    const page = samplePage('sgray_8', 150, 2, 2);
    for (const [format, data] of [
      ['image/pwg-raster', writePwg([page, page])],
      ['image/urf', writeUrf([page])],
      ['application/octet-stream', writePwg([page])],
    ] as const) {
      const answer = await printJob(print, data, [mimeType('document-format', format)]);
      expect(answer.message!.code, format).toBe(Status.ok);
    }
    expect(jobs.map((j) => [j.format, j.pages])).toEqual([
      ['image/pwg-raster', 2],
      ['image/urf', 1],
      ['image/pwg-raster', 1],
    ]);
  });

  it('takes a FaxOut job by Create-Job and Send-Document, with its tel: destinations and names', async () => {
    const created = await ippRequest(faxout, Operation.CreateJob, [
      operationGroup(faxout, nameAttr('job-name', 'Offer')),
      {
        tag: GroupTag.job,
        attributes: [
          collection('destination-uris', [
            [uri('destination-uri', 'tel:+1-212-555-0147'), text('destination-name', 'Ada Lovelace')],
            [uri('destination-uri', 'tel:4055551212')],
          ]),
        ],
      },
    ]);
    expect(created.message!.code).toBe(Status.ok);
    const jobId = value(created.message, 'job-id') as number;
    expect(value(created.message, 'job-state')).toBe(3);
    const sent = await ippRequest(faxout, Operation.SendDocument, [operationGroup(faxout, integer('job-id', jobId), boolean('last-document', true), mimeType('document-format', 'application/pdf'))], await pdf(1));
    expect(sent.message!.code).toBe(Status.ok);
    expect(jobs[0]!.recipients).toEqual([{ number: '+12125550147', name: 'Ada Lovelace' }, { number: '4055551212' }]);
    const state = await ippRequest(faxout, Operation.GetJobAttributes, [operationGroup(faxout, integer('job-id', jobId))]);
    expect(value(state.message, 'job-state')).toBe(9);
    expect(value(state.message, 'job-state-message')).toMatch(/Compose/);
  });

  it('answers a FaxOut job with the destinations it ignored when they are not telephone numbers, and still takes the job', async () => {
    const mixed = await ippRequest(faxout, Operation.ValidateJob, [
      operationGroup(faxout),
      { tag: GroupTag.job, attributes: [collection('destination-uris', [[uri('destination-uri', 'tel:4055551212')], [uri('destination-uri', 'ipp://11.22.33.44/ipp/print')]])] },
    ]);
    expect(mixed.message!.code).toBe(Status.okIgnoredOrSubstituted);
    expect(attr(mixed.message, 'destination-uris', GroupTag.unsupported)).toBeDefined();
    const none = await ippRequest(faxout, Operation.PrintJob, [operationGroup(faxout), { tag: GroupTag.job, attributes: [collection('destination-uris', [[uri('destination-uri', 'mailto:a@b.c')]])] }], await pdf(1));
    expect(none.message!.code).toBe(Status.okIgnoredOrSubstituted);
    expect(jobs.map((j) => j.recipients)).toEqual([[]]);
  });

  it('describes itself as IPP Everywhere and, on /ipp/faxout, as a FaxOut service', async () => {
    const all = await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print)]);
    expect(attr(all.message, 'ipp-features-supported')!.values.map((v) => v.value)).toEqual(['ipp-everywhere']);
    expect(attr(all.message, 'media-col-database')).toBeUndefined();
    const fax = await ippRequest(faxout, Operation.GetPrinterAttributes, [operationGroup(faxout, keyword('requested-attributes', ['ipp-features-supported', 'destination-uri-schemes-supported', 'media-col-database']))]);
    expect(attr(fax.message, 'ipp-features-supported')!.values.map((v) => v.value)).toContain('faxout');
    expect(value(fax.message, 'destination-uri-schemes-supported')).toBe('tel');
    expect(attr(fax.message, 'media-col-database')).toBeDefined();
    expect(attr(fax.message, 'printer-name')).toBeUndefined();
  });

  describe('refuses, with the status that says why, and stays up with nothing half-made', () => {
    it('malformed IPP', async () => {
      for (const body of [Buffer.from('GET / HTTP/1.1'), Buffer.from([2, 0, 0, 0x0b, 0, 0, 0, 1, 1, 0x22, 0, 1, 0x61, 0, 1, 9, 3]), Buffer.from([2, 0, 0, 0x0b, 0, 0, 0, 1, 1, 0x44]), Buffer.alloc(0)]) {
        const answer = await postIpp(print, body);
        expect(answer.message!.code).toBe(Status.badRequest);
        expect(value(answer.message, 'status-message')).toMatch(/not a valid IPP message/);
      }
      const wrongSyntax = await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print, integer('requested-attributes', 3))]);
      expect(wrongSyntax.message!.code).toBe(Status.badRequest);
      const unknownOp = await ippRequest(print, 0x4001, [operationGroup(print)]);
      expect(unknownOp.message!.code).toBe(Status.operationNotSupported);
      const wrongPrinter = await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print.replace('/ipp/print', '/ipp/other'))]);
      expect(wrongPrinter.message!.code).toBe(Status.notFound);
      expect((await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print)])).message!.code).toBe(Status.ok);
    });

    it('a job over the size limit, announced or not', async () => {
      const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
      const announced = await printJob(print, big, [integer('job-k-octets', 3072)]);
      expect(announced.message!.code).toBe(Status.requestEntityTooLarge);
      async function* trickle() {
        const { encodeIppMessage } = await import('../../../../src/main/printer/ipp/encoding');
        yield encodeIppMessage({ version: { major: 2, minor: 0 }, code: Operation.PrintJob, requestId: 5, groups: [operationGroup(print, mimeType('document-format', 'application/pdf'))] });
        yield Buffer.from('%PDF-1.4\n');
        for (let i = 0; i < 40; i++) yield Buffer.alloc(100 * 1024, 0x20);
      }
      const streamed = await postIpp(print, trickle(), { 'Transfer-Encoding': 'chunked' });
      expect(streamed.message!.code).toBe(Status.requestEntityTooLarge);
      expect(jobs).toHaveLength(0);
      expect(leftovers()).toEqual([]);
    });

    it('truncated and damaged rasters, a PDF cut off, a file that is none of the formats', async () => {
      const raster = writePwg([samplePage('sgray_8', 150, 2, 2)]);
      const cases: [string, Buffer, RegExp][] = [
        ['image/pwg-raster', raster.subarray(0, raster.byteLength - 50), /PWG raster .* is damaged: the raster is cut off in page 1/],
        ['image/urf', writeUrf([samplePage('sgray_8', 150, 1, 1)], 2), /Apple raster .* announced 2 pages but has 1/],
        ['application/pdf', (await pdf(2)).subarray(0, 400), /did not arrive as a whole PDF: the file is cut off/],
        ['application/pdf', Buffer.from('%!PS-Adobe-3.0 not a PDF at all'), /did not arrive as a whole PDF: it does not start with a PDF header/],
        ['application/octet-stream', Buffer.from('hello, this is plain text and not a document format Faxdesk reads'.repeat(30)), /not a PDF, PWG raster, Apple raster or JPEG/],
        ['image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]), /damaged|JPEG/],
      ];
      for (const [format, data, reason] of cases) {
        const answer = await printJob(print, data, [mimeType('document-format', format)]);
        expect(answer.message!.code, format).toBe(Status.documentFormatError);
        expect(value(answer.message, 'status-message'), format).toMatch(reason);
        expect(value(answer.message, 'job-state'), format).toBe(8);
      }
      expect(jobs).toHaveLength(0);
      expect(leftovers()).toEqual([]);
    });

    it('an unsupported document format or compression', async () => {
      expect((await printJob(print, Buffer.from('%!PS'), [mimeType('document-format', 'application/postscript')])).message!.code).toBe(Status.documentFormatNotSupported);
      expect((await printJob(print, await pdf(1), [keyword('compression', 'compress')])).message!.code).toBe(Status.compressionNotSupported);
      const damaged = await printJob(print, Buffer.from('not gzip at all'), [keyword('compression', 'gzip')]);
      expect(damaged.message!.code).toBe(Status.compressionError);
    });

    it('while Faxdesk has no account, or is locked', async () => {
      readiness = { ok: false, status: 'not-accepting', message: 'Faxdesk has no fax account to send from.' };
      const noAccount = await printJob(print, await pdf(1));
      expect(noAccount.message!.code).toBe(Status.notAcceptingJobs);
      expect(value(noAccount.message, 'status-message')).toMatch(/no fax account/);
      const described = await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print, keyword('requested-attributes', ['printer-is-accepting-jobs', 'printer-state-message']))]);
      expect(value(described.message, 'printer-is-accepting-jobs')).toBe(false);
      expect(value(described.message, 'printer-state-message')).toMatch(/no fax account/);
      readiness = { ok: false, status: 'unavailable', message: 'Faxdesk is locked.' };
      expect((await printJob(print, await pdf(1))).message!.code).toBe(Status.serviceUnavailable);
      expect((await ippRequest(faxout, Operation.CreateJob, [operationGroup(faxout)])).message!.code).toBe(Status.serviceUnavailable);
      expect(jobs).toHaveLength(0);
    });

    it('a job Compose cannot take after all is aborted with the reason, its PDF removed', async () => {
      refuseNext = 'Faxdesk is closing.';
      const answer = await printJob(print, await pdf(1));
      expect(answer.message!.code).toBe(Status.notAcceptingJobs);
      expect(value(answer.message, 'job-state')).toBe(8);
      expect(leftovers()).toEqual([]);
    });

    it('requests a web page could make: another Host, an Origin, another content type', async () => {
      const body = (await ippRequest(print, Operation.GetPrinterAttributes, [operationGroup(print)])).body;
      expect(body.byteLength).toBeGreaterThan(0);
      const { encodeIppMessage } = await import('../../../../src/main/printer/ipp/encoding');
      const request = encodeIppMessage({ version: { major: 2, minor: 0 }, code: Operation.GetPrinterAttributes, requestId: 1, groups: [operationGroup(print)] });
      expect((await postIpp(print, request, { Host: 'evil.example:8631' })).httpStatus).toBe(403);
      expect((await postIpp(print, request, { Origin: 'https://evil.example' })).httpStatus).toBe(403);
      expect((await postIpp(print, request, { 'Content-Type': 'text/plain' })).httpStatus).toBe(400);
      expect((await postIpp(print, request, { Host: `localhost:${printer.port}` })).message!.code).toBe(Status.ok);
    });
  });

  describe('jobs', () => {
    it('Send-Document needs last-document; a second document is refused; Close-Job ends a job', async () => {
      const created = await ippRequest(print, Operation.CreateJob, [operationGroup(print)]);
      const jobId = value(created.message, 'job-id') as number;
      const noLast = await ippRequest(print, Operation.SendDocument, [operationGroup(print, integer('job-id', jobId))], await pdf(1));
      expect(noLast.message!.code).toBe(Status.badRequest);
      const first = await ippRequest(print, Operation.SendDocument, [operationGroup(print, integer('job-id', jobId), boolean('last-document', false))], await pdf(2));
      expect(first.message!.code).toBe(Status.ok);
      const second = await ippRequest(print, Operation.SendDocument, [operationGroup(print, integer('job-id', jobId), boolean('last-document', true))], await pdf(1));
      expect(second.message!.code).toBe(Status.multipleDocumentJobsNotSupported);
      const closed = await ippRequest(print, Operation.CloseJob, [operationGroup(print, integer('job-id', jobId))]);
      expect(closed.message!.code).toBe(Status.ok);
      expect(jobs).toHaveLength(1);
      expect((await PDFDocument.load(fs.readFileSync(jobs[0]!.pdfPath))).getPageCount()).toBe(2);
    });

    it('Cancel-Job cancels a waiting job and refuses a finished one; Get-Jobs lists by state', async () => {
      const created = await ippRequest(print, Operation.CreateJob, [operationGroup(print, nameAttr('requesting-user-name', 'bob'))]);
      const waiting = value(created.message, 'job-id') as number;
      const pending = await ippRequest(print, Operation.GetJobs, [operationGroup(print, keyword('requested-attributes', ['job-id', 'job-state']))]);
      expect(pending.message!.groups.filter((g) => g.tag === GroupTag.job).map((g) => g.attributes[0]!.values[0]!.value)).toContain(waiting);
      expect((await ippRequest(print, Operation.CancelJob, [operationGroup(print, integer('job-id', waiting))])).message!.code).toBe(Status.ok);
      expect((await ippRequest(print, Operation.CancelJob, [operationGroup(print, integer('job-id', waiting))])).message!.code).toBe(Status.notPossible);
      expect((await ippRequest(print, Operation.CancelJob, [operationGroup(print, integer('job-id', 1))])).message!.code).toBe(Status.notFound);
      const completed = await ippRequest(print, Operation.GetJobs, [operationGroup(print, keyword('which-jobs', 'completed'), keyword('requested-attributes', ['job-id', 'job-state']))]);
      const states = completed.message!.groups.filter((g) => g.tag === GroupTag.job).map((g) => g.attributes.find((a) => a.name === 'job-state')!.values[0]!.value);
      expect(states).toContain(7);
      expect(states.every((s) => (s as number) >= 7)).toBe(true);
      const sendAfterCancel = await ippRequest(print, Operation.SendDocument, [operationGroup(print, integer('job-id', waiting), boolean('last-document', true))], await pdf(1));
      expect(sendAfterCancel.message!.code).toBe(Status.notPossible);
      expect(jobs).toHaveLength(0);
    });

    it('a Create-Job whose document never comes is aborted after multiple-operation-time-out', async () => {
      const created = await ippRequest(print, Operation.CreateJob, [operationGroup(print)]);
      const jobId = value(created.message, 'job-id') as number;
      await new Promise((r) => setTimeout(r, 500));
      const state = await ippRequest(print, Operation.GetJobAttributes, [operationGroup(print, integer('job-id', jobId), keyword('requested-attributes', ['job-state']))]);
      expect(value(state.message, 'job-state')).toBe(8);
    });
  });

  it('refuses a wrong value syntax of a job attribute as a bad request', async () => {
    const answer = await ippRequest(print, Operation.ValidateJob, [operationGroup(print), { tag: GroupTag.job, attributes: [{ name: 'copies', values: [{ tag: ValueTag.keyword, value: 'two' }] }] }]);
    expect(answer.message!.code).toBe(Status.badRequest);
  });
});
