/**
 * Turns what the service answered into Faxdesk's error model: an HTTP status with the service's
 * error body becomes an AppError whose message says what happened and what to do, and an answer of
 * the wrong form (a web page, broken JSON, a field of the wrong type) becomes BAD_RESPONSE naming
 * the place in the answer.
 */
import type { z } from 'zod';
import type { ErrorCode } from '../../shared/result';
import { AppError, type ServiceErrorItem } from '../errors';
import { redactCredentials } from '../platform/redact';
import type { Explain, HttpResponse, RequestSpec, ServiceTarget, StatusFacts } from './http-types';

export type { Explain, StatusFacts } from './http-types';


const MAX_SERVICE_TEXT = 300;

export function looksLikeWebPage(response: Pick<HttpResponse, 'headers' | 'text'>): boolean {
  const type = response.headers.get('content-type') ?? '';
  return /html/i.test(type) || /^\s*<(!doctype|html|head|body|\?xml)/i.test(response.text);
}

/** Reads the service's error body in any of its known forms; never throws. */
export function readServiceError(response: HttpResponse): Omit<StatusFacts, 'status' | 'retryAfterSeconds'> {
  const isWebPage = looksLikeWebPage(response);
  const headerTransaction = response.headers.get('transaction-id') ?? undefined;
  const facts = { serviceMessage: null as string | null, serviceErrors: [] as ServiceErrorItem[], transactionId: headerTransaction, isWebPage };
  if (isWebPage) return facts;
  let body: unknown;
  try {
    body = response.text.trim() ? JSON.parse(response.text) : undefined;
  } catch {
    const text = cleanText(response.text);
    facts.serviceMessage = text || null;
    return facts;
  }
  if (!body || typeof body !== 'object') {
    if (typeof body === 'string') facts.serviceMessage = cleanText(body) || null;
    return facts;
  }
  const b = body as Record<string, unknown>;
  if (typeof b.transaction_id === 'string' && !facts.transactionId) facts.transactionId = b.transaction_id;
  const entries = Array.isArray(b.errors) ? b.errors : Array.isArray(body) ? body : [];
  for (const entry of entries) {
    if (!entry || typeof entry !== 'object') continue;
    const e = entry as Record<string, unknown>;
    const item: ServiceErrorItem = {};
    if (typeof e.element_name === 'string' && e.element_name) item.elementName = e.element_name;
    if (typeof e.user_message === 'string' && e.user_message) item.userMessage = cleanText(e.user_message);
    if (typeof e.developer_message === 'string' && e.developer_message) item.developerMessage = cleanText(e.developer_message);
    if (typeof e.error_code === 'string' || typeof e.error_code === 'number') item.errorCode = String(e.error_code);
    facts.serviceErrors.push(item);
  }
  const first = facts.serviceErrors[0];
  const candidates = [first?.userMessage, first?.developerMessage, b.message, b.error_description, b.error, b.detail];
  for (const candidate of candidates) {
    if (typeof candidate === 'string' && candidate.trim()) {
      facts.serviceMessage = cleanText(candidate);
      break;
    }
  }
  return facts;
}

/**
 * The service's words, fit to quote in a message: one line, credentials removed (a gateway or debug page
 * that echoes the request's Authorization or admin-password header must not put it in front of the
 * person, in the log, or in a crash report), at most MAX_SERVICE_TEXT characters.
 */
function cleanText(text: string): string {
  // eslint-disable-next-line no-control-regex
  const flat = redactCredentials(text.replace(/[\u0000-\u001f\u007f]+/g, ' ')).replace(/\s+/g, ' ').trim();
  return flat.length > MAX_SERVICE_TEXT ? `${flat.slice(0, MAX_SERVICE_TEXT)}…` : flat;
}

