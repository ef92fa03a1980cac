/**
 * Ambiguous sends against the emulator: the fault hits after the emulator accepted the fax (a 500, a
 * timeout, a reset, a broken body), or before it processed anything (a reset). Every time the job goes
 * UNKNOWN, is reconciled from GET /faxes/sent, and is never posted again; one the service never took
 * is reported "not sent" after the settle window and can then be sent again deliberately.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FaultSpec } from '../../../src/emulator';
import { composeIdOf } from '../../../src/shared/domain/desk-marker';
import { runUntil, startOutboxFixture, type OutboxFixture } from './support';

const MINUTE = 60_000;
let f: OutboxFixture;
beforeAll(async () => {
  // A short POST timeout so the "hang after" case times out quickly.
  f = await startOutboxFixture({ config: { submitTimeoutMs: 1_500 } });
});
afterAll(async () => {
  await f?.stop();
});

async function sendWithFault(fault: FaultSpec, numbers: string[]): Promise<string> {
  const id = f.emulator.control.addFault(fault).id;
  const composeId = randomUUID();
  await f.module.outbox.send({ composeId, ...f.draft({ recipients: numbers.map((number) => ({ number })) }) });
  await f.module.outbox.drain();
  f.emulator.control.removeFault(id);
  return composeId;
}

const mine = async (composeId: string, number: string) => (await f.sentTo(number)).filter((s) => composeIdOf(s.clientData) === composeId);

describe('the emulator accepted the fax, the answer was lost', () => {
  it.each<[string, FaultSpec]>([
    ['HTTP 500', { route: 'POST /faxes', kind: 'status', status: 500, phase: 'after' }],
    ['a timeout', { route: 'POST /faxes', kind: 'hang', phase: 'after' }],
    ['a connection reset', { route: 'POST /faxes', kind: 'reset', phase: 'after' }],
    ['a broken body', { route: 'POST /faxes', kind: 'malformed', phase: 'after' }],
  ])('%s: UNKNOWN, then reconciled to the fax the emulator holds, with no second POST', async (_name, fault) => {
    const numbers = ['12125550100', '14155550177'];
    const postsBefore = f.posts();
    const composeId = await sendWithFault(fault, numbers);
    const jobs = () => f.module.outbox.outbound.listByCompose(composeId);
    expect(jobs().map((j) => j.state)).toEqual(['UNKNOWN', 'UNKNOWN']);
    expect(f.module.outbox.item(jobs()[0]!)).toMatchObject({ statusLabel: 'Outcome unknown — checking', canCancel: false, canReconcile: true });

    await f.module.outbox.reconcileNow();
    for (const [i, number] of numbers.entries()) {
      const listed = await mine(composeId, number);
      expect(listed).toHaveLength(1);
      expect(jobs()[i]).toMatchObject({ faxId: listed[0]!.faxId, destination: number });
      expect(jobs()[i]!.state).not.toBe('UNKNOWN');
    }
    expect(f.posts() - postsBefore).toBe(1);
    // Checking again changes nothing and posts nothing.
    await f.module.outbox.reconcileNow();
    expect(f.posts() - postsBefore).toBe(1);
    await runUntil(f, () => jobs().every((j) => j.state === 'COMPLETED'));
  });
});

describe('a compose to many destinations', () => {
  it('is reconciled from one read of the sent list, not one per destination', async () => {
    const numbers = Array.from({ length: 12 }, (_, i) => `1212555${String(200 + i).padStart(4, '0')}`);
    const composeId = await sendWithFault({ route: 'POST /faxes', kind: 'status', status: 500, phase: 'after' }, numbers);
    const jobs = () => f.module.outbox.outbound.listByCompose(composeId);
    expect(jobs().every((j) => j.state === 'UNKNOWN')).toBe(true);
    const listReads = () => f.emulator.control.requests().filter((r) => r.method === 'GET' && r.path.startsWith('/api/faxes/sent')).length;
    const before = listReads();
    await f.module.outbox.reconcileNow();
    expect(listReads() - before).toBe(1);
    for (const [i, number] of numbers.entries()) {
      const listed = await mine(composeId, number);
      expect(jobs()[i]).toMatchObject({ faxId: listed[0]!.faxId, destination: number });
    }
    expect(new Set(jobs().map((j) => j.faxId)).size).toBe(numbers.length);
  });
});

describe('the emulator never processed the request', () => {
  // A fixture with the normal POST bound: this test's deliberate resend must be answered, and 1.5 s
  // (there for the hang case above) can run out on a loaded CI machine, leaving it UNKNOWN, not SUBMITTED.
  beforeAll(async () => {
    await f.stop();
    f = await startOutboxFixture();
  });

  it('UNKNOWN while it may still appear, "not sent" 30 minutes later, and a deliberate resend goes out once', async () => {
    const number = '12125550107';
    const postsBefore = f.posts();
    const composeId = await sendWithFault({ route: 'POST /faxes', kind: 'reset', phase: 'before' }, [number]);
    const job = () => f.module.outbox.outbound.listByCompose(composeId)[0]!;
    expect(job().state).toBe('UNKNOWN');
    await f.module.outbox.reconcileNow();
    expect(job().state).toBe('UNKNOWN');
    await f.emulator.control.advance(29 * MINUTE);
    await f.module.outbox.reconcileNow();
    expect(job().state).toBe('UNKNOWN');
    await f.emulator.control.advance(MINUTE);
    await f.module.outbox.reconcileNow();
    expect(job()).toMatchObject({ state: 'REJECTED', errorCode: 'NOT_SENT', faxId: null });
    expect(f.module.outbox.item(job())).toMatchObject({ status: 'not-sent', statusLabel: 'Not sent', canResend: true });
    expect(await mine(composeId, number)).toHaveLength(0);
    expect(f.posts() - postsBefore).toBe(1);

    const again = randomUUID();
    await f.module.outbox.resend(job().id, again, 'job');
    await f.module.outbox.resend(job().id, again, 'job');
    await f.module.outbox.drain();
    expect(await mine(again, number)).toHaveLength(1);
    expect(f.posts() - postsBefore).toBe(2);
    expect(f.module.outbox.outbound.listByCompose(again).map((j) => j.state)).toEqual(['SUBMITTED']);
  });
});
