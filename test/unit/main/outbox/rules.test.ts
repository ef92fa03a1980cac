import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { classifySendFailure } from '../../../../src/main/outbox/classify';
import { csvCell, csvRow, CSV_COLUMNS } from '../../../../src/main/outbox/csv';
import { matchesJob } from '../../../../src/main/outbox/reconciler';
import { buildTransmissionReport, clockDisagreement } from '../../../../src/main/outbox/report';
import { pdfPageTexts } from '../../../integration/emulator/helpers';
import { readStoredOptions, sendRequestFor } from '../../../../src/main/outbox/stored-compose';
import { assignFaxIds } from '../../../../src/main/outbox/submitter';
import { faxRequestBody } from '../../../../src/main/api/fax-request-body';
import { checkComposeDraft, ComposeDraftSchema, summarizeProblems } from '../../../../src/shared/domain/outbox';
import { composeIdOf, parseMarker } from '../../../../src/shared/domain/desk-marker';
import type { FaxEvent, OutboundJob } from '../../../../src/shared/domain/history';
import type { SendRequest, SentFax } from '../../../../src/shared/domain/fax';
import { harness, type Harness } from './support';

/** The POST /faxes body the API client would stream for this request, parsed. */
async function wireBody(request: SendRequest): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const chunk of faxRequestBody(request).chunks) parts.push(chunk);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
}

const NOW = new Date('2026-03-01T10:00:00.000Z');
const DOC = { id: 'a'.repeat(64), type: 'PDF', name: 'letter.pdf', pages: 2 };
const sizes = new Map([[DOC.id, 10_000]]);

function check(input: Parameters<typeof ComposeDraftSchema.parse>[0]) {
  return checkComposeDraft(ComposeDraftSchema.parse(input), { now: NOW, documentSizes: sizes });
}

const base = { accountId: 'acc', recipients: [{ number: '12125550100' }], documents: [DOC] };

