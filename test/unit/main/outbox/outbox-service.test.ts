import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { OutboundRepository } from '../../../../src/main/store/repositories/outbound-repository';
import { composeIdOf } from '../../../../src/shared/domain/desk-marker';
import { ACCOUNT, deferred, harness, until, type Harness } from './support';

const MINUTE = 60_000;
let h: Harness;

afterEach(async () => {
  await h?.cleanup();
});

const states = (h: Harness, composeId: string) => h.module.outbox.outbound.listByCompose(composeId).map((j) => j.state);

describe('compose:send', () => {
  it('persists every destination before any network call, then makes one POST and one job per destination', async () => {
    h = await harness();
    const gate = deferred();
    h.service.script.push({ wait: gate.promise });
    const composeId = randomUUID();
    const draft = h.draft({
      recipients: [
        { number: '+1 212 555 0100', name: 'A' },
        { number: '(415) 555-0123', name: 'B', company: 'Acme' },
      ],
    });
    const sent = await h.module.outbox.send({ composeId, ...draft });
    expect(sent.created).toBe(true);
    expect(sent.jobs.map((j) => [j.state, j.destination, j.destinationIndex])).toEqual([
      ['QUEUED', '12125550100', 0],
      ['QUEUED', '14155550123', 1],
    ]);
    expect(h.service.posts).toHaveLength(0);

    const drained = h.module.outbox.drain();
    await until(() => h.service.posts.length === 1);
    expect(states(h, composeId)).toEqual(['SUBMITTING', 'SUBMITTING']);
    gate.resolve();
    await drained;

    expect(h.service.posts).toHaveLength(1);
    expect(h.service.posts[0]!.destinations.map((d) => d.faxNumber)).toEqual(['12125550100', '14155550123']);
    expect(composeIdOf(h.service.posts[0]!.clientData)).toBe(composeId);
    const jobs = h.module.outbox.outbound.listByCompose(composeId);
    expect(jobs.map((j) => j.state)).toEqual(['SUBMITTED', 'SUBMITTED']);
    expect(new Set(jobs.map((j) => j.faxId)).size).toBe(2);
    for (const job of jobs) expect(h.service.faxes.get(job.faxId!)!.destination).toBe(job.destination);
    const timeline = h.module.outbox.events.timeline({ direction: 'OUTBOUND', outboundId: jobs[0]!.id }).map((e) => e.status);
    expect(timeline).toEqual(['QUEUED', 'SUBMITTING', 'SUBMITTED']);
    expect(h.changes.every((c) => c.accountId === ACCOUNT)).toBe(true);
  });

  it('creates one set of jobs and one POST for a double click or a repeated send of the same compose', async () => {
    h = await harness();
    const composeId = randomUUID();
    const draft = h.draft();
    const [a, b] = await Promise.all([h.module.outbox.send({ composeId, ...draft }), h.module.outbox.send({ composeId, ...draft })]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.jobs.map((j) => j.id)).toEqual(b.jobs.map((j) => j.id));
    await h.module.outbox.drain();
    // Sent again later, even with other recipients: the same jobs, nothing new, nothing posted.
    const again = await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number: '12125550100' }, { number: '14155550199' }] }) });
    await h.module.outbox.drain();
    expect(again.created).toBe(false);
    expect(again.jobs.map((j) => j.id)).toEqual(a.jobs.map((j) => j.id));
    expect(h.module.outbox.outbound.listByCompose(composeId)).toHaveLength(1);
    expect(h.service.posts).toHaveLength(1);
  });

  it('queues nothing while anything is wrong, and says which field and how to fix it', async () => {
    h = await harness();
    const composeId = randomUUID();
    const attempt = h.module.outbox.send({
      composeId,
      ...h.draft({ recipients: [{ number: '555-0100' }, { number: '+1 212 555 0100' }, { number: '12125550100' }] }),
    });
    await expect(attempt).rejects.toMatchObject({ code: 'VALIDATION', field: 'recipients.0.number' });
    await expect(attempt).rejects.toThrow(/Nothing was sent\. 2 things need fixing.*too short: include the area code/);
    const missing = h.module.outbox.send({ composeId, ...h.draft({ documents: [{ id: 'a'.repeat(64), type: 'PDF', name: 'gone.pdf', pages: 1 }] }) });
    await expect(missing).rejects.toMatchObject({ code: 'VALIDATION', field: 'documents.0' });
    await expect(h.module.outbox.send({ composeId, ...h.draft({ accountId: 'nope' }) })).rejects.toMatchObject({ field: 'accountId' });
    expect(h.module.outbox.outbound.listByCompose(composeId)).toHaveLength(0);
    expect(h.service.posts).toHaveLength(0);
  });
});

