/**
 * Canary: known secrets (API keys, an admin password, an HMAC secret, every access token issued)
 * are used through the whole core — IPC calls, Test connection, webhooks, the Admin page, token
 * renewal, failing calls that get logged, the Sandbox — and must then appear nowhere: not in the
 * SQLite files, not in the log files, not in any log line even before redaction, not in any Result
 * the gate returned or any event sent to the renderer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import { createFileLogger, logDirOf, teeLogger } from '../../../src/main/platform/file-logger';
import type { Logger } from '../../../src/main/platform/logger';
import { Redactor } from '../../../src/main/platform/redact';
import type { FetchFn } from '../../../src/main/platform/ports';
import type { AccountView } from '../../../src/shared/ipc/contract/accounts';
import { startCore, tempDir, type CoreFixture } from './core-fixture';

let emulator: RunningEmulator;
let f: CoreFixture;
const dataDir = tempDir('faxdesk-canary-');
const tokens = new Set<string>();
const results: unknown[] = [];
const rawLines: string[] = [];
const WRONG_KEY = 'wrong-key-CANARY-5e1d77';
const HMAC = 'hmac-CANARY-secret-93bd1c';
const NEW_ADMIN_PASSWORD = 'admin-pw-CANARY-new-04af';

/** A fetch that remembers every access token the services hand out. */
const recordingFetch: FetchFn = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  if (String(input).endsWith('/tokens') && response.ok) {
    const body = (await response.clone().json()) as { access_token?: string };
    if (body.access_token) tokens.add(body.access_token);
  }
  return response;
};

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual', quiet: true });
  const redactor = new Redactor();
  const fileLogger = createFileLogger({ dir: logDirOf(dataDir), redactor, minLevel: 'debug' });
  const raw: Logger = {
    debug: (m, d) => rawLines.push(`${m} ${JSON.stringify(d ?? {})}`),
    info: (m, d) => rawLines.push(`${m} ${JSON.stringify(d ?? {})}`),
    warn: (m, d) => rawLines.push(`${m} ${JSON.stringify(d ?? {})}`),
    error: (m, d) => rawLines.push(`${m} ${JSON.stringify(d ?? {})}`),
  };
  f = await startCore({ dataDir, fetch: recordingFetch, redactor, logger: teeLogger(raw, fileLogger) });
  const original = f.call;
  f.call = (async (channel: string, input?: unknown) => {
    const result = await original(channel, input);
    results.push(result);
    return result;
  }) as CoreFixture['call'];
  f.ok = async (channel, input) => {
    const result = await f.call(channel, input);
    if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
    return result.value as never;
  };
});

afterAll(async () => {
  await emulator.stop();
});