describe('checkComposeDraft: every mistake names its field and the fix', () => {
  it('accepts a complete draft and normalises it', () => {
    const result = check({
      ...base,
      recipients: [{ number: '+1 (212) 555-0100', name: '  Records  ', company: 'Clinic' }],
      options: { resolution: 'STANDARD', billableRetries: 3, nonBillableRetries: 10, callerId: '212 555 0199', csid: 'FAXDESK', clientData: { clientMatter: ' M-1 ', billingCode: '' }, coverPage: { fromName: 'Me', subject: 'Hi', message: 'Line one\nLine two\n' }, header: { line_1: ['${DATE_TIME}', '${FAX_ID}'] } },
      scheduledAt: '2026-03-01T12:00:00+01:00',
    });
    expect(result.problems).toEqual([]);
    expect(result.value).toEqual({
      accountId: 'acc',
      recipients: [{ number: '12125550100', name: 'Records', company: 'Clinic' }],
      documents: [{ id: DOC.id, type: 'PDF', name: 'letter.pdf', pages: 2, size: 10_000 }],
      options: {
        resolution: 'STANDARD',
        billableRetries: 3,
        nonBillableRetries: 10,
        callerId: '12125550199',
        csid: 'FAXDESK',
        clientData: { clientMatter: 'M-1' },
        coverPage: { fromName: 'Me', subject: 'Hi', message: 'Line one\nLine two' },
        header: { line_1: ['${DATE_TIME}', '${FAX_ID}'] },
      },
      scheduledAt: '2026-03-01T11:00:00.000Z',
    });
  });

  it.each([
    [{ recipients: [] }, 'recipients', /Add at least one recipient/],
    [{ recipients: Array.from({ length: 51 }, (_, i) => ({ number: `1212555${String(1000 + i)}` })) }, 'recipients', /51 recipients.*at most 50.*Remove 1 recipient/],
    [{ recipients: [{ number: '12125550100' }, { number: '+1 212-555-0100' }] }, 'recipients.1.number', /same number as recipient 1/],
    [{ recipients: [{ number: 'call me' }] }, 'recipients.0.number', /Recipient 1: .*"c" is not allowed/],
    [{ recipients: [{ number: '12125550100', name: 'x'.repeat(201) }] }, 'recipients.0.name', /201 characters; the service accepts at most 200/],
    [{ documents: [] }, 'documents', /Attach at least one document/],
    [{ documents: Array.from({ length: 26 }, () => DOC) }, 'documents', /26 documents.*at most 25/],
    [{ documents: [{ ...DOC, id: 'b'.repeat(64) }] }, 'documents.0', /not in Faxdesk's data folder.*add the file again/],
    [{ documents: [{ ...DOC, type: 'EXE' }] }, 'documents.0', /cannot send/],
    [{ options: { resolution: 'ULTRA' } }, 'options.resolution', /STANDARD .* or FINE/],
    [{ options: { billableRetries: 0 } }, 'options.billableRetries', /whole number from 1 to 10 \(you gave 0\)/],
    [{ options: { nonBillableRetries: 11 } }, 'options.nonBillableRetries', /from 1 to 10/],
    [{ options: { callerId: '12' } }, 'options.callerId', /Caller ID: .*too short/],
    [{ options: { csid: 'x'.repeat(21) } }, 'options.csid', /21 characters; fax machines show at most 20/],
    [{ options: { csid: 'Ünïcode' } }, 'options.csid', /plain letters/],
    [{ options: { clientData: { clientReferenceId: 'x'.repeat(256) } } }, 'options.clientData.clientReferenceId', /Client reference is 256 characters/],
    [{ options: { coverPage: { fromName: 'a\nb' } } }, 'options.coverPage.fromName', /line break/],
    [{ options: { coverPage: { subject: 's'.repeat(501) } } }, 'options.coverPage.subject', /at most 500/],
    [{ options: { header: { line_1: ['${NOPE}'] } } }, 'options.header.line_1.0', /^Header: /],
    [{ options: { header: { line_1: [] } } }, 'options.header.line_1', /line_1 is empty/],
    [{ scheduledAt: '2026-03-01T08:00:00Z' }, 'scheduledAt', /in the past/],
    [{ scheduledAt: 'tomorrow' }, 'scheduledAt', /not a date and time/],
    [{ scheduledAt: '2028-03-01T08:00:00Z' }, 'scheduledAt', /more than a year away/],
    [{ accountId: '' }, 'accountId', /Choose the account/],
  ])('%# %o → %s', (patch, field, message) => {
    const result = check({ ...base, ...(patch as object) });
    expect(result.value).toBeUndefined();
    const problem = result.problems.find((p) => p.field === field);
    expect(problem, JSON.stringify(result.problems)).toBeDefined();
    expect(problem!.message).toMatch(message);
  });

  it('warns (without refusing) about a document attached twice and header values that will be cropped', () => {
    const result = check({ ...base, documents: [DOC, DOC], options: { header: { line_1: ['$TO_NUMBER'] } } });
    expect(result.problems).toEqual([]);
    expect(result.warnings.map((w) => w.field)).toEqual(['documents.1', 'options.header.line_1.0']);
  });

  it('a time a few seconds ago means now; one problem is said as is, several with a count', () => {
    expect(check({ ...base, scheduledAt: '2026-03-01T09:59:30Z' }).value?.scheduledAt).toBeNull();
    expect(summarizeProblems([{ field: 'a', message: 'Fix a.' }])).toBe('Fix a.');
    expect(summarizeProblems([{ field: 'a', message: 'Fix a.' }, { field: 'b', message: 'Fix b.' }])).toBe('2 things need fixing before this fax can be sent. First: Fix a.');
  });
});

describe('classifySendFailure: may the service have taken the fax?', () => {
  it.each([
    [new AppError('AUTH', 'no', { httpStatus: 401 }), 'hold'],
    [new AppError('AUTH', 'no', { httpStatus: 403 }), 'hold'],
    [new AppError('RATE_LIMITED', 'slow', { httpStatus: 429, retryAfterSeconds: 7 }), 'hold'],
    [new AppError('NETWORK', 'refused', { maybeDelivered: false }), 'hold'],
    [new AppError('VALIDATION', 'bad', { httpStatus: 400 }), 'rejected'],
    [new AppError('NOT_FOUND', 'x', { httpStatus: 404 }), 'rejected'],
    [new AppError('SERVICE', 'too big', { httpStatus: 413 }), 'rejected'],
    [new AppError('SERVICE', 'oops', { httpStatus: 500, maybeDelivered: true }), 'unknown'],
    [new AppError('SERVICE', 'gateway', { httpStatus: 504, maybeDelivered: true }), 'unknown'],
    [new AppError('TIMEOUT', 'slow', { maybeDelivered: true }), 'unknown'],
    [new AppError('NETWORK', 'reset', { maybeDelivered: true }), 'unknown'],
    [new AppError('BAD_RESPONSE', 'garbled', { httpStatus: 201, maybeDelivered: true }), 'unknown'],
    [new AppError('CANCELLED', 'stopped'), 'unknown'],
    [new Error('a bug'), 'unknown'],
  ])('%s → %s', (error, kind) => {
    expect(classifySendFailure(error).kind).toBe(kind);
  });

  it('keeps Retry-After and every service error item in the reason', () => {
    expect(classifySendFailure(new AppError('RATE_LIMITED', 'slow', { httpStatus: 429, retryAfterSeconds: 7 }))).toMatchObject({ retryAfterMs: 7000 });
    const rejected = classifySendFailure(
      new AppError('VALIDATION', 'The service refused the request (HTTP 400: "bad number").', {
        httpStatus: 400,
        serviceErrors: [{ userMessage: 'bad number' }, { elementName: 'fax_options.custom_CSID', userMessage: 'too long' }],
      }),
    );
    expect(rejected.reason).toBe('The service refused the request (HTTP 400: "bad number"). Also: fax_options.custom_CSID: too long.');
  });
});

describe('assignFaxIds', () => {
  const rows = [{ destination: '12125550100' }, { destination: '12125550101' }, { destination: '12125550102' }] as OutboundJob[];
  it('matches by destination number whatever the order, then by position, and leaves the rest unassigned', () => {
    expect(
      assignFaxIds(rows, {
        faxes: [
          { faxId: 'c', destinationFaxNumber: '+12125550102' },
          { faxId: 'a', destinationFaxNumber: '12125550100' },
        ],
      }),
    ).toEqual(['a', null, 'c']);
    expect(
      assignFaxIds(rows, {
        faxes: [
          { faxId: 'x', destinationFaxNumber: null },
          { faxId: 'y', destinationFaxNumber: null },
          { faxId: 'z', destinationFaxNumber: null },
        ],
      }),
    ).toEqual(['x', 'y', 'z']);
    expect(assignFaxIds(rows, { faxes: [{ faxId: 'q', destinationFaxNumber: '19995550000' }] })).toEqual([null, null, null]);
  });
});

describe('reconciliation matching', () => {
  const job = { destination: '12125550100', toName: 'Records', toCompany: 'Clinic' } as OutboundJob;
  const fax = (reference: string, toName = 'Records', destination = '12125550100'): SentFax =>
    ({
      faxId: randomUUID(),
      destinationNumber: destination,
      clientData: { clientReferenceId: reference },
      routing: { toName, toCompany: 'Clinic', subject: null, fromName: null, coverPageTags: [] },
    }) as unknown as SentFax;
  const owned = { reference: 'faxdesk:1', referenceOwned: true } as NonNullable<ReturnType<typeof readStoredOptions>>;
  const theirs = { reference: 'MATTER-7', referenceOwned: false } as NonNullable<ReturnType<typeof readStoredOptions>>;
  const C = '11111111-2222-4333-8444-555555555555';
  const mine = `faxdesk:${C}@0123456789abcdef Front desk (maria)`;
  const marked = { reference: mine, referenceOwned: true, referenceField: 'clientId' } as NonNullable<ReturnType<typeof readStoredOptions>>;
  const withData = (clientData: Record<string, string>, toName = 'Records'): SentFax => ({ ...fax('', toName), clientData }) as SentFax;

  it("Faxdesk's own marker is enough; the person's own reference must also agree on the recipient", () => {
    expect(matchesJob(job, owned, fax('faxdesk:1', 'Someone else'))).toBe(true);
    expect(matchesJob(job, owned, fax('faxdesk:2'))).toBe(false);
    expect(matchesJob(job, owned, fax('faxdesk:1', 'Records', '12125550199'))).toBe(false);
    expect(matchesJob(job, theirs, fax('MATTER-7'))).toBe(true);
    expect(matchesJob(job, theirs, fax('MATTER-7', 'Someone else'))).toBe(false);
  });

  it('a marker matches only in its own field and only exactly: another installation, or another desk with the same typed reference, never', () => {
    expect(matchesJob(job, marked, withData({ clientReferenceId: 'ACME-AP-2026', clientId: mine }))).toBe(true);
    expect(matchesJob(job, marked, withData({ clientReferenceId: 'ACME-AP-2026', clientId: mine.replace('0123456789abcdef', 'fedcba9876543210') }))).toBe(false);
    expect(matchesJob(job, marked, withData({ clientReferenceId: mine }))).toBe(false);
    expect(matchesJob(job, marked, withData({ clientReferenceId: 'ACME-AP-2026' }))).toBe(false);
    // A job an older Faxdesk keyed by the person's reference never takes a fax a marking desk sent.
    expect(matchesJob(job, theirs, withData({ clientReferenceId: 'MATTER-7', clientId: mine }))).toBe(false);
  });
});

describe('CSV', () => {
  it('quotes what needs quoting and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"\nthere')).toBe('"say ""hi""\nthere"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+123')).toBe("'+123");
    expect(csvCell(null)).toBe('');
    expect(csvCell(12)).toBe('12');
  });
});

