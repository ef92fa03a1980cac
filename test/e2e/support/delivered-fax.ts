/** A fax sent through the Sandbox and followed to Delivered (its clock moved on), for tests of what a delivered fax offers. */
import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import { makePdf } from '../../integration/outbox/support';
import { coreCaller } from './app';
import { WAIT, type SandboxSession } from './sandbox-session';

/** Sends a 2-page invoice to +1 212 555 0100 (Records, Harbor Clinic) and returns its job id once it is delivered. */
export async function sendDeliveredInvoice(session: SandboxSession): Promise<string> {
  const call = coreCaller(() => session.harness);
  const added = await call('compose:addBytes', { name: 'invoice-4411.pdf', base64: Buffer.from(await makePdf(2, 'Invoice 4411 for Analytical Engines')).toString('base64') });
  const doc = added.documents[0]!;
  const sent = await call('compose:send', {
    composeId: randomUUID(),
    accountId: 'sandbox',
    recipients: [{ number: '+1 212 555 0100', name: 'Records', company: 'Harbor Clinic' }],
    documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }],
    options: { resolution: 'FINE', coverPage: null, header: null },
  });
  const jobId = sent.jobs[0]!.id;
  await vi.waitFor(async () => expect((await call('outbox:get', { jobId, refresh: false })).job.faxId).not.toBeNull(), WAIT);
  for (let i = 0; i < 20 && (await call('outbox:get', { jobId, refresh: true })).job.state !== 'COMPLETED'; i++) await session.advance(5_000);
  expect((await call('outbox:get', { jobId, refresh: false })).job.state).toBe('COMPLETED');
  return jobId;
}
