import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { matchesJob } from '../../../../src/main/outbox/reconciler';
import type { readStoredOptions } from '../../../../src/main/outbox/stored-compose';
import type { OutboundJob } from '../../../../src/shared/domain/history';
import type { SentFax } from '../../../../src/shared/domain/fax';
import { harness, type Harness } from './support';

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

describe('with stored jobs', () => {
  let h: Harness;
  afterEach(async () => h?.cleanup());

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
});