/** "the Fax Services API of "Office" at api.securedocex.com": names the server, never a path or query. */
export function who(target: ServiceTarget): string {
  return `the ${target.service} of "${target.accountLabel}" at ${hostOf(target.baseUrl)}`;
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Parses Retry-After (seconds or an HTTP date) into whole seconds, or undefined. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.max(0, Math.ceil(Number(trimmed)));
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

function credentialAdvice(target: ServiceTarget): string {
  return target.service === 'Admin API'
    ? 'Check the Admin ID, admin username and admin password in Settings > Accounts.'
    : `Check the App ID${target.appId ? ` (${target.appId})` : ''}, API key and user-id in Settings > Accounts.`;
}

/** The AppError for a status the call did not accept. */
export function errorForStatus(target: ServiceTarget, spec: Pick<RequestSpec, 'operation' | 'path'> & { explain?: Explain }, response: HttpResponse): AppError {
  const status = response.status;
  const read = readServiceError(response);
  const facts: StatusFacts = {
    status,
    ...read,
    retryAfterSeconds: status === 429 || status === 503 ? parseRetryAfter(response.headers.get('retry-after')) : undefined,
  };
  const saying = facts.serviceMessage ? `: "${facts.serviceMessage}"` : '';
  const reference = facts.transactionId ? ` (service reference ${facts.transactionId})` : '';
  const options = {
    httpStatus: status,
    serviceErrors: facts.serviceErrors,
    ...(facts.transactionId ? { transactionId: facts.transactionId } : {}),
    ...(facts.retryAfterSeconds !== undefined ? { retryAfterSeconds: facts.retryAfterSeconds } : {}),
    maybeDelivered: status >= 500,
  };
  const custom = spec.explain?.(facts);
  if (custom) {
    return new AppError(custom.code ?? defaultCode(status), custom.message, { ...options, ...(custom.field ? { field: custom.field } : {}) });
  }
  if (facts.isWebPage && status !== 429 && status < 500) {
    return new AppError(
      'BAD_RESPONSE',
      `${capitalise(who(target))} answered with a web page (HTTP ${status}) instead of ${target.service} data while trying to ${spec.operation}. ` +
        `The address is probably not the API's: check the ${target.service === 'Admin API' ? 'admin base URL' : 'base URL'} in Settings > Accounts (for example https://api.securedocex.com).`,
      options,
    );
  }
  const field = facts.serviceErrors.find((e) => e.elementName)?.elementName;
  switch (defaultCode(status)) {
    case 'AUTH':
      return new AppError(
        'AUTH',
        status === 403
          ? `${capitalise(who(target))} refused access while trying to ${spec.operation} (HTTP 403${saying}). ${credentialAdvice(target)}`
          : `${capitalise(who(target))} did not accept Faxdesk's credentials while trying to ${spec.operation} (HTTP 401${saying}). ${credentialAdvice(target)}`,
        options,
      );
    case 'RATE_LIMITED':
      return new AppError(
        'RATE_LIMITED',
        `${capitalise(who(target))} is limiting how often Faxdesk may call it (HTTP 429). ` +
          (facts.retryAfterSeconds !== undefined
            ? `Faxdesk will try again in ${facts.retryAfterSeconds} second${facts.retryAfterSeconds === 1 ? '' : 's'}.`
            : 'Faxdesk will try again shortly.'),
        options,
      );
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND', `${capitalise(who(target))} found nothing to ${spec.operation} (HTTP 404${saying}).`, options);
    case 'CONFLICT':
      return new AppError('CONFLICT', `${capitalise(who(target))} refused to ${spec.operation} because of the item's current state (HTTP 409${saying}).`, options);
    case 'VALIDATION':
      return new AppError(
        'VALIDATION',
        `${capitalise(who(target))} refused the request to ${spec.operation} (HTTP ${status}${saying}).${field ? ` The service objected to "${field}".` : ''}`,
        { ...options, ...(field ? { field } : {}) },
      );
    default:
      return new AppError(
        'SERVICE',
        status >= 500
          ? `${capitalise(who(target))} had a problem of its own while Faxdesk tried to ${spec.operation} (HTTP ${status}${saying})${reference}. ` +
              'This is on the service side; Faxdesk retries reads by itself. If it persists, check the service status or contact its support.'
          : `${capitalise(who(target))} answered HTTP ${status}${saying} while Faxdesk tried to ${spec.operation}${reference}. Faxdesk did not expect this answer; check the base URL.`,
        options,
      );
  }
}

function defaultCode(status: number): ErrorCode {
  if (status === 401 || status === 403) return 'AUTH';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 404 || status === 410) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 400 || status === 422) return 'VALIDATION';
  return 'SERVICE';
}

export interface ParseOptions {
  /** Quote offending values in the message. Off for answers that carry secrets (tokens). */
  echoValues?: boolean;
}

/**
 * Reads a 2xx answer as JSON and runs it through a schema. Every way it can be wrong is a
 * BAD_RESPONSE that says where, never an exception of another kind and never a half-read value.
 */
