import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { csvRow, CSV_COLUMNS } from '../../../../src/main/outbox/csv';
import { buildTransmissionReport, clockDisagreement } from '../../../../src/main/outbox/report';
import { pdfPageTexts } from '../../../integration/emulator/helpers';
import type { FaxEvent } from '../../../../src/shared/domain/history';
import { harness, type Harness } from './support';

describe('with stored jobs', () => {
  let h: Harness;
  afterEach(async () => h?.cleanup());

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
