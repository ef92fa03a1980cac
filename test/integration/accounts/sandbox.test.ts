/**
 * The Sandbox out of the box: a fresh data folder gives a selected, working, clearly labelled fax
 * account backed by the emulator running in-process, with its state in the data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountTestReport, AccountView } from '../../../src/shared/ipc/contract/accounts';
import type { WebhookPingReport, WebhookSettingsView } from '../../../src/shared/ipc/contract/webhooks';
import type { AdminUser } from '../../../src/shared/domain/fax';
import type { SettingsSnapshot } from '../../../src/shared/domain/settings';
import { startCore, tempDir, type CoreFixture } from './core-fixture';

const dataDir = tempDir('faxdesk-sandbox-');
const running: CoreFixture[] = [];
afterAll(async () => {
  for (const f of running) await f.stop().catch(() => undefined);
});

describe('the Sandbox account', () => {
  let first: AccountView;

  it('exists on first run, is selected, and is labelled as a sandbox', async () => {
    const f = await startCore({ dataDir });
    running.push(f);
    const list = await f.ok<AccountView[]>('accounts:list');
    expect(list).toHaveLength(1);
    first = list[0]!;
    expect(first).toMatchObject({ id: 'sandbox', kind: 'sandbox', isSandbox: true, displayLabel: expect.stringMatching(/sandbox/i), enabled: true, status: { state: 'ready' } });
    expect(first.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
    expect(first).toMatchObject({ hasApiKey: true, adminAvailable: true });
    expect(first.faxNumber).toMatch(/^\d{11}$/);
    const settings = await f.ok<SettingsSnapshot>('settings:get');
    expect(settings.values.defaultAccountId).toBe('sandbox');
    expect(fs.readdirSync(path.join(dataDir, 'sandbox')).length).toBeGreaterThan(0);
    expect(f.secrets.entries.size).toBe(0);
  });

  it('passes "Test connection" at every step, Admin API included', async () => {
    const f = running[0]!;
    const report = await f.ok<AccountTestReport>('accounts:test', { id: 'sandbox' });
    expect(report.ok).toBe(true);
    expect(report.steps.map((s) => [s.id, s.outcome])).toEqual([
      ['settings', 'ok'],
      ['reach', 'ok'],
      ['clock', 'ok'],
      ['token', 'ok'],
      ['received', 'ok'],
      ['admin', 'ok'],
    ]);
  });

  it('serves API clients to other services (core.accounts.clientFor)', async () => {
    const f = running[0]!;
    const client = await f.core.accounts.clientFor('sandbox');
    const page = await client.listReceived({ limit: 5 });
    expect(page.firstRecord).toBeGreaterThanOrEqual(0);
    expect(await f.core.accounts.clientFor('sandbox')).toBe(client);
  });

  it('has webhook settings and an Admin page', async () => {
    const f = running[0]!;
    const users = await f.ok<AdminUser[]>('admin:listUsers', { accountId: 'sandbox' });
    expect(users.length).toBeGreaterThan(0);
    const set = await f.ok<WebhookSettingsView>('webhooks:set', {
      accountId: 'sandbox',
      direction: 'OUTBOUND',
      url: 'https://hooks.example.test/faxdesk',
      hmacSecret: 'sandbox-hmac-secret-0123',
    });
    expect(set).toMatchObject({ outbound: { url: 'https://hooks.example.test/faxdesk', enabled: true }, inbound: null, hasHmacSecret: true });
    expect(f.secrets.entries.size).toBe(0);
    const ping = await f.ok<WebhookPingReport>('webhooks:ping', { accountId: 'sandbox', direction: 'OUTBOUND' });
    expect(ping.ping[0]).toMatchObject({ eventType: 'PING', direction: 'OUTBOUND' });
    expect(ping.message).toMatch(/accepted the test outbound ping/);
  });

  it('keeps the same account and emulator state after a restart, without a second row', async () => {
    await running[0]!.stop();
    const f = await startCore({ dataDir });
    running.push(f);
    const list = await f.ok<AccountView[]>('accounts:list');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: 'sandbox', appId: first.appId, userId: first.userId, status: { state: 'ready' } });
    const hooks = await f.ok<WebhookSettingsView>('webhooks:get', { accountId: 'sandbox' });
    expect(hooks.outbound?.url).toBe('https://hooks.example.test/faxdesk');
  });

  it('can be turned off and on, and cannot be removed', async () => {
    const f = running[1]!;
    const off = await f.ok<AccountView>('accounts:update', { id: 'sandbox', enabled: false });
    expect(off.status.state).toBe('disabled');
    const changed = f.events.filter(([name]) => name === 'accounts:changed');
    expect(changed.length).toBeGreaterThan(0);
    const on = await f.ok<AccountView>('accounts:update', { id: 'sandbox', enabled: true });
    expect(on.status.state).toBe('ready');
    const removed = await f.call('accounts:remove', { id: 'sandbox' });
    expect(removed).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });
});