describe('outcomes of the POST', () => {
  it('a 4xx is a definite rejection: the reason is kept and the compose can be reopened and sent again', async () => {
    h = await harness();
    h.service.script.push({ refuse: new AppError('VALIDATION', 'The service refused the request to send a fax (HTTP 400: "bad cover page").', { httpStatus: 400 }) });
    const composeId = randomUUID();
    const draft = h.draft({ options: { coverPage: { fromName: 'Me', subject: 'Hello', message: 'Hi' }, billableRetries: 3 } });
    await h.module.outbox.send({ composeId, ...draft });
    await h.module.outbox.drain();
    const [job] = h.module.outbox.outbound.listByCompose(composeId);
    expect(job!.state).toBe('REJECTED');
    expect(job!.rejection).toContain('bad cover page');
    const item = h.module.outbox.item(job!);
    expect(item).toMatchObject({ status: 'rejected', canEdit: true, canResend: true, canCancel: false });

    const stored = await h.module.outbox.draft(job!.id, 'compose');
    expect(stored.missingDocuments).toEqual([]);
    expect(stored.draft.recipients).toEqual([{ number: '12125550100', name: 'Records', company: 'Clinic' }]);
    expect(stored.draft.options).toMatchObject({ billableRetries: 3, coverPage: { fromName: 'Me', subject: 'Hello', message: 'Hi' } });
    expect(stored.draft.options.clientData).toEqual({});

    const resendId = randomUUID();
    const resent = await h.module.outbox.resend(job!.id, resendId, 'job');
    await h.module.outbox.resend(job!.id, resendId, 'job');
    await h.module.outbox.drain();
    expect(resent.created).toBe(true);
    expect(states(h, resendId)).toEqual(['SUBMITTED']);
    expect(h.service.posts).toHaveLength(2);
    expect(composeIdOf(h.service.posts[1]!.clientData)).toBe(resendId);
  });

  it('401/403 and 429 were refused before processing: the job stays queued with the reason and is sent later', async () => {
    h = await harness({ config: { holdBaseMs: 30_000 } });
    h.service.script.push({ refuse: new AppError('AUTH', 'The service did not accept the credentials.', { httpStatus: 401 }) });
    h.service.script.push({ refuse: new AppError('RATE_LIMITED', 'Slow down.', { httpStatus: 429, retryAfterSeconds: 120 }) });
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    let [job] = h.module.outbox.outbound.listByCompose(composeId);
    expect(job!.state).toBe('QUEUED');
    expect(h.module.outbox.item(job!).hold?.reason).toContain('credentials');
    expect(h.module.outbox.item(job!).statusDetail).toMatch(/^Waiting: /);

    await h.timers.advance(30_000);
    await h.module.outbox.drain();
    [job] = h.module.outbox.outbound.listByCompose(composeId);
    expect(job!.state).toBe('QUEUED');
    expect(h.module.outbox.item(job!).hold?.retryAt).toBe(new Date(T0() + 30_000 + 120_000).toISOString());

    await h.timers.advance(119_000);
    await h.module.outbox.drain();
    expect(h.service.posts).toHaveLength(2);
    await h.timers.advance(1_000);
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['SUBMITTED']);
    expect(h.service.posts).toHaveLength(3);
    expect(h.service.faxes.size).toBe(1);
  });

  it('an unreachable service (nothing left this computer) holds the job; a client that cannot be made holds it too', async () => {
    let fail: AppError | null = new AppError('KEYCHAIN', 'The keychain is locked.');
    h = await harness({ clientFails: () => fail });
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['QUEUED']);
    expect(h.service.posts).toHaveLength(0);
    fail = null;
    h.service.script.push({ refuse: new AppError('NETWORK', 'Faxdesk could not reach the service: connection refused.', { maybeDelivered: false }) });
    await h.timers.advance(30_000);
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['QUEUED']);
    await h.timers.advance(60_000);
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['SUBMITTED']);
  });

  it('a long queue held at once (keychain locked) is worked through between other work: the event loop turns between submissions', async () => {
    h = await harness({ clientFails: () => new AppError('KEYCHAIN', 'The keychain is locked.') });
    const composes = Array.from({ length: 12 }, () => randomUUID());
    for (const composeId of composes) await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    const held = () => composes.filter((id) => h.module.outbox.item(h.module.outbox.outbound.listByCompose(id)[0]!).hold !== null).length;
    expect(held()).toBe(12);
    // After a restart every compose is tried again, each held at once, without any I/O: back to back,
    // that held the window's first call for a second on a history with 200 queued faxes.
    await h.restart();
    let heldAtFirstTurn: number | null = null;
    setImmediate(() => (heldAtFirstTurn = held()));
    await h.module.outbox.drain();
    await until(() => heldAtFirstTurn !== null);
    expect(heldAtFirstTurn).toBeLessThan(12);
    await until(() => held() === 12);
    expect(composes.map((id) => states(h, id)[0])).toEqual(composes.map(() => 'QUEUED'));
    expect(h.service.posts).toHaveLength(0);
  });

  it('a held queue takes one round of submissions per turn of the event loop, not one round per submission that ended', async () => {
    h = await harness({ clientFails: () => new AppError('KEYCHAIN', 'The keychain is locked.') });
    const composes = Array.from({ length: 30 }, () => randomUUID());
    for (const composeId of composes) await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    const held = () => composes.filter((id) => h.module.outbox.item(h.module.outbox.outbound.listByCompose(id)[0]!).hold !== null).length;
    await h.restart();
    // The held count at every turn: each turn adds at most one round (2 submissions at a time, the default).
    const counts: number[] = [];
    const probe = () => {
      counts.push(held());
      if (counts.at(-1)! < composes.length && counts.length < 1_000) setImmediate(probe);
    };
    setImmediate(probe);
    await h.module.outbox.drain();
    await until(() => held() === composes.length && counts.at(-1) === composes.length);
    const perTurn = counts.slice(1).map((n, i) => n - counts[i]!);
    expect(Math.max(...perTurn)).toBeLessThanOrEqual(2);
  });

  it('a 5xx after processing makes the job UNKNOWN; reconciliation finds the fax in the sent list and nothing is posted again', async () => {
    h = await harness();
    h.service.script.push({ lose: new AppError('SERVICE', 'HTTP 502', { httpStatus: 502, maybeDelivered: true }) });
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number: '12125550100' }, { number: '12125550101' }] }) });
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['UNKNOWN', 'UNKNOWN']);
    expect(h.module.outbox.item(h.module.outbox.outbound.listByCompose(composeId)[0]!).statusLabel).toBe('Outcome unknown — checking');
    await expect(h.module.outbox.cancel(h.module.outbox.outbound.listByCompose(composeId)[0]!.id)).rejects.toMatchObject({ code: 'CONFLICT' });

    await h.module.outbox.reconcileNow();
    const jobs = h.module.outbox.outbound.listByCompose(composeId);
    expect(jobs.map((j) => j.state)).toEqual(['NEW', 'NEW']);
    for (const job of jobs) expect(h.service.faxes.get(job.faxId!)!.destination).toBe(job.destination);
    expect(h.service.posts).toHaveLength(1);
    const timeline = h.module.outbox.events.timeline({ direction: 'OUTBOUND', outboundId: jobs[0]!.id }).map((e) => `${e.source}:${e.status}`);
    expect(timeline).toEqual(['local:QUEUED', 'local:SUBMITTING', 'local:UNKNOWN', 'local:SUBMITTED', 'sent-list:NEW']);
  });

  it('a timeout before the service took it: UNKNOWN, then "not sent" after the settle window; a late find is still adopted', async () => {
    h = await harness({ config: { settleMs: 30 * MINUTE, reconcileIntervalMs: 15_000 } });
    h.service.script.push({ refuse: new AppError('TIMEOUT', 'The service did not answer within 180 seconds.', { maybeDelivered: true }) });
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    await h.module.outbox.reconcileNow();
    expect(states(h, composeId)).toEqual(['UNKNOWN']);
    await h.timers.advance(29 * MINUTE);
    expect(states(h, composeId)).toEqual(['UNKNOWN']);
    await h.timers.advance(MINUTE);
    await h.module.outbox.reconcileNow();
    const [job] = h.module.outbox.outbound.listByCompose(composeId);
    expect(job).toMatchObject({ state: 'REJECTED', errorCode: 'NOT_SENT' });
    expect(h.module.outbox.item(job!)).toMatchObject({ status: 'not-sent', statusLabel: 'Not sent', canResend: true, canReconcile: true });
    expect(job!.rejection).toMatch(/Nothing was sent or charged/);
    expect(h.service.posts).toHaveLength(1);

    // The service lists it after all (a fax it filed late): the job adopts it, and reports it delivered.
    const late = { ...h.service.posts[0]! };
    await h.service.send(late);
    const [fax] = [...h.service.faxes.values()];
    h.service.finish(fax!.faxId, 'COMPLETED');
    await h.module.outbox.reconcileJob(job!.id);
    const after = h.module.outbox.outbound.get(job!.id)!;
    expect(after).toMatchObject({ state: 'COMPLETED', faxId: fax!.faxId, errorCode: null, rejection: null });
    expect(h.notified.map((n) => n.state)).toEqual(['COMPLETED']);
  });

  it('a destination the answer does not name becomes UNKNOWN and is found by reconciliation', async () => {
    h = await harness();
    h.service.script.push({ only: [0] });
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number: '12125550100' }, { number: '12125550101' }] }) });
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['SUBMITTED', 'UNKNOWN']);
    await h.module.outbox.reconcileNow();
    expect(states(h, composeId)).toEqual(['SUBMITTED', 'NEW']);
  });

  it('an UNKNOWN job whose sibling was found stays "checking" instead of being reported not sent', async () => {
    h = await harness({ config: { settleMs: MINUTE } });
    h.service.script.push({ only: [0] });
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number: '12125550100' }, { number: '12125550101' }] }) });
    await h.module.outbox.drain();
    // The service does not list the second one (yet).
    const second = [...h.service.faxes.values()].find((f) => f.destination === '12125550101')!;
    h.service.faxes.delete(second.faxId);
    await h.timers.advance(2 * MINUTE);
    await h.module.outbox.reconcileNow();
    const jobs = h.module.outbox.outbound.listByCompose(composeId);
    expect(jobs[0]!.faxId).not.toBeNull();
    expect(jobs[1]).toMatchObject({ state: 'UNKNOWN', faxId: null });
  });
});

