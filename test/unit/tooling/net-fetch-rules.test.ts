/**
 * The net.fetch rules every test's fetch obeys (test/electron-model/net-fetch-rules.ts): what Electron's
 * net.fetch refuses that Node's fetch accepts.
 */
import { describe, expect, it } from 'vitest';
import { netFetchViolation, strictFetchOver, takeNetFetchViolations } from '../../electron-model/net-fetch-rules';

const URL_ = 'https://api.example.test/faxes';

describe('net.fetch rules', () => {
  it("refuses the request headers Chromium's network stack owns, in any case, in any form of headers", () => {
    for (const name of ['content-length', 'Content-Length', 'host', 'connection', 'transfer-encoding', 'cookie', 'origin', 'user-agent', 'keep-alive', 'expect']) {
      expect(netFetchViolation(URL_, { method: 'POST', headers: { [name]: '1' } })?.netError, name).toBe('net::ERR_INVALID_ARGUMENT');
    }
    expect(netFetchViolation(URL_, { headers: [['Proxy-Authorization', 'x']] })?.message).toMatch(/"proxy-authorization" is not allowed/);
    expect(netFetchViolation(URL_, { headers: new Headers({ 'sec-fetch-site': 'none' }) })?.message).toMatch(/"sec-fetch-site"/);
    expect(netFetchViolation(new Request(URL_, { method: 'POST', body: 'x', headers: { 'content-length': '1' } }))?.message).toMatch(/content-length/);
    expect(netFetchViolation(URL_, { headers: { 'x-http-method-override': 'TRACE' } })?.message).toMatch(/forbidden method/);
    expect(netFetchViolation(URL_, { method: 'TRACK' })?.message).toMatch(/forbidden method/);
  });

  it('lets through what the app sends: its own headers, a streamed body, redirects followed or refused', () => {
    const headers = { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer t', 'user-id': 'u', 'x-http-method-override': 'PATCH' };
    expect(netFetchViolation(URL_, { method: 'POST', headers, body: new ReadableStream(), duplex: 'half' } as RequestInit)).toBeNull();
    expect(netFetchViolation(URL_, { redirect: 'follow' })).toBeNull();
    expect(netFetchViolation(URL_, { redirect: 'error' })).toBeNull();
    expect(netFetchViolation('file:///tmp/x.pdf')).toBeNull();
    expect(netFetchViolation('app://faxdesk/index.html')).toBeNull();
  });

  it("refuses redirect 'manual' (electron/electron#43715) and the data: and blob: schemes (docs, Limitations)", () => {
    expect(netFetchViolation(URL_, { redirect: 'manual' })?.netError).toBe('Error: Redirect was cancelled');
    expect(netFetchViolation(new Request(URL_, { redirect: 'manual' }))?.netError).toBe('Error: Redirect was cancelled');
    expect(netFetchViolation('data:text/plain,hi')?.netError).toBe('net::ERR_UNKNOWN_URL_SCHEME');
    expect(netFetchViolation('blob:https://x/1')?.netError).toBe('net::ERR_UNKNOWN_URL_SCHEME');
  });

  it('strictFetch rejects as net.fetch would, never calls the network for it, and records it for the guard', async () => {
    let calls = 0;
    const strict = strictFetchOver(async () => {
      calls++;
      return new Response('ok');
    });
    await expect(strict(URL_, { method: 'POST', headers: { 'content-length': '3' }, body: 'abc' })).rejects.toThrow(/net::ERR_INVALID_ARGUMENT/);
    expect(calls).toBe(0);
    expect(takeNetFetchViolations()).toEqual([expect.stringMatching(/^https:\/\/api\.example\.test\/faxes: net::ERR_INVALID_ARGUMENT/)]);
    expect(await (await strict(URL_)).text()).toBe('ok');
    expect(calls).toBe(1);
  });
});
