/**
 * The webhook receiver against the real emulator over HTTPS (through a reverse proxy), a real SQLite
 * file and a whole core: verified, refused and hostile deliveries; one history and one notification
 * whichever path sees a fax first; a notification before the send's POST response; a receiver restart
 * while the service retries; FAILED deliveries reconciled after the retry window.
 */
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxFaxDetail } from '../../../src/shared/ipc/contract/inbox';
import type { AccountView } from '../../../src/shared/ipc/contract/accounts';
import type { ReceiverDelivery, ReceiverTestReport, ReceiverView } from '../../../src/shared/ipc/contract/webhooks';
import type { OutboxDetail, SendOutcome } from '../../../src/shared/domain/outbox';
import type { PreparedDocuments } from '../../../src/shared/ipc/contract/outbox';
import { makePdf } from '../outbox/support';
import { HMAC_KEY, WEBHOOK_URL, startReceiverFixture, type ReceiverFixture } from './receiver-fixture';

const MINUTE = 60_000;
let f: ReceiverFixture;
let documentRef: { id: string; type: string; name: string; pages: number | null };

beforeAll(async () => {
  f = await startReceiverFixture({ bodyTimeoutMs: 400 });
}, 60_000);
afterAll(async () => {
  await f?.stop();
});

// 1,200 tries is at least 30 s: what these wait for (a download beside the sync, a POST answered 3 s
// late) runs in this one loaded process, and 200 tries (5 s) left too little room on a slow CI machine.
async function until<T>(what: string, probe: () => Promise<T | null | undefined> | T | null | undefined, tries = 1_200): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const value = await probe();
    if (value !== null && value !== undefined && value !== false) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function send(number: string): Promise<{ jobId: string; faxId: string }> {
  if (!documentRef) {
    const added = await f.core.ok<PreparedDocuments>('compose:addBytes', { name: 'letter.pdf', base64: Buffer.from(await makePdf(1)).toString('base64') });
    documentRef = { id: added.documents[0]!.id, type: added.documents[0]!.type, name: added.documents[0]!.name, pages: added.documents[0]!.pages };
  }
  const sent = await f.core.ok<SendOutcome>('compose:send', {
    composeId: randomUUID(),
    accountId: f.accountId,
    recipients: [{ number }],
    documents: [documentRef],
    options: { resolution: 'FINE', coverPage: null, header: null },
  });
  const jobId = sent.jobs[0]!.id;
  const faxId = await until('the fax_id', async () => (await detail(jobId)).job.faxId);
  return { jobId, faxId };
}

function detail(jobId: string): Promise<OutboxDetail> {
  return f.core.ok<OutboxDetail>('outbox:get', { jobId, refresh: false });
}

function notificationsFor(jobId: string) {
  return f.shown.filter((n) => n.target && 'jobId' in n.target && n.target.jobId === jobId);
}

/**
 * The timeline as (status, source) pairs: the final state without its source (whoever saw it first),
 * and without the in-flight states polling happened to catch (how many depends on when it looked).
 */
function shape(d: OutboxDetail): string[] {
  return d.timeline
    .filter((e) => !((e.source === 'detail' || e.source === 'sent-list') && !['COMPLETED', 'ERROR', 'CANCELED'].includes(e.status)))
    .map((e) => (['COMPLETED', 'ERROR', 'CANCELED'].includes(e.status) ? e.status : `${e.status}/${e.source}`))
    .sort();
}

/** The delivery attempts in the timeline (read from the transmission detail). */
function attempts(d: OutboxDetail): string[] {
  return d.timeline.filter((e) => e.source === 'detail' && e.status.startsWith('ATTEMPT_')).map((e) => e.status);
}

async function settled(): Promise<void> {
  await until('sync to settle', () => f.core.core.sync.status().accounts.every((a) => a.feeds.every((feed) => !feed.running)));
}

function lastRequestSeq(): number {
  return f.emulator.control.requests().at(-1)?.seq ?? 0;
}

async function deliveries(): Promise<ReceiverDelivery[]> {
  return f.core.ok<ReceiverDelivery[]>('receiver:deliveries', { limit: 50 });
}

function outboundBody(faxId: string, overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({
    notification_id: randomUUID(),
    app_id: f.emulator.demo.appId,
    user_id: f.emulator.demo.userId,
    fax_id: faxId,
    direction: 'OUTBOUND',
    completed_timestamp: new Date(f.emulator.control.clock().now).toISOString().replace(/\.\d+Z$/, 'Z'),
    duration: 30,
    pages: 1,
    destination_fax_number: '12125550101',
    status: 'COMPLETE',
    billable_retries: 0,
    client_data: {},
    ...overrides,
  });
}

