import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAX_STATES, isFinalState, type FaxState } from '../../../src/shared/domain/fax-status';
import { FaxEventsRepository } from '../../../src/main/store/repositories/fax-events-repository';
import { OutboundRepository } from '../../../src/main/store/repositories/outbound-repository';
import { ReceivedRepository } from '../../../src/main/store/repositories/received-repository';
import { SyncCursorsRepository } from '../../../src/main/store/repositories/sync-cursors-repository';
import { ACCOUNT, startSyncFixture, type SyncFixture } from './sync-fixture';

let fx: SyncFixture;

beforeEach(async () => {
  fx = await startSyncFixture();
});

afterEach(async () => {
  await fx.close();
});

const TEXT = Buffer.from('Faxdesk sync test\n').toString('base64');
const QUICK_SUCCESS = '12125550100';
const NOT_ALLOWED = '12125550104';

describe('clock jumps', () => {
  it('the service clock moving a day ahead, twice, misses no fax', async () => {
    const app = await fx.start();
    const ids = [(await fx.emulator.control.inbound({ from: '13125550170' })).fax_id];
    await app.cycle();
    await fx.emulator.control.advance(24 * 3600_000);
    ids.push((await fx.emulator.control.inbound({ from: '16175550181' })).fax_id);
    await app.cycle();
    await fx.emulator.control.advance(24 * 3600_000 + 5 * 60_000);
    ids.push((await fx.emulator.control.inbound({ from: '12065550162' })).fax_id);
    await app.cycle();
    const rows = new ReceivedRepository(fx.db).page({ limit: 50 }).items;
    expect(rows.map((r) => r.faxId).sort()).toEqual([...ids].sort());
    // (The first was there before the first pass, but nobody had downloaded it: news too.)
    expect(app.recorded.notifications).toHaveLength(3);
  });

  it("this computer's clock jumping a day ahead, then two days back, misses no fax: windows follow the service's own times", async () => {
    const app = await fx.start();
    const received = new ReceivedRepository(fx.db);
    await app.cycle();
    const ids: string[] = [];
    for (const jump of [24 * 3600_000, -48 * 3600_000]) {
      app.timers.jump(jump);
      ids.push((await fx.emulator.control.inbound({ from: '13125550170' })).fax_id);
      const mark = fx.mark();
      await app.timers.advance(60_000); // the idle interval: the scheduled feeds run, once
      await app.module.sync.syncNow(ACCOUNT);
      await app.module.downloader.drain();
      expect(fx.requestsSince(mark).length).toBeLessThan(20);
    }
    for (const id of ids) expect(received.getByFaxId(ACCOUNT, id)?.imageState).toBe('stored');
    expect(app.recorded.notifications).toHaveLength(2);
    // The cursor is the service's newest timestamp, whatever this computer's clock says.
    const newest = received.page({ limit: 1 }).items[0]!.completedAt;
    expect(new SyncCursorsRepository(fx.db).get(ACCOUNT, 'received')!.cursor).toBe(newest);
  });

  it('a bad image waiting to be retried is retried after the clock went back', async () => {
    const app = await fx.start({ downloads: { retryBaseMs: 60_000 } });
    await app.cycle();
    const { fax_id: faxId } = await fx.emulator.control.inbound({ from: '13125550170' });
    fx.emulator.control.addFault({ route: 'GET /faxes/*/image', kind: 'malformed' });
    await app.cycle();
    const received = new ReceivedRepository(fx.db);
    expect(received.getByFaxId(ACCOUNT, faxId)!.imageState).toBe('failed');
    app.timers.jump(-24 * 3600_000);
    await app.timers.advance(60_000);
    await app.module.downloader.drain();
    expect(received.getByFaxId(ACCOUNT, faxId)!.imageState).toBe('stored');
  });
});

