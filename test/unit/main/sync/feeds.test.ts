import { afterEach, describe, expect, it } from 'vitest';
import type { NotificationRecord, SentFax } from '../../../../src/shared/domain/fax';
import { FaxEventsRepository } from '../../../../src/main/store/repositories/fax-events-repository';
import { NotificationsRepository } from '../../../../src/main/store/repositories/notifications-repository';
import { OutboundRepository } from '../../../../src/main/store/repositories/outbound-repository';
import { ReceivedRepository } from '../../../../src/main/store/repositories/received-repository';
import { SyncCursorsRepository } from '../../../../src/main/store/repositories/sync-cursors-repository';
import { ACCOUNT, T0, harness, iso, type Harness } from './sync-fixtures';

let h: Harness;

afterEach(async () => {
  await h?.close();
});

const MIN = 60_000;

async function cycle(): Promise<void> {
  await h.module.sync.syncNow(ACCOUNT);
  await h.module.downloader.drain();
}

function timelineOf(receivedFaxId: string): string[] {
  const row = new ReceivedRepository(h.db).getByFaxId(ACCOUNT, receivedFaxId)!;
  return new FaxEventsRepository(h.db).timeline({ direction: 'INBOUND', receivedId: row.id }).map((e) => e.status);
}

function sentFax(faxId: string, state: 'NEW' | 'IN_PROGRESS' | 'COMPLETED' | 'ERROR', completedAtMs: number | null): SentFax {
  return {
    faxId,
    pages: state === 'COMPLETED' ? 2 : 0,
    size: null,
    durationSeconds: state === 'COMPLETED' ? 45 : 0,
    imageDownloaded: null,
    faxStatus: 'STORED',
    completedAt: completedAtMs === null ? null : iso(completedAtMs),
    originatingNumber: '15555550100',
    destinationNumber: '12125550100',
    routing: { toName: 'Dr Who', toCompany: 'Clinic', subject: 'Referral', fromName: null, coverPageTags: [] },
    transmission: { state, rawStatus: state, billableRetries: 0, errorCode: state === 'ERROR' ? 'E53' : null, errorMessage: state === 'ERROR' ? 'Not allowed' : null },
    clientData: {},
  };
}

