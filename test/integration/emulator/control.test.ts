/** Rule 11: the control surface: reset, clock, faults per route, recorded requests, accounts. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorControlClient, type RunningEmulator } from '../../../src/emulator';
import { ApiClient, MINUTE, basic, call, expectErrorShape, getToken, sendBody, startTestEmulator } from './helpers';

let emu: RunningEmulator;
let api: ApiClient;
let control: EmulatorControlClient;
beforeAll(async () => {
  emu = await startTestEmulator();
  control = new EmulatorControlClient(emu.controlUrl);
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  await control.reset();
  api = await ApiClient.for(emu);
});

const sentCount = async () => (await api.get('/faxes/sent')).body.total_records as number;

describe('reset, clock, accounts', () => {
  it('reset forgets faxes and tokens but keeps the demo credentials', async () => {
    await api.post('/faxes', sendBody('12125550100'));
    await control.reset();
    expect((await api.get('/faxes/sent')).status).toBe(401);
    const fresh = await ApiClient.for(emu);
    expect((await fresh.get('/faxes/sent')).body.total_records).toBe(0);
    expect(await control.demo()).toEqual(emu.control.demo());
  });

  it('reads and advances the manual clock', async () => {
    const before = Date.parse((await control.clock()).now);
    expect((await control.clock()).mode).toBe('manual');
    const after = await control.advance(20 * MINUTE);
    expect(Date.parse(after.now) - before).toBe(20 * MINUTE);
    const bad = await call(`${emu.controlUrl}/clock/advance`, { method: 'POST', body: { ms: -5 } });
    expect(bad.status).toBe(400);
    expectErrorShape(bad.body);
  });

  it('refuses to advance a real clock', async () => {
    const real = await startTestEmulator({ clock: 'real' });
    try {
      const res = await call(`${real.controlUrl}/clock/advance`, { method: 'POST', body: { ms: 1000 } });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].user_message).toMatch(/manual/);
    } finally {
      await real.stop();
    }
  });

  it('creates separate accounts and lists the destination rules', async () => {
    const other = await control.createAccount();
    expect(other.appId).not.toBe(emu.demo.appId);
    const otherApi = await ApiClient.for(emu, other);
    expect((await otherApi.get('/faxes/received')).status).toBe(200);
    const rules = await control.rules();
    expect(rules[1]).toMatchObject({ id: 1, example: '12125550101' });
  });

  it('answers health and 404 for unknown control paths in the error shape', async () => {
    expect(await control.health()).toEqual({ status: 'UP' });
    const res = await call(`${emu.controlUrl}/nothing-here`);
    expect(res.status).toBe(404);
    expectErrorShape(res.body);
  });
});

describe('faults', () => {
  it('status before: the request is not processed', async () => {
    await control.addFault({ route: 'POST /faxes', kind: 'status', status: 503 });
    const res = await api.post('/faxes', sendBody('12125550100'));
    expect(res.status).toBe(503);
    expectErrorShape(res.body);
    expect(res.body.errors[0].error_code).toBe('SERVICE_UNAVAILABLE');
    expect(await sentCount()).toBe(0);
    // count defaults to 1
    expect((await api.post('/faxes', sendBody('12125550100'))).status).toBe(201);
  });

  it('status after: the send is committed, then the client sees a 500 (an ambiguous send)', async () => {
    await control.addFault({ route: 'POST /faxes', kind: 'status', status: 500, phase: 'after' });
    const res = await api.post('/faxes', sendBody('12125550100'), { 'transaction-id': 'ambiguous-1' });
    expect(res.status).toBe(500);
    const found = await api.get('/faxes/sent?transaction_id=ambiguous-1');
    expect(found.body.total_records).toBe(1);
  });

  it('reset before and after', async () => {
    await control.addFault({ route: 'POST /faxes', kind: 'reset' });
    await expect(api.post('/faxes', sendBody('12125550100'))).rejects.toThrow();
    expect(await sentCount()).toBe(0);
    await control.addFault({ route: 'POST /faxes', kind: 'reset', phase: 'after' });
    await expect(api.post('/faxes', sendBody('12125550100'))).rejects.toThrow();
    expect(await sentCount()).toBe(1);
  });

  it('truncate: the body stops short of its Content-Length', async () => {
    await control.addFault({ route: 'GET /faxes/sent', kind: 'truncate' });
    const res = await fetch(`${emu.baseUrl}/faxes/sent`, { headers: { authorization: `Bearer ${api.token}`, 'user-id': api.userId } });
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  it('malformed: a 2xx whose body is not JSON (after the send is committed)', async () => {
    await control.addFault({ route: 'POST /faxes', kind: 'malformed', phase: 'after' });
    const res = await api.post('/faxes', sendBody('12125550100'));
    expect(res.status).toBe(201);
    expect(() => JSON.parse(res.text)).toThrow();
    expect(await sentCount()).toBe(1);
  });

  it('rate-limit: 429 with Retry-After, in the error shape or as the gateway says it', async () => {
    await control.addFault({ route: 'GET /faxes/received', kind: 'rate-limit', retryAfterSeconds: 7 });
    const res = await api.get('/faxes/received');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expectErrorShape(res.body);
    await control.addFault({ route: 'GET /faxes/received', kind: 'rate-limit', gatewayStyle: true });
    const gateway = await api.get('/faxes/received');
    expect(gateway.status).toBe(429);
    expect(gateway.text).toBe('Too Many Requests.');
    expect((await api.get('/faxes/received')).status).toBe(200);
  });

  it('delay and hang keep the client waiting', async () => {
    await control.addFault({ route: 'GET /faxes/received', kind: 'delay', delayMs: 5000 });
    const headers = { authorization: `Bearer ${api.token}`, 'user-id': api.userId };
    await expect(fetch(`${emu.baseUrl}/faxes/received`, { headers, signal: AbortSignal.timeout(200) })).rejects.toThrow();
    await control.addFault({ route: 'GET /faxes/received', kind: 'hang' });
    await expect(fetch(`${emu.baseUrl}/faxes/received`, { headers, signal: AbortSignal.timeout(200) })).rejects.toThrow();
    expect((await api.get('/faxes/received')).status).toBe(200);
  });

  it('matches wildcards and methods, fires by count or probability, and clears', async () => {
    await control.addFault({ route: 'GET /faxes/*/metadata', kind: 'status', status: 502, count: 2 });
    const id = (await api.post('/faxes', sendBody('12125550100'))).body[0].fax_id;
    expect((await api.get(`/faxes/${id}/metadata`)).status).toBe(502);
    expect((await api.get(`/faxes/${id}/metadata`)).status).toBe(502);
    expect((await api.get(`/faxes/${id}/metadata`)).status).toBe(200);
    await control.addFault({ route: '* /faxes/*', kind: 'status', status: 500, probability: 0 });
    for (let i = 0; i < 5; i++) expect((await api.get(`/faxes/${id}/metadata`)).status).toBe(200);
    await control.addFault({ route: '/faxes/*', kind: 'status', status: 500, probability: 1 });
    expect((await api.get(`/faxes/${id}/transmission-detail`)).status).toBe(500);
    expect((await api.delete(`/faxes/${id}`)).status).toBe(500);
    expect((await control.faults()).length).toBe(2);
    expect(await control.clearFaults()).toEqual({ removed: 2 });
    expect((await api.get(`/faxes/${id}/metadata`)).status).toBe(200);
  });

  it('never touches the control surface', async () => {
    await control.addFault({ route: '*', kind: 'status', status: 500, probability: 1 });
    expect((await control.clock()).mode).toBe('manual');
    expect((await api.get('/faxes/sent')).status).toBe(500);
    await control.clearFaults();
  });

  it('validates fault specs', async () => {
    for (const body of [{}, { route: 'GET /x', kind: 'explode' }, { route: 'GET /x', kind: 'status', status: 99 }, { route: 'GET /x', kind: 'delay', probability: 2 }]) {
      const res = await call(`${emu.controlUrl}/faults`, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.body);
    }
  });
});

