/**
 * outbox:image against the in-memory fax service: why there is no image before the fax is final, the
 * PDF of a final fax fetched once and kept under <dataDir>/sent/<account>/<faxId>.pdf, fetched again
 * when the kept file is damaged, a 404 said in words, and a file that cannot be kept still shown.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { SentImages, sentFileName, whyNoImage } from '../../../../src/main/outbox/sent-images';
import { silentLogger, type Logger } from '../../../../src/main/platform/logger';
import type { OutboundJob } from '../../../../src/shared/domain/history';
import type { OutboxImage } from '../../../../src/shared/ipc/contract/outbox';
import { ACCOUNT, harness, type Harness } from './support';

let h: Harness;
afterEach(async () => {
  await h?.cleanup();
});

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

/** Sends one fax and lets the service accept it; returns the job. */
async function accepted(number = '+1 212 555 0100'): Promise<OutboundJob> {
  const composeId = randomUUID();
  await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number, name: 'Records', company: '' }] }) });
  await h.module.outbox.drain();
  const [job] = h.module.outbox.outbound.listByCompose(composeId);
  expect(job!.faxId).not.toBeNull();
  return job!;
}

/** Lets the service finish the fax and the outbox record it. */
async function finished(job: OutboundJob, state: 'COMPLETED' | 'ERROR' | 'CANCELED', code: string | null = null): Promise<OutboundJob> {
  h.service.finish(job.faxId!, state, code);
  await h.module.outbox.trackNow();
  const after = h.module.outbox.outbound.get(job.id)!;
  expect(after.state).toBe(state);
  return after;
}

const unavailable = (image: OutboxImage) => {
  expect(image.kind).toBe('unavailable');
  return image.kind === 'unavailable' ? image.message : '';
};

describe('outbox:image before the fax has an image', () => {
  it('says why, without asking the service: scheduled, refused, still being sent, E07', async () => {
    h = await harness();
    const scheduledId = randomUUID();
    await h.module.outbox.send({ composeId: scheduledId, ...h.draft({ scheduledAt: new Date(h.timers.now() + 3_600_000).toISOString() }) });
    const [scheduled] = h.module.outbox.outbound.listByCompose(scheduledId);
    expect(unavailable(await h.module.outbox.image(scheduled!.id))).toBe(
      'This fax has not been sent yet, so there is no delivered image. It can be opened here once the fax service has sent it.',
    );

    h.service.script.push({ refuse: new AppError('VALIDATION', 'Bad request.', { httpStatus: 400 }) });
    const refusedId = randomUUID();
    await h.module.outbox.send({ composeId: refusedId, ...h.draft() });
    await h.module.outbox.drain();
    const [refused] = h.module.outbox.outbound.listByCompose(refusedId);
    expect(refused!.state).toBe('REJECTED');
    expect(unavailable(await h.module.outbox.image(refused!.id))).toMatch(/refused this fax before sending it/);

    const inFlight = await accepted();
    expect(unavailable(await h.module.outbox.image(inFlight.id))).toBe(
      'This fax is still being sent. Its delivered image can be opened here once the fax service has finished with it.',
    );

    const unrenderable = await finished(await accepted('+1 212 555 0111'), 'ERROR', 'E07');
    expect(unavailable(await h.module.outbox.image(unrenderable.id))).toMatch(/could not turn the documents into fax pages \(E07\)/);
    expect(h.service.imageCalls).toEqual([]);

    await expect(h.module.outbox.image('no-such-job')).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'jobId' });
  });

  it('has a sentence for every state without a fax ID', () => {
    const base = { faxId: null, phase: 'active', errorCode: null } as unknown as OutboundJob;
    for (const state of ['SCHEDULED', 'QUEUED', 'SUBMITTING', 'UNKNOWN', 'CANCELED', 'REJECTED'] as const) {
      expect(whyNoImage({ ...base, state })).toMatch(/^[A-Z].+\.$/);
    }
    expect(whyNoImage({ ...base, state: 'REJECTED', errorCode: 'NOT_SENT' })).toBe('The fax service never received this fax, so there is no delivered image.');
    expect(whyNoImage({ ...base, faxId: 'f1', state: 'CANCEL_REQUESTED' })).toMatch(/still being sent/);
    expect(whyNoImage({ ...base, faxId: 'f1', state: 'COMPLETED', phase: 'completed' })).toBeNull();
    expect(whyNoImage({ ...base, faxId: 'f1', state: 'ERROR', phase: 'failed', errorCode: 'E42' })).toBeNull();
  });
});