describe('received feed', () => {
  it('on the first pass, faxes already downloaded elsewhere are history (IMPORTED, no notification); new ones are announced', async () => {
    h = await harness({ start: false });
    h.service.addReceived('old', T0 - 90 * MIN, { imageDownloaded: true });
    h.service.addReceived('new', T0 - 5 * MIN);
    await h.module.start();
    await cycle();
    expect(timelineOf('old')).toEqual(expect.arrayContaining(['RECEIVED', 'IMPORTED', 'IMAGE_STORED']));
    expect(timelineOf('old')).not.toContain('NOTIFIED');
    expect(timelineOf('new')).toContain('NOTIFIED');
    expect(h.notifications.map((n) => n.target)).toEqual([{ page: 'inbox', faxId: 'new', accountId: ACCOUNT }]);
    expect(h.badge.at(-1)).toBe(2);
  });

  it('a fax this history already held before a first pass that was cut short is announced, not taken for history', async () => {
    // A first pass stored the row, and the process stopped before the pass finished (no cursor yet);
    // the next run fetched the image (the service now says "downloaded") and stopped before storing it.
    h = await harness({ start: false });
    const fax = h.service.addReceived('ours', T0 - 5 * MIN);
    new ReceivedRepository(h.db).upsertFromService(
      ACCOUNT,
      { faxId: 'ours', completedAt: fax.completedAt!, pages: 1, faxStatus: 'STORED', originatingNumber: fax.originatingNumber, destinationNumber: fax.destinationNumber, originatingTsid: null },
      new Date(T0),
    );
    await h.service.getImage('ours');
    h.service.addReceived('elsewhere', T0 - 90 * MIN, { imageDownloaded: true });
    await h.module.start();
    await cycle();
    expect(timelineOf('ours')).toContain('NOTIFIED');
    expect(timelineOf('ours')).not.toContain('IMPORTED');
    expect(timelineOf('elsewhere')).toContain('IMPORTED');
    expect(h.notifications.map((n) => n.target)).toEqual([{ page: 'inbox', faxId: 'ours', accountId: ACCOUNT }]);
  });

  it('asks for faxes since the newest seen minus 10 minutes, and a record dated far in the future does not move the window', async () => {
    h = await harness();
    h.service.addReceived('a', T0 - 5 * MIN);
    await cycle();
    h.service.addReceived('future', T0 + 400 * 24 * 60 * MIN); // a service record with a bad date
    await cycle();
    const cursor = new SyncCursorsRepository(h.db).get(ACCOUNT, 'received')!.cursor;
    expect(cursor).toBe(iso(T0 - 5 * MIN));
    h.service.calls.length = 0;
    await h.module.sync.syncNow(ACCOUNT, ['received']);
    expect(h.service.calls[0]!.arg).toMatchObject({ completedAfter: iso(T0 - 15 * MIN), offset: 1, limit: 100 });
  });

  it('the first pass of a run, and then every 30 minutes, also reads every fax not downloaded yet (catching one a window missed)', async () => {
    h = await harness({ sweepEveryMs: 30 * MIN });
    h.service.addReceived('a', T0);
    await cycle();
    // A fax filed with a time long before the window (the service's clock went back): the window misses it.
    h.service.addReceived('late', T0 - 24 * 60 * MIN);
    await cycle();
    expect(new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'late')).toBeUndefined();
    await h.tick(30 * MIN);
    await cycle();
    expect(new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'late')?.imageState).toBe('stored');
    expect(h.notifications).toHaveLength(2);
  });

  it('tells the service again about a stored fax it lists as not downloaded', async () => {
    h = await harness();
    // Older than the desks' print-claim window (print-claim.ts): every desk marks what it stored.
    const fax = h.service.addReceived('a', T0 - 31 * MIN);
    await cycle();
    expect(h.service.count('setImageDownloaded')).toBe(1);
    fax.imageDownloaded = false;
    await cycle();
    expect(h.service.count('setImageDownloaded')).toBe(2);
    expect(fax.imageDownloaded).toBe(true);
    expect(h.service.count('getImage')).toBe(1);
  });

  it('an unchanged cycle writes nothing and emits nothing but status', async () => {
    h = await harness();
    h.service.addReceived('a', T0);
    h.service.sent.push(sentFax('s1', 'COMPLETED', T0 - MIN));
    h.service.notifications.push({ notifyId: 'n1', appId: 'app', userId: 'u', faxId: 'a', direction: 'INBOUND', faxCompletedAt: iso(T0), notifyType: 'WEBHOOK', notifyDestination: 'https://x.test/h', sentStatus: 'SUCCESSFUL', eventType: null });
    await cycle();
    const before = h.events.filter((e) => e.event !== 'sync:status').length;
    expect(await h.writesDuring(cycle)).toBe(0);
    expect(h.events.filter((e) => e.event !== 'sync:status').length).toBe(before);
  });
});

