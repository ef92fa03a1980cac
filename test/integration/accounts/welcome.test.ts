/**
 * The first run: shown once for an empty data folder (not for an existing one), and "Connect your fax
 * account" stores the account and its API key only after the connection test passed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import type { ConnectOutcome } from '../../../src/shared/ipc/contract/welcome';
import { startCore, tempDir, type CoreFixture } from './core-fixture';

let emulator: RunningEmulator;
let f: CoreFixture | null = null;
beforeAll(async () => {
  emulator = await startEmulator({ quiet: true });
});
afterAll(async () => {
  await emulator.stop();
});
afterEach(async () => {
  await f?.stop();
  f = null;
});

const input = (apiKey: string) => ({ label: 'Front office', baseUrl: emulator.baseUrl, appId: emulator.demo.appId, apiKey, userId: emulator.demo.userId });

describe('first run', () => {
  it('is due once for an empty data folder, and not again after it is finished or on the next start', async () => {
    const dataDir = tempDir();
    f = await startCore({ dataDir });
    expect(await f.ok('welcome:get')).toEqual({ show: true });
    expect(await f.ok('welcome:finish')).toEqual({ show: false });
    await f.stop();
    f = await startCore({ dataDir });
    expect(await f.ok('welcome:get')).toEqual({ show: false });
  });

  it('without a Sandbox (nothing created) there is no first-run screen', async () => {
    f = await startCore({ startEmulator: null });
    expect(await f.ok('welcome:get')).toEqual({ show: false });
  });

  it('connect: a wrong key is named and nothing is stored; the right one is stored, made the default, and ends the first run', async () => {
    f = await startCore();
    const bad = await f.ok<ConnectOutcome>('welcome:connect', input('wrong-key'));
    expect(bad.account).toBeNull();
    expect(bad.report.failedStep).toBe('token');
    expect(f.secrets.entries.size).toBe(0);
    expect((await f.ok<{ kind: string }[]>('accounts:list')).map((a) => a.kind)).toEqual(['sandbox']);
    expect(await f.ok('welcome:get')).toEqual({ show: true });

    const good = await f.ok<ConnectOutcome>('welcome:connect', input(emulator.demo.apiKey));
    expect(good.report.ok).toBe(true);
    expect(good.account).toMatchObject({ label: 'Front office', kind: 'live' });
    expect(f.secrets.entries.get(`${good.account!.id}:apiKey`)).toBe(emulator.demo.apiKey);
    expect(await f.ok('settings:get')).toMatchObject({ values: { defaultAccountId: good.account!.id } });
    expect(await f.ok('welcome:get')).toEqual({ show: false });
    expect(await f.call('welcome:connect', { ...input('k'), extra: 1 })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });
});
