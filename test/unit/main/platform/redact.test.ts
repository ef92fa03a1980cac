import { describe, expect, it } from 'vitest';
import { isSecretKey, REDACTED, Redactor, redactingLogger } from '../../../../src/main/platform/redact';
import type { Logger } from '../../../../src/main/platform/logger';

describe('Redactor', () => {
  it('replaces values under secret-looking keys anywhere in the details', () => {
    const r = new Redactor();
    const out = r.redactValue({
      account: { label: 'Office', apiKey: 'k-123456', api_key: 'k2', adminPassword: 'pw', nested: [{ hmacSecret: 'h' }, { HMAC: 'x' }] },
      headers: { Authorization: 'Bearer abc', 'x-api-key': 'zzz', Cookie: 'a=b' },
      access_token: 'tok',
      refreshToken: { value: 'deep' },
      count: 3,
      hasApiKey: true,
      password: '',
      secret: null,
    });
    expect(out).toEqual({
      account: { label: 'Office', apiKey: REDACTED, api_key: REDACTED, adminPassword: REDACTED, nested: [{ hmacSecret: REDACTED }, { HMAC: REDACTED }] },
      headers: { Authorization: REDACTED, 'x-api-key': REDACTED, Cookie: REDACTED },
      access_token: REDACTED,
      refreshToken: REDACTED,
      count: 3,
      hasApiKey: true,
      password: '',
      secret: null,
    });
  });

  it('knows the key names', () => {
    for (const key of ['apiKey', 'API_KEY', 'api-key', 'password', 'adminPassword', 'client_secret', 'token', 'accessToken', 'Authorization', 'hmac', 'hmacKey', 'x-hmac-signature']) {
      expect(isSecretKey(key), key).toBe(true);
    }
    for (const key of ['faxId', 'label', 'baseUrl', 'pages', 'status']) expect(isSecretKey(key), key).toBe(false);
  });

  it('removes a registered value wherever it appears in free text, and its escaped forms', () => {
    const r = new Redactor();
    const key = 'sk_live_9f8e7d6c5b4a';
    r.register(key);
    r.register('p@ss word/"1"');
    expect(r.redactText(`request failed for key ${key} (retrying with ${key})`)).toBe(`request failed for key ${REDACTED} (retrying with ${REDACTED})`);
    expect(r.redactText(`GET /faxes?k=${encodeURIComponent('p@ss word/"1"')}`)).toBe(`GET /faxes?k=${REDACTED}`);
    expect(r.redactText(JSON.stringify({ note: 'p@ss word/"1"' }))).toBe(`{"note":"${REDACTED}"}`);
    expect(r.redactValue({ message: `the server echoed ${key}` })).toEqual({ message: `the server echoed ${REDACTED}` });
    r.forget(key);
    expect(r.redactText(key)).toBe(key);
  });

  it('ignores values too short to search for', () => {
    const r = new Redactor();
    r.register('abc');
    r.register('');
    r.register(undefined);
    expect(r.redactText('abc def')).toBe('abc def');
  });

  it('redacts HTTP credentials and key=value pairs in text', () => {
    const r = new Redactor();
    expect(r.redactText('Authorization: Bearer eyJhbGciOi.J9.xyz')).toBe(`Authorization: Bearer ${REDACTED}`);
    expect(r.redactText('authorization=Basic dXNlcjpwYXNz')).toBe(`authorization=Basic ${REDACTED}`);
    expect(r.redactText('Authorization: s3cr3t-value next\nline two')).toBe(`Authorization: ${REDACTED}\nline two`);
    expect(r.redactText('{"Authorization":"Token abc"}')).toBe(`{"Authorization":"${REDACTED}"}`);
    expect(r.redactText('POST /token grant_type=password&password=hunter22&client_secret=xyz&scope=a')).toBe(
      `POST /token grant_type=password&password=${REDACTED}&client_secret=${REDACTED}&scope=a`,
    );
    expect(r.redactText('{"access_token":"abc.def","expires_in":86400}')).toBe(`{"access_token":"${REDACTED}","expires_in":86400}`);
    expect(r.redactText('https://h/x?api_key=123&page=2')).toBe(`https://h/x?api_key=${REDACTED}&page=2`);
    expect(r.redactText('the token expired; fax 42 sent')).toBe('the token expired; fax 42 sent');
  });

  it('writes errors, buffers, dates and cycles safely', () => {
    const r = new Redactor();
    r.register('topsecret');
    const error = Object.assign(new Error('login with topsecret failed'), { code: 'E_AUTH' });
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic['self'] = cyclic;
    const shared = { a: 1 };
    const out = r.redactValue({ error, data: Buffer.from('topsecret'), at: new Date('2026-01-02T03:04:05Z'), cyclic, pair: [shared, shared] }) as Record<string, unknown>;
    expect(out['error']).toMatchObject({ name: 'Error', message: `login with ${REDACTED} failed`, code: 'E_AUTH' });
    expect(String((out['error'] as { stack: string }).stack)).not.toContain('topsecret');
    expect(out['data']).toBe('[9 bytes]');
    expect(out['at']).toBe('2026-01-02T03:04:05.000Z');
    expect(out['cyclic']).toEqual({ name: 'loop', self: '[circular]' });
    expect(out['pair']).toEqual([{ a: 1 }, { a: 1 }]);
  });
});

describe('redactingLogger', () => {
  it('redacts before passing lines on', () => {
    const r = new Redactor();
    r.register('k-abcdef');
    const lines: unknown[][] = [];
    const inner: Logger = { debug: (...a) => lines.push(a), info: (...a) => lines.push(a), warn: (...a) => lines.push(a), error: (...a) => lines.push(a) };
    const logger = redactingLogger(inner, r);
    logger.warn('key k-abcdef refused', { apiKey: 'k-abcdef', url: 'https://x/?token=t' });
    logger.info('plain');
    expect(lines).toEqual([
      [`key ${REDACTED} refused`, { apiKey: REDACTED, url: `https://x/?token=${REDACTED}` }],
      ['plain', undefined],
    ]);
  });
});