describe('sent and active feeds', () => {
  it('imports a fax sent from another client, and never takes a job back from a final state', async () => {
    h = await harness();
    h.service.sent.push(sentFax('elsewhere', 'COMPLETED', T0 - MIN));
    await cycle();
    const outbound = new OutboundRepository(h.db);
    const job = outbound.getByFaxId(ACCOUNT, 'elsewhere')!;
    expect(job).toMatchObject({ origin: 'service', state: 'COMPLETED', toName: 'Dr Who', subject: 'Referral', pages: 2, durationSeconds: 45 });
    expect(h.events.some((e) => e.event === 'outbox:changed' && (e.payload as { ids: string[] }).ids.includes(job.id))).toBe(true);
    // A stale report (the same fax, still in progress) changes nothing.
    h.service.sent[0] = sentFax('elsewhere', 'IN_PROGRESS', null);
    expect(await h.writesDuring(cycle)).toBe(0);
    expect(outbound.getByFaxId(ACCOUNT, 'elsewhere')!.state).toBe('COMPLETED');
  });

  it('polls the detail of accepted jobs only until they are final', async () => {
    h = await harness();
    const outbound = new OutboundRepository(h.db);
    const { jobs } = outbound.insertCompose([{ accountId: ACCOUNT, composeId: 'c1', destinationIndex: 0, destination: '12125550100' }], new Date(T0));
    outbound.update(jobs[0]!.id, { faxId: 'f1', state: 'SUBMITTED' }, new Date(T0));
    const detail = (state: 'IN_PROGRESS' | 'ERROR') => ({
      faxId: 'f1',
      direction: 'OUTBOUND' as const,
      originatingNumber: null,
      destinationNumber: '12125550100',
      state,
      rawStatus: state,
      completedAt: state === 'ERROR' ? iso(T0 + 5 * MIN) : null,
      errorCode: state === 'ERROR' ? 'E53' : null,
      errorMessage: state === 'ERROR' ? 'Destination not allowed' : null,
      totalPagesSent: 0,
      totalDurationSeconds: 0,
      attempts: [],
    });
    h.service.details.set('f1', detail('IN_PROGRESS'));
    await h.module.sync.syncNow(ACCOUNT, ['active']);
    expect(outbound.get(jobs[0]!.id)!.state).toBe('IN_PROGRESS');
    expect(h.module.sync.status().accounts[0]!.mode).toBe('fast');
    h.service.details.set('f1', detail('ERROR'));
    await h.module.sync.syncNow(ACCOUNT, ['active']);
    expect(outbound.get(jobs[0]!.id)).toMatchObject({ state: 'ERROR', errorCode: 'E53', errorReason: 'Destination not allowed' });
    expect(h.module.sync.status().accounts[0]!.mode).toBe('idle');
    const polls = h.service.count('getTransmissionDetail');
    await h.module.sync.syncNow(ACCOUNT, ['active']);
    expect(h.service.count('getTransmissionDetail')).toBe(polls);
  });
});

describe('the attempts of a job something else made final', () => {
  function accepted(): string {
    const outbound = new OutboundRepository(h.db);
    const { jobs } = outbound.insertCompose([{ accountId: ACCOUNT, composeId: 'c1', destinationIndex: 0, destination: '12125550100' }], new Date(T0));
    outbound.update(jobs[0]!.id, { faxId: 'f1', state: 'SUBMITTED' }, new Date(T0));
    h.service.details.set('f1', {
      faxId: 'f1',
      direction: 'OUTBOUND',
      originatingNumber: null,
      destinationNumber: '12125550100',
      state: 'COMPLETED',
      rawStatus: 'COMPLETED',
      completedAt: iso(T0 + MIN),
      errorCode: null,
      errorMessage: null,
      totalPagesSent: 2,
      totalDurationSeconds: 45,
      attempts: [{ attemptNumber: 1, state: 'COMPLETED', rawStatus: 'COMPLETED', startedAt: iso(T0), endedAt: iso(T0 + MIN), durationSeconds: 45, pagesSent: 2, errorCode: null, errorMessage: null }],
    } as never);
    return jobs[0]!.id;
  }

  function attemptsOf(jobId: string): string[] {
    return new FaxEventsRepository(h.db).timeline({ direction: 'OUTBOUND', outboundId: jobId }).filter((e) => e.source === 'detail' && e.status.startsWith('ATTEMPT_')).map((e) => e.status);
  }

  it('the sent list that makes a job final reads its detail once, so the timeline has its attempts', async () => {
    h = await harness();
    const jobId = accepted();
    h.service.sent.push(sentFax('f1', 'COMPLETED', T0 + MIN));
    await h.module.sync.syncNow(ACCOUNT, ['sent']);
    expect(new OutboundRepository(h.db).get(jobId)!.state).toBe('COMPLETED');
    expect(attemptsOf(jobId)).toEqual(['ATTEMPT_COMPLETED']);
    expect(h.service.count('getTransmissionDetail')).toBe(1);
    // Final already: the next pass reads nothing more.
    await h.module.sync.syncNow(ACCOUNT, ['sent', 'active']);
    expect(h.service.count('getTransmissionDetail')).toBe(1);
  });

  it('readDetail reads once; while sync is paused it waits for the resume', async () => {
    h = await harness();
    const jobId = accepted();
    // Made final as a webhook would (the active feed no longer reads it).
    new OutboundRepository(h.db).update(jobId, { state: 'COMPLETED' }, new Date(T0 + MIN));
    h.module.sync.setPaused(true);
    await h.module.sync.readDetail(ACCOUNT, jobId);
    expect(h.service.count('getTransmissionDetail')).toBe(0);
    h.module.sync.setPaused(false);
    for (let i = 0; i < 50 && attemptsOf(jobId).length === 0; i++) await new Promise((resolve) => setImmediate(resolve));
    await h.module.sync.syncNow(ACCOUNT);
    expect(attemptsOf(jobId)).toEqual(['ATTEMPT_COMPLETED']);
    expect(h.service.count('getTransmissionDetail')).toBe(1);
  });
});

