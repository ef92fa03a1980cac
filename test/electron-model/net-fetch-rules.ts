/**
 * What Electron's `net.fetch` refuses that Node's `fetch` accepts, in ONE place: the Electron model's
 * `net.fetch` (test/electron-model/electron/net.ts) applies these rules, and so does `strictFetch`,
 * the wrapper over Node's fetch that every unit, integration and end-to-end test gives the core. Node
 * accepts all of these silently, which is how a `content-length` header that made every send fail in
 * Electron passed the whole suite.
 *
 * Each rule cites its source. Where Electron's behaviour is not documented the rule takes the STRICTER
 * reading (refuses), and says so: a request this module lets through must work in Electron.
 */

/** A request net.fetch would fail, as the model reports it (Electron's error text, then why). */
export class NetFetchRuleError extends Error {
  constructor(
    /** Electron's/Chromium's error text for it, e.g. net::ERR_INVALID_ARGUMENT. */
    readonly netError: string,
    /** Which rule, in words, with its source. */
    readonly rule: string,
  ) {
    super(`${netError} (Electron model: ${rule})`);
    this.name = 'NetFetchRuleError';
  }
}

/**
 * Request headers Chromium's network stack owns. Chromium's `net::HttpUtil::IsSafeHeader`
 * (net/http/http_util.cc, `kForbiddenHeaderFields`, "The list comes from the fetch standard") refuses
 * these names; a request carrying one fails with net::ERR_INVALID_ARGUMENT — for `content-length`
 * reported in electron/electron#21091 and again on Electron 40 (research/toolchain.md). Electron
 * documents no exception for the main process, so the model refuses the whole list (stricter reading
 * for `user-agent`, which Chromium keeps there "due to issues", crbug.com/571722).
 */
export const FORBIDDEN_REQUEST_HEADERS: ReadonlySet<string> = new Set([
  'accept-charset',
  'accept-encoding',
  'access-control-request-headers',
  'access-control-request-method',
  'access-control-request-private-network',
  'connection',
  'content-length',
  'cookie',
  'cookie2',
  'date',
  'dnt',
  'expect',
  'host',
  'keep-alive',
  'origin',
  'referer',
  'set-cookie',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'user-agent',
  'via',
]);

/** Same source: any name starting with these is refused too. */
export const FORBIDDEN_REQUEST_HEADER_PREFIXES: readonly string[] = ['proxy-', 'sec-'];

/** Same source (`kForbiddenHeaderFieldsWithForbiddenMethod`): these may not smuggle a forbidden method. */
const METHOD_OVERRIDE_HEADERS = new Set(['x-http-method', 'x-http-method-override', 'x-method-override']);
/** Fetch standard, "forbidden method"; Chromium refuses them as request methods and in the override headers. */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/** Why a request header would make net.fetch fail, or null when Chromium lets it through. */
export function forbiddenHeaderReason(name: string, value: string): string | null {
  const lower = name.toLowerCase();
  const source = "Chromium's network stack sets it itself (net::HttpUtil::IsSafeHeader; electron/electron#21091)";
  if (FORBIDDEN_REQUEST_HEADERS.has(lower)) return `request header "${lower}" is not allowed: ${source}`;
  const prefix = FORBIDDEN_REQUEST_HEADER_PREFIXES.find((p) => lower.startsWith(p));
  if (prefix) return `request header "${lower}" is not allowed: names starting "${prefix}" are reserved; ${source}`;
  if (METHOD_OVERRIDE_HEADERS.has(lower) && value.split(',').some((m) => FORBIDDEN_METHODS.has(m.trim().toUpperCase()))) {
    return `request header "${lower}" names a forbidden method (${value}): ${source}`;
  }
  return null;
}

function headerEntries(headers: RequestInit['headers']): [string, string][] {
  if (!headers) return [];
  if (headers instanceof Headers) return [...headers.entries()];
  if (Array.isArray(headers)) return headers.map(([k, v]) => [String(k), String(v)]);
  return Object.entries(headers as Record<string, string>).map(([k, v]) => [k, String(v)]);
}

/**
 * The first rule this request breaks, or null. `input` and `init` as fetch takes them; headers of a
 * Request object count too (net.fetch copies `new Request(input, init)`'s headers onto its request,
 * lib/browser/api/net-fetch.ts).
 */
export function netFetchViolation(input: string | URL | Request, init: RequestInit = {}): NetFetchRuleError | null {
  const url = input instanceof Request ? input.url : String(input);
  let scheme: string;
  try {
    scheme = new URL(url).protocol;
  } catch {
    return new NetFetchRuleError('TypeError: Failed to parse URL', `"${url.slice(0, 100)}" is not an absolute URL`);
  }
  // https://www.electronjs.org/docs/latest/api/net#netfetchinput-init, "Limitations".
  if (scheme === 'data:' || scheme === 'blob:') {
    return new NetFetchRuleError('net::ERR_UNKNOWN_URL_SCHEME', `net.fetch() does not support the ${scheme} scheme (Electron docs, net.fetch, "Limitations")`);
  }
  const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (FORBIDDEN_METHODS.has(method)) {
    return new NetFetchRuleError('net::ERR_INVALID_ARGUMENT', `method ${method} is a forbidden method (fetch standard; Chromium refuses it)`);
  }
  const headers = [...(input instanceof Request ? [...input.headers.entries()] : []), ...headerEntries(init.headers)];
  for (const [name, value] of headers) {
    const reason = forbiddenHeaderReason(name, value);
    if (reason) return new NetFetchRuleError('net::ERR_INVALID_ARGUMENT', reason);
  }
  const redirect = init.redirect ?? (input instanceof Request ? input.redirect : 'follow');
  if (redirect === 'manual') {
    // electron/electron#43715: with redirect 'manual', net.fetch fails with "Redirect was cancelled" as
    // soon as the server redirects ("working as documented": a manual redirect needs followRedirect() on
    // a net.request, https://www.electronjs.org/docs/latest/api/client-request#event-redirect), where
    // Node returns an opaque redirect. Stricter reading: the mode itself is refused, so code relying on
    // it is caught without a redirecting server in the test.
    return new NetFetchRuleError('Error: Redirect was cancelled', "redirect: 'manual' fails in net.fetch as soon as the server redirects (electron/electron#43715); use 'follow' or 'error'");
  }
  return null;
}

/** Every rule broken through strictFetch since the last take: a test guard asserts none (test/support/net-rules-guard.ts). */
const violations: string[] = [];

export function takeNetFetchViolations(): string[] {
  return violations.splice(0);
}

/** Records and returns the violation (callers reject with it, as net.fetch would). */
export function recordViolation(error: NetFetchRuleError, url: string): NetFetchRuleError {
  violations.push(`${url.split('?')[0]!.slice(0, 200)}: ${error.message}`);
  return error;
}

/**
 * Wraps a fetch (Node's by default) so it fails the way net.fetch fails: what every test's core uses
 * instead of the raw global fetch.
 */
export function strictFetchOver(inner: typeof fetch): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const violation = netFetchViolation(input, init ?? {});
    if (violation) throw recordViolation(violation, input instanceof Request ? input.url : String(input));
    return inner(input, init);
  }) as typeof fetch;
}

/** Node's fetch with net.fetch's rules. */
export const strictFetch: typeof fetch = strictFetchOver((input, init) => globalThis.fetch(input, init));