describe('deliveries', () => {
  it('listens as configured and proves the round trip with a test ping', async () => {
    const view = await f.core.ok<ReceiverView>('receiver:get');
    expect(view).toMatchObject({ enabled: true, listening: { host: '127.0.0.1', port: f.receiverPort }, problem: null });
    const report = await f.core.ok<{ ok: boolean; roundTripMs: number | null }>('receiver:test', { accountId: f.accountId });
    expect(report.ok).toBe(true);
    expect(report.roundTripMs).toEqual(expect.any(Number));
    const after = await f.core.ok<ReceiverView>('receiver:get');
    expect(after.accounts.find((a) => a.accountId === f.accountId)).toMatchObject({ hasKey: true, instant: { state: 'active' }, lastPing: { roundTripMs: report.roundTripMs } });
    // The status bar says so, and the lists are polled slowly.
    const status = await f.core.ok<{ accounts: { accountId: string; instant: { state: string; pollSeconds: number } | null }[] }>('sync:status');
    expect(status.accounts.find((a) => a.accountId === f.accountId)?.instant).toMatchObject({ state: 'active', pollSeconds: 900 });
  });

  it('applies a sent fax\'s disposition delivered through the service, once, with one notification', async () => {
    const { jobId } = await send('12125550100');
    await f.emulator.control.advance(MINUTE);
    await f.emulator.control.idle();
    await f.core.core.webhooks.drain();
    const d = await until('the webhook', async () => {
      const current = await detail(jobId);
      return current.timeline.some((e) => e.source === 'webhook') ? current : null;
    });
    expect(d.job.state).toBe('COMPLETED');
    expect(d.timeline.filter((e) => e.source === 'webhook').map((e) => e.status).sort()).toEqual(['COMPLETED', 'WEBHOOK_RECEIVED']);
    expect(notificationsFor(jobId)).toHaveLength(1);
    expect((await deliveries())[0]).toMatchObject({ eventType: 'OUTBOUND', verified: true, httpStatus: 200 });
    // The attempts are read once the webhook made it final, as polling would have.
    await f.core.core.webhooks.drain();
    expect(attempts(await detail(jobId)).length).toBeGreaterThan(0);
  });

  it('refuses an unsigned body and one signed with another key with 401, logging the attempt but not the body', async () => {
    const body = outboundBody(randomUUID(), { error_reason: 'body-marker-7f3a' });
    expect((await f.post(body)).status).toBe(401);
    expect((await f.post(body, { 'x-hmac-signature': f.sign(body, 'some-other-key-0123456789') })).status).toBe(401);
    expect((await f.post(body, { 'x-hmac-signature': 'not hex' })).status).toBe(401);
    const latest = (await deliveries()).slice(0, 3);
    expect(latest.every((d) => d.httpStatus === 401 && !d.verified && d.eventType === null)).toBe(true);
    expect(f.core.lines.filter((l) => l.includes('webhook refused')).length).toBeGreaterThanOrEqual(3);
    expect(f.core.lines.join('\n')).not.toContain('body-marker-7f3a');
    expect(f.core.lines.join('\n')).not.toContain(HMAC_KEY);
  });

  it('answers a replay "duplicate" and changes nothing', async () => {
    const { jobId, faxId } = await send('12125550101');
    const body = outboundBody(faxId);
    const first = await f.post(body, { 'x-hmac-signature': f.sign(body) });
    expect(first).toMatchObject({ status: 200 });
    await f.core.core.webhooks.drain();
    const once = await detail(jobId);
    const replay = await f.post(body, { 'x-hmac-signature': f.sign(body).toUpperCase() });
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toEqual({ status: 'duplicate' });
    await f.core.core.webhooks.drain();
    expect((await detail(jobId)).timeline).toEqual(once.timeline);
    expect(notificationsFor(jobId)).toHaveLength(1);
  });

  it('keeps a final state when polling later reports an earlier one (out of order)', async () => {
    const { jobId, faxId } = await send('12125550101');
    const body = outboundBody(faxId);
    expect((await f.post(body, { 'x-hmac-signature': f.sign(body) })).status).toBe(200);
    await f.core.core.webhooks.drain();
    // The emulator still has it in progress (busy, then a retry): polling now says IN PROGRESS / PENDING RETRY.
    await f.emulator.control.advance(5_000);
    await f.core.core.sync.syncNow(f.accountId, ['active', 'sent']);
    const d = await detail(jobId);
    expect(d.job.state).toBe('COMPLETED');
    expect(d.timeline.filter((e) => e.status === 'COMPLETED')).toHaveLength(1);
    expect(notificationsFor(jobId)).toHaveLength(1);
  });

  it('refuses oversized, non-JSON and wrongly typed bodies', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(70 * 1024) });
    expect((await f.post(big, { 'x-hmac-signature': f.sign(big) })).status).toBe(413);
    expect((await f.post('{"a":1}', { 'content-type': 'text/plain', 'x-hmac-signature': f.sign('{"a":1}') })).status).toBe(415);
    expect((await f.post('not json', { 'x-hmac-signature': f.sign('not json') })).status).toBe(400);
    const wrong = JSON.stringify({ notification_id: 'x', direction: 'OUTBOUND', fax_id: 'f', status: 'MAYBE' });
    expect((await f.post(wrong, { 'x-hmac-signature': f.sign(wrong) })).status).toBe(400);
    const log = await deliveries();
    expect(log.slice(0, 4).map((d) => d.httpStatus)).toEqual([400, 400, 415, 413]);
  });

  it('drops a slow client with 408 and keeps serving others meanwhile', async () => {
    const socket = net.connect(f.receiverPort, '127.0.0.1');
    const answer = new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    socket.write('POST /faxdesk/webhooks HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"noti');
    const ping = await f.post('{}', { 'x-hmac-signature': f.sign('{}') });
    expect(ping.status).toBe(400);
    expect(await answer).toMatch(/^HTTP\/1\.1 408/);
    expect((await deliveries()).some((d) => d.httpStatus === 408)).toBe(true);
  });
});

