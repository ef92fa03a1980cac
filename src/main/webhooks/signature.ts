/**
 * The webhook signature (spec, "HMAC signature"): `X-HMAC-Signature` is the hex HMAC-SHA256 of the
 * request body with the shared key. Computed over the raw bytes as received (never a re-serialised
 * JSON), compared in constant time. Upper-case hex and a `sha256=` prefix are accepted, since the
 * service's own samples disagree on details (research §5).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_DIGEST = /^[0-9a-f]{64}$/;

export function hmacHex(body: Uint8Array, key: string): string {
  return createHmac('sha256', key).update(body).digest('hex');
}

/** The header value as a lower-case hex digest, or null when it cannot be one. */
export function normalizeSignature(header: string | string[] | undefined): string | null {
  if (typeof header !== 'string') return null;
  const value = header.trim().toLowerCase().replace(/^sha256=/, '');
  return HEX_DIGEST.test(value) ? value : null;
}

/** Whether `signature` (already normalised) is the HMAC of `body` with `key`, compared in constant time. */
export function signatureMatches(body: Uint8Array, signature: string, key: string): boolean {
  const expected = Buffer.from(hmacHex(body, key), 'ascii');
  const given = Buffer.from(signature, 'ascii');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Which of the keys signed the body: the first match by index, or -1. Every key is tried (no early
 * exit) so the time taken does not say which key, if any, was close.
 */
export function whichKeySigned(body: Uint8Array, header: string | string[] | undefined, keys: readonly string[]): number {
  const signature = normalizeSignature(header);
  if (signature === null) return -1;
  let found = -1;
  keys.forEach((key, index) => {
    if (signatureMatches(body, signature, key) && found === -1) found = index;
  });
  return found;
}
