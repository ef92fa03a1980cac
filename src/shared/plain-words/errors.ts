/**
 * The one mapping from error codes and input fields to sentences a person can act on. Main's IPC gate
 * words every refused input with it and passes every error through it; the page passes everything it
 * shows as an error through it too (errors made in the page, and sentences main puts in events).
 *
 * What never reaches the screen: a schema path ("pollIntervalSeconds": …), zod's own words (Too small:
 * expected number to be >=15), a D-Bus or other library message (org.freedesktop…, ENOENT: …), a stack
 * frame. A sentence Faxdesk wrote is kept; developer text inside it (a library's words in brackets, or
 * after a colon) is taken out; a message that is developer text through and through is replaced by the
 * sentence for its field, or for its code.
 */
import { ERROR_CODES, type ErrorCode, type ErrorInfo } from '../result';
import { SETTING_KEYS, SettingsSchema, type SettingKey } from '../domain/settings';

/** What each error code means for the person, when the message itself cannot be shown. */
export const CODE_SENTENCES: Readonly<Record<ErrorCode, string>> = Object.freeze({
  UNKNOWN_CHANNEL: 'Faxdesk could not do that: this window asked for something it does not know. Reload the window and try again.',
  INVALID_INPUT: 'Something entered is not valid. Check the highlighted field and try again.',
  FORBIDDEN_SENDER: 'Faxdesk refused a request that did not come from its own window.',
  INTERNAL: 'Something went wrong inside Faxdesk. The details were written to the log; try again, and export the diagnostics (Settings › About) if it keeps happening.',
  NOT_FOUND: 'That is not there any more: it may have been deleted. Reload the list.',
  CONFLICT: 'That cannot be done right now, because of the state it is in. Reload and try again.',
  VALIDATION: 'Something entered is not valid. Check it and try again.',
  STORAGE: 'Faxdesk could not read or write its database. Check that the disk is not full, then restart Faxdesk.',
  KEYCHAIN: "Faxdesk could not use this computer's keychain (where it keeps passwords and keys). Check that it is available and unlocked, then try again.",
  FILE: 'Faxdesk could not read or write the file. Check that the folder exists, that you may write there and that the disk is not full.',
  PRINT_FAILED: 'The fax could not be printed. Check the printer and try again.',
  NETWORK: 'Faxdesk could not reach the fax service. Check the internet connection and try again.',
  TIMEOUT: 'The fax service took too long to answer. Try again in a moment.',
  AUTH: 'The fax service did not accept the account’s credentials. Check the App ID and API key in Settings › Accounts.',
  RATE_LIMITED: 'The fax service asked Faxdesk to slow down. Wait a moment, then try again.',
  SERVICE: 'The fax service had a problem. Try again in a few minutes.',
  BAD_RESPONSE: 'The fax service sent an answer Faxdesk could not understand. Try again in a few minutes.',
  CANCELLED: 'That was cancelled before it finished.',
});

const pollLimits = SettingsSchema.shape.pollIntervalSeconds;

/** What a valid value of each setting is, in a sentence (said when a value is refused). */
export const SETTING_SENTENCES: Readonly<Record<SettingKey, string>> = Object.freeze({
  theme: 'Choose Light, Dark or "Follow the system" for the theme.',
  pollIntervalSeconds: `Check for new faxes every ${pollLimits.minValue ?? 15} to ${pollLimits.maxValue ?? 3600} seconds (an hour): enter a whole number in that range.`,
  notifyInbound: 'Tick or untick "Notify me when a fax arrives".',
  notifyOutbound: 'Tick or untick "Notify me when a sent fax is delivered or fails".',
  autoPrintInbound: 'Tick or untick "Print received faxes automatically".',
  closeToTray: 'Tick or untick "Keep running in the tray when the window is closed".',
  startAtLogin: 'Tick or untick "Start Faxdesk when I log in".',
  hotFolder: 'Enter the full path of a folder (for example /home/you/Faxes or C:\\Faxes), or leave it empty to turn the hot folder off.',
  faxPrinterEnabled: 'Tick or untick "Faxdesk printer on".',
  faxPrinterPort: 'Use a port from 1024 to 65535 (lower ones need administrator rights).',
  faxPrinterReadFaxLine: 'Tick or untick "Fill in the recipient from a "Fax:" line in the printed document".',
  historyImportRange: 'Choose how far back to bring in faxes: all of it, the last year, or the last 90 days.',
  installationName: 'Write the desk name on one line, in 60 characters or fewer.',
  defaultAccountId: 'Choose one of your accounts to send from.',
});

/** Sentences for input fields of other calls, by the field's path (or its last part). */
const FIELD_SENTENCES: Readonly<Record<string, string>> = Object.freeze({
  port: 'Enter a port number from 1 to 65535.',
  host: 'Enter the address to listen on, such as 127.0.0.1 or 0.0.0.0.',
  note: 'A note can be up to 2,000 characters long.',
});

/** The sentence for a refused value of this input field, or null when Faxdesk has none. */
export function fieldSentence(field: string | undefined): string | null {
  if (!field) return null;
  if ((SETTING_KEYS as readonly string[]).includes(field)) return SETTING_SENTENCES[field as SettingKey] ?? null;
  const last = field.split('.').at(-1) ?? field;
  return FIELD_SENTENCES[field] ?? FIELD_SENTENCES[last] ?? null;
}

