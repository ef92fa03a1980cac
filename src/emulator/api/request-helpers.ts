/** Reading request bodies, query filters and paging headers, with the service's error shape on failure. */
import { ApiError, badRequest } from '../http/errors';
import { JsonText, type RequestContext } from '../http/router';
import { parseTimestamp } from '../util';

/** The JSON body; 415 when it is not declared JSON, 400 when it does not parse (or is missing and required). */
export function jsonBody(ctx: RequestContext, required = true): unknown {
  if (ctx.body.length === 0) {
    if (!required) return undefined;
    throw badRequest('body', 'A JSON request body is required.');
  }
  const type = String(ctx.req.headers['content-type'] ?? '');
  // The control surface takes JSON whatever it is labelled (curl -d sends it as a form).
  if (ctx.area !== 'control' && type !== '' && !/[/+]json\b/i.test(type)) {
    throw new ApiError(415, { element: 'Content-Type', message: `Send the body as JSON (Content-Type: application/json), not ${type}.` });
  }
  try {
    return JSON.parse(ctx.body.toString('utf8'));
  } catch (error) {
    throw badRequest('body', `The request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

function header(ctx: RequestContext, name: string): string | undefined {
  const v = ctx.req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export const MAX_PAGE = 100;

export interface Paging {
  /** 0-based index of the first record. */
  start: number;
  limit: number;
}

/**
 * The `pagination-offset` (1-based position of the first record; 0 is taken as 1) and
 * `pagination-limit` (1 to 100; more is capped at 100) request headers.
 */
export function paging(ctx: RequestContext): Paging {
  const read = (name: string, fallback: number): number => {
    const raw = header(ctx, name);
    if (raw === undefined || raw.trim() === '') return fallback;
    if (!/^\s*\d+\s*$/.test(raw)) throw badRequest(name, `The ${name} header must be a whole number; got "${raw}".`);
    return Number(raw);
  };
  const offset = read('pagination-offset', 1);
  const limit = read('pagination-limit', MAX_PAGE);
  if (limit < 1) throw badRequest('pagination-limit', 'The pagination-limit header must be from 1 to 100.');
  return { start: Math.max(offset, 1) - 1, limit: Math.min(limit, MAX_PAGE) };
}

/**
 * The list envelope of GET /faxes/received and GET /faxes/sent ({total_records, first_record,
 * last_record, faxes}) as JSON text: `slice` is the page of `total` records, `json` gives each record's
 * JSON (kept per record by the store, so a page costs no serialising of unchanged faxes).
 */
export function envelopeJson<T>(slice: readonly T[], total: number, page: Paging, json: (item: T) => Buffer): JsonText {
  const first = slice.length === 0 ? 0 : page.start + 1;
  const last = slice.length === 0 ? 0 : page.start + slice.length;
  const parts: Buffer[] = [Buffer.from(`{"total_records":${total},"first_record":${first},"last_record":${last},"faxes":[`)];
  slice.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    parts.push(json(item));
  });
  parts.push(CLOSE);
  return new JsonText(parts);
}

const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']}');

/** The page of `oldestFirst` as a newest-first list, without copying the rest. */
export function newestFirst<T>(oldestFirst: readonly T[], page: Paging): T[] {
  const out: T[] = [];
  for (let i = oldestFirst.length - 1 - page.start; i >= 0 && out.length < page.limit; i--) out.push(oldestFirst[i]!);
  return out;
}

export class QueryReader {
  constructor(private readonly query: URLSearchParams) {}

  string(name: string): string | undefined {
    const v = this.query.get(name);
    return v === null || v.trim() === '' ? undefined : v.trim();
  }

  /** One of `allowed` (compared case-insensitively after `normalise`). */
  oneOf<T extends string>(name: string, allowed: readonly T[], normalise: (s: string) => string = (s) => s.toUpperCase()): T | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    const n = normalise(v);
    const hit = allowed.find((a) => a === n);
    if (!hit) throw badRequest(name, `${name} must be one of ${allowed.join(', ')} (any case); got "${v}".`);
    return hit;
  }

  boolean(name: string): boolean | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    if (/^true$/i.test(v)) return true;
    if (/^false$/i.test(v)) return false;
    throw badRequest(name, `${name} must be true or false; got "${v}".`);
  }

  integer(name: string, min = 0): number | undefined {
    const v = this.string(name);
    if (v === undefined) return undefined;
    if (!/^\d+$/.test(v) || Number(v) < min) throw badRequest(name, `${name} must be a whole number of at least ${min}; got "${v}".`);
    return Number(v);
  }

  timestamp(...names: string[]): number | undefined {
    for (const name of names) {
      const v = this.string(name);
      if (v === undefined) continue;
      const ms = parseTimestamp(v);
      if (ms === null) throw badRequest(name, `${name} must be an ISO 8601 timestamp such as 2024-05-10T15:07:01Z; got "${v}".`);
      return ms;
    }
    return undefined;
  }
}
