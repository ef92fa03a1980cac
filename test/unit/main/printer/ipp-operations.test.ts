/**
 * The IPP printer's operations and their attribute checks (ipp-operations.ts), over real HTTP on
 * 127.0.0.1 driven by a small IPP client: what it says of itself, FaxOut destinations, and the
 * statuses it refuses with (unsupported formats, compression, wrong syntax, not ready).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GroupTag, ValueTag } from '../../../../src/main/printer/ipp/encoding';
import type { PrinterReadiness } from '../../../../src/main/printer/ipp-operations';
import { boolean, collection, integer, keyword, mimeType, nameAttr, Operation, Status, text, uri } from './fixtures/ipp-values';
import { attr, ippRequest, operationGroup, value } from './fixtures/ipp-client';
import { pdf, printerUnderTest, printJob } from './fixtures/printer-under-test';

let readiness: PrinterReadiness = { ok: true };
const { printer, jobs } = printerUnderTest({ readiness: async () => readiness });
let print = '';
let faxout = '';

beforeAll(() => {
  print = printer.uri('print');
  faxout = printer.uri('faxout');
});
beforeEach(() => {
  readiness = { ok: true };
});

describe('the IPP printer', () => {
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
  });

  it('refuses a wrong value syntax of a job attribute as a bad request', async () => {
    const answer = await ippRequest(print, Operation.ValidateJob, [operationGroup(print), { tag: GroupTag.job, attributes: [{ name: 'copies', values: [{ tag: ValueTag.keyword, value: 'two' }] }] }]);
    expect(answer.message!.code).toBe(Status.badRequest);
  });
});
