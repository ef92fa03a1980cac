/** "Bad input": malformed requests get the error shape, nothing crashes the server, state is never half-written. */
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator';
import { ApiClient, call, expectErrorShape, sendBody, sendOne, startTestEmulator, txt } from './helpers';

let emu: RunningEmulator;
let api: ApiClient;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  await emu.control.reset();
  api = await ApiClient.for(emu);
});

const BODIES: (string | Buffer)[] = [
  '',
  '{',
  'null',
  '[]',
  '[1,2,3]',
  '"string"',
  '123',
  'true',
  '{"destinations": null, "documents": null}',
  '{"__proto__": {"polluted": true}, "destinations": [{"fax_number": "12125550100"}]}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  JSON.stringify({ destinations: [{ fax_number: '\u0000\u202e12125550100' }], documents: [txt()] }),
  JSON.stringify({ destinations: Array.from({ length: 5 }, () => ({ fax_number: { $gt: '' } })), documents: 'x' }),
  JSON.stringify({ fax_options: { header_options: { line_1: ['${'.repeat(1000)] } }, destinations: [{ fax_number: '12125550100' }], documents: [txt()] }),
  '['.repeat(5000) + ']'.repeat(5000),
  Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x80, 0x81]),
  '{"image_downloaded": "true"}',
  '{"fax_direction": {"x": 1}}',
  '{"fax_ids": [null]}',
  '{"direction": "INBOUND", "notify_destination": "javascript:alert(1)"}',
];

describe('malformed requests', () => {
  it('every route answers a malformed body with a 4xx in the error shape, never a 5xx', async () => {
    const faxId = await sendOne(api, '12125550100');
    const routes: [string, string][] = [
      ['POST', '/faxes'],
      ['PATCH', `/faxes/${faxId}/metadata`],
      ['POST', '/faxes/metadata'],
      ['POST', '/notifications/ping'],
      ['POST', `/applications/${emu.demo.appId}/notifications`],
    ];
    for (const [method, path] of routes) {
      for (const body of BODIES) {
        const res = await api.raw(method, path, body, { 'content-type': 'application/json' });
        const label = `${method} ${path} ${String(body).slice(0, 40)}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        expectErrorShape(res.body);
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // Only the seeded fax exists: no request created one.
    expect((await api.get('/faxes/sent')).body.total_records).toBe(1);
    expect((await call(`${emu.baseUrl}/health`)).body).toEqual({ status: 'UP' });
  });

  it('admin and control routes too', async () => {
    const admin = { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword, 'content-type': 'application/json' };
    const key = (await call(`${emu.adminBaseUrl}/users`, { headers: admin })).body.users[0].customer_key;
    for (const body of BODIES) {
      for (const [url, method] of [
        [`${emu.adminBaseUrl}/users`, 'POST'],
        [`${emu.adminBaseUrl}/users/${key}`, 'PATCH'],
        [`${emu.controlUrl}/faults`, 'POST'],
        [`${emu.controlUrl}/clock/advance`, 'POST'],
        [`${emu.controlUrl}/inbound`, 'POST'],
      ] as const) {
        const res = await call(url, { method, headers: admin, rawBody: body });
        // An empty body is a valid arrival (all defaults).
        if (url.endsWith('/inbound') && body === '') continue;
        const label = `${method} ${url} ${String(body).slice(0, 40)}`;
        expect(res.status, label).toBeGreaterThanOrEqual(400);
        expect(res.status, label).toBeLessThan(500);
        expectErrorShape(res.body);
      }
    }
  });

  it('unknown paths, wrong methods, bad encodings and odd headers', async () => {
    const notFound = await api.get('/nothing');
    expect(notFound.status).toBe(404);
    expectErrorShape(notFound.body);
    const wrongMethod = await call(`${emu.baseUrl}/faxes`, { method: 'PUT' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expectErrorShape(wrongMethod.body);
    const encoded = await api.get('/faxes/%E0%A4%A/metadata');
    expect(encoded.status).toBe(404);
    expectErrorShape(encoded.body);
    const longId = await api.get(`/faxes/${'a'.repeat(5000)}/metadata`);
    expect(longId.status).toBe(404);
    const odd = await api.get('/faxes/received', { 'transaction-id': 'caf\u00e9 \u00fc', 'pagination-limit': '1e3' });
    expect(odd.status).toBe(400);
    expect(odd.headers.get('transaction-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('survives clients that disconnect mid-upload and garbage on the socket', async () => {
    const { port } = new URL(emu.baseUrl);
    await new Promise<void>((resolve) => {
      const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/api/faxes', headers: { 'content-type': 'application/json', 'content-length': '100000' } });
      req.on('error', () => resolve());
      req.write('{"destinations": [');
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 50);
    });
    const net = await import('node:net');
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write('THIS IS NOT HTTP\r\n\r\n'));
      socket.on('data', () => undefined);
      socket.on('close', () => resolve());
      socket.on('error', () => resolve());
    });
    expect((await call(`${emu.baseUrl}/health`)).status).toBe(200);
    expect((await api.post('/faxes', sendBody('12125550100'))).status).toBe(201);
  });
});

describe('state is never half-written', () => {
  it('a send with one bad destination among good ones creates nothing', async () => {
    const res = await api.post('/faxes', sendBody(['12125550100', '12125550101', 'bad']));
    expect(res.status).toBe(400);
    expect((await api.get('/faxes/sent')).body.total_records).toBe(0);
  });

  it('a rejected PATCH changes nothing', async () => {
    const { fax_id } = await emu.control.inbound({});
    await api.patch(`/faxes/${fax_id}/metadata`, { image_downloaded: true, pages: 9 });
    expect((await api.get(`/faxes/${fax_id}/metadata`)).body).toMatchObject({ image_downloaded: false, pages: expect.any(Number) });
  });

  it('a rejected admin change leaves the user as it was', async () => {
    const admin = { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword };
    const [user] = (await call(`${emu.adminBaseUrl}/users`, { headers: admin })).body.users;
    const res = await call(`${emu.adminBaseUrl}/users/${user.customer_key}`, { method: 'PATCH', headers: admin, body: { first_name: 'Changed', time_zone: 'Nowhere/Land' } });
    expect(res.status).toBe(400);
    expect((await call(`${emu.adminBaseUrl}/users/${user.customer_key}`, { headers: admin })).body.first_name).toBe(user.first_name);
  });

  it('a DELETE of several numbers with one unknown deletes none', async () => {
    const admin = { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword };
    const res = await call(`${emu.adminBaseUrl}/numbers/${emu.demo.faxNumber},19999999999`, { method: 'DELETE', headers: admin });
    expect(res.status).toBe(404);
    expect((await api.get('/faxes/received')).status).toBe(200);
  });
});
