/**
 * The one mapping from error codes and fields to sentences (shared/plain-words/errors.ts): every
 * settings field refused through the real IPC gate, and every IPC error code carrying developer text,
 * come out as sentences with no schema path, zod text, D-Bus name or stack text in them.
 */
import { describe, expect, it } from 'vitest';
import { createGate, type HandlerTable } from '../../../../src/main/ipc/gate';
import { silentLogger } from '../../../../src/main/platform/logger';
import { SETTING_KEYS, type SettingKey } from '../../../../src/shared/domain/settings';
import { CODE_SENTENCES, isDeveloperText, plainError, plainText, SETTING_SENTENCES, withoutDeveloperText } from '../../../../src/shared/plain-words/errors';
import { ERROR_CODES } from '../../../../src/shared/result';

/** What a person must never read. */
const FORBIDDEN = [/Too (small|big)/i, /expected (number|string|boolean)/i, /[<>]=/, /Invalid (input|option)/i, /D-?Bus/i, /org\.freedesktop/i, /\bat \S+ \(/, /\.ts:\d+/, /node:internal/, /ENOENT/, /GenericFailure/];

function expectPlain(text: string, context: string): void {
  expect(text.trim().length, context).toBeGreaterThan(10);
  expect(isDeveloperText(text), `${context}: ${text}`).toBe(false);
  for (const pattern of FORBIDDEN) expect(text, `${context}: ${text}`).not.toMatch(pattern);
  // A key that is a program's name (pollIntervalSeconds), not a word a sentence would use anyway ("theme").
  for (const key of SETTING_KEYS.filter((k) => /[A-Z]/.test(k))) expect(text, `${context} names the schema key ${key}`).not.toContain(key);
}

/** Values each setting refuses: the wrong kind, and for the ones with bounds, out of them. */
const BAD_VALUES: Readonly<Record<SettingKey, readonly unknown[]>> = {
  theme: ['blue', 3, null],
  pollIntervalSeconds: [5, 0, -1, 3601, 1e9, 15.5, '60', null, true],
  notifyInbound: ['yes', 1, null],
  notifyOutbound: ['no', 0],
  autoPrintInbound: ['true', {}],
  closeToTray: [[], 'x'],
  startAtLogin: [2, 'on'],
  hotFolder: ['relative/folder', 'Faxes', 7, 'x'.repeat(5000)],
  faxPrinterEnabled: ['on', 1],
  faxPrinterPort: [80, 70000, 8631.5, '8631'],
  faxPrinterReadFaxLine: ['yes', null],
  historyImportRange: ['forever', '', 365, null],
  installationName: ['x'.repeat(61), 'Front\ndesk', 7],
  defaultAccountId: [42, 'x'.repeat(300)],
};

/** Developer text as it really came through: zod, a schema path, the keychain library, a stack, Node's errno. */
const DEVELOPER_SAMPLES = [
  '"pollIntervalSeconds": Too small: expected number to be >=15',
  'Invalid input: expected string, received undefined',
  '"destinations.0.faxNumber" must be a string, not a number.',
  'Platform failure: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead: DBus error: Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS inst',
  "TypeError: Cannot read properties of undefined (reading 'id')\n    at InboxService.print (/app/src/main/inbox/inbox-service.ts:231:18)\n    at node:internal/process/task_queues:95:5",
  "ENOENT: no such file or directory, open '/home/ann/.config/Faxdesk/inbox/f1.pdf'",
  'org.freedesktop.DBus.Error.ServiceUnknown: The name org.freedesktop.secrets was not provided by any .service files',
  'SQLITE_BUSY: database is locked',
  '[object Object]',
  '',
];

describe('plain words for errors', () => {
  const table = { 'settings:set': () => ({ values: {}, problems: [] }) } as unknown as HandlerTable;
  const gate = createGate(table, silentLogger);

  it('walks every settings field with values it refuses: each is named (for highlighting) and explained in a sentence', async () => {
    for (const key of SETTING_KEYS) {
      expect(SETTING_SENTENCES[key], key).toBeTruthy();
      for (const value of BAD_VALUES[key] ?? [null, {}]) {
        const result = await gate('settings:set', { [key]: value });
        expect(result.ok, `${key} = ${JSON.stringify(value)}`).toBe(false);
        if (result.ok) continue;
        expect(result.error.code).toBe('INVALID_INPUT');
        expect(result.error.field).toBe(key);
        expectPlain(result.error.message, `${key} = ${JSON.stringify(value)}`);
      }
    }
    const poll = await gate('settings:set', { pollIntervalSeconds: 5 });
    expect(poll.ok ? null : poll.error.message).toBe('Check for new faxes every 15 to 3600 seconds (an hour): enter a whole number in that range.');
  });

  it('keeps the sentence a schema wrote (the hot folder\'s), rather than a general one', async () => {
    const result = await gate('settings:set', { hotFolder: 'Faxes' });
    expect(result.ok ? null : result.error.message).toBe(SETTING_SENTENCES.hotFolder);
  });

  it('walks every IPC error code with developer text in it: a sentence comes out, with the code and field kept', () => {
    for (const code of ERROR_CODES) {
      expectPlain(CODE_SENTENCES[code], `the sentence for ${code}`);
      for (const message of DEVELOPER_SAMPLES) {
        const shown = plainError({ code, message });
        expect(shown.code).toBe(code);
        expectPlain(shown.message, `${code} with ${JSON.stringify(message.slice(0, 40))}`);
      }
      const withField = plainError({ code, message: DEVELOPER_SAMPLES[0]!, field: 'pollIntervalSeconds' });
      expect(withField.field).toBe('pollIntervalSeconds');
      expect(withField.message).toBe(SETTING_SENTENCES.pollIntervalSeconds);
    }
  });

  it("keeps Faxdesk's own sentence, and takes out only the library's words set apart in it", () => {
    const plain = 'The fax was not deleted: the fax service did not answer. It is still in your inbox; try again.';
    expect(plainText(plain, 'NETWORK')).toBe(plain);
    expect(plainText("Could not write the report /tmp/r.pdf (ENOENT: no such file or directory, open '/tmp/r.pdf'). Choose another folder, or check that the disk is not full.", 'FILE')).toBe(
      'Could not write the report /tmp/r.pdf. Choose another folder, or check that the disk is not full.',
    );
    expect(withoutDeveloperText('Instant updates for the Sandbox could not start: listen EADDRINUSE: address already in use 127.0.0.1:8443.')).toBe('Instant updates for the Sandbox could not start.');
    // A path or an ordinary word with a dot is not developer text.
    expect(isDeveloperText('Saved to /home/ann/Faxes/fax-2026-03-01.pdf.')).toBe(false);
    expect(isDeveloperText('Choose a fax.')).toBe(false);
  });
});
