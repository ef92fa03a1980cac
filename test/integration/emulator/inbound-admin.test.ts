/** Rules 8 and 10: arrivals, and the Admin API. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator';
import { ApiClient, MINUTE, call, expectErrorShape, pdfPageTexts, startTestEmulator } from './helpers';

let emu: RunningEmulator;
let api: ApiClient;
let admin: Record<string, string>;
beforeAll(async () => {
  emu = await startTestEmulator();
  admin = { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword };
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  await emu.control.reset();
  api = await ApiClient.for(emu);
});

describe('arrivals', () => {
  it('POST /control/inbound makes a realistic multi-page fax arrive, from UNKNOWN by default', async () => {
    const res = await call(`${emu.controlUrl}/inbound`, { method: 'POST', body: { pages: 4 } });
    expect(res.status).toBe(201);
    const faxId = res.body.fax_id;
    const list = (await api.get('/faxes/received')).body;
    expect(list.faxes[0]).toMatchObject({ fax_id: faxId, pages: 4, originating_fax_number: 'UNKNOWN', originating_fax_tsid: 'unavailable' });
    const pdf = Buffer.from((await api.get(`/faxes/${faxId}/image?desired_format=PDF`)).body.image, 'base64');
    const texts = await pdfPageTexts(new Uint8Array(pdf));
    expect(texts).toHaveLength(4);
    // Pages come from the sample documents in resources/sandbox, each with the sender's header.
    expect(texts.join('\n')).toMatch(/Lease renewal|Northwind|Contoso|Riverside/);
    texts.forEach((t, i) => expect(t).toContain(`P. ${i + 1}/4`));
  });

  it('takes the sender, TSID and receiving user', async () => {
    const other = (await call(`${emu.adminBaseUrl}/users`, { method: 'POST', headers: admin, body: { first_name: 'Rae', last_name: 'Cipient', email: 'rae@example.com' } })).body;
    const userId = other.fax_numbers[0].user_id;
    await emu.control.inbound({ userId, from: '+13125550170', tsid: 'CLINIC FAX' });
    const theirs = new ApiClient(emu.baseUrl, api.token, userId);
    expect((await theirs.get('/faxes/received')).body.faxes[0]).toMatchObject({ originating_fax_number: '+13125550170', originating_fax_tsid: 'CLINIC FAX' });
    expect((await api.get('/faxes/received')).body.total_records).toBe(0);
    const byNumber = await call(`${emu.controlUrl}/inbound`, { method: 'POST', body: { toNumber: other.fax_numbers[0].fax_number } });
    expect(byNumber.status).toBe(201);
    for (const body of [{ userId: 'nobody' }, { pages: 0 }, { pages: 'two' }, { from: 5 }, 'text']) {
      const res = await call(`${emu.controlUrl}/inbound`, { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expectErrorShape(res.body);
    }
  });

  it('the arrival timer makes faxes arrive on the emulator clock', async () => {
    const timed = await startTestEmulator({ inboundEverySeconds: 60 });
    try {
      const timedApi = await ApiClient.for(timed);
      expect((await timedApi.get('/faxes/received')).body.total_records).toBe(0);
      await timed.control.advance(5 * MINUTE);
      const list = (await timedApi.get('/faxes/received')).body;
      expect(list.total_records).toBe(5);
      expect(list.faxes.some((f: { originating_fax_number: string }) => f.originating_fax_number === 'UNKNOWN')).toBe(true);
      expect(list.faxes.some((f: { originating_fax_number: string }) => /^\d+$/.test(f.originating_fax_number))).toBe(true);
    } finally {
      await timed.stop();
    }
  });
});

describe('Admin API', () => {
  it('answers 401 without or with wrong admin credentials', async () => {
    for (const headers of [{} as Record<string, string>, { ...admin, 'admin-password': 'wrong' }, { ...admin, 'admin-username': 'x' }, { 'admin-id': 'nope', 'admin-username': 'a', 'admin-password': 'b' }]) {
      const res = await call(`${emu.adminBaseUrl}/users`, { headers });
      expect(res.status).toBe(401);
      expectErrorShape(res.body);
    }
  });

  it('creates, reads, lists and changes users by customer key', async () => {
    const created = await call(`${emu.adminBaseUrl}/users`, {
      method: 'POST',
      headers: admin,
      body: { first_name: 'Dana', last_name: 'Scully', email: 'dana@example.com', customer_key: 'dana-1', time_zone: 'America/Chicago' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ customer_key: 'dana-1', first_name: 'Dana', status: 'ACTIVE', time_zone: 'America/Chicago', app_id: emu.demo.appId });
    expect(created.body.fax_numbers).toHaveLength(1);
    expect(created.body.fax_numbers[0].fax_number).toMatch(/^1\d{10}$/);
    expect((await call(`${emu.adminBaseUrl}/users/dana-1`, { headers: admin })).body.email).toBe('dana@example.com');
    expect((await call(`${emu.adminBaseUrl}/users`, { headers: admin })).body.users).toHaveLength(2);
    const patched = await call(`${emu.adminBaseUrl}/users/dana-1`, { method: 'PATCH', headers: admin, body: { last_name: 'Mulder', status: 'disabled' } });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ last_name: 'Mulder', status: 'DISABLED' });
    // A disabled user's API calls are refused.
    const theirs = new ApiClient(emu.baseUrl, api.token, created.body.fax_numbers[0].user_id);
    expect((await theirs.get('/faxes/received')).status).toBe(403);
    expect((await call(`${emu.adminBaseUrl}/users/nobody`, { headers: admin })).status).toBe(404);
    expect((await call(`${emu.adminBaseUrl}/users`, { method: 'POST', headers: admin, body: { first_name: 'D', last_name: 'S', email: 'd@example.com', customer_key: 'dana-1' } })).status).toBe(409);
  });

  it('validates user bodies', async () => {
    for (const [body, element] of [
      [{ last_name: 'x', email: 'a@b.co' }, 'first_name'],
      [{ first_name: 'x', last_name: 'y', email: 'not-an-email' }, 'email'],
      [{ first_name: 'x', last_name: 'y', email: 'a@b.co', time_zone: 'Mars/Base' }, 'time_zone'],
      [{ first_name: 'x', last_name: 'y', email: 'a@b.co', fax_number: '123' }, 'fax_number'],
      [{ first_name: 'x', last_name: 'y', email: 'a@b.co', role: 'admin' }, 'role'],
    ] as const) {
      const res = await call(`${emu.adminBaseUrl}/users`, { method: 'POST', headers: admin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].element_name).toBe(element);
    }
    const key = (await call(`${emu.adminBaseUrl}/users`, { headers: admin })).body.users[0].customer_key;
    const bad = await call(`${emu.adminBaseUrl}/users/${key}`, { method: 'PATCH', headers: admin, body: { status: 'GONE' } });
    expect(bad.status).toBe(400);
    const malformed = await call(`${emu.adminBaseUrl}/users`, { method: 'POST', headers: { ...admin, 'content-type': 'application/json' }, rawBody: '{"first_name":' });
    expect(malformed.status).toBe(400);
    expectErrorShape(malformed.body);
  });

  it('assigns numbers and DELETE /numbers releases them: their user-id stops working', async () => {
    const user = (await call(`${emu.adminBaseUrl}/users`, { method: 'POST', headers: admin, body: { first_name: 'N', last_name: 'M', email: 'n@example.com' } })).body;
    const extra = await call(`${emu.adminBaseUrl}/users/${user.customer_key}/numbers`, { method: 'POST', headers: admin, body: { fax_number: '14155559876' } });
    expect(extra.status).toBe(201);
    expect(extra.body).toMatchObject({ fax_number: '14155559876', customer_key: user.customer_key });
    const numbers = (await call(`${emu.adminBaseUrl}/numbers`, { headers: admin })).body.numbers;
    expect(numbers).toHaveLength(3);
    const gone = await call(`${emu.adminBaseUrl}/numbers/${user.fax_numbers[0].fax_number},14155559876`, { method: 'DELETE', headers: admin });
    expect(gone.status).toBe(204);
    const orphan = new ApiClient(emu.baseUrl, api.token, extra.body.user_id);
    expect((await orphan.get('/faxes/received')).status).toBe(403);
    const missing = await call(`${emu.adminBaseUrl}/numbers/14155559876`, { method: 'DELETE', headers: admin });
    expect(missing.status).toBe(404);
    expectErrorShape(missing.body);
    // A released number is an ordinary destination again (no loop back).
    await api.post('/faxes', { destinations: [{ fax_number: '14155559876' }], documents: [{ document_type: 'TXT', document_content: 'aGk=' }] });
    await emu.control.advance(MINUTE);
    expect((await call(`${emu.adminBaseUrl}/numbers`, { headers: admin })).body.numbers).toHaveLength(1);
  });
});
