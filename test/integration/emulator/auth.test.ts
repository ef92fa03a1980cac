/** Rules 1 and 2: tokens, bearer auth, user-id, per-user isolation. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator';
import { ApiClient, basic, call, expectErrorShape, getToken, sendOne, startTestEmulator } from './helpers';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startTestEmulator();
});
afterAll(async () => {
  await emu.stop();
});
beforeEach(async () => {
  await emu.control.reset();
});

const FORM = 'application/x-www-form-urlencoded;charset=UTF-8';

function tokenRequest(headers: Record<string, string>, body = 'grant_type=client_credentials') {
  return call(`${emu.baseUrl}/tokens`, { method: 'POST', headers, rawBody: body });
}

describe('POST /tokens', () => {
  it('issues a JWT-shaped bearer token for the App ID and API Key', async () => {
    const res = await tokenRequest({ authorization: basic(emu.demo.appId, emu.demo.apiKey), 'content-type': FORM });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toMatchObject({ token_type: 'bearer', expires_in: 86399, scope: 'read write' });
    expect(typeof res.body.jti).toBe('string');
    const parts = (res.body.access_token as string).split('.');
    expect(parts).toHaveLength(3);
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString('utf8'));
    expect(claims).toMatchObject({ sub: emu.demo.appId, jti: res.body.jti, scope: ['read', 'write'] });
    expect(claims.exp - claims.iat).toBe(86399);
  });

  it('accepts the content type without charset too', async () => {
    const res = await tokenRequest({ authorization: basic(emu.demo.appId, emu.demo.apiKey), 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.status).toBe(200);
  });

  it.each([
    ['wrong API key', () => basic(emu.demo.appId, 'nope')],
    ['unknown App ID', () => basic('not-an-app', emu.demo.apiKey)],
    ['no colon', () => `Basic ${Buffer.from(emu.demo.appId).toString('base64')}`],
    ['bearer instead of basic', () => 'Bearer abc'],
  ])('answers 401 for %s', async (_name, auth) => {
    const res = await tokenRequest({ authorization: auth(), 'content-type': FORM });
    expect(res.status).toBe(401);
    expectErrorShape(res.body);
    expect(res.body.errors[0].error_code).toBe('UNAUTHORIZED');
  });

  it('answers 401 without credentials', async () => {
    const res = await tokenRequest({ 'content-type': FORM });
    expect(res.status).toBe(401);
    expectErrorShape(res.body);
  });

  it.each([
    ['grant_type=password', 'grant_type'],
    ['', 'grant_type'],
    ['scope=read', 'grant_type'],
  ])('answers 400 for body %j', async (body, element) => {
    const res = await tokenRequest({ authorization: basic(emu.demo.appId, emu.demo.apiKey), 'content-type': FORM }, body);
    expect(res.status).toBe(400);
    expectErrorShape(res.body);
    expect(res.body.errors[0].element_name).toBe(element);
  });

  it('answers 400 for a JSON content type', async () => {
    const res = await tokenRequest({ authorization: basic(emu.demo.appId, emu.demo.apiKey), 'content-type': 'application/json' }, '{"grant_type":"client_credentials"}');
    expect(res.status).toBe(400);
    expect(res.body.errors[0].element_name).toBe('Content-Type');
  });

  it('issues independent tokens: a new one does not revoke the previous one', async () => {
    const first = await getToken(emu.baseUrl, emu.demo);
    const second = await getToken(emu.baseUrl, emu.demo);
    expect(first).not.toBe(second);
    for (const token of [first, second]) {
      const res = await new ApiClient(emu.baseUrl, token, emu.demo.userId).get('/faxes/received');
      expect(res.status).toBe(200);
    }
  });
});

describe('bearer auth on Fax Services calls', () => {
  it('answers 401 without a token, with a bad token, and with a basic header', async () => {
    for (const authorization of [undefined, 'Bearer not-a-token', basic(emu.demo.appId, emu.demo.apiKey), 'Bearer ']) {
      const headers: Record<string, string> = { 'user-id': emu.demo.userId };
      if (authorization) headers.authorization = authorization;
      const res = await call(`${emu.baseUrl}/faxes/received`, { headers });
      expect(res.status).toBe(401);
      expectErrorShape(res.body);
      expect(res.body.errors[0].error_code).toBe('UNAUTHORIZED');
    }
  });

  it('takes the scheme in any case with optional whitespace: Bearer<token> as the vendor suite sends it', async () => {
    const token = await getToken(emu.baseUrl, emu.demo);
    for (const authorization of [`Bearer ${token}`, `Bearer${token}`, `bearer ${token}`, `BEARER\t${token}`, `Bearer   ${token} `]) {
      const res = await call(`${emu.baseUrl}/faxes/received`, { headers: { authorization, 'user-id': emu.demo.userId } });
      expect(res.status, JSON.stringify(authorization.replace(token, '<token>'))).toBe(200);
    }
    for (const authorization of ['Bearer', `Basic${token}`, `Bearer ${token} extra`]) {
      const res = await call(`${emu.baseUrl}/faxes/received`, { headers: { authorization, 'user-id': emu.demo.userId } });
      expect(res.status).toBe(401);
    }
  });

  it('expires tokens by the emulator clock (24 hours)', async () => {
    const api = await ApiClient.for(emu);
    await emu.control.advance(86_398_000);
    expect((await api.get('/faxes/received')).status).toBe(200);
    await emu.control.advance(2_000);
    const res = await api.get('/faxes/received');
    expect(res.status).toBe(401);
    expect(res.body.errors[0].user_message).toMatch(/expired/);
    // A new token works again.
    expect((await (await ApiClient.for(emu)).get('/faxes/received')).status).toBe(200);
  });

  it('honours revocation of one token, then of all', async () => {
    const a = await ApiClient.for(emu);
    const b = await ApiClient.for(emu);
    expect(emu.control.revokeTokens(a.token)).toEqual({ revoked: 1 });
    expect((await a.get('/faxes/received')).status).toBe(401);
    expect((await b.get('/faxes/received')).status).toBe(200);
    const res = await call(`${emu.controlUrl}/tokens/revoke`, { method: 'POST', body: {} });
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBeGreaterThanOrEqual(1);
    const denied = await b.get('/faxes/received');
    expect(denied.status).toBe(401);
    expect(denied.body.errors[0].user_message).toMatch(/revoked/);
  });

  it('needs the user-id header (400) naming a user of the application (403)', async () => {
    const api = await ApiClient.for(emu);
    const missing = await call(`${emu.baseUrl}/faxes/received`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors[0].element_name).toBe('user-id');
    const unknown = await new ApiClient(emu.baseUrl, api.token, '00000000-00000000').get('/faxes/received');
    expect(unknown.status).toBe(403);
    expect(unknown.body.errors[0].element_name).toBe('user-id');
    // A user of another application, with this application's token.
    const other = emu.control.createAccount();
    const foreign = await new ApiClient(emu.baseUrl, api.token, other.userId).get('/faxes/received');
    expect(foreign.status).toBe(403);
  });

  it("lets a user see only their own faxes: another user's fax_id answers 404", async () => {
    const mine = await ApiClient.for(emu);
    const faxId = await sendOne(mine, '12125550100');
    const admin = { 'admin-id': emu.demo.adminId, 'admin-username': emu.demo.adminUsername, 'admin-password': emu.demo.adminPassword };
    const created = await call(`${emu.adminBaseUrl}/users`, { method: 'POST', headers: admin, body: { first_name: 'Other', last_name: 'User', email: 'o@example.com' } });
    expect(created.status).toBe(201);
    const theirs = new ApiClient(emu.baseUrl, mine.token, created.body.fax_numbers[0].user_id);
    for (const path of [`/faxes/${faxId}/metadata`, `/faxes/${faxId}/transmission-detail`, `/faxes/${faxId}/image?desired_format=PDF`]) {
      const res = await theirs.get(path);
      expect(res.status, path).toBe(404);
      expectErrorShape(res.body);
    }
    expect((await theirs.post(`/faxes/${faxId}/cancel`)).status).toBe(404);
    expect((await theirs.delete(`/faxes/${faxId}`)).status).toBe(404);
    expect((await theirs.get('/faxes/sent')).body.total_records).toBe(0);
    expect((await mine.get(`/faxes/${faxId}/metadata`)).status).toBe(200);
  });
});

describe('health', () => {
  it('answers {"status":"UP"} at the root and under the base URL, without auth', async () => {
    const origin = emu.baseUrl.replace(/\/api$/, '');
    for (const url of [`${origin}/health`, `${emu.baseUrl}/health`]) {
      const res = await call(url);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'UP' });
    }
  });
});
