/**
 * Every outcome the emulator's destination rules produce, in one compose (one POST, one job per
 * destination), read back through the outbox: final state, result code explained, delivery attempts,
 * one notification per job. Then the definite refusals: a 4xx (rejected, edited, sent again) and a
 * 429 (held, then sent).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESTINATION_RULES } from '../../../src/emulator';
import { composeIdOf } from '../../../src/shared/domain/desk-marker';
import { runUntil, startOutboxFixture, type OutboxFixture } from './support';

let f: OutboxFixture;
beforeAll(async () => {
  f = await startOutboxFixture();
});
afterAll(async () => {
  await f?.stop();
});

describe('outcome rules', () => {
  it('sends one compose to every rule (16 destinations) in one POST and ends each job as the rule says', async () => {
    const composeId = randomUUID();
    const postsBefore = f.posts();
    const recipients = DESTINATION_RULES.map((r) => ({ number: r.example, name: r.name }));
    const sent = await f.module.outbox.send({ composeId, ...f.draft({ recipients }) });
    expect(sent.jobs).toHaveLength(DESTINATION_RULES.length);
    await f.module.outbox.drain();
    expect(f.posts() - postsBefore).toBe(1);
    const jobs = () => f.module.outbox.outbound.listByCompose(composeId);
    expect(jobs().every((j) => j.faxId !== null && j.state === 'SUBMITTED')).toBe(true);

    await runUntil(f, () => jobs().every((j) => j.phase !== 'active'), 30_000, 40 * 60_000);

    for (const [i, rule] of DESTINATION_RULES.entries()) {
      const job = jobs()[i]!;
      expect({ rule: rule.name, state: job.state, code: job.errorCode }).toEqual({ rule: rule.name, state: rule.finalState, code: rule.finalCode });
      // The emulator has exactly this one fax for the destination, carrying the compose's marker.
      const listed = await f.sentTo(rule.example);
      expect(listed.map((s) => s.faxId)).toEqual([job.faxId]);
      expect(composeIdOf(listed[0]!.clientData)).toBe(composeId);
    }
    // One desktop notification per job, with the state it ended in.
    const notifiedState = new Map(f.notified.map((n) => [n.jobId, n.state]));
    expect(f.notified.filter((n) => jobs().some((j) => j.id === n.jobId))).toHaveLength(DESTINATION_RULES.length);
    expect(jobs().map((j) => notifiedState.get(j.id))).toEqual(DESTINATION_RULES.map((r) => r.finalState));

    const notAllowed = jobs()[DESTINATION_RULES.findIndex((r) => r.finalCode === 'E53')]!;
    const detail = await f.module.outbox.get(notAllowed.id);
    expect(detail.code).toMatchObject({ code: 'E53', known: true });
    expect(detail.job.statusDetail).toMatch(/not allowed to send to this destination.*ask your account administrator/);
    expect(detail.attempts).toHaveLength(1);
    expect(detail.timeline.map((e) => `${e.source}:${e.status}`)).toEqual(expect.arrayContaining(['local:QUEUED', 'local:SUBMITTING', 'local:SUBMITTED', 'detail:ERROR']));

    const busyThenOk = jobs()[DESTINATION_RULES.findIndex((r) => r.id === 1)]!;
    const busy = await f.module.outbox.get(busyThenOk.id);
    expect(busy.job.status).toBe('delivered');
    expect(busy.attempts!.map((a) => [a.state, a.errorCode])).toEqual([
      ['ERROR', 'E41'],
      ['COMPLETED', null],
    ]);
    expect(busy.timeline.filter((e) => e.status.startsWith('ATTEMPT_')).map((e) => [e.status, e.detail.attempt])).toEqual([
      ['ATTEMPT_ERROR', 1],
      ['ATTEMPT_COMPLETED', 2],
    ]);
  });
});

describe('refused before anything was sent', () => {
  it('a 4xx is a rejection with the service\'s reason; the stored compose can be edited and sent again', async () => {
    const fault = f.emulator.control.addFault({ route: 'POST /faxes', kind: 'status', status: 400, count: 1 });
    const composeId = randomUUID();
    await f.module.outbox.send({ composeId, ...f.draft({ recipients: [{ number: '12125550100' }] }) });
    await f.module.outbox.drain();
    f.emulator.control.removeFault(fault.id);
    const [job] = f.module.outbox.outbound.listByCompose(composeId);
    expect(job!.state).toBe('REJECTED');
    expect(job!.rejection).toMatch(/HTTP 400: "Injected fault: the service answered 400\."/);
    expect(f.module.outbox.item(job!)).toMatchObject({ status: 'rejected', canEdit: true });
    expect((await f.sentTo('12125550100')).filter((s) => composeIdOf(s.clientData) === composeId)).toEqual([]);

    const { draft } = await f.module.outbox.draft(job!.id, 'compose');
    const edited = randomUUID();
    await f.module.outbox.send({ composeId: edited, ...draft, recipients: [{ number: '12125550100', name: 'Records (edited)', company: '' }] });
    await f.module.outbox.drain();
    const [again] = f.module.outbox.outbound.listByCompose(edited);
    expect(again).toMatchObject({ state: 'SUBMITTED', toName: 'Records (edited)' });
  });

  it('a 429 keeps the job queued with the reason, and it is sent once the wait is over', async () => {
    f.emulator.control.addFault({ route: 'POST /faxes', kind: 'rate-limit', retryAfterSeconds: 0, count: 1 });
    const composeId = randomUUID();
    const postsBefore = f.posts();
    await f.module.outbox.send({ composeId, ...f.draft({ recipients: [{ number: '12125550115' }] }) });
    await f.module.outbox.drain();
    const jobs = f.module.outbox.outbound.listByCompose(composeId);
    expect(jobs.map((j) => j.state)).toEqual(['SUBMITTED']);
    expect(f.posts() - postsBefore).toBe(2);
    // (The emulator's clock stands still here, so the second QUEUED/SUBMITTING share the first ones' time and key.)
    const timeline = f.module.outbox.events.timeline({ direction: 'OUTBOUND', outboundId: jobs[0]!.id });
    expect(timeline.map((e) => e.status)).toEqual(expect.arrayContaining(['QUEUED', 'SUBMITTING', 'SUBMITTED']));
    expect((await f.sentTo('12125550115')).filter((s) => composeIdOf(s.clientData) === composeId)).toHaveLength(1);
  });
});
