/** The signature check of the receiver. */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
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
