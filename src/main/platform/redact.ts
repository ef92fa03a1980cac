/**
 * Keeps secrets out of logs and diagnostics. Three passes, because a secret reaches a log line in
 * three ways:
 * - as a value under a telling key anywhere in the details (`{ headers: { Authorization: … } }`,
 *   `apiKey`, `admin_password`, `hmacSecret`, `access_token`…);
 * - inside free text, as an HTTP credential (`Bearer x`, `Basic x`, `Authorization: x`) or a
 *   `key=value` / `"key":"value"` pair with a telling key (a URL's query string, a response body);
 * - as itself, anywhere: the account service registers every API key, password and token it
 *   handles (`register(value)`), and each occurrence is replaced, even inside a sentence.
 */
import type { Logger } from './logger';

export const REDACTED = '[redacted]';

/** Key names (lower-case, without "-", "_", " ") that hold secrets. */
const SECRET_KEY_PARTS = ['apikey', 'password', 'passwd', 'passphrase', 'secret', 'token', 'authorization', 'cookie', 'credential', 'privatekey', 'hmac'];
/** Registered values shorter than this are not searched for: they would shred the logs. */
export const MIN_SECRET_LENGTH = 4;
const MAX_DEPTH = 12;

export function isSecretKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[-_\s]/g, '');
  return SECRET_KEY_PARTS.some((part) => normalized.includes(part));
}

const KEY_WORD = String.raw`[A-Za-z0-9_.-]*(?:api[-_]?key|password|passwd|passphrase|secret|token|hmac|credential|cookie)[A-Za-z0-9_.-]*`;
const TEXT_PATTERNS: [RegExp, string][] = [
  // HTTP credentials: "Bearer abc", "Basic dXNlcjpwdw==", whatever header or sentence they are in.
  [/\b(Bearer|Basic|Digest)(\s+)[A-Za-z0-9._~+/=-]+/gi, `$1$2${REDACTED}`],
  // "Authorization: <the rest of the value>" unless a scheme above already handled it ("Token abc" has two words).
  [/\b((?:proxy-)?authorization["']?\s*[:=]\s*["']?)(?!(?:Bearer|Basic|Digest)\s)(?!\[redacted\])[^\s"',;}&][^"'\r\n,;}&]*/gi, `$1${REDACTED}`],
  // key=value and "key": "value" with a telling key (query strings, form bodies, JSON in messages).
  [new RegExp(String.raw`(\b${KEY_WORD}["']?\s*[:=]\s*["']?)(?!\[redacted\])[^\s"',;}&]+`, 'gi'), `$1${REDACTED}`],
];

/**
 * Credentials in free text, by their form alone (no registered values): HTTP credentials and
 * `secret-key: value` pairs. For text from outside (a service's error body that echoed the request's
 * headers) before it becomes part of a message anyone sees.
 */
export function redactCredentials(text: string): string {
  let out = text;
  for (const [pattern, replacement] of TEXT_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

export class Redactor {
  /** Every form to search for: the value, and its URL- and JSON-escaped forms. Longest first. */
  private forms: string[] = [];
  private readonly registered = new Set<string>();

  /** From now on, `value` never appears in redacted text. */
  register(value: string | null | undefined): void {
    if (typeof value !== 'string' || value.length < MIN_SECRET_LENGTH || this.registered.has(value)) return;
    this.registered.add(value);
    this.rebuild();
  }

  /** Stops searching for a value (an account was removed). */
  forget(value: string): void {
    if (this.registered.delete(value)) this.rebuild();
  }

  redactText(text: string): string {
    let out = text;
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(REDACTED);
    return redactCredentials(out);
  }

  /** A copy of `value` safe to write down: secret-keyed values replaced, every string redacted. */
  redactValue(value: unknown): unknown {
    return this.walk(value, 0, new WeakSet());
  }

  redactDetails(details: Record<string, unknown>): Record<string, unknown> {
    return this.redactValue(details) as Record<string, unknown>;
  }

  private walk(value: unknown, depth: number, seen: WeakSet<object>): unknown {
    if (typeof value === 'string') return this.redactText(value);
    if (value === null || typeof value !== 'object') {
      if (typeof value === 'bigint' || typeof value === 'symbol') return String(value);
      if (typeof value === 'function') return '[function]';
      return value;
    }
    if (seen.has(value)) return '[circular]';
    if (depth >= MAX_DEPTH) return '[too deep]';
    seen.add(value);
    try {
      if (value instanceof Error) {
        const out: Record<string, unknown> = { name: value.name, message: this.redactText(value.message) };
        const code = (value as { code?: unknown }).code;
        if (code !== undefined) out['code'] = this.walk(code, depth + 1, seen);
        if (value.stack) out['stack'] = this.redactText(value.stack);
        if (value.cause !== undefined) out['cause'] = this.walk(value.cause, depth + 1, seen);
        return out;
      }
      if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
      if (Array.isArray(value)) return value.map((item) => this.walk(item, depth + 1, seen));
      if (value instanceof Map) return this.walk(Object.fromEntries(value), depth + 1, seen);
      if (value instanceof Set) return this.walk([...value], depth + 1, seen);
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(value)) {
        out[key] = isSecretKey(key) && inner !== null && inner !== undefined && typeof inner !== 'boolean' && inner !== '' ? REDACTED : this.walk(inner, depth + 1, seen);
      }
      return out;
    } finally {
      seen.delete(value);
    }
  }

  private rebuild(): void {
    const forms = new Set<string>();
    for (const value of this.registered) {
      forms.add(value);
      const uri = encodeURIComponent(value);
      if (uri !== value) forms.add(uri);
      const json = JSON.stringify(value).slice(1, -1);
      if (json !== value) forms.add(json);
    }
    this.forms = [...forms].sort((a, b) => b.length - a.length);
  }
}

/** A logger that redacts message and details before passing them on (the console in the browser harness). */
export function redactingLogger(inner: Logger, redactor: Redactor): Logger {
  const wrap =
    (level: keyof Logger) =>
    (message: string, details?: Record<string, unknown>): void =>
      inner[level](redactor.redactText(message), details === undefined ? undefined : redactor.redactDetails(details));
  return { debug: wrap('debug'), info: wrap('info'), warn: wrap('warn'), error: wrap('error') };
}