describe('merging with polling', () => {
  it('webhook-then-poll and poll-then-webhook give the same single history and one notification', async () => {
    // Capture the service's signed deliveries instead of letting them through, to choose the order.
    f.emulator.control.routeWebhooks('https://localhost:8443', { port: 1, ca: f.proxy.cert });
    const a = await send('12125550100');
    const b = await send('12125550100');
    await f.emulator.control.advance(MINUTE);
    await f.emulator.control.idle();
    const captured = f.emulator.control.webhookDeliveries().filter((d) => d.fax_id === a.faxId || d.fax_id === b.faxId);
    expect(captured).toHaveLength(2);
    f.emulator.control.routeWebhooks('https://localhost:8443', { port: f.proxy.port, ca: f.proxy.cert });
    const replay = async (faxId: string) => {
      const d = captured.find((c) => c.fax_id === faxId)!;
      expect((await f.post(d.body, { 'x-hmac-signature': d.signature ?? '' })).status).toBe(200);
      await f.core.core.webhooks.drain();
    };
    // A: webhook first, then polling.
    await replay(a.faxId);
    await f.core.core.sync.syncNow(f.accountId, ['active', 'sent']);
    // B: polling first, then the webhook.
    await f.core.core.sync.syncNow(f.accountId, ['active', 'sent']);
    await replay(b.faxId);
    await f.core.core.sync.syncNow(f.accountId, ['active', 'sent']);
    const [da, db] = [await detail(a.jobId), await detail(b.jobId)];
    expect(da.job).toMatchObject({ state: 'COMPLETED', pages: db.job.pages, durationSeconds: db.job.durationSeconds });
    expect(db.job.state).toBe('COMPLETED');
    expect(shape(da)).toEqual(shape(db));
    expect(da.timeline.filter((e) => e.status === 'COMPLETED')).toHaveLength(1);
    expect(db.timeline.filter((e) => e.status === 'COMPLETED')).toHaveLength(1);
    expect(da.timeline.filter((e) => e.source === 'webhook' && e.status === 'WEBHOOK_RECEIVED')).toHaveLength(1);
    expect(notificationsFor(a.jobId)).toHaveLength(1);
    expect(notificationsFor(b.jobId)).toHaveLength(1);
  });

  it('an inbound announcement downloads the fax at once; the received list later adds nothing; one notification', async () => {
    const before = f.shown.length;
    const { fax_id: faxId } = await f.emulator.control.inbound({ from: '13125550170', pages: 1 });
    await f.emulator.control.idle();
    await f.core.core.webhooks.drain();
    const shown = await until('the inbound notification', () => f.shown.slice(before).find((n) => n.target && 'faxId' in n.target && n.target.faxId === faxId));
    expect(shown).toBeTruthy();
    await f.core.core.sync.syncNow(f.accountId, ['received']);
    const d = await f.core.ok<InboxFaxDetail>('inbox:get', { accountId: f.accountId, faxId });
    expect(d.fax.imageState).toBe('stored');
    expect(d.timeline.filter((e) => e.status === 'RECEIVED')).toHaveLength(1);
    expect(d.timeline.filter((e) => e.source === 'webhook').map((e) => e.status).sort()).toEqual(['RECEIVED', 'WEBHOOK_RECEIVED']);
    expect(f.shown.slice(before).filter((n) => n.target && 'faxId' in n.target && n.target.faxId === faxId)).toHaveLength(1);
  });

  it('holds a notification that arrives before the send\'s POST response is recorded, then applies it', async () => {
    // The service answers the POST 3 s late; meanwhile the fax completes and its notification arrives.
    f.emulator.control.addFault({ route: 'POST /faxes', kind: 'delay', delayMs: 3000, phase: 'after' });
    const client = await f.core.core.accounts.clientFor(f.accountId);
    const known = new Set((await client.listSent({ limit: 100 })).items.map((x) => x.faxId));
    const added = await f.core.ok<SendOutcome>('compose:send', {
      composeId: randomUUID(),
      accountId: f.accountId,
      recipients: [{ number: '12125550100' }],
      documents: [documentRef],
      options: { resolution: 'FINE', coverPage: null, header: null },
    });
    const jobId = added.jobs[0]!.id;
    const faxId = await until('the fax on the service', async () => (await client.listSent({ limit: 100 })).items.find((x) => !known.has(x.faxId))?.faxId);
    await f.emulator.control.advance(MINUTE);
    await f.emulator.control.idle();
    await f.core.core.webhooks.drain();
    expect(f.emulator.control.webhookDeliveries().find((d) => d.fax_id === faxId)).toMatchObject({ sent_status: 'SUCCESSFUL' });
    // Received and kept, though the job does not know its fax yet.
    expect((await detail(jobId)).job.faxId).toBeNull();
    expect((await deliveries()).find((d) => d.faxId === faxId)).toMatchObject({ verified: true, httpStatus: 200, outcome: 'Accepted.' });
    const d = await until('the job to complete from the held notification', async () => {
      const current = await detail(jobId);
      return current.job.faxId === faxId && current.timeline.some((e) => e.source === 'webhook' && e.status === 'COMPLETED') ? current : null;
    });
    expect(d.job.state).toBe('COMPLETED');
    expect(notificationsFor(jobId)).toHaveLength(1);
  });
});

