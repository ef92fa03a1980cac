/**
 * Cancel against the emulator: 202 → "cancel requested" until the service says CANCELED; the race
 * (202, then the fax completes first: shown as delivered, with both steps in the timeline); 409 on a
 * fax already finished → "already completed", keeping its real state.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCEL_DELAY_MS, DESTINATION_RULES } from '../../../src/emulator';
import { runUntil, startOutboxFixture, type OutboxFixture } from './support';

const SLOW = DESTINATION_RULES.find((r) => r.id === 13)!.example;
const QUICK = DESTINATION_RULES.find((r) => r.id === 0)!.example;
let f: OutboxFixture;
beforeAll(async () => {
  f = await startOutboxFixture();
});
afterAll(async () => {
  await f?.stop();
});

async function sendOne(number: string): Promise<string> {
  const composeId = randomUUID();
  await f.module.outbox.send({ composeId, ...f.draft({ recipients: [{ number }] }) });
  await f.module.outbox.drain();
  const job = f.module.outbox.outbound.listByCompose(composeId)[0]!;
  expect(job.faxId).not.toBeNull();
  return job.id;
}

describe('cancel', () => {
  it('202: "cancel requested" until the service reports CANCELED', async () => {
    const id = await sendOne(SLOW);
    await runUntil(f, () => f.module.outbox.outbound.get(id)!.state === 'IN_PROGRESS', 1_000);
    const outcome = await f.module.outbox.cancel(id);
    expect(outcome).toMatchObject({ outcome: 'cancel-requested', job: { state: 'CANCEL_REQUESTED', statusLabel: 'Cancel requested' } });
    // Asked twice: the same answer, no second request.
    expect((await f.module.outbox.cancel(id)).outcome).toBe('cancel-requested');
    await f.module.outbox.trackNow();
    expect(f.module.outbox.outbound.get(id)!.state).toBe('CANCEL_REQUESTED');
    await f.emulator.control.advance(CANCEL_DELAY_MS + 1_000);
    await f.module.outbox.trackNow();
    const detail = await f.module.outbox.get(id);
    expect(detail.job).toMatchObject({ state: 'CANCELED', status: 'canceled' });
    expect(detail.cancelTooLate).toBe(false);
    expect(f.notified.filter((n) => n.jobId === id).map((n) => n.state)).toEqual(['CANCELED']);
  });

  it('the race: 202, then the fax completes before the cancel takes effect; the Outbox says delivered, truthfully', async () => {
    const id = await sendOne(SLOW);
    const job = f.module.outbox.outbound.get(id)!;
    const outcome = await f.module.outbox.cancel(id);
    expect(outcome.outcome).toBe('cancel-requested');
    await f.emulator.control.forceComplete(job.faxId!);
    await f.emulator.control.advance(CANCEL_DELAY_MS + 1_000);
    await f.module.outbox.trackNow();
    const detail = await f.module.outbox.get(id);
    expect(detail.job).toMatchObject({ state: 'COMPLETED', status: 'delivered' });
    expect(detail.cancelTooLate).toBe(true);
    const statuses = detail.timeline.map((e) => e.status);
    expect(statuses.indexOf('CANCEL_REQUESTED')).toBeLessThan(statuses.indexOf('COMPLETED'));
    expect(f.notified.filter((n) => n.jobId === id).map((n) => n.state)).toEqual(['COMPLETED']);
  });

  it('409 on a fax that already finished: "already completed", with the state it finished in', async () => {
    const id = await sendOne(QUICK);
    await f.emulator.control.advance(10_000);
    // The outbox has not looked since: it still believes the fax is on its way.
    expect(f.module.outbox.outbound.get(id)!.state).toBe('SUBMITTED');
    const outcome = await f.module.outbox.cancel(id);
    expect(outcome).toMatchObject({ outcome: 'already-completed', message: expect.stringMatching(/^Already completed/), job: { state: 'COMPLETED' } });
    expect(f.module.outbox.events.timeline({ direction: 'OUTBOUND', outboundId: id }).map((e) => e.status)).toContain('CANCEL_TOO_LATE');
  });
});
