import { describe, expect, it } from 'vitest';
import { createGate, type HandlerTable } from '../../../../src/main/ipc/gate';
import { AppError } from '../../../../src/main/errors';
import { silentLogger, type Logger } from '../../../../src/main/platform/logger';
import { DEFAULT_SETTINGS } from '../../../../src/shared/domain/settings';

function table(overrides: Partial<HandlerTable> = {}): HandlerTable {
  const snapshot = { values: { ...DEFAULT_SETTINGS }, problems: [] };
  return {
    'app:info': () => ({ name: 'Faxdesk', version: '0', dataDir: '/tmp', platform: 'linux', shell: 'bridge', versions: {} }),
    'settings:get': () => snapshot,
    'settings:set': (patch) => ({ values: { ...snapshot.values, ...patch }, problems: [] }),
    ...overrides,
  } as HandlerTable;
}

describe('IPC gate', () => {
  it('passes valid input to the handler and wraps the value', async () => {
    const gate = createGate(table(), silentLogger);
    const result = await gate('settings:set', { theme: 'dark' });
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ values: expect.objectContaining({ theme: 'dark' }) }) });
  });

  it('treats null as "no input" for calls without input', async () => {
    const gate = createGate(table(), silentLogger);
    expect((await gate('app:info', null)).ok).toBe(true);
    expect((await gate('app:info', undefined)).ok).toBe(true);
  });

  it('refuses an unknown channel', async () => {
    const gate = createGate(table(), silentLogger);
    const result = await gate('fs:readFile', { path: '/etc/passwd' });
    expect(result).toEqual({ ok: false, error: { code: 'UNKNOWN_CHANNEL', message: expect.stringContaining('fs:readFile') } });
  });

  it('refuses prototype keys posing as channels', async () => {
    const gate = createGate(table(), silentLogger);
    for (const channel of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      const result = await gate(channel, undefined);
      expect(result.ok ? 'ok' : result.error.code).toBe('UNKNOWN_CHANNEL');
    }
  });

  it('refuses a non-string channel', async () => {
    const gate = createGate(table(), silentLogger);
    const result = await gate(42 as unknown as string, undefined);
    expect(result.ok ? 'ok' : result.error.code).toBe('UNKNOWN_CHANNEL');
  });

  it('names the field of a wrong type (for the page to highlight) and says what it takes, in words', async () => {
    const gate = createGate(table(), silentLogger);
    const result = await gate('settings:set', { notifyInbound: 'yes' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'notifyInbound', message: 'Tick or untick "Notify me when a fax arrives".' },
    });
  });

  it('names the field of an out-of-range value', async () => {
    const gate = createGate(table(), silentLogger);
    const result = await gate('settings:set', { pollIntervalSeconds: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_INPUT');
      expect(result.error.field).toBe('pollIntervalSeconds');
    }
  });

  it('names an unknown field', async () => {
    const gate = createGate(table(), silentLogger);
    const result = await gate('settings:set', { theme: 'dark', apiKey: 'x' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'INVALID_INPUT', field: 'apiKey', message: 'Faxdesk could not do that: this window sent something Faxdesk does not know. Reload the window and try again.' },
    });
  });

  it('refuses input of the wrong kind altogether', async () => {
    const gate = createGate(table(), silentLogger);
    for (const bad of ['dark', 7, [1, 2], true]) {
      const result = await gate('settings:set', bad);
      expect(result.ok ? 'ok' : result.error.code).toBe('INVALID_INPUT');
    }
    const extra = await gate('app:info', { unexpected: true });
    expect(extra.ok ? 'ok' : extra.error.code).toBe('INVALID_INPUT');
  });

  it('passes an AppError through as its typed error', async () => {
    const gate = createGate(
      table({ 'app:info': () => { throw new AppError('NOT_FOUND', 'No such fax.', { field: 'faxId' }); } }),
      silentLogger,
    );
    expect(await gate('app:info', undefined)).toEqual({ ok: false, error: { code: 'NOT_FOUND', message: 'No such fax.', field: 'faxId' } });
  });

  it('turns an unexpected throw into INTERNAL without the stack, and logs it', async () => {
    const logged: string[] = [];
    const logger: Logger = { ...silentLogger, error: (m, d) => logged.push(`${m} ${JSON.stringify(d)}`) };
    const gate = createGate(table({ 'settings:get': async () => { throw new TypeError('boom at line 3'); } }), logger);
    const result = await gate('settings:get', undefined);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INTERNAL');
      expect(result.error.message).not.toContain('boom');
      expect(JSON.stringify(result)).not.toContain('at line');
    }
    expect(logged.join()).toContain('boom at line 3');
  });
});
