/**
 * The keychain driver against a real Secret Service (gnome-keyring in a D-Bus session, as on a Linux
 * desktop). `npm test` provides one; to run this file alone:
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx vitest run test/integration/keychain'
 * Without a reachable Secret Service these tests FAIL with that advice, unless FAXDESK_SKIP_KEYCHAIN=1.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { AsyncEntry } from '@napi-rs/keyring';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/main/accounts/account-service';
import { KeyringSecretStore } from '../../../src/main/accounts/keyring-secret-store';
import { SECRET_SERVICE } from '../../../src/main/accounts/secret-store';
import { HttpClient } from '../../../src/main/api/http';
import { silentLogger } from '../../../src/main/platform/logger';
import { migrate } from '../../../src/main/store/database';
import { migration0010 } from '../../../src/main/store/migrations/0010-settings';
import { migration0020 } from '../../../src/main/store/migrations/0020-accounts';
import { AccountsRepository } from '../../../src/main/store/repositories/accounts-repository';
import { strictFetch } from '../../electron-model/net-fetch-rules';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../../..');
const skip = process.env.FAXDESK_SKIP_KEYCHAIN === '1';

async function secretServiceProblem(): Promise<string | null> {
  try {
    // Pinned: the library would otherwise fall back to the kernel keyring and "succeed".
    const probe = new AsyncEntry(SECRET_SERVICE, `probe-${randomUUID()}`, { linux: { store: 'secret-service' } });
    await probe.setPassword('probe');
    const back = await probe.getPassword();
    await probe.deletePassword();
    return back === 'probe' ? null : 'the Secret Service did not give back what was stored (is the login keyring locked?)';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

let problem: string | null = null;
beforeAll(async () => {
  problem = await secretServiceProblem();
  if (problem && skip) {
    console.warn(
      `\n${'!'.repeat(100)}\n!! KEYCHAIN TESTS SKIPPED (FAXDESK_SKIP_KEYCHAIN=1): no usable Secret Service here: ${problem}\n` +
        `!! The OS keychain driver was NOT tested.\n${'!'.repeat(100)}\n`,
    );
  }
});

function requireKeychain(): boolean {
  if (!problem) return true;
  if (skip) return false;
  throw new Error(
    `No usable Secret Service (${problem}). Run the keychain tests inside a D-Bus session with an unlocked gnome-keyring:\n` +
      `  dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null; npx vitest run test/integration/keychain'\n` +
      '(apt-get install -y gnome-keyring dbus-x11), or set FAXDESK_SKIP_KEYCHAIN=1 to skip them.',
  );
}

const created: { account: string; kind: 'apiKey' | 'adminPassword' | 'hmacSecret' }[] = [];
afterAll(async () => {
  if (problem) return;
  const store = new KeyringSecretStore();
  for (const { account, kind } of created) await store.delete(account, kind).catch(() => undefined);
});

describe('KeyringSecretStore on a real Secret Service', () => {
  it('saves, reads, replaces and deletes under service "faxdesk", entry "<accountId>:<kind>"', async (ctx) => {
    if (!requireKeychain()) return ctx.skip();
    const store = new KeyringSecretStore();
    const id = `test-${randomUUID()}`;
    created.push({ account: id, kind: 'apiKey' });
    expect(await store.get(id, 'apiKey')).toBeNull();
    await store.set(id, 'apiKey', 'first-value');
    // Really in the Secret Service (it survives logout), not in the kernel keyring the library can fall back to.
    expect(await new AsyncEntry('faxdesk', `${id}:apiKey`, { linux: { store: 'secret-service' } }).getPassword()).toBe('first-value');
    const kernel = await (async () => new AsyncEntry('faxdesk', `${id}:apiKey`, { linux: { store: 'keyutils' } }).getPassword())().catch(() => null);
    expect(kernel).toBeNull();
    await store.set(id, 'apiKey', 'second välue ✓');
    expect(await store.get(id, 'apiKey')).toBe('second välue ✓');
    await store.delete(id, 'apiKey');
    expect(await store.get(id, 'apiKey')).toBeNull();
    await store.delete(id, 'apiKey');
  });

  it('keeps accounts and kinds apart', async (ctx) => {
    if (!requireKeychain()) return ctx.skip();
    const store = new KeyringSecretStore();
    const a = `test-${randomUUID()}`;
    const b = `test-${randomUUID()}`;
    created.push({ account: a, kind: 'apiKey' }, { account: a, kind: 'adminPassword' }, { account: b, kind: 'apiKey' });
    await store.set(a, 'apiKey', 'a-key');
    await store.set(a, 'adminPassword', 'a-password');
    await store.set(b, 'apiKey', 'b-key');
    expect(await store.get(a, 'apiKey')).toBe('a-key');
    expect(await store.get(a, 'adminPassword')).toBe('a-password');
    expect(await store.get(b, 'apiKey')).toBe('b-key');
    await store.delete(a, 'apiKey');
    expect(await store.get(b, 'apiKey')).toBe('b-key');
  });

  it('stores an account added through AccountService, and removes it with the account', async (ctx) => {
    if (!requireKeychain()) return ctx.skip();
    const db = new Database(':memory:');
    migrate(db, [migration0010, migration0020]);
    const store = new KeyringSecretStore();
    const id = `test-${randomUUID()}`;
    created.push({ account: id, kind: 'apiKey' }, { account: id, kind: 'adminPassword' });
    const service = new AccountService({
      repository: new AccountsRepository(db),
      secrets: store,
      http: new HttpClient({ fetch: strictFetch }),
      sandbox: null,
      logger: silentLogger,
      now: () => new Date(),
      newId: () => id,
    });
    const view = await service.add({
      label: 'Keychain test',
      baseUrl: 'https://api.example.test',
      appId: 'APP',
      apiKey: 'keychain-api-key',
      userId: 'U',
      admin: { adminId: 'A', adminUsername: 'u', adminPassword: 'keychain-admin-pw' },
      enabled: true,
    });
    expect(view).toMatchObject({ hasApiKey: true, hasAdminPassword: true });
    expect(await store.get(id, 'apiKey')).toBe('keychain-api-key');
    expect(await store.get(id, 'adminPassword')).toBe('keychain-admin-pw');
    await service.remove(id);
    expect(await store.get(id, 'apiKey')).toBeNull();
    expect(await store.get(id, 'adminPassword')).toBeNull();
    db.close();
  });

  it('says what to do when no Secret Service can be reached (no D-Bus session)', async () => {
    const { stdout } = await run(path.join(ROOT, 'node_modules/.bin/tsx'), ['test/integration/keychain/keychain-child.ts'], {
      cwd: ROOT,
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/faxdesk-test-bus' },
      timeout: 30_000,
    });
    const result = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(result.ok).toBe(false);
    expect(result.code).toBe('KEYCHAIN');
    expect(result.message).toMatch(/could not reach a keyring \(Secret Service\) to save the API key/);
    expect(result.message).toMatch(/GNOME Keyring .* or KWallet/);
    expect(result.message).not.toContain('child-secret-value');
  });

  it('says the keyring is locked when it is, and to unlock it', async (ctx) => {
    const hasDbus = await run('sh', ['-c', 'command -v dbus-run-session && command -v gnome-keyring-daemon']).then(
      () => true,
      () => false,
    );
    if (!hasDbus) {
      if (skip) return ctx.skip();
      throw new Error('dbus-run-session and gnome-keyring-daemon are needed for this test (apt-get install -y gnome-keyring dbus-x11), or set FAXDESK_SKIP_KEYCHAIN=1.');
    }
    // A fresh session whose keyring daemon starts locked, with no way to prompt: like a locked login keyring.
    const { stdout } = await run(
      'dbus-run-session',
      ['--', 'sh', '-c', `gnome-keyring-daemon --start --components=secrets >/dev/null 2>&1; exec "${path.join(ROOT, 'node_modules/.bin/tsx')}" test/integration/keychain/keychain-child.ts`],
      { cwd: ROOT, env: { ...process.env, DISPLAY: '', WAYLAND_DISPLAY: '' }, timeout: 60_000 },
    );
    const result = JSON.parse(stdout.trim().split('\n').pop()!);
    expect(result.ok).toBe(false);
    expect(result.code).toBe('KEYCHAIN');
    expect(result.message).toMatch(/The login keyring is locked, so Faxdesk could not save the API key\. Unlock it/);
  });
});