const DEVELOPER_TEXT: readonly RegExp[] = [
  // zod's own words
  /\b(Too small|Too big|Invalid input|Invalid option|Invalid union|Invalid key|Invalid element|Invalid string|Invalid number|Invalid enum value|Invalid literal value|Invalid type|Unrecognized keys?)\b/i,
  /\bexpected (a |an )?(string|number|boolean|object|array|bigint|date|one of|int|nonoptional)\b/i,
  /[<>]=\s?-?\d/,
  // a schema path, quoted or dotted with an index
  /^"[\w$.[\]-]+"\s*:/,
  /"[A-Za-z_$][\w$]*(\.[\w$]+)+"/,
  /\b[A-Za-z_$][\w$]*\.\d+\.[A-Za-z_$][\w$]*\b/,
  // a program's name for a field (pollIntervalSeconds, hotFolder), which no sentence uses
  /\b[a-z]{3,}[A-Z][a-z]+(?:[A-Z][a-z]*)*\b/,
  // D-Bus, the keychain library and other native layers
  /\bD-?Bus\b/i,
  /\borg\.freedesktop\b/i,
  /\bdbus-daemon\b/i,
  /\bDBUS_[A-Z_]+\b/,
  /\bGenericFailure\b|\bPlatform failure\b|\bNoStorageAccess\b|\bPlatformFailure\b/,
  /\bSQLITE_[A-Z_]+\b/,
  /\b(ENOENT|EACCES|EPERM|EEXIST|ENOTDIR|EISDIR|ENOSPC|EROFS|EMFILE|EBUSY|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EADDRINUSE|EADDRNOTAVAIL|EPIPE|ENOTFOUND|EAI_AGAIN|ERR_[A-Z_]+)\b/,
  /\berrno\b/i,
  // stack text and JavaScript's own error names
  /(^|\n)\s*at\s+\S.*(\(|:\d+)/,
  /\bnode:internal\b/,
  /\.(ts|tsx|js|mjs|cjs|rs)(:\d+){1,2}\b/,
  /\b(TypeError|ReferenceError|SyntaxError|RangeError|EvalError|URIError|AggregateError)\b/,
  /\[object \w+\]/,
  /^(undefined|null|NaN)$/,
];

/** True when a text is (or holds) developer text that must not reach the screen. */
export function isDeveloperText(text: string): boolean {
  return DEVELOPER_TEXT.some((pattern) => pattern.test(text));
}

/**
 * The text with developer text taken out where it is set apart: a bracketed aside, or what follows the
 * last colon or semicolon of a sentence. Whatever is left may still be developer text; see plainText.
 */
export function withoutDeveloperText(text: string): string {
  let result = text.replace(/\s*\(([^()]*(\([^()]*\))?[^()]*)\)/g, (whole, inner: string) => (isDeveloperText(inner) ? '' : whole));
  // "X could not start: <library words>." → "X could not start."
  for (let guard = 0; guard < 5 && isDeveloperText(result); guard++) {
    const cut = Math.max(result.lastIndexOf(': '), result.lastIndexOf('; '));
    if (cut <= 0) break;
    const head = result.slice(0, cut).trimEnd();
    if (isDeveloperText(head) && head.indexOf(': ') < 0 && head.indexOf('; ') < 0) break;
    result = head;
  }
  result = result.replace(/\s+/g, ' ').trim();
  if (result && !/[.!?…:]$/.test(result)) result += '.';
  return result;
}

/**
 * A message as it may be shown: Faxdesk's sentence without developer text in it, or, when nothing
 * plain is left (or nothing was said), the sentence for its field or its code.
 */
export function plainText(message: string | null | undefined, code?: string, field?: string): string {
  const text = typeof message === 'string' ? message.trim() : '';
  if (text && !isDeveloperText(text)) return text;
  const kept = text ? withoutDeveloperText(text) : '';
  if (kept && !isDeveloperText(kept) && kept.length >= 12) return kept;
  return fieldSentence(field) ?? (code && (ERROR_CODES as readonly string[]).includes(code) ? CODE_SENTENCES[code as ErrorCode] : CODE_SENTENCES.INTERNAL);
}

/** An error as it may cross to the screen: the same code and field, a plain message. */
export function plainError(info: ErrorInfo): ErrorInfo {
  const message = plainText(info.message, info.code, info.field);
  return message === info.message ? info : { ...info, message };
}

/** The issue of a refused input, as the gate sees it (a zod issue's parts). */
export interface InputIssue {
  /** Dotted path of the field; '' for the input as a whole. */
  field: string;
  /** zod's issue code: 'invalid_type', 'too_small', 'custom', 'unrecognized_keys'… */
  kind: string;
  /** The message written in the schema (a Faxdesk sentence), or zod's default. */
  message: string;
}

/** The sentence for a refused input: the schema's own sentence when it wrote one, else the field's, else a general one. */
export function inputSentence(issue: InputIssue): string {
  if (issue.kind === 'unrecognized_keys') return CODE_SENTENCES.UNKNOWN_CHANNEL.replace('asked for something it does not know', 'sent something Faxdesk does not know');
  const own = issue.message.trim();
  if (own && !isDeveloperText(own) && issue.kind !== 'invalid_type') return own;
  return fieldSentence(issue.field) ?? CODE_SENTENCES.INVALID_INPUT;
}