describe('with stored jobs', () => {
  let h: Harness;
  afterEach(async () => h?.cleanup());

  it("keeps the person's client reference, leaves header_options out when null, and builds the POST from the stored documents", async () => {
    h = await harness();
    const composeId = randomUUID();
    await h.module.stop();
    await h.module.outbox.send({ composeId, ...h.draft({ options: { clientData: { clientReferenceId: 'MATTER-7', clientCode: 'C1' }, header: null } }) });
    const [job] = h.module.outbox.outbound.listByCompose(composeId);
    // The person's reference stays where they typed it; Faxdesk's marker takes the first empty field (Client ID).
    const marker = job!.clientData.clientId!;
    expect(parseMarker(marker)).toMatchObject({ composeId, installationId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(job!.clientData).toEqual({ clientReferenceId: 'MATTER-7', clientCode: 'C1', clientId: marker });
    expect(readStoredOptions(job!)).toMatchObject({ reference: marker, referenceOwned: true, referenceField: 'clientId', clientData: { clientReferenceId: 'MATTER-7', clientCode: 'C1' } });
    const wire = await wireBody(await sendRequestFor([job!], h.store));
    expect(wire.fax_options).toEqual({ image_resolution: 'FINE' });
    expect(wire.client_data).toEqual({ client_reference_id: 'MATTER-7', client_code: 'C1', client_id: marker });
    expect((wire.documents as { document_type: string; document_content: string }[])[0]).toEqual({
      document_type: 'TXT',
      document_content: Buffer.from('Faxdesk unit test\nOne page.\n').toString('base64'),
    });

    const withHeader = randomUUID();
    await h.module.outbox.send({
      composeId: withHeader,
      ...h.draft({ options: { header: { line_1: ['${FAX_ID}'], line_2: ['Attn: Records'] }, coverPage: { fromName: 'Me', subject: '', message: '' }, billableRetries: 4, callerId: '2125550199', csid: 'DESK' } }),
    });
    const wire2 = await wireBody(await sendRequestFor(h.module.outbox.outbound.listByCompose(withHeader), h.store));
    expect(wire2.fax_options).toEqual({
      image_resolution: 'FINE',
      include_cover_page: true,
      cover_page_options: { from_name: 'Me', subject: '', message: '' },
      retry_options: { billable: 4 },
      custom_CallerID: '12125550199',
      custom_CSID: 'DESK',
      header_options: { line_1: ['${FAX_ID}'], line_2: ['Attn: Records'] },
    });
    expect(Object.keys(wire2.client_data as object)).toEqual(['client_reference_id']);
    expect(composeIdOf({ clientReferenceId: (wire2.client_data as { client_reference_id: string }).client_reference_id })).toBe(withHeader);
  });

  it('a document gone from the store fails the job before any network call, saying what to do', async () => {
    h = await harness();
    await h.module.stop();
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft() });
    fs.rmSync(h.store.path(h.document.id));
    const restarted = await h.restart();
    await restarted.outbox.drain();
    const [job] = restarted.outbox.outbound.listByCompose(composeId);
    expect(job).toMatchObject({ state: 'REJECTED' });
    expect(job!.rejection).toMatch(/^Not sent: .*no longer in the data folder.*add the document again/);
    expect(h.service.posts).toHaveLength(0);
  });

  it('a row the sync imported for the same fax is merged into the job being reconciled', async () => {
    h = await harness();
    h.service.script.push({ lose: new AppError('TIMEOUT', 'slow', { maybeDelivered: true }) });
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    const [fax] = [...h.service.faxes.values()];
    h.service.finish(fax!.faxId, 'COMPLETED');
    // The sync saw the fax first and took it for one sent elsewhere.
    const imported = h.module.outbox.outbound.insertFromService({ accountId: 'acc-1', faxId: fax!.faxId, state: 'COMPLETED', destination: fax!.destination }, new Date());
    h.module.outbox.events.record({ ref: { direction: 'OUTBOUND', outboundId: imported.id }, at: '2026-03-01T10:00:05.000Z', source: 'sent-list', status: 'COMPLETED' }, new Date());
    await h.module.outbox.reconcileNow();
    const [job] = h.module.outbox.outbound.listByCompose(composeId);
    expect(job).toMatchObject({ state: 'COMPLETED', faxId: fax!.faxId });
    expect(h.module.outbox.outbound.get(imported.id)).toBeUndefined();
    expect(h.module.outbox.events.timeline({ direction: 'OUTBOUND', outboundId: job!.id }).map((e) => `${e.source}:${e.status}`)).toContain('sent-list:COMPLETED');
    expect(h.notified).toHaveLength(1);
  });

  it('the sync can hand a listed fax to the job that waits for it (claimFromSentList)', async () => {
    h = await harness();
    h.service.script.push({ lose: new AppError('SERVICE', '502', { httpStatus: 502, maybeDelivered: true }) });
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    const listed = (await h.service.listSent({})).items[0]!;
    expect(h.module.outbox.claimFromSentList('acc-1', { ...listed, clientData: { clientReferenceId: 'someone else' } })).toBe(false);
    expect(h.module.outbox.claimFromSentList('acc-1', listed)).toBe(true);
    expect(h.module.outbox.outbound.listByCompose(composeId)[0]).toMatchObject({ faxId: listed.faxId, state: 'NEW' });
  });

  it('writes a transmission report any PDF reader opens, to the data folder or a chosen full path', async () => {
    h = await harness();
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number: '12125550100', name: '山田 Ōkubo', company: 'ACME' }] }) });
    await h.module.outbox.drain();
    const [job] = h.module.outbox.outbound.listByCompose(composeId);
    const { pdf: bytes, missingCharacters } = await buildTransmissionReport({
      job: job!,
      accountLabel: 'Office',
      timeline: h.module.outbox.events.timeline({ direction: 'OUTBOUND', outboundId: job!.id }),
      attempts: [{ attemptNumber: 1, state: 'ERROR', rawStatus: 'ERROR', durationSeconds: 30, startedAt: '2026-03-01T10:00:00.000Z', endedAt: '2026-03-01T10:00:30.000Z', errorCode: 'E41', errorMessage: 'Busy' }],
      attemptsNote: null,
      resolution: 'FINE',
      generatedAt: new Date('2026-03-01T11:00:00.000Z'),
    });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(1);
    expect(missingCharacters).toEqual([]);
    expect(pdf.getTitle()).toContain(job!.faxId!);
    const file = path.join(h.dir, 'custom', 'report.pdf');
    const written = await h.module.outbox.report(job!.id, file);
    expect(written.file).toBe(file);
    expect(fs.statSync(file).size).toBe(written.bytes);
    await expect(h.module.outbox.report(job!.id, 'relative.pdf')).rejects.toMatchObject({ code: 'VALIDATION', field: 'destination' });
    const csv = await h.module.outbox.exportCsv({ destination: path.join(h.dir, 'out.csv') });
    if (csv.kind !== 'file') throw new Error('expected a file');
    const text = fs.readFileSync(csv.path, 'utf8');
    expect(text.startsWith(`\ufeff${CSV_COLUMNS.join(',')}`)).toBe(true);
    expect(text).toContain(csvRow(h.module.outbox.outbound.get(job!.id)!));
    expect(csv.rows).toBe(1);
  });

  it("writes the report in the computer's time zone (UTC in a footnote) with the timeline's words, and a confirmation with page 1 of the fax", { timeout: 30_000 }, async () => {
    h = await harness();
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    const [job] = h.module.outbox.outbound.listByCompose(composeId);
    const timeline: Omit<FaxEvent, 'ref' | 'recordedAt'>[] = [
      { id: 1, at: '2026-03-01T10:00:00.000Z', source: 'detail', status: 'IN_PROGRESS', detail: {} },
      { id: 2, at: '2026-03-01T10:00:30.000Z', source: 'detail', status: 'ATTEMPT_COMPLETED', detail: { attempt: 1, durationSeconds: 30 } },
      { id: 3, at: '2026-03-01T10:00:31.000Z', source: 'webhook', status: 'COMPLETED', detail: { faxId: 'F-1' } },
    ];
    const input = {
      job: { ...job!, state: 'COMPLETED' as const, completedAt: '2026-03-01T10:00:31.000Z' },
      accountLabel: 'Office',
      timeline: timeline.map((e): FaxEvent => ({ ...e, ref: { direction: 'OUTBOUND', outboundId: job!.id }, recordedAt: e.at })),
      attempts: [{ attemptNumber: 1, state: 'COMPLETED' as const, rawStatus: 'COMPLETED', durationSeconds: 30, startedAt: '2026-03-01T10:00:00.000Z', endedAt: '2026-03-01T10:00:30.000Z', errorCode: null, errorMessage: null }],
      attemptsNote: null,
      resolution: 'FINE',
      generatedAt: new Date('2026-03-01T11:00:00.000Z'),
      timeZone: 'Asia/Tokyo',
    };
    const text = (await pdfPageTexts((await buildTransmissionReport(input)).pdf)).join(' ').replace(/\s+/g, ' ');
    expect(text).toContain('Completed 2026-03-01 19:00:31 GMT+9');
    expect(text).toContain("Times are in this computer's time zone, Asia/Tokyo (UTC+09:00)");
    expect(text).toContain('Times in UTC: Created');
    expect(text).toContain('Completed 2026-03-01 10:00:31 UTC');
    for (const words of ['Sending', 'Attempt 1 delivered', 'Lasted 30 s', 'Delivered', 'transmission detail', 'webhook']) expect(text).toContain(words);
    expect(text).not.toMatch(/ATTEMPT_COMPLETED|IN_PROGRESS|faxId:/);

    const fax = await PDFDocument.create();
    const font = await fax.embedFont(StandardFonts.Helvetica);
    fax.addPage([612, 792]).drawText('Page one of the delivered fax', { x: 72, y: 700, size: 14, font });
    fax.addPage([612, 792]).drawText('Page two of the delivered fax', { x: 72, y: 700, size: 14, font });
    const [first] = await pdfPageTexts((await buildTransmissionReport({ ...input, confirmation: { deliveredPdf: await fax.save() } })).pdf);
    expect(first).toContain('Fax delivery confirmation');
    expect(first).toContain('Page one of the delivered fax');
    expect(first).not.toContain('Page two');
  });
});

describe('clockDisagreement: the report says when the service finished "before" Faxdesk submitted', () => {
  const createdAt = '2026-03-01T10:00:00.000Z';
  it('is silent when the times fall in order, or the fax is not complete', () => {
    expect(clockDisagreement({ createdAt, submittedAt: '2026-03-01T10:00:01.000Z', completedAt: '2026-03-01T10:00:40.000Z' })).toBeNull();
    expect(clockDisagreement({ createdAt, submittedAt: '2026-03-01T10:00:01.000Z', completedAt: '2026-03-01T10:00:01.000Z' })).toBeNull();
    expect(clockDisagreement({ createdAt, submittedAt: null, completedAt: null })).toBeNull();
  });
  it('names the clocks and the least difference when the service is behind this computer', () => {
    const note = clockDisagreement({ createdAt, submittedAt: '2026-03-01T10:05:00.000Z', completedAt: '2026-03-01T10:03:59.500Z' });
    expect(note).toContain("Completed is the fax service's");
    expect(note).toContain('61 s before Faxdesk submitted');
    expect(clockDisagreement({ createdAt, submittedAt: null, completedAt: '2026-03-01T09:59:58.000Z' })).toContain('2 s before Faxdesk created');
  });
});
