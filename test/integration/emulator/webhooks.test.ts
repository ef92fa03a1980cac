/** Rule 9: webhook configuration, signed deliveries, the retry schedule, the notification log, ping. */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_MS, type RunningEmulator } from '../../../src/emulator';
import { ApiClient, MINUTE, WebhookReceiver, call, configureWebhook, expectErrorShape, sendOne, startTestEmulator, type Json } from './helpers';

let emu: RunningEmulator;
let api: ApiClient;
let receiver: WebhookReceiver;
let url: string;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  await emu.control.reset();
  api = await ApiClient.for(emu);
  receiver = new WebhookReceiver();
  url = await receiver.start();
});
afterEach(async () => {
  await receiver.stop();
});

/** Independent check of X-HMAC-Signature: hex HMAC-SHA256 of the raw body, compared in constant time. */
function signatureValid(body: Buffer, header: string | string[] | undefined, secret: string): boolean {
  if (typeof header !== 'string') return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(body).digest('hex'));
  const given = Buffer.from(header);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

describe('notification configuration', () => {
  it('creates, lists, reads, changes and deletes a webhook configuration; never shows the secret', async () => {
    const base = `/applications/${emu.demo.appId}/notifications`;
    const created = await api.post(base, { direction: 'outbound', type: 'WEBHOOK', notify_destination: url, hmac_secret: 's3cret' });
    // The reference's answers to writes are text: 201 CREATED, 200 OK.
    expect(created).toMatchObject({ status: 201, text: 'CREATED' });
    expect(created.headers.get('content-type')).toMatch(/^text\/plain/);
    const list = (await api.get(base)).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ app_id: emu.demo.appId, direction: 'OUTBOUND', type: 'WEBHOOK', notify_destination: url, enabled: true, hmac_enabled: true });
    expect(JSON.stringify(list)).not.toContain('s3cret');
    const id = list[0].notification_id;
    expect((await api.get(`${base}/${id}`)).body.notification_id).toBe(id);
    const patched = await api.patch(`${base}/${id}`, { notify_destination: `${url}?v=2`, enabled: false });
    expect(patched).toMatchObject({ status: 200, text: 'OK' });
    expect((await api.get(`${base}/${id}`)).body).toMatchObject({ notify_destination: `${url}?v=2`, enabled: false });
    expect((await api.post(base, { direction: 'OUTBOUND', notify_destination: url })).status).toBe(409);
    expect((await api.delete(`${base}/${id}`)).status).toBe(204);
    expect((await api.get(`${base}/${id}`)).status).toBe(404);
    expect((await api.get(base)).body).toEqual([]);
  });

  it('stores and returns notify_destination exactly as set (no trailing slash added)', async () => {
    const base = `/applications/${emu.demo.appId}/notifications`;
    expect((await api.post(base, { direction: 'INBOUND', type: 'WEBHOOK', notify_destination: 'http://some.url' })).status).toBe(201);
    const [config] = (await api.get(base)).body;
    expect(config.notify_destination).toBe('http://some.url');
    expect((await api.patch(`${base}/${config.notification_id}`, { notify_destination: 'https://Hooks.Example.test:8443' })).status).toBe(200);
    expect((await api.get(`${base}/${config.notification_id}`)).body.notify_destination).toBe('https://Hooks.Example.test:8443');
  });

  it('validates the body and the application', async () => {
    const base = `/applications/${emu.demo.appId}/notifications`;
    for (const [body, element] of [
      [{ direction: 'SIDEWAYS', notify_destination: url }, 'direction'],
      [{ direction: 'INBOUND', notify_destination: 'not a url' }, 'notify_destination'],
      [{ direction: 'INBOUND' }, 'notify_destination'],
      [{ direction: 'INBOUND', notify_destination: url, type: 'EMAIL' }, 'type'],
      [{ direction: 'INBOUND', notify_destination: url, hmac_secret: 5 }, 'hmac_secret'],
    ] as const) {
      const res = await api.post(base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body);
      expect(res.body.errors[0].element_name).toBe(element);
    }
    const other = emu.control.createAccount();
    expect((await api.get(`/applications/${other.appId}/notifications`)).status).toBe(403);
  });
});