describe('outbox:image of a final fax', () => {
  it('fetches the PDF once, keeps it in the data folder, and serves the kept file after', async () => {
    h = await harness();
    const job = await finished(await accepted(), 'COMPLETED');
    const pdf = await onePagePdf();
    h.service.images.set(job.faxId!, pdf);

    const image = await h.module.outbox.image(job.id);
    expect(image).toMatchObject({ kind: 'pdf', jobId: job.id, faxId: job.faxId, bytes: pdf.byteLength, fileName: sentFileName(job) });
    expect(image.kind === 'pdf' && Buffer.from(image.base64, 'base64').equals(Buffer.from(pdf))).toBe(true);
    expect(sentFileName(job)).toMatch(/^fax-\d{4}-\d{2}-\d{2}-\d{4}-to-12125550100\.pdf$/);
    const kept = path.join(h.dir, 'sent', ACCOUNT, `${job.faxId}.pdf`);
    expect(fs.readFileSync(kept).equals(Buffer.from(pdf))).toBe(true);
    // No temporary file is left beside it.
    expect(fs.readdirSync(path.dirname(kept))).toEqual([`${job.faxId}.pdf`]);

    h.service.images.delete(job.faxId!);
    expect((await h.module.outbox.image(job.id)).kind).toBe('pdf');
    expect(h.service.imageCalls).toEqual([job.faxId]);

    // A kept file that was damaged (cut off) is fetched again.
    fs.writeFileSync(kept, Buffer.from(pdf).subarray(0, 100));
    h.service.images.set(job.faxId!, pdf);
    expect((await h.module.outbox.image(job.id)).kind).toBe('pdf');
    expect(h.service.imageCalls).toEqual([job.faxId, job.faxId]);
    expect(fs.readFileSync(kept).equals(Buffer.from(pdf))).toBe(true);
  });

  it('fetches a failed fax that was transmitted in part, and says so when the service has no image', async () => {
    h = await harness();
    const failed = await finished(await accepted(), 'ERROR', 'E42');
    h.service.images.set(failed.faxId!, await onePagePdf());
    expect((await h.module.outbox.image(failed.id)).kind).toBe('pdf');

    const cancelled = await finished(await accepted(), 'CANCELED');
    expect(unavailable(await h.module.outbox.image(cancelled.id))).toBe(
      'The fax service kept no image of this fax: it was cancelled before any page was transmitted.',
    );
    const gone = await finished(await accepted(), 'COMPLETED');
    expect(unavailable(await h.module.outbox.image(gone.id))).toBe('The fax service has no image of this fax any more (it may have been deleted there).');
    // Nothing is kept for those.
    expect(fs.readdirSync(path.join(h.dir, 'sent', ACCOUNT))).toEqual([`${failed.faxId}.pdf`]);
  });

  it('asks the service once when the image is asked for twice at the same time', async () => {
    h = await harness();
    const job = await finished(await accepted(), 'COMPLETED');
    h.service.images.set(job.faxId!, await onePagePdf());
    const [a, b] = await Promise.all([h.module.outbox.image(job.id), h.module.outbox.image(job.id)]);
    expect([a.kind, b.kind]).toEqual(['pdf', 'pdf']);
    expect(h.service.imageCalls).toHaveLength(1);
  });

  it('refuses an image that is not a PDF, and keeps nothing', async () => {
    h = await harness();
    const job = await finished(await accepted(), 'COMPLETED');
    h.service.images.set(job.faxId!, Buffer.from('II*\0 not a pdf'));
    await expect(h.module.outbox.image(job.id)).rejects.toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/not a readable PDF/) });
    expect(fs.existsSync(path.join(h.dir, 'sent', ACCOUNT, `${job.faxId}.pdf`))).toBe(false);
  });

  it('still shows the image when the data folder cannot keep it (disk full), and says so in the log', async () => {
    h = await harness();
    const job = await finished(await accepted(), 'COMPLETED');
    const pdf = await onePagePdf();
    h.service.images.set(job.faxId!, pdf);
    const warnings: string[] = [];
    const logger: Logger = { ...silentLogger, warn: (message) => void warnings.push(message) };
    const full = Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    const images = new SentImages({
      dataDir: h.dir,
      logger,
      accounts: { clientFor: async () => h.service, describe: () => ({ label: 'Office', enabled: true }) },
      fs: { ...fsp, open: (async (file: string, flags?: string) => (flags === 'wx' ? Promise.reject(full) : fsp.open(file, flags))) as typeof fsp.open },
    });
    const image = await images.image(job);
    expect(image).toMatchObject({ kind: 'pdf', bytes: pdf.byteLength });
    expect(warnings).toEqual(['outbox: the delivered image could not be kept in the data folder; it is fetched again next time']);
    expect(fs.existsSync(path.join(h.dir, 'sent', ACCOUNT, `${job.faxId}.pdf`))).toBe(false);
  });

  it('passes on a failure to reach the service as the error it is', async () => {
    let failure: AppError | null = null;
    h = await harness({ clientFails: () => failure });
    const job = await finished(await accepted(), 'COMPLETED');
    failure = new AppError('NETWORK', 'Faxdesk cannot reach the fax service. Check the connection.');
    await expect(h.module.outbox.image(job.id)).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