describe('start-up after a crash', () => {
  it('turns SUBMITTING into UNKNOWN and reconciles it, resumes QUEUED jobs, and posts nothing twice', async () => {
    h = await harness({ config: { settleMs: 30 * MINUTE } });
    await h.module.stop(); // the process "dies": nothing runs any more
    const reached = randomUUID();
    const lost = randomUUID();
    const waiting = randomUUID();
    for (const [composeId, number] of [
      [reached, '12125550100'],
      [lost, '12125550101'],
      [waiting, '12125550102'],
    ] as const) {
      await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number }] }) });
    }
    // Two were mid-POST when it died: one request reached the service, the other did not.
    const repo = new OutboundRepository(h.db);
    for (const composeId of [reached, lost]) {
      repo.update(repo.listByCompose(composeId)[0]!.id, { state: 'SUBMITTING', submittedAt: new Date(T0()).toISOString() }, new Date(T0()), { fromStates: ['QUEUED'] });
    }
    await h.service.send({ destinations: [{ faxNumber: '12125550100' }], documents: [], clientData: repo.listByCompose(reached)[0]!.clientData });

    const restarted = await h.restart();
    await restarted.outbox.drain();
    await restarted.outbox.reconcileNow();
    expect(restarted.outbox.outbound.listByCompose(reached).map((j) => [j.state, j.faxId !== null])).toEqual([['NEW', true]]);
    expect(restarted.outbox.outbound.listByCompose(lost).map((j) => j.state)).toEqual(['UNKNOWN']);
    expect(restarted.outbox.outbound.listByCompose(waiting).map((j) => j.state)).toEqual(['SUBMITTED']);
    await h.timers.advance(30 * MINUTE);
    await restarted.outbox.reconcileNow();
    expect(restarted.outbox.outbound.listByCompose(lost).map((j) => [j.state, j.errorCode])).toEqual([['REJECTED', 'NOT_SENT']]);
    // One POST per compose at most, whatever happened.
    const posts = (composeId: string) => h.service.posts.filter((p) => composeIdOf(p.clientData) === composeId).length;
    expect([posts(reached), posts(lost), posts(waiting)]).toEqual([1, 0, 1]);
  });
});

