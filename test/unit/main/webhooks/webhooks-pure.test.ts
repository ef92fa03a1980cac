/** The receiver's pure parts: the signature check, the tolerant payload reader, the health policy. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EVENT_GRACE_MS, HEALTH_WINDOW_MS, RELAXED_POLL_MS, fellBack, instantStatus, isHealthy, newHealth, pingSucceeded } from '../../../../src/main/webhooks/health';
import { parseWebhookBody } from '../../../../src/main/webhooks/payload';
import { normalizeSignature, whichKeySigned } from '../../../../src/main/webhooks/signature';

const body = Buffer.from('{"notification_id":"n1","direction":"OUTBOUND"}');
const sign = (key: string, bytes: Buffer = body) => createHmac('sha256', key).update(bytes).digest('hex');

describe('signature', () => {
  it('finds the key that signed the raw bytes; upper case and a sha256= prefix are accepted', () => {
    const keys = ['key-one-0123456789', 'key-two-0123456789'];
    expect(whichKeySigned(body, sign(keys[1]!), keys)).toBe(1);
    expect(whichKeySigned(body, sign(keys[0]!).toUpperCase(), keys)).toBe(0);
    expect(whichKeySigned(body, `sha256=${sign(keys[0]!)}`, keys)).toBe(0);
  });

  it('refuses a missing, malformed, truncated or other-key signature, and any change of the bytes', () => {
    const keys = ['key-one-0123456789'];
    expect(whichKeySigned(body, undefined, keys)).toBe(-1);
    expect(whichKeySigned(body, ['a', 'b'], keys)).toBe(-1);
    expect(whichKeySigned(body, sign(keys[0]!).slice(0, 63), keys)).toBe(-1);
    expect(whichKeySigned(body, sign('another-key-123456'), keys)).toBe(-1);
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1));
    expect(whichKeySigned(reformatted, sign(keys[0]!), keys)).toBe(-1);
    expect(whichKeySigned(body, sign(keys[0]!), [])).toBe(-1);
    expect(normalizeSignature(' ' + 'A'.repeat(64) + ' ')).toBe('a'.repeat(64));
  });
});

describe('payload', () => {
  it('reads the spec\'s outbound disposition (COMPLETE → COMPLETED; error fields only on ERROR)', () => {
    const ok = parseWebhookBody({ notification_id: 'n', app_id: 'a', user_id: 'u', fax_id: 'f', direction: 'OUTBOUND', completed_timestamp: '2026-03-01T09:00:00Z', duration: 31, pages: 2, status: 'COMPLETE', billable_retries: 0, client_data: {} });
    expect(ok).toEqual({ ok: true, event: expect.objectContaining({ kind: 'OUTBOUND', state: 'COMPLETED', completedAt: '2026-03-01T09:00:00.000Z', pages: 2, errorCode: null }) });
    const failed = parseWebhookBody({ notification_id: 'n', fax_id: 'f', direction: 'OUTBOUND', status: 'ERROR', error: 'E53', error_reason: 'not allowed', pages: 0 });
    expect(failed).toMatchObject({ ok: true, event: { state: 'ERROR', errorCode: 'E53', errorReason: 'not allowed' } });
  });

  it('reads inbound metadata and PING with other spellings, ignoring unknown fields (an image too)', () => {
    expect(parseWebhookBody({ notify_id: 'n', fax_direction: 'inbound', fax_id: 'f', pages: '3', originating_fax_number: '13125550170', completed_timestamp: '2024-05-21T04:27:56.000+0000', image: 'JVBERi0=' })).toMatchObject({
      ok: true,
      event: { kind: 'INBOUND', pages: 3, from: '13125550170', completedAt: '2024-05-21T04:27:56.000Z' },
    });
    expect(parseWebhookBody({ app_id: 'a', notification_id: 'p', direction: 'OUTBOUND', event_type: 'PING', notification_config_id: 'c' })).toEqual({
      ok: true,
      event: { kind: 'PING', notificationId: 'p', appId: 'a', direction: 'OUTBOUND', configId: 'c' },
    });
  });

  it('says what is wrong with a body it cannot use', () => {
    expect(parseWebhookBody([1])).toMatchObject({ ok: false });
    expect(parseWebhookBody({ fax_id: 'f', direction: 'OUTBOUND', status: 'COMPLETE' })).toMatchObject({ ok: false, problem: expect.stringContaining('notification_id') });
    expect(parseWebhookBody({ notification_id: 'n', direction: 'OUTBOUND', status: 'COMPLETE' })).toMatchObject({ ok: false, problem: expect.stringContaining('fax_id') });
    expect(parseWebhookBody({ notification_id: 'n', fax_id: 'f', direction: 'OUTBOUND', status: 'IN PROGRESS' })).toMatchObject({ ok: false, problem: expect.stringContaining('final') });
    expect(parseWebhookBody({ notification_id: 'n', fax_id: 'f', direction: 'SIDEWAYS' })).toMatchObject({ ok: false });
    expect(parseWebhookBody({ notification_id: { x: 1 }, fax_id: 'f' })).toMatchObject({ ok: false });
  });
});

describe('health', () => {
  it('is healthy only after a recent round trip and until something says otherwise', () => {
    let h = newHealth();
    expect(isHealthy(h, 0)).toBe(false);
    expect(instantStatus(h, 0, 60)).toMatchObject({ state: 'checking', pollSeconds: 60 });
    h = pingSucceeded(h, 1000, 42);
    expect(isHealthy(h, 1000 + HEALTH_WINDOW_MS)).toBe(true);
    expect(isHealthy(h, 1001 + HEALTH_WINDOW_MS)).toBe(false);
    expect(instantStatus(h, 2000, 60)).toMatchObject({ state: 'active', pollSeconds: RELAXED_POLL_MS / 1000 });
    h = fellBack(h, 'the test notification did not arrive within 15 s.', 3000);
    expect(isHealthy(h, 3000)).toBe(false);
    expect(instantStatus(h, 3000, 60)).toMatchObject({ state: 'fallback', message: expect.stringContaining('did not arrive'), pollSeconds: 60 });
    expect(isHealthy(pingSucceeded(h, 4000, 10), 4000)).toBe(true);
    expect(EVENT_GRACE_MS).toBeLessThan(RELAXED_POLL_MS);
  });
});
