/**
 * The IPP printer's job life cycle (print-jobs.ts), over real HTTP on 127.0.0.1 driven by a small IPP
 * client: documents received and handed to Compose as PDF, damaged ones refused with nothing left in
 * the spool, Create-Job with Send-Document and Close-Job, Cancel-Job, and the document time-out.
 */
import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { GroupTag } from '../../../../src/main/printer/ipp/encoding';
import { JobRefused } from '../../../../src/main/printer/print-jobs';
import { boolean, integer, keyword, mimeType, nameAttr, Operation, rangeList, Status } from './fixtures/ipp-values';
import { ippRequest, operationGroup, value } from './fixtures/ipp-client';
import { samplePage, writePwg, writeUrf } from './fixtures/raster-writer';
import { pdf, printerUnderTest, printJob } from './fixtures/printer-under-test';

let refuseNext: string | null = null;
const { printer, jobs, leftovers } = printerUnderTest({
  beforeTake: () => {
    if (refuseNext) {
      const message = refuseNext;
      refuseNext = null;
      throw new JobRefused(message);
    }
  },
  documentTimeoutMs: 300,
});
let print = '';

beforeAll(() => {
  print = printer.uri('print');
});

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

  describe('refuses, with the status that says why, and stays up with nothing half-made', () => {
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

    it('a job Compose cannot take after all is aborted with the reason, its PDF removed', async () => {
      refuseNext = 'Faxdesk is closing.';
      const answer = await printJob(print, await pdf(1));
      expect(answer.message!.code).toBe(Status.notAcceptingJobs);
      expect(value(answer.message, 'job-state')).toBe(8);
      expect(leftovers()).toEqual([]);
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
});
