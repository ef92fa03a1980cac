/**
 * Every error class of the client, provoked with the emulator's fault injection over HTTP: 500,
 * 429 with Retry-After, connection reset, timeout, malformed and cut-off bodies, tokens expiring or
 * revoked mid-session, cancellation, and servers that are not the API at all.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../../src/main/errors';
import type { FaxServiceClient } from '../../../src/main/api/fax-service-client';
import { FaxServiceClient as Client } from '../../../src/main/api/fax-service-client';
import { QUICK_SUCCESS, startFixture, TEXT_DOCUMENT, type Fixture } from './emulator-fixture';

let f: Fixture;
let client: FaxServiceClient;

beforeAll(async () => {
  f = await startFixture();
});
afterAll(async () => {
  await f.emulator.stop();
});
beforeEach(async () => {
  await f.emulator.control.reset();
  f.delays.length = 0;
  client = f.client();
  await client.tokens.get();
  f.emulator.control.clearRequests();
});

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    const e = error as AppError;
    expect(e.message).not.toContain(f.emulator.demo.apiKey);
    return e;
  }
  throw new Error('expected a failure');
}

const requests = (method: string, suffix: string) => f.emulator.control.requests().filter((r) => r.method === method && r.path.split('?')[0]!.endsWith(suffix));
const fault = (spec: Record<string, unknown>) => f.controlPost('/faults', spec);
const send = () => client.send({ destinations: [{ faxNumber: QUICK_SUCCESS }], documents: [{ documentType: 'TXT', contentBase64: TEXT_DOCUMENT }] });

describe('server errors (500)', () => {
  it('a read is retried with backoff and succeeds', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'status', status: 500, count: 2 });
    const page = await client.listReceived();
    expect(page.items).toEqual([]);
    expect(requests('GET', '/faxes/received')).toHaveLength(3);
    expect(f.delays).toHaveLength(2);
    expect(f.delays[1]!).toBeGreaterThanOrEqual(f.delays[0]!);
  });

  it('a read that keeps failing ends in SERVICE with the service body and status', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'status', status: 503, count: 10 });
    const error = await failure(client.listReceived());
    expect(error.code).toBe('SERVICE');
    expect(error.httpStatus).toBe(503);
    expect(error.detail.transactionId).toBeTruthy();
    expect(error.message).toMatch(/had a problem of its own .* \(HTTP 503/);
    expect(requests('GET', '/faxes/received')).toHaveLength(3);
  });

  it('a gateway-style 500 is read too', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'status', status: 500, count: 10, gatewayStyle: true });
    const error = await failure(client.listReceived());
    expect(error.code).toBe('SERVICE');
    expect(error.httpStatus).toBe(500);
  });

  it('POST /faxes is never repeated after a 500 that came after the fax was accepted', async () => {
    await fault({ route: 'POST /faxes', kind: 'status', status: 500, phase: 'after' });
    const error = await failure(send());
    expect(error.code).toBe('SERVICE');
    expect(error.detail.maybeDelivered).toBe(true);
    expect(requests('POST', '/faxes')).toHaveLength(1);
    expect((await client.listSent()).items).toHaveLength(1);
  });
});

describe('rate limits (429 with Retry-After)', () => {
  it('a read waits as long as Retry-After says, then succeeds', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'rate-limit', retryAfterSeconds: 3 });
    await client.listReceived();
    expect(f.delays).toEqual([3000]);
    expect(requests('GET', '/faxes/received')).toHaveLength(2);
  });

  it('a wait longer than the client accepts becomes RATE_LIMITED with retryAfterSeconds', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'rate-limit', retryAfterSeconds: 120, gatewayStyle: true });
    const error = await failure(client.listReceived());
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.toInfo().retryAfterSeconds).toBe(120);
    expect(error.message).toMatch(/limiting how often .* try again in 120 seconds/);
    expect(requests('GET', '/faxes/received')).toHaveLength(1);
  });

  it('a send is not repeated after 429', async () => {
    await fault({ route: 'POST /faxes', kind: 'rate-limit', retryAfterSeconds: 1 });
    const error = await failure(send());
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 1 });
    expect(requests('POST', '/faxes')).toHaveLength(1);
  });
});

describe('connection reset', () => {
  it('a read is retried and succeeds', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'reset' });
    await client.listReceived();
    expect(requests('GET', '/faxes/received')).toHaveLength(2);
  });

  it('a send after which the connection is reset is NETWORK, possibly delivered, and not repeated', async () => {
    await fault({ route: 'POST /faxes', kind: 'reset', phase: 'after' });
    const error = await failure(send());
    expect(error.code).toBe('NETWORK');
    expect(error.message).toMatch(/cut off/);
    expect(error.detail.maybeDelivered).toBe(true);
    expect(requests('POST', '/faxes')).toHaveLength(1);
    expect((await client.listSent()).items).toHaveLength(1);
  });

  it('nothing listening is NETWORK "connection refused", not delivered', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const nowhere = new Client({ label: 'Nowhere', baseUrl: `http://127.0.0.1:${port}/api`, appId: 'a', apiKey: 'k', userId: 'u' }, f.http({ retry: { attempts: 1 } }));
    const error = await failure(nowhere.listReceived());
    expect(error.code).toBe('NETWORK');
    expect(error.message).toMatch(/connection refused/);
    expect(error.message).toContain('"Nowhere"');
    expect(error.detail.maybeDelivered).toBe(false);
  });
});

describe('timeouts and cancellation', () => {
  it('a call that hangs times out (TIMEOUT), and a read is retried', async () => {
    // The retry after the hang (and the token before it) must be answered in time: 2 s, not 300 ms,
    // which a loaded CI machine can spend on a loopback request.
    const patient = f.client({ http: f.http({ timeoutMs: 2_000 }) });
    await fault({ route: 'GET /faxes/received', kind: 'hang', count: 1 });
    await patient.listReceived();
    expect(requests('GET', '/faxes/received').length).toBeGreaterThanOrEqual(2);

    const quick = f.client({ http: f.http({ timeoutMs: 300 }) });

    await fault({ route: 'GET /faxes/received', kind: 'delay', delayMs: 2_000, count: 10 });
    const error = await failure(quick.listReceived());
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toMatch(/did not answer within 1 second while trying to read the list of received faxes/);
  });

  it('a send that times out is not repeated', async () => {
    const quick = f.client({ http: f.http({ timeoutMs: 300 }) });
    await quick.tokens.get();
    await fault({ route: 'POST /faxes', kind: 'hang' });
    const error = await failure(quick.send({ destinations: [{ faxNumber: QUICK_SUCCESS }], documents: [{ documentType: 'TXT', contentBase64: TEXT_DOCUMENT }] }));
    expect(error.code).toBe('TIMEOUT');
    expect(error.detail.maybeDelivered).toBe(true);
    expect(requests('POST', '/faxes')).toHaveLength(1);
  });

  it('the caller can cancel (CANCELLED)', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'hang' });
    const controller = new AbortController();
    const pending = client.listReceived({}, { signal: controller.signal });
    // Cancel once the emulator holds the request: after a fixed 100 ms it may not have arrived yet on a
    // loaded machine, and the count below would be 0.
    await vi.waitFor(() => expect(requests('GET', '/faxes/received')).toHaveLength(1), { timeout: 30_000 });
    controller.abort();
    const error = await failure(pending);
    expect(error.code).toBe('CANCELLED');
    expect(requests('GET', '/faxes/received')).toHaveLength(1);
  });
});

describe('damaged answers', () => {
  it('malformed JSON in a read is retried once and then read', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'malformed', phase: 'after' });
    expect((await client.listReceived()).items).toEqual([]);
    expect(requests('GET', '/faxes/received')).toHaveLength(2);
  });

  it('malformed JSON every time ends in BAD_RESPONSE', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'malformed', phase: 'after', count: 10 });
    const error = await failure(client.listReceived());
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toMatch(/damaged data \(not valid JSON\)/);
    expect(requests('GET', '/faxes/received')).toHaveLength(3);
  });

  it('a broken body in place of the answer (the request not processed) is BAD_RESPONSE too', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'malformed', count: 10 });
    const error = await failure(client.listReceived());
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toMatch(/damaged data/);
  });

  it('a cut-off answer to a send is reported as possibly delivered', async () => {
    await fault({ route: 'POST /faxes', kind: 'truncate', phase: 'after' });
    const error = await failure(send());
    expect(['NETWORK', 'BAD_RESPONSE']).toContain(error.code);
    expect(error.detail.maybeDelivered).toBe(true);
    expect(requests('POST', '/faxes')).toHaveLength(1);
  });

  it('a server answering a web page instead of JSON', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!DOCTYPE html><html><body>Welcome to our portal</body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const portal = new Client({ label: 'Portal', baseUrl: `http://127.0.0.1:${port}`, appId: 'a', apiKey: 'k', userId: 'u' }, f.http());
      const error = await failure(portal.listReceived());
      expect(error.code).toBe('BAD_RESPONSE');
      expect(error.message).toMatch(/web page instead of Fax Services API data/);
      expect(error.message).toMatch(/base URL/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('tokens mid-session', () => {
  it('a token that expired (24 h later) is renewed exactly once and the call succeeds', async () => {
    await f.emulator.control.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await client.listReceived()).items).toEqual([]);
    expect(requests('POST', '/tokens')).toHaveLength(1);
    expect(requests('GET', '/faxes/received').map((r) => r.status)).toEqual([401, 200]);
  });

  it('a revoked token is renewed exactly once, even for concurrent calls', async () => {
    f.emulator.control.revokeTokens();
    const results = await Promise.all([client.listReceived(), client.listSent(), client.listNotificationConfigs(), client.listNotifications()]);
    expect(results).toHaveLength(4);
    expect(requests('POST', '/tokens')).toHaveLength(1);
    expect(client.tokens.refreshCount).toBe(2);
  });

  it('revoked over the control API as well', async () => {
    await f.controlPost('/tokens/revoke', {});
    await client.getMetadata('x').catch(() => undefined);
    expect(requests('POST', '/tokens')).toHaveLength(1);
  });

  it('a wrong API key is AUTH naming the App ID, and no call is made with it', async () => {
    const wrong = new Client({ label: 'Wrong key', baseUrl: f.emulator.baseUrl, appId: f.emulator.demo.appId, apiKey: 'not-the-key', userId: f.emulator.demo.userId }, f.http());
    const error = await failure(wrong.listReceived());
    expect(error.code).toBe('AUTH');
    expect(error.message).toContain(`The service rejected the API key for App ID "${f.emulator.demo.appId}"`);
    expect(error.message).not.toContain('not-the-key');
    expect(requests('GET', '/faxes/received')).toHaveLength(0);
  });

  it('a user-id that is not the App ID’s is AUTH naming the user-id', async () => {
    const stranger = new Client({ label: 'Stranger', baseUrl: f.emulator.baseUrl, appId: f.emulator.demo.appId, apiKey: f.emulator.demo.apiKey, userId: '00000000-00000000' }, f.http());
    const error = await failure(stranger.listReceived());
    expect(error.code).toBe('AUTH');
    expect(error.message).toContain('user-id "00000000-00000000"');
  });

  it('faults clear with DELETE /faults', async () => {
    await fault({ route: 'GET /faxes/received', kind: 'status', status: 500, count: 10 });
    await f.controlDelete('/faults');
    await client.listReceived();
    expect(requests('GET', '/faxes/received')).toHaveLength(1);
  });
});