describe('the timeline of a job a webhook finished', () => {
  it('gets its attempts from one read of the transmission detail, deferred while sync is paused', async () => {
    const { jobId, faxId } = await send('12125550100');
    f.core.core.sync.setPaused(true);
    let since: number;
    try {
      await settled();
      since = lastRequestSeq();
      await f.emulator.control.advance(MINUTE);
      await f.emulator.control.idle();
      const d = await until('the webhook', async () => {
        await f.core.core.webhooks.drain();
        const current = await detail(jobId);
        return current.job.state === 'COMPLETED' ? current : null;
      });
      expect(d.timeline.some((e) => e.source === 'webhook' && e.status === 'COMPLETED')).toBe(true);
      // Paused: the service is not asked, so the attempts are not there yet.
      expect(attempts(d)).toEqual([]);
    } finally {
      f.core.core.sync.setPaused(false);
    }
    const done = await until('the attempts', async () => {
      const current = await detail(jobId);
      return attempts(current).length > 0 ? current : null;
    });
    expect(attempts(done)).toContain('ATTEMPT_COMPLETED');
    await settled();
    const reads = f.emulator.control.requests(since).filter((r) => r.method === 'GET' && r.path.includes(`/faxes/${faxId}/transmission-details`));
    expect(reads).toHaveLength(1);
  });
});