describe('a long Outbox', () => {
  /** `count` faxes accepted earlier and still on the line (older than anything sent next). */
  function busyFaxes(h: Harness, count: number): void {
    const repo = new OutboundRepository(h.db);
    const at = new Date(T0() - 60 * MINUTE);
    for (let c = 0; c < count / 50; c++) {
      const composeId = randomUUID();
      repo.insertCompose(
        Array.from({ length: 50 }, (_, i) => ({ accountId: ACCOUNT, composeId, destinationIndex: i, destination: `1212555${String(1000 + c * 50 + i)}` })),
        at,
      );
    }
    h.db.prepare("UPDATE outbound SET state = 'IN_PROGRESS', fax_id = 'busy-' || seq, submitted_at = created_at").run();
  }

  it('with more than a thousand faxes on the line, a new compose is still sent, and one cut off mid-POST is still reconciled', async () => {
    h = await harness({ config: { settleMs: 30 * MINUTE } });
    busyFaxes(h, 1_050);
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft() });
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['SUBMITTED']);

    // A compose cut off mid-POST by a crash, behind all of them: recovered and reconciled after the restart.
    await h.module.stop();
    const cut = randomUUID();
    await h.module.outbox.send({ composeId: cut, ...h.draft({ recipients: [{ number: '12125550109' }] }) });
    const repo = new OutboundRepository(h.db);
    repo.update(repo.listByCompose(cut)[0]!.id, { state: 'SUBMITTING', submittedAt: new Date(T0()).toISOString() }, new Date(T0()), { fromStates: ['QUEUED'] });
    await h.service.send({ destinations: [{ faxNumber: '12125550109' }], documents: [], clientData: repo.listByCompose(cut)[0]!.clientData });
    const restarted = await h.restart();
    await restarted.outbox.reconcileNow();
    expect(restarted.outbox.outbound.listByCompose(cut).map((j) => [j.state, j.faxId !== null])).toEqual([['NEW', true]]);
  });
});