describe('deliveries', () => {
  it('posts the outbound disposition as JSON signed with X-HMAC-Signature', async () => {
    await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url, 'shared-key');
    const faxId = await sendOne(api, '12125550100', { client_data: { client_id: 'C-7' } });
    await emu.control.advance(MINUTE);
    expect(receiver.received).toHaveLength(1);
    const hook = receiver.received[0]!;
    expect(hook.headers['content-type']).toMatch(/application\/json/);
    expect(signatureValid(hook.body, hook.headers['x-hmac-signature'], 'shared-key')).toBe(true);
    expect(signatureValid(hook.body, hook.headers['x-hmac-signature'], 'other-key')).toBe(false);
    expect(hook.json).toMatchObject({
      app_id: emu.demo.appId,
      user_id: emu.demo.userId,
      fax_id: faxId,
      direction: 'OUTBOUND',
      duration: 2,
      pages: 1,
      destination_fax_number: '12125550100',
      status: 'COMPLETE',
      billable_retries: 0,
      client_data: { client_id: 'C-7' },
    });
    expect(hook.json.completed_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(typeof hook.json.notification_id).toBe('string');
    expect(hook.json).not.toHaveProperty('error');
  });

  it('reports a failed send with status ERROR, error and error_reason, pages and duration 0', async () => {
    await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url);
    await sendOne(api, '12125550104');
    await emu.control.advance(MINUTE);
    expect(receiver.received[0]!.json).toMatchObject({ status: 'ERROR', error: 'E53', error_reason: 'Destination fax number not allowed', pages: 0, duration: 0 });
  });

  it('posts an inbound notification with the fax\'s metadata (no image: the receiver downloads it); no signature without a secret', async () => {
    await configureWebhook(api, emu.demo.appId, 'INBOUND', url, '');
    const { fax_id } = await emu.control.inbound({ from: '13125550170', pages: 2 });
    await emu.control.idle();
    const hook = receiver.received[0]!;
    expect(hook.headers['x-hmac-signature']).toBeUndefined();
    expect(hook.json).toMatchObject({ fax_id, direction: 'INBOUND', pages: 2, originating_fax_number: '13125550170', destination_fax_number: emu.demo.faxNumber });
    expect(hook.json).toMatchObject({ fax_status: 'STORED', image_downloaded: false, size: expect.any(Number) });
    expect(hook.json).not.toHaveProperty('image');
    expect(hook.body.length).toBeLessThan(2048);
  });

  it('retries only after a 5xx: 5 attempts, 5 minutes apart by the emulator clock, then FAILED', async () => {
    receiver.statuses = [500];
    await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url);
    await sendOne(api, '12125550100');
    await emu.control.advance(3000); // the fax completes at +3 s and the first attempt goes out
    expect(receiver.received).toHaveLength(1);
    const queued = (await api.get('/notifications?sent_status=queued')).body;
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ sent_status: 'QUEUED', attempts: 1, last_response_status: 500 });
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt++) {
      await emu.control.advance(WEBHOOK_RETRY_MS - 1);
      expect(receiver.received).toHaveLength(attempt - 1);
      await emu.control.advance(1);
      expect(receiver.received).toHaveLength(attempt);
    }
    await emu.control.advance(60 * MINUTE);
    expect(receiver.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [failed] = (await api.get('/notifications?sent_status=FAILED')).body;
    expect(failed).toMatchObject({ sent_status: 'FAILED', attempts: 5 });
    // The same signed body every time.
    expect(new Set(receiver.received.map((r) => r.body.toString())).size).toBe(1);
    const [delivery] = emu.control.webhookDeliveries();
    const times = delivery!.attempt_log.map((a) => Date.parse(a.at));
    expect(times.slice(1).map((t, i) => t - times[i]!)).toEqual([WEBHOOK_RETRY_MS, WEBHOOK_RETRY_MS, WEBHOOK_RETRY_MS, WEBHOOK_RETRY_MS]);
  });

  it('succeeds on a retry after 503s', async () => {
    receiver.statuses = [503, 503, 200];
    await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url);
    await sendOne(api, '12125550100');
    await emu.control.advance(30 * MINUTE);
    expect(receiver.received).toHaveLength(3);
    expect((await api.get('/notifications')).body[0]).toMatchObject({ sent_status: 'SUCCESSFUL', attempts: 3 });
  });

  it('does not retry after a 4xx', async () => {
    receiver.statuses = [404];
    await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url);
    await sendOne(api, '12125550100');
    await emu.control.advance(30 * MINUTE);
    expect(receiver.received).toHaveLength(1);
    expect((await api.get('/notifications')).body[0]).toMatchObject({ sent_status: 'FAILED', attempts: 1, last_response_status: 404 });
  });

  it('delivers nothing for a disabled configuration', async () => {
    const config = await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url);
    await api.patch(`/applications/${emu.demo.appId}/notifications/${config.notification_id}`, { enabled: false });
    await sendOne(api, '12125550100');
    await emu.control.advance(MINUTE);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('GET /notifications', () => {
  it('lists every delivery and filters by sent_status, fax_direction and time, case-insensitively', async () => {
    await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url);
    await configureWebhook(api, emu.demo.appId, 'INBOUND', url);
    receiver.statuses = [200, 404];
    await sendOne(api, '12125550100');
    await emu.control.advance(MINUTE);
    const middle = emu.control.clock().now;
    await emu.control.advance(MINUTE);
    await emu.control.inbound({});
    await emu.control.idle();
    const all = (await api.get('/notifications')).body;
    expect(all).toHaveLength(2);
    for (const n of all) {
      for (const key of ['app_id', 'user_id', 'fax_id', 'notify_id', 'fax_direction', 'fax_completed_timestamp', 'notify_type', 'notify_destination', 'sent_status']) {
        expect(n).toHaveProperty(key);
      }
      expect(n.notify_type).toBe('WEBHOOK');
      expect(n.fax_completed_timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    }
    const get = async (q: string) => (await api.get(`/notifications?${q}`)).body;
    expect(await get('sent_status=successful')).toHaveLength(1);
    expect(await get('sent_status=failed')).toHaveLength(1);
    expect((await get('fax_direction=outbound'))[0].fax_direction).toBe('OUTBOUND');
    expect((await get('fax_direction=INBOUND'))[0].fax_direction).toBe('INBOUND');
    expect(await get('sent_status=FAILED&fax_direction=outbound')).toHaveLength(0);
    expect((await get(`after=${encodeURIComponent(middle)}`))[0].fax_direction).toBe('INBOUND');
    expect((await get(`before=${encodeURIComponent(middle)}`))[0].fax_direction).toBe('OUTBOUND');
    expect((await api.get('/notifications', { 'pagination-limit': '1' })).body).toHaveLength(1);
    expect((await api.get('/notifications', { 'pagination-offset-id': all[0].notify_id })).body.map((n: { notify_id: string }) => n.notify_id)).toEqual([all[1].notify_id]);
    for (const q of ['sent_status=lost', 'fax_direction=up', 'after=soon']) {
      const res = await api.get(`/notifications?${q}`);
      expect(res.status, q).toBe(400);
      expectErrorShape(res.body);
    }
  });
});

describe('GET /notifications without user-id (as the reference documents it)', () => {
  it("answers the application's whole log, every user's deliveries; a user-id still narrows it to that user", async () => {
    await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url);
    // A second user (fax number) of the same application.
    const admin = { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword };
    const created = await call(`${emu.adminBaseUrl}/users`, { method: 'POST', headers: admin, body: { first_name: 'Second', last_name: 'User', email: 'second@example.test' } });
    expect(created.status).toBe(201);
    const second = new ApiClient(emu.baseUrl, api.token, created.body.fax_numbers[0].user_id);
    await sendOne(api, '12125550100');
    await sendOne(second, '12125550100');
    await emu.control.advance(MINUTE);
    await emu.control.idle();
    const whole = await call(`${emu.baseUrl}/notifications`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(whole.status).toBe(200);
    expect(whole.body.map((n: Json) => n.user_id).sort()).toEqual([emu.demo.userId, second.userId].sort());
    expect((await api.get('/notifications')).body.map((n: Json) => n.user_id)).toEqual([emu.demo.userId]);
    // Filters apply as before; a token is still required.
    expect((await call(`${emu.baseUrl}/notifications?fax_direction=inbound`, { headers: { authorization: `Bearer ${api.token}` } })).body).toEqual([]);
    expect((await call(`${emu.baseUrl}/notifications`)).status).toBe(401);
  });
});

describe('POST /notifications/ping', () => {
  it('answers the ping elements and sends a PING webhook', async () => {
    const config = await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url, 'k');
    const res = await api.post('/notifications/ping', { fax_direction: 'outbound' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { app_id: emu.demo.appId, notify_id: expect.any(String), notify_config_id: config.notification_id, fax_direction: 'OUTBOUND', notify_type: 'WEBHOOK', event_type: 'PING' },
    ]);
    await emu.control.idle();
    const hook = receiver.received[0]!;
    expect(hook.json).toEqual({ app_id: emu.demo.appId, notification_id: res.body[0].notify_id, direction: 'OUTBOUND', event_type: 'PING', notification_config_id: config.notification_id });
    expect(signatureValid(hook.body, hook.headers['x-hmac-signature'], 'k')).toBe(true);
  });

  it('answers 404 without a configuration for the direction, 400 for a bad direction', async () => {
    await configureWebhook(api, emu.demo.appId, 'OUTBOUND', url);
    expect((await api.post('/notifications/ping', { fax_direction: 'INBOUND' })).status).toBe(404);
    for (const body of [{ fax_direction: 'BOTH' }, {}, { fax_direction: 1 }]) {
      const res = await api.post('/notifications/ping', body);
      expect(res.status).toBe(400);
      expect(res.body.errors[0].element_name).toBe('fax_direction');
    }
  });
});