describe('notification log feed', () => {
  function record(notifyId: string, status: 'QUEUED' | 'SUCCESSFUL' | 'FAILED', faxId: string | null, atMs: number): NotificationRecord {
    return { notifyId, appId: 'app', userId: 'u', faxId, direction: 'INBOUND', faxCompletedAt: iso(atMs), notifyType: 'WEBHOOK', notifyDestination: 'https://x.test/h', sentStatus: status, eventType: null };
  }

  it('mirrors the log, catches a delivery that fails 25 minutes later, and puts it on the fax timeline', async () => {
    h = await harness();
    h.service.addReceived('a', T0);
    h.service.notifications.push(record('n1', 'QUEUED', 'a', T0));
    await cycle();
    h.service.notifications.push(record('n2', 'SUCCESSFUL', null, T0 + 24 * MIN));
    h.service.notifications[0] = record('n1', 'FAILED', 'a', T0);
    h.service.calls.length = 0;
    await cycle();
    const call = h.service.calls.find((c) => c.op === 'listNotifications')!;
    expect(call.arg).toMatchObject({ after: iso(T0 - 30 * MIN) });
    const log = new NotificationsRepository(h.db);
    expect(log.get(ACCOUNT, 'n1')!.sentStatus).toBe('FAILED');
    expect(log.get(ACCOUNT, 'n2')).toBeDefined();
    expect(timelineOf('a')).toEqual(expect.arrayContaining(['WEBHOOK_QUEUED', 'WEBHOOK_FAILED']));
    expect(h.events.filter((e) => e.event === 'activity:changed').map((e) => e.payload)).toEqual([
      { accountId: ACCOUNT, created: 1, changed: 0 },
      { accountId: ACCOUNT, created: 1, changed: 1 },
    ]);
  });

  it('a delivery logged before its fax is stored (the feeds run side by side) reaches the fax’s timeline when the fax is stored, received or sent', async () => {
    h = await harness();
    h.service.addReceived('a', T0);
    h.service.sent.push(sentFax('s1', 'COMPLETED', T0));
    h.service.notifications.push(record('n1', 'QUEUED', 'a', T0), { ...record('n2', 'SUCCESSFUL', 's1', T0), direction: 'OUTBOUND' });
    await h.module.sync.syncNow(ACCOUNT, ['notifications']);
    expect(new ReceivedRepository(h.db).getByFaxId(ACCOUNT, 'a')).toBeUndefined();
    await h.module.sync.syncNow(ACCOUNT, ['received', 'sent']);
    expect(timelineOf('a')).toEqual(['RECEIVED', 'WEBHOOK_QUEUED']);
    const job = new OutboundRepository(h.db).getByFaxId(ACCOUNT, 's1')!;
    expect(new FaxEventsRepository(h.db).timeline({ direction: 'OUTBOUND', outboundId: job.id }).map((e) => e.status)).toEqual(['COMPLETED', 'WEBHOOK_SUCCESSFUL']);
    // Read again, nothing is added twice.
    await cycle();
    expect(timelineOf('a').filter((s) => s === 'WEBHOOK_QUEUED')).toHaveLength(1);
  });
});
