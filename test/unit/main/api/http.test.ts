import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../../../src/main/errors';
import { HttpClient, describeNetworkError, type RequestSpec, type ServiceTarget } from '../../../../src/main/api/http';
import { parseJsonAnswer, parseRetryAfter, readServiceError } from '../../../../src/main/api/service-errors';
import { FakeFetch, empty, hang, html, json, netError, text } from './fake-fetch';
import { errorBodyMs, gateway401, gateway429Text } from './fixtures';

const target: ServiceTarget = { service: 'Fax Services API', baseUrl: 'https://api.example.test/', accountLabel: 'Office', appId: 'APP-1' };
const get: RequestSpec = { method: 'GET', path: '/faxes/received', operation: 'read the list of received faxes', idempotent: true };
const post: RequestSpec = { method: 'POST', path: '/faxes', json: { a: 1 }, operation: 'send a fax', idempotent: false };

function client(fake: FakeFetch, extra: { timeoutMs?: number; attempts?: number } = {}) {
  const delays: number[] = [];
  const http = new HttpClient({
    fetch: fake.fetch,
    timeoutMs: extra.timeoutMs ?? 5_000,
    retry: { attempts: extra.attempts ?? 3, baseDelayMs: 100, maxDelayMs: 1_000, maxRetryAfterSeconds: 30 },
    sleep: async (ms) => {
      delays.push(ms);
    },
    random: () => 0.5,
  });
  return { http, delays };
}

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}