describe('destination rules', () => {
  let strict: RunningEmulator;
  let strictApi: ApiClient;
  beforeAll(async () => {
    strict = await startTestEmulator({ allowHttpWebhooksOnLoopback: false, webhookTimeoutSeconds: 0.3 });
  });
  afterAll(async () => {
    await strict.stop();
  });
  beforeEach(async () => {
    await strict.control.reset();
    strictApi = await ApiClient.for(strict);
  });

  it('delivers only https on the default port or 8443: http is recorded FAILED and never posted', async () => {
    await configureWebhook(strictApi, strict.demo.appId, 'OUTBOUND', url);
    await sendOne(strictApi, '12125550100');
    await strict.control.advance(MINUTE);
    expect(receiver.received).toHaveLength(0);
    const [n] = (await strictApi.get('/notifications')).body;
    expect(n).toMatchObject({ sent_status: 'FAILED', attempts: 0 });
    expect(n.failure_reason).toMatch(/https/);
  });

  it('refuses other https ports, tries 8443', async () => {
    const config = await configureWebhook(strictApi, strict.demo.appId, 'OUTBOUND', 'https://127.0.0.1:9443/hook');
    await strictApi.post('/notifications/ping', { fax_direction: 'OUTBOUND' });
    await strict.control.idle();
    let [n] = (await strictApi.get('/notifications')).body;
    expect(n).toMatchObject({ sent_status: 'FAILED', attempts: 0 });
    expect(n.failure_reason).toMatch(/8443/);
    await strictApi.patch(`/applications/${strict.demo.appId}/notifications/${config.notification_id}`, { notify_destination: 'https://127.0.0.1:8443/hook' });
    await strictApi.post('/notifications/ping', { fax_direction: 'OUTBOUND' });
    await strict.control.idle();
    n = (await strictApi.get('/notifications')).body[1];
    // Nothing listens there: the attempt is made and fails without an answer (not retried: no 5xx).
    expect(n).toMatchObject({ sent_status: 'FAILED', attempts: 1, last_response_status: null });
  });

  it('gives up an attempt after the timeout', async () => {
    // 1 s, not 0.3: the receiver counts a delivery once its body has arrived, and a starved process on a
    // loaded machine could let 0.3 s pass before that, so the attempt would be given up unseen.
    const local = await startTestEmulator({ webhookTimeoutSeconds: 1 });
    try {
      const localApi = await ApiClient.for(local);
      receiver.hang = true;
      await configureWebhook(localApi, local.demo.appId, 'OUTBOUND', url);
      await localApi.post('/notifications/ping', { fax_direction: 'OUTBOUND' });
      await local.control.idle();
      const [n] = (await localApi.get('/notifications')).body;
      expect(n).toMatchObject({ sent_status: 'FAILED', attempts: 1 });
      expect(n.failure_reason).toMatch(/timed out/);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await local.stop();
    }
  });
});