describe('recorded requests', () => {
  it('records method, path, status and time, with secrets masked', async () => {
    await control.clearRequests();
    const token = await getToken(emu.baseUrl, emu.demo);
    await call(`${emu.baseUrl}/faxes/received?x=1`, { headers: { authorization: `Bearer ${token}`, 'user-id': emu.demo.userId } });
    await call(`${emu.adminBaseUrl}/users`, { headers: { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword } });
    await control.addFault({ route: 'GET /faxes/sent', kind: 'status', status: 503 });
    await call(`${emu.baseUrl}/faxes/sent`);
    const log = await control.requests();
    expect(log.map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/api/tokens', 200],
      ['GET', '/api/faxes/received?x=1', 200],
      ['GET', '/admin/users', 200],
      ['GET', '/api/faxes/sent', 503],
    ]);
    const text = JSON.stringify(log);
    expect(text).not.toContain(token);
    expect(text).not.toContain(emu.demo.adminPassword);
    expect(text).not.toContain(basic(emu.demo.appId, emu.demo.apiKey).slice(6));
    expect(log[1]!.headers.authorization).toMatch(/^Bearer \*\*\*/);
    expect(log[2]!.headers['admin-password']).toBe('***');
    expect(log[3]!.fault).toBe('status/before');
    expect(log[0]!.time).toMatch(/Z$/);
    const newer = await control.requests(log[2]!.seq);
    expect(newer).toHaveLength(1);
  });
});