describe('HttpClient', () => {
  it('builds the URL from the base (trailing slash tolerated) and the query, skipping empty values', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', json({ ok: 1 }));
    const { http } = client(fake);
    const res = await http.send(target, { ...get, query: { a: 'x y', b: undefined, c: null, d: false, e: 3 } });
    expect(res.status).toBe(200);
    expect(fake.seen[0]!.url.toString()).toBe('https://api.example.test/faxes/received?a=x+y&d=false&e=3');
    expect(fake.seen[0]!.headers.accept).toBe('application/json');
  });

  it('sends JSON and form bodies with their content types', async () => {
    const fake = new FakeFetch().on('POST', '/faxes', json([{ fax_id: 'f' }], 201)).on('POST', '/tokens', json({}));
    const { http } = client(fake);
    await http.send(target, post);
    await http.send(target, { method: 'POST', path: '/tokens', form: { grant_type: 'client_credentials' }, operation: 'sign in', idempotent: true });
    expect(fake.seen[0]).toMatchObject({ body: '{"a":1}', headers: { 'content-type': 'application/json;charset=UTF-8' } });
    expect(fake.seen[1]).toMatchObject({ body: 'grant_type=client_credentials', headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' } });
  });

  it('retries an idempotent call on 5xx with growing delays, then succeeds', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', json(errorBodyMs, 500), json(errorBodyMs, 503), json({ ok: true }));
    const { http, delays } = client(fake);
    const res = await http.send(target, get);
    expect(res.status).toBe(200);
    expect(fake.seen).toHaveLength(3);
    expect(delays).toEqual([75, 150]);
  });

  it('gives up after the last attempt with a SERVICE error carrying the service body', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', json(errorBodyMs, 500));
    const { http } = client(fake);
    const error = await failure(http.send(target, get));
    expect(fake.seen).toHaveLength(3);
    expect(error.code).toBe('SERVICE');
    expect(error.httpStatus).toBe(500);
    expect(error.detail.transactionId).toBe('tx-123');
    expect(error.detail.serviceErrors?.[0]).toMatchObject({ elementName: 'image_fax', userMessage: 'Cannot get fax image', errorCode: '102' });
    expect(error.message).toContain('"Office"');
    expect(error.message).toContain('api.example.test');
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('Cannot get fax image');
    expect(error.message).toContain('tx-123');
  });

  it('never repeats a call that is not idempotent (POST /faxes)', async () => {
    for (const answer of [json({}, 500), netError('ECONNRESET'), text('', 502)]) {
      const fake = new FakeFetch().on('POST', '/faxes', answer);
      const { http, delays } = client(fake);
      const error = await failure(http.send(target, post));
      expect(fake.seen).toHaveLength(1);
      expect(delays).toEqual([]);
      expect(error.detail.maybeDelivered).toBe(true);
    }
  });

  it('waits as long as Retry-After says before retrying a rate-limited read', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', text(gateway429Text, 429, { 'retry-after': '7' }), json({ ok: 1 }));
    const { http, delays } = client(fake);
    await http.send(target, get);
    expect(delays).toEqual([7000]);
  });

  it('passes a long Retry-After to the caller as RATE_LIMITED with retryAfterSeconds', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', text(gateway429Text, 429, { 'retry-after': '120' }));
    const { http, delays } = client(fake);
    const error = await failure(http.send(target, get));
    expect(fake.seen).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBe(120);
    expect(error.toInfo()).toMatchObject({ code: 'RATE_LIMITED', retryAfterSeconds: 120 });
    expect(error.message).toMatch(/try again in 120 seconds/);
  });

  it('does not retry a rate-limited send', async () => {
    const fake = new FakeFetch().on('POST', '/faxes', text(gateway429Text, 429, { 'retry-after': '1' }));
    const { http } = client(fake);
    const error = await failure(http.send(target, post));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.retryAfterSeconds).toBe(1);
    expect(fake.seen).toHaveLength(1);
  });

  it('says what went wrong on the wire, and whether the request can have arrived', async () => {
    const cases: [Error, RegExp, boolean][] = [
      [netError('ECONNREFUSED'), /connection refused/, false],
      [netError('ENOTFOUND', 'getaddrinfo ENOTFOUND api.example.test'), /server name could not be found/, false],
      [netError('ECONNRESET'), /cut off/, true],
      [netError('UND_ERR_SOCKET', 'other side closed'), /cut off/, true],
      [netError('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), /certificate is not trusted/, false],
      [new Error('net::ERR_CONNECTION_REFUSED'), /connection refused/, false],
      [new Error('net::ERR_INTERNET_DISCONNECTED'), /offline/, false],
    ];
    for (const [cause, pattern, maybe] of cases) {
      const fake = new FakeFetch().on('POST', '/faxes', cause);
      const error = await failure(client(fake).http.send(target, post));
      expect(error.code).toBe('NETWORK');
      expect(error.message).toMatch(pattern);
      expect(error.message).toContain('send a fax');
      expect(error.detail.maybeDelivered).toBe(maybe);
    }
  });

  it('retries network failures of reads', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', netError('ECONNRESET'), json({}));
    const { http } = client(fake);
    expect((await http.send(target, get)).status).toBe(200);
    expect(fake.seen).toHaveLength(2);
  });

  it('times out a call that never answers', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', hang());
    const { http } = client(fake, { timeoutMs: 30, attempts: 2 });
    const error = await failure(http.send(target, get));
    expect(error.code).toBe('TIMEOUT');
    expect(error.message).toContain('did not answer within 1 second');
    expect(fake.seen).toHaveLength(2);
  });

  it('stops with CANCELLED when the caller aborts, without retrying', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', hang());
    const { http } = client(fake);
    const controller = new AbortController();
    const pending = http.send(target, { ...get, signal: controller.signal });
    setTimeout(() => controller.abort(), 5);
    const error = await failure(pending);
    expect(error.code).toBe('CANCELLED');
    expect(fake.seen).toHaveLength(1);
    const already = await failure(http.send(target, { ...get, signal: AbortSignal.abort() }));
    expect(already.code).toBe('CANCELLED');
  });

  it("leaves nothing attached to a caller's long-lived signal once a call is done (a sync runs for days)", async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', json({}));
    const { http } = client(fake);
    const controller = new AbortController();
    for (let i = 0; i < 20; i++) expect((await http.send(target, { ...get, signal: controller.signal })).status).toBe(200);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('recognises a web page answering instead of the API', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', html(404));
    const error = await failure(client(fake).http.send(target, get));
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.message).toMatch(/web page/);
    expect(error.message).toMatch(/base URL/);
  });

  it('maps statuses to codes: 400 VALIDATION (with field), 401/403 AUTH, 404 NOT_FOUND, 409 CONFLICT', async () => {
    const bad = { errors: [{ element_name: 'fax_number', user_message: 'Invalid fax number', error_code: 'BAD_REQUEST' }], transaction_id: 't' };
    const cases: [Response, string][] = [
      [json(bad, 400), 'VALIDATION'],
      [json(gateway401, 401), 'AUTH'],
      [json({ errors: [] }, 403), 'AUTH'],
      [json({ errors: [] }, 404), 'NOT_FOUND'],
      [json({ errors: [] }, 409), 'CONFLICT'],
      [empty(418), 'SERVICE'],
    ];
    for (const [answer, code] of cases) {
      const fake = new FakeFetch().on('POST', '/faxes', answer);
      const error = await failure(client(fake).http.send(target, post));
      expect(error.code).toBe(code);
    }
    const fake = new FakeFetch().on('POST', '/faxes', json(bad, 400));
    const validation = await failure(client(fake).http.send(target, post));
    expect(validation.field).toBe('fax_number');
    expect(validation.message).toContain('Invalid fax number');
    const auth = await failure(client(new FakeFetch().on('POST', '/faxes', json(gateway401, 401))).http.send(target, post));
    expect(auth.message).toContain('App ID (APP-1)');
    expect(auth.message).toContain('"Unauthorized"');
    expect(auth.message).not.toMatch(/^Error 401/);
  });

  it('lets a call word a status itself (explain)', async () => {
    const fake = new FakeFetch().on('POST', '/faxes', json({ errors: [{ user_message: 'already done' }] }, 409, { 'transaction-id': 'tx-9' }));
    const error = await failure(
      client(fake).http.send(target, { ...post, explain: (f) => (f.status === 409 ? { code: 'CONFLICT', message: `custom ${f.serviceMessage}` } : undefined) }),
    );
    expect(error.message).toBe('custom already done');
    expect(error.detail.transactionId).toBe('tx-9');
  });

  it('accepts statuses the caller handles itself', async () => {
    const fake = new FakeFetch().on('POST', '/faxes', json({}, 409));
    const res = await client(fake).http.send(target, { ...post, acceptStatuses: [409] });
    expect(res.status).toBe(409);
  });

  it('retries a garbled answer of a read when the reader finds it damaged', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', text('{"faxes": [', 200), json({ ok: true }));
    const { http } = client(fake);
    const value = await http.send(target, get, (res) => parseJsonAnswer(target, get.operation, res, z.object({ ok: z.boolean() })));
    expect(value).toEqual({ ok: true });
    expect(fake.seen).toHaveLength(2);
  });

  it('does not retry a well-formed answer of the wrong shape', async () => {
    const fake = new FakeFetch().on('GET', '/faxes/received', json({ ok: 'yes' }));
    const { http } = client(fake);
    const error = await failure(http.send(target, get, (res) => parseJsonAnswer(target, get.operation, res, z.object({ ok: z.boolean() }))));
    expect(error.code).toBe('BAD_RESPONSE');
    expect(error.detail.responsePath).toBe('ok');
    expect(fake.seen).toHaveLength(1);
  });
});