describe('canary: secrets stay in the keychain and in memory', () => {
  it('uses the secrets everywhere, then finds them nowhere', async () => {
    const demo = emulator.demo;
    // Accounts: add, test (saved and draft, right and wrong), edit, list.
    const account = await f.ok<AccountView>('accounts:add', {
      label: 'Canary',
      baseUrl: emulator.baseUrl,
      adminBaseUrl: emulator.adminBaseUrl,
      appId: demo.appId,
      apiKey: demo.apiKey,
      userId: demo.userId,
      admin: { adminId: demo.adminId, adminUsername: demo.adminUsername, adminPassword: demo.adminPassword },
    });
    await f.ok('accounts:test', { id: account.id });
    await f.ok('accounts:test', { draft: { label: 'Draft', baseUrl: emulator.baseUrl, appId: demo.appId, apiKey: demo.apiKey, userId: demo.userId } });
    await f.ok('accounts:test', { draft: { label: 'Wrong', baseUrl: emulator.baseUrl, appId: demo.appId, apiKey: WRONG_KEY, userId: demo.userId } });
    await f.call('accounts:add', { label: 'Bad', baseUrl: emulator.baseUrl, appId: demo.appId, apiKey: `${WRONG_KEY} with space`, userId: demo.userId });
    await f.ok('accounts:update', { id: account.id, label: 'Canary 2', apiKey: demo.apiKey });
    await f.ok('accounts:list');

    // Webhooks with an HMAC secret; ping; the log.
    await f.ok('webhooks:set', { accountId: account.id, direction: 'OUTBOUND', url: 'https://hooks.example.test/out', hmacSecret: HMAC });
    await f.ok('webhooks:get', { accountId: account.id });
    await f.ok('webhooks:ping', { accountId: account.id, direction: 'OUTBOUND' });
    await f.ok('webhooks:log', { accountId: account.id });

    // Admin page.
    await f.ok('admin:listUsers', { accountId: account.id });
    await f.ok('admin:createUser', { accountId: account.id, user: { firstName: 'Canary', lastName: 'Bird', email: 'canary@example.com' } });
    await f.call('admin:getUser', { accountId: account.id, customerKey: 'missing' });

    // Services using the client: a revoked token mid-session, a server error that gets retried and logged.
    const client = await f.core.accounts.clientFor(account.id);
    await client.listReceived();
    emulator.control.revokeTokens();
    await client.listSent();
    emulator.control.addFault({ route: 'GET /faxes/received', kind: 'status', status: 500, count: 1 });
    await client.listReceived();
    await emulator.control.advance(25 * 60 * 60 * 1000);
    await client.listNotifications();

    // The admin password changes; the Sandbox is used too.
    await f.ok('accounts:update', { id: account.id, admin: { adminId: demo.adminId, adminUsername: demo.adminUsername, adminPassword: NEW_ADMIN_PASSWORD } });
    await f.ok('accounts:test', { id: 'sandbox' });
    const sandboxKey = (await f.core.accounts.serviceCredentials(f.core.accounts.record('sandbox'))).apiKey;

    expect(tokens.size).toBeGreaterThanOrEqual(4);
    await f.stop();

    const secrets = [demo.apiKey, demo.adminPassword, HMAC, WRONG_KEY, NEW_ADMIN_PASSWORD, sandboxKey, ...tokens];
    // The SQLite database and its WAL / shared-memory files, as bytes.
    const dbFiles = fs.readdirSync(dataDir).filter((name) => name.startsWith('faxdesk.sqlite3'));
    expect(dbFiles).toContain('faxdesk.sqlite3');
    const dbBytes = Buffer.concat(dbFiles.map((name) => fs.readFileSync(path.join(dataDir, name))));
    // The log files the app writes (redacted), and every line before redaction.
    const logDir = logDirOf(dataDir);
    const logText = fs.readdirSync(logDir).map((name) => fs.readFileSync(path.join(logDir, name), 'utf8')).join('\n');
    expect(logText.length).toBeGreaterThan(100);
    const rawText = rawLines.join('\n');
    expect(rawText).toMatch(/retrying service call/);
    // Everything the renderer received.
    const ipcText = JSON.stringify(results) + JSON.stringify(f.events);
    expect(results.length).toBeGreaterThan(15);

    for (const secret of secrets) {
      const shown = `${secret.slice(0, 4)}…`;
      expect(dbBytes.includes(Buffer.from(secret)), `database holds ${shown}`).toBe(false);
      expect(logText.includes(secret), `log file holds ${shown}`).toBe(false);
      expect(rawText.includes(secret), `a log line holds ${shown}`).toBe(false);
      expect(ipcText.includes(secret), `an IPC payload holds ${shown}`).toBe(false);
      for (const form of [Buffer.from(secret).toString('base64'), encodeURIComponent(secret)]) {
        expect(logText.includes(form) || ipcText.includes(form), `an encoded form of ${shown} leaked`).toBe(false);
      }
    }
    // Basic credentials (App ID:API key) in base64 are not anywhere either.
    const basic = Buffer.from(`${demo.appId}:${demo.apiKey}`).toString('base64');
    expect(logText.includes(basic) || rawText.includes(basic) || ipcText.includes(basic) || dbBytes.includes(Buffer.from(basic))).toBe(false);
  });
});