describe('scheduled sends', () => {
  it('holds a scheduled compose locally until it is due, can move it, and sends it once', async () => {
    h = await harness();
    const composeId = randomUUID();
    const at = new Date(T0() + 60 * MINUTE).toISOString();
    const sent = await h.module.outbox.send({ composeId, ...h.draft({ scheduledAt: at }) });
    expect(sent.jobs[0]).toMatchObject({ state: 'SCHEDULED', scheduledAt: at, canReschedule: true, canEdit: true });
    await h.timers.advance(59 * MINUTE);
    await h.module.outbox.drain();
    expect(h.service.posts).toHaveLength(0);

    const later = new Date(T0() + 90 * MINUTE).toISOString();
    h.module.outbox.reschedule(sent.jobs[0]!.id, later);
    await h.timers.advance(2 * MINUTE);
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['SCHEDULED']);
    await h.timers.advance(30 * MINUTE);
    await h.module.outbox.drain();
    // Accepted by the service; the watcher may already have read its first state there (NEW).
    expect(h.module.outbox.outbound.listByCompose(composeId)).toEqual([expect.objectContaining({ state: expect.stringMatching(/^(SUBMITTED|NEW)$/), faxId: expect.any(String) })]);
    expect(h.service.posts).toHaveLength(1);
  });

  it('refuses a time in the past, and a scheduled or queued fax is cancelled locally without any call', async () => {
    h = await harness();
    await expect(h.module.outbox.send({ composeId: randomUUID(), ...h.draft({ scheduledAt: new Date(T0() - 10 * MINUTE).toISOString() }) })).rejects.toMatchObject({
      field: 'scheduledAt',
    });
    const composeId = randomUUID();
    const sent = await h.module.outbox.send({ composeId, ...h.draft({ scheduledAt: new Date(T0() + MINUTE).toISOString() }) });
    const outcome = await h.module.outbox.cancel(sent.jobs[0]!.id);
    expect(outcome.outcome).toBe('canceled-locally');
    await h.timers.advance(5 * MINUTE);
    await h.module.outbox.drain();
    expect(states(h, composeId)).toEqual(['CANCELED']);
    expect(h.service.posts).toHaveLength(0);
    expect(h.service.cancels).toHaveLength(0);
  });
});

