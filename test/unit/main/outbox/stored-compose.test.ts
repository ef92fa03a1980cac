import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredOptions, sendRequestFor } from '../../../../src/main/outbox/stored-compose';
import { faxRequestBody } from '../../../../src/main/api/fax-request-body';
import { composeIdOf, parseMarker } from '../../../../src/shared/domain/desk-marker';
import type { SendRequest } from '../../../../src/shared/domain/fax';
import { harness, type Harness } from './support';

/** The POST /faxes body the API client would stream for this request, parsed. */
async function wireBody(request: SendRequest): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const chunk of faxRequestBody(request).chunks) parts.push(chunk);
  return JSON.parse(Buffer.concat(parts).toString('utf8')) as Record<string, unknown>;
}

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
});