export function parseJsonAnswer<T>(
  target: ServiceTarget,
  operation: string,
  response: HttpResponse,
  schema: z.ZodType<T>,
  options: ParseOptions = {},
): T {
  const prefix = `${capitalise(who(target))} answered`;
  if (looksLikeWebPage(response)) {
    throw new AppError(
      'BAD_RESPONSE',
      `${prefix} with a web page instead of ${target.service} data while Faxdesk tried to ${operation}. ` +
        `The address is probably not the API's (or a proxy or login page answered): check the ${target.service === 'Admin API' ? 'admin base URL' : 'base URL'} in Settings > Accounts.`,
      { httpStatus: response.status },
    );
  }
  if (!response.text.trim()) {
    throw new AppError('BAD_RESPONSE', `${prefix} with an empty body while Faxdesk tried to ${operation}; it should have sent data. Try again.`, {
      transient: true,
      maybeDelivered: true,
    });
  }
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch (error) {
    throw new AppError(
      'BAD_RESPONSE',
      `${prefix} with damaged data (not valid JSON) while Faxdesk tried to ${operation}. This is usually a passing fault; try again.`,
      { cause: error, transient: true, maybeDelivered: true },
    );
  }
  return parseAnswerBody(target, operation, body, schema, options, response.status);
}

/**
 * Reads the 2xx answer to a write whose body Faxdesk can do without: the value when the body is the
 * schema's JSON, else null. The reference answers some writes with text (201 `CREATED`, 200 `OK`,
 * 202 `ACCEPTED`) or nothing (204), and any 2xx means the service did it (spec, "Events" rule 2 reads
 * the same way); a caller that needs the result reads it back. Only a web page is still an error: a
 * proxy's or a login page's 200 is no sign the service saw the request.
 */
export function readWriteAnswer<T>(target: ServiceTarget, operation: string, response: HttpResponse, schema: z.ZodType<T>): T | null {
  if (looksLikeWebPage(response)) return parseJsonAnswer(target, operation, response, schema);
  if (!response.text.trim()) return null;
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** Runs an already-decoded answer through its schema (exported for the fixture tests). */
export function parseAnswerBody<T>(
  target: ServiceTarget,
  operation: string,
  body: unknown,
  schema: z.ZodType<T>,
  options: ParseOptions = {},
  httpStatus?: number,
): T {
  const parsed = schema.safeParse(body, { reportInput: true });
  if (parsed.success) return parsed.data;
  const issue = deepestIssue(parsed.error.issues[0]!);
  const where = formatPath(issue.path);
  const problem = describeIssue(issue, options.echoValues ?? true);
  throw new AppError(
    'BAD_RESPONSE',
    `${capitalise(who(target))} answered in an unexpected form while Faxdesk tried to ${operation}: ` +
      `${where ? `at "${where}", ` : ''}${problem}. Faxdesk did not use this answer. If it keeps happening, the service may have changed; please report it.`,
    { ...(httpStatus !== undefined ? { httpStatus } : {}), responsePath: where || '(top level)', maybeDelivered: true },
  );
}

/**
 * Where several forms are accepted (a list or an envelope, null or an object), zod reports only that
 * none fit. The form that got furthest into the answer says best what is wrong, so its issue is used,
 * with its path made absolute.
 */
export function deepestIssue(issue: z.core.$ZodIssue): z.core.$ZodIssue {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return issue;
  let best: z.core.$ZodIssue | undefined;
  for (const branch of issue.errors) {
    const first = branch[0];
    if (!first) continue;
    const candidate = deepestIssue(first);
    const trivial = (i: z.core.$ZodIssue) => i.code === 'invalid_type' && i.path.length === 0 && (i.expected === 'null' || i.expected === 'undefined');
    if (!best || candidate.path.length > best.path.length || (candidate.path.length === best.path.length && trivial(best) && !trivial(candidate))) {
      best = candidate;
    }
  }
  if (!best) return issue;
  return { ...best, path: [...issue.path, ...best.path] } as z.core.$ZodIssue;
}

/** faxes[3].completed_timestamp */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue, echo: boolean): string {
  const input = (issue as { input?: unknown }).input;
  const got = describeValue(input, echo);
  if (issue.code === 'invalid_type') {
    if (input === undefined) return `the field "${String(issue.path[issue.path.length - 1] ?? 'value')}" is missing (expected ${article(issue.expected)})`;
    return `expected ${article(issue.expected)}, got ${got}`;
  }
  if (issue.code === 'custom') return issue.message;
  return `${issue.message}${echo && input !== undefined ? ` (got ${got})` : ''}`;
}

function describeValue(value: unknown, echo: boolean): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (!echo) return `a ${typeof value}`;
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