describe('cancel', () => {
  it('202 shows "cancel requested" until the service reports the final state; 409 keeps the actual final state', async () => {
    h = await harness();
    const composeId = randomUUID();
    await h.module.outbox.send({ composeId, ...h.draft({ recipients: [{ number: '12125550100' }, { number: '12125550101' }] }) });
    await h.module.outbox.drain();
    const [a, b] = h.module.outbox.outbound.listByCompose(composeId);

    const requested = await h.module.outbox.cancel(a!.id);
    expect(requested.outcome).toBe('cancel-requested');
    expect(requested.job).toMatchObject({ state: 'CANCEL_REQUESTED', statusLabel: 'Cancel requested', canCancel: false });
    // Still in flight at the service: stays requested.
    h.service.finish(a!.faxId!, 'IN_PROGRESS');
    await h.module.outbox.trackNow();
    expect(h.module.outbox.outbound.get(a!.id)!.state).toBe('CANCEL_REQUESTED');
    // The race: the fax completes before the cancel takes effect.
    h.service.finish(a!.faxId!, 'COMPLETED');
    await h.module.outbox.trackNow();
    const detail = await h.module.outbox.get(a!.id);
    expect(detail.job.state).toBe('COMPLETED');
    expect(detail.cancelTooLate).toBe(true);
    expect(detail.timeline.map((e) => e.status)).toEqual(expect.arrayContaining(['CANCEL_REQUESTED', 'COMPLETED']));

    h.service.finish(b!.faxId!, 'ERROR', 'E53');
    const late = await h.module.outbox.cancel(b!.id);
    expect(late.outcome).toBe('already-completed');
    expect(late.message).toMatch(/^Already completed/);
    expect(late.job).toMatchObject({ state: 'ERROR', errorCode: 'E53', status: 'failed' });
    expect(late.job.statusDetail).toMatch(/not allowed to send to this destination/);
    // One notification per job, whoever saw the final state.
    await h.module.outbox.trackNow();
    await h.module.outbox.get(b!.id);
    expect(h.notified.map((n) => [n.jobId, n.state])).toEqual([
      [a!.id, 'COMPLETED'],
      [b!.id, 'ERROR'],
    ]);
  });
});

describe('reading', () => {
  it('lists newest first with a cursor, finds by search, and exports CSV and a PDF report', async () => {
    h = await harness();
    const names = ['Alpha Clinic', 'Bravo Legal', 'Charlie Bank'];
    for (let i = 0; i < 3; i++) {
      await h.module.outbox.send({ composeId: randomUUID(), ...h.draft({ recipients: [{ number: `1212555010${i}`, name: names[i]! }] }) });
      await h.timers.advance(1_000);
    }
    await h.module.outbox.drain();
    const first = h.module.outbox.list({ limit: 2 });
    expect(first.items.map((j) => j.toName)).toEqual(['Charlie Bank', 'Bravo Legal']);
    const second = h.module.outbox.list({ limit: 2, cursor: first.next });
    expect(second.items.map((j) => j.toName)).toEqual(['Alpha Clinic']);
    expect(second.next).toBeNull();
    expect(h.module.outbox.list({ search: 'bravo' }).items.map((j) => j.toName)).toEqual(['Bravo Legal']);
    expect(h.module.outbox.list({ search: '5550102' }).items.map((j) => j.toName)).toEqual(['Charlie Bank']);
    expect(() => h.module.outbox.list({ cursor: 'garbage' })).toThrow(/page position/);

    const csv = await h.module.outbox.exportCsv({});
    expect(csv.rows).toBe(3);
    const report = await h.module.outbox.report(first.items[0]!.id);
    expect(report.bytes).toBeGreaterThan(1000);
    expect(Buffer.from(report.base64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});

function T0(): number {
  return Date.parse('2026-03-01T10:00:00.000Z');
}