describe('sent faxes', () => {
  it("updates the outbox's jobs to their final states through every source, never going back, and imports faxes sent elsewhere", async () => {
    const app = await fx.start();
    const outbound = new OutboundRepository(fx.db);
    // Jobs as the outbox would have them after POST /faxes answered (fax_id stored, SUBMITTED).
    const sent = await fx.client.send({
      destinations: [{ faxNumber: QUICK_SUCCESS }, { faxNumber: NOT_ALLOWED }],
      documents: [{ documentType: 'TXT', contentBase64: TEXT }],
    });
    const { jobs } = outbound.insertCompose(
      sent.faxes.map((f, i) => ({ accountId: ACCOUNT, composeId: 'compose-1', destinationIndex: i, destination: f.destinationFaxNumber! })),
      new Date(),
    );
    jobs.forEach((job, i) => outbound.update(job.id, { faxId: sent.faxes[i]!.faxId, state: 'SUBMITTED', submittedAt: new Date().toISOString() }, new Date()));
    // A fax sent from another client of the same account.
    const other = await fx.client.send({ destinations: [{ faxNumber: QUICK_SUCCESS }], documents: [{ documentType: 'TXT', contentBase64: TEXT }] });
    app.module.sync.noteJobActive(ACCOUNT);
    expect(app.module.sync.status().accounts[0]!.mode).toBe('fast');

    const seen = new Map<string, FaxState[]>();
    for (let minute = 0; minute < 40; minute++) {
      await app.module.sync.syncNow(ACCOUNT);
      for (const job of outbound.listByCompose('compose-1')) {
        const states = seen.get(job.id) ?? [];
        if ((FAX_STATES as readonly string[]).includes(job.state)) states.push(job.state as FaxState);
        seen.set(job.id, states);
      }
      await fx.emulator.control.advance(60_000);
    }
    const [ok, refused] = outbound.listByCompose('compose-1');
    expect(ok).toMatchObject({ state: 'COMPLETED', errorCode: null });
    expect(ok!.completedAt).not.toBeNull();
    expect(refused).toMatchObject({ state: 'ERROR', errorCode: 'E53' });
    // Never back from a final state.
    for (const states of seen.values()) {
      const firstFinal = states.findIndex((s) => isFinalState(s));
      expect(firstFinal).toBeGreaterThanOrEqual(0);
      expect(states.slice(firstFinal).every((s) => s === states[firstFinal])).toBe(true);
    }
    const imported = outbound.getByFaxId(ACCOUNT, other.faxes[0]!.faxId)!;
    expect(imported).toMatchObject({ origin: 'service', state: 'COMPLETED' });
    // One timeline event per state change, at the source's time.
    const timeline = new FaxEventsRepository(fx.db).timeline({ direction: 'OUTBOUND', outboundId: ok!.id });
    expect(timeline.filter((e) => e.status === 'COMPLETED')).toHaveLength(1);
    expect(app.module.sync.status().accounts[0]!.mode).toBe('idle');

    // Nothing changes any more: no write.
    expect(await fx.writesDuring(async () => void (await app.module.sync.syncNow(ACCOUNT)))).toBe(0);
    expect(app.recorded.events.some((e) => e.event === 'outbox:changed')).toBe(true);
  });

  it('leaves a fax that may belong to an ambiguous send to the outbox, and holds the window for it', async () => {
    const app = await fx.start();
    const outbound = new OutboundRepository(fx.db);
    const sent = await fx.client.send({ destinations: [{ faxNumber: QUICK_SUCCESS }], documents: [{ documentType: 'TXT', contentBase64: TEXT }] });
    const { jobs } = outbound.insertCompose([{ accountId: ACCOUNT, composeId: 'compose-2', destinationIndex: 0, destination: QUICK_SUCCESS }], new Date());
    outbound.update(jobs[0]!.id, { state: 'UNKNOWN' }, new Date());
    await fx.emulator.control.advance(5 * 60_000);
    await app.module.sync.syncNow(ACCOUNT);
    expect(outbound.getByFaxId(ACCOUNT, sent.faxes[0]!.faxId)).toBeUndefined();
    // The outbox reconciles it (fax_id found); the next pass updates that job instead of importing a copy.
    outbound.update(jobs[0]!.id, { faxId: sent.faxes[0]!.faxId, state: 'SUBMITTED' }, new Date());
    await app.module.sync.syncNow(ACCOUNT);
    expect(outbound.getByFaxId(ACCOUNT, sent.faxes[0]!.faxId)).toMatchObject({ id: jobs[0]!.id, origin: 'local', state: 'COMPLETED' });
  });

  it('leaves the fax to an ambiguous send however many jobs are active ahead of it', async () => {
    const app = await fx.start();
    const outbound = new OutboundRepository(fx.db);
    const earlier = new Date(Date.now() - 60_000);
    const ahead = Array.from({ length: 1_001 }, (_, i) => ({ accountId: ACCOUNT, composeId: 'compose-ahead', destinationIndex: i, destination: QUICK_SUCCESS }));
    const later = new Date(Date.now() + 86_400_000).toISOString();
    for (const job of outbound.insertCompose(ahead, earlier).jobs) outbound.update(job.id, { state: 'SCHEDULED', scheduledAt: later }, earlier);
    const sent = await fx.client.send({ destinations: [{ faxNumber: QUICK_SUCCESS }], documents: [{ documentType: 'TXT', contentBase64: TEXT }] });
    const { jobs } = outbound.insertCompose([{ accountId: ACCOUNT, composeId: 'compose-3', destinationIndex: 0, destination: QUICK_SUCCESS }], new Date());
    outbound.update(jobs[0]!.id, { state: 'UNKNOWN' }, new Date());
    await fx.emulator.control.advance(5 * 60_000);
    await app.module.sync.syncNow(ACCOUNT);
    expect(outbound.getByFaxId(ACCOUNT, sent.faxes[0]!.faxId)).toBeUndefined();
  });
});
