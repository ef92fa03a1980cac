/**
 * outbox:image against the emulator over HTTP: a delivered fax's image is the PDF the service made of
 * it, with the custom header stamped, kept in the data folder and not fetched twice; a fax the service
 * could not render (E07), one refused before sending (4xx) and one still in flight have no image, and
 * say why without asking the service.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboundJob } from '../../../src/shared/domain/history';
import { pdfPageTexts } from '../emulator/helpers';
import { ACCOUNT, runUntil, startOutboxFixture, type OutboxFixture } from './support';

let f: OutboxFixture;
beforeAll(async () => {
  f = await startOutboxFixture();
});
afterAll(async () => {
  await f?.stop();
});

/** GET /faxes/{id}/image requests the emulator served. */
const imageRequests = () => f.emulator.control.requests().filter((r) => r.method === 'GET' && /^\/api\/faxes\/[^/]+\/image(\?|$)/.test(r.path)).length;

async function send(number: string, header: { line_1: string[] } | null = null): Promise<string> {
  const composeId = randomUUID();
  await f.module.outbox.send({ composeId, ...f.draft({ recipients: [{ number, name: 'Records', company: 'Clinic' }], options: { header } }) });
  await f.module.outbox.drain();
  return f.module.outbox.outbound.listByCompose(composeId)[0]!.id;
}

const job = (id: string): OutboundJob => f.module.outbox.outbound.get(id)!;

describe('outbox:image against the Sandbox', () => {
  it("returns a delivered fax's image as a PDF with the header the service printed, kept after the first fetch", async () => {
    const id = await send('12125550100', { line_1: ['ACME LEGAL', '${TO_NUMBER}'] });
    expect(job(id).faxId).not.toBeNull();
    await runUntil(f, () => job(id).state === 'COMPLETED', 2_000);
    const before = imageRequests();

    const image = await f.module.outbox.image(id);
    if (image.kind !== 'pdf') throw new Error(`expected a PDF: ${image.message}`);
    expect(image).toMatchObject({ jobId: id, faxId: job(id).faxId, fileName: expect.stringMatching(/^fax-.+-to-12125550100\.pdf$/) });
    const bytes = Buffer.from(image.base64, 'base64');
    expect(bytes.byteLength).toBe(image.bytes);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [first] = await pdfPageTexts(bytes);
    expect(first).toContain('ACME LEGAL');
    expect(first).toContain('12125550100');
    expect(imageRequests() - before).toBe(1);

    const kept = path.join(f.dir, 'sent', ACCOUNT, `${job(id).faxId}.pdf`);
    expect(fs.readFileSync(kept).equals(bytes)).toBe(true);
    // The next look reads the kept file.
    const again = await f.module.outbox.image(id);
    expect(again.kind === 'pdf' && again.base64).toBe(image.base64);
    expect(imageRequests() - before).toBe(1);
  });

  it('says a fax that failed before transmission (E07) has no image, without asking the service', async () => {
    const id = await send('12125550111');
    await runUntil(f, () => job(id).phase !== 'active', 2_000);
    expect(job(id)).toMatchObject({ state: 'ERROR', errorCode: 'E07' });
    const before = imageRequests();
    const image = await f.module.outbox.image(id);
    expect(image).toEqual({
      kind: 'unavailable',
      jobId: id,
      message: 'The fax service could not turn the documents into fax pages (E07), so no image of this fax exists. Check the documents, then send it again.',
    });
    expect(imageRequests()).toBe(before);
    // Indeed the service has none.
    await expect(f.client.getImage(job(id).faxId!, 'PDF')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('says a refused fax and one still in flight have no image yet', async () => {
    const fault = f.emulator.control.addFault({ route: 'POST /faxes', kind: 'status', status: 400, count: 1 });
    const refused = await send('12125550100');
    f.emulator.control.removeFault(fault.id);
    expect(job(refused).state).toBe('REJECTED');
    expect(await f.module.outbox.image(refused)).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/refused this fax before sending it/) });

    const slow = await send('12125550113');
    await f.emulator.control.advance(3_000);
    await f.module.outbox.trackNow();
    expect(job(slow).state).toBe('IN_PROGRESS');
    const before = imageRequests();
    expect(await f.module.outbox.image(slow)).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/still being sent/) });
    expect(imageRequests()).toBe(before);
  });
});
