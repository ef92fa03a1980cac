/** Small helpers shared by the emulator's modules: identifiers, timestamp spellings, comparisons. */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

export const newId = (): string => randomUUID();

/** Lower-case hex of `bytes` random bytes. */
export const randomHex = (bytes: number): string => randomBytes(bytes).toString('hex');

/** `n` random decimal digits (the first one not 0). */
export function randomDigits(n: number): string {
  let out = String(randomInt(1, 10));
  while (out.length < n) out += String(randomInt(0, 10));
  return out;
}

/** A URL-safe random secret of `length` characters. */
export function randomSecret(length: number): string {
  return randomBytes(Math.ceil((length * 3) / 4) + 1)
    .toString('base64url')
    .slice(0, length);
}

export const sha256Hex = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/** Constant-time string equality (for passwords and keys). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/*
 * The service writes timestamps three ways (spec; efax-api-facts.md §0). Each response kind uses the
 * spelling the evidence shows for it; all are UTC.
 */

/** Fax records (lists, metadata, detail): `2024-05-21T04:27:56.000+0000`. */
export function faxTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '+0000');
}

/** Webhook payloads: `2024-05-21T04:27:56Z`. */
export function webhookTimestamp(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** Notification records and the control surface: `2024-05-21T04:27:56.000Z`. */
export function isoTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

/**
 * Parses a timestamp filter as clients send it: any ISO 8601 form (`Z`, `+00:00`, `+0000`, no zone =
 * UTC, date only) or epoch milliseconds. Returns null when it is none of these.
 */
export function parseTimestamp(text: string): number | null {
  const value = text.trim();
  if (/^\d{10,}$/.test(value)) return Number(value);
  // A '+' sent unencoded in a query string arrives as a space: `...T00:00:00 00:00` means +00:00.
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)([zZ]|[+\- ]\d{2}:?\d{2})?)?$/.exec(value.replace(/ (\d{2}:?\d{2})$/, '+$1'));
  if (!m) return null;
  const [, date, time, zone] = m;
  let iso = date!;
  if (time) {
    const normalisedZone = !zone || zone === 'z' || zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
    iso += `T${time}${normalisedZone}`;
  } else {
    iso += 'T00:00:00Z';
  }
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** Only the digits of a fax number (`+1 (212) 555-0100` -> `12125550100`). */
export const digitsOf = (faxNumber: string): string => faxNumber.replace(/\D/g, '');

export function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