describe('reading answers', () => {
  const response = (body: string, type = 'application/json') => ({ status: 200, headers: new Headers({ 'content-type': type }), text: body, url: 'x' });

  it('refuses HTML, empty and broken JSON with distinct messages', () => {
    const schema = z.object({});
    const run = (body: string, type?: string) => {
      try {
        parseJsonAnswer(target, 'read things', response(body, type), schema);
      } catch (error) {
        return error as AppError;
      }
      throw new Error('expected failure');
    };
    expect(run('<html><body>Login</body></html>', 'text/html').message).toMatch(/web page instead of Fax Services API data/);
    expect(run('<!DOCTYPE html><html></html>', 'application/json').message).toMatch(/web page/);
    expect(run('').message).toMatch(/empty body/);
    const broken = run('{"a":');
    expect(broken.message).toMatch(/damaged data \(not valid JSON\)/);
    expect(broken.detail.transient).toBe(true);
  });

  it('reads every known error body form', () => {
    const r = (body: string, type = 'application/json', headers: Record<string, string> = {}) => ({
      status: 400,
      headers: new Headers({ 'content-type': type, ...headers }),
      text: body,
      url: 'x',
    });
    expect(readServiceError(r(JSON.stringify(errorBodyMs)))).toMatchObject({ serviceMessage: 'Cannot get fax image', transactionId: 'tx-123' });
    expect(readServiceError(r(JSON.stringify(gateway401))).serviceMessage).toBe('Unauthorized');
    expect(readServiceError(r(gateway429Text, 'text/plain')).serviceMessage).toBe('Too Many Requests.');
    expect(readServiceError(r('{"error":"invalid_client","error_description":"Bad client credentials"}')).serviceMessage).toBe('Bad client credentials');
    expect(readServiceError(r('', 'application/json', { 'transaction-id': 'h-1' }))).toMatchObject({ serviceMessage: null, transactionId: 'h-1' });
    expect(readServiceError(r('<html>oops</html>', 'text/html')).isWebPage).toBe(true);
    expect(readServiceError(r('x'.repeat(1000), 'text/plain')).serviceMessage!.length).toBeLessThanOrEqual(301);
  });

  it('removes credentials a gateway echoed back in its error body (found by the secret canaries)', () => {
    const r = (body: string, type = 'application/json') => ({ status: 502, headers: new Headers({ 'content-type': type }), text: body, url: 'x' });
    const basic = Buffer.from('app-id:CANARY-key').toString('base64');
    const echoed = `Upstream error. The request was:\nauthorization: Basic ${basic}\nadmin-password: CANARY-pw\nuser-id: 123`;
    const plain = readServiceError(r(echoed, 'text/plain')).serviceMessage!;
    expect(plain).toBe('Upstream error. The request was: authorization: Basic [redacted] admin-password: [redacted] user-id: 123');
    const json = readServiceError(r(JSON.stringify({ errors: [{ element_name: 'request', user_message: 'no', developer_message: 'Authorization: Bearer eyJabc.def.ghi' }] })));
    expect(json.serviceErrors[0]!.developerMessage).toBe('Authorization: Bearer [redacted]');
  });

  it('parses Retry-After in seconds or as a date', () => {
    expect(parseRetryAfter('5')).toBe(5);
    expect(parseRetryAfter('1.2')).toBe(2);
    expect(parseRetryAfter(new Date(Date.parse('2030-01-01T00:00:30Z')).toUTCString(), Date.parse('2030-01-01T00:00:00Z'))).toBe(30);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('classifies undici and Electron network errors', () => {
    expect(describeNetworkError(netError('EAI_AGAIN')).reason).toMatch(/name could not be found/);
    expect(describeNetworkError(new Error('net::ERR_PROXY_CONNECTION_FAILED')).reason).toMatch(/proxy/);
    expect(describeNetworkError(new Error('weird')).maybeDelivered).toBe(true);
    expect(describeNetworkError(new TypeError('fetch failed', { cause: new Error('bad port') })).reason).toMatch(/port/);
  });
});