describe('restart and the retry window', () => {
  it('a notification retried while Faxdesk restarts is applied once after it is back', async () => {
    const { jobId, faxId } = await send('12125550100');
    await f.stopCore();
    await f.emulator.control.advance(MINUTE);
    await f.emulator.control.idle();
    const queued = f.emulator.control.webhookDeliveries().find((d) => d.fax_id === faxId)!;
    expect(queued).toMatchObject({ sent_status: 'QUEUED' });
    expect(f.proxy.statuses.at(-1)).toBe(502);
    await f.startCore();
    await f.emulator.control.advance(5 * MINUTE);
    await f.emulator.control.idle();
    expect(f.emulator.control.webhookDeliveries().find((d) => d.fax_id === faxId)).toMatchObject({ sent_status: 'SUCCESSFUL' });
    await f.core.core.webhooks.drain();
    const d = await until('the retried webhook applied', async () => {
      const current = await detail(jobId);
      return current.timeline.some((e) => e.source === 'webhook') ? current : null;
    });
    expect(d.timeline.filter((e) => e.status === 'WEBHOOK_RECEIVED')).toHaveLength(1);
    expect(notificationsFor(jobId)).toHaveLength(1);
  });

  it('reconciles FAILED deliveries once, only after the 20-minute window', async () => {
    await send('12125550100');
    f.emulator.control.routeWebhooks('https://localhost:8443', { port: 1, ca: f.proxy.cert });
    await f.emulator.control.advance(MINUTE);
    await f.emulator.control.idle();
    const completedAt = Date.parse(f.emulator.control.clock().now);
    f.emulator.control.routeWebhooks('https://localhost:8443', { port: f.proxy.port, ca: f.proxy.cert });
    await f.core.core.sync.syncNow(f.accountId, ['notifications']);
    const receiver = f.core.core.webhooks;
    // Within the window nothing is done (rule 8: earlier reads can give duplicates).
    expect(receiver.reconcileFailed(new Date(completedAt + 10 * MINUTE))).toBe(0);
    expect(receiver.reconcileFailed(new Date(completedAt + 21 * MINUTE))).toBe(1);
    expect(receiver.reconcileFailed(new Date(completedAt + 40 * MINUTE))).toBe(0);
  });
});

describe('an account whose webhooks point elsewhere', () => {
  it('is not pinged and says "not using this receiver" until its webhooks are pointed here', async () => {
    const branch = f.emulator.control.createAccount();
    const since = lastRequestSeq();
    const account = await f.core.ok<AccountView>('accounts:add', { label: 'Branch', baseUrl: f.emulator.baseUrl, appId: branch.appId, apiKey: branch.apiKey, userId: branch.userId });
    const key = 'branch-hmac-key-0123456789abcdef';
    for (const direction of ['OUTBOUND', 'INBOUND']) {
      await f.core.ok('webhooks:set', { accountId: account.id, direction, url: 'https://hooks.example.net/faxdesk', hmacSecret: key });
    }
    const row = async () => (await f.core.ok<ReceiverView>('receiver:get')).accounts.find((a) => a.accountId === account.id);
    const elsewhere = await until('the branch read as elsewhere', async () => ((await row())?.delivery.state === 'elsewhere' ? row() : null));
    expect(elsewhere).toMatchObject({ hasKey: true, instant: null, delivery: { message: expect.stringContaining('Not using this receiver: its webhooks go to https://hooks.example.net/faxdesk') } });
    const status = await f.core.ok<{ accounts: { accountId: string; instant: unknown }[] }>('sync:status');
    expect(status.accounts.find((a) => a.accountId === account.id)?.instant).toBeNull();
    expect(await f.core.ok<ReceiverTestReport>('receiver:test', { accountId: account.id })).toMatchObject({ ok: false, message: expect.stringContaining('Not using this receiver') });
    const pings = () => f.emulator.control.requests(since).filter((r) => r.method === 'POST' && r.path.endsWith('/notifications/ping') && r.headers['user-id'] === branch.userId);
    expect(pings()).toHaveLength(0);

    // Its outbound webhooks now come here: served for that direction, and the round trip works.
    await f.core.ok('webhooks:set', { accountId: account.id, direction: 'OUTBOUND', url: WEBHOOK_URL });
    const here = await until('the branch read as served', async () => ((await row())?.delivery.state === 'here' ? row() : null));
    expect(here?.delivery).toMatchObject({ directions: ['OUTBOUND'] });
    expect(await f.core.ok<ReceiverTestReport>('receiver:test', { accountId: account.id })).toMatchObject({ ok: true });
    expect((await row())?.instant).toMatchObject({ state: 'active', message: expect.stringContaining('Received faxes are checked as usual') });
    expect(pings()).toHaveLength(1);
    await f.core.ok('accounts:remove', { id: account.id });
  });
});
