/**
 * Accounts, webhooks and the Admin page through the IPC gate, against the real emulator over HTTP,
 * with the bad input the issue lists: invalid base URLs, empty or malformed credentials, a keychain
 * that is locked or missing, a server that answers HTML — clear errors, nothing stored half-way.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import type { AdminUser, NotificationRecord, ReleaseNumbersResult } from '../../../src/shared/domain/fax';
import type { AccountTestReport, AccountView } from '../../../src/shared/ipc/contract/accounts';
import type { WebhookPingReport, WebhookSettingsView } from '../../../src/shared/ipc/contract/webhooks';
import { startCore, type CoreFixture } from './core-fixture';
import { strictFetch } from '../../electron-model/net-fetch-rules';

let emulator: RunningEmulator;
let f: CoreFixture;
let htmlServer: http.Server;
let htmlUrl: string;

beforeAll(async () => {
  emulator = await startEmulator({ clock: 'manual', quiet: true });
  htmlServer = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><html><head><title>Sign in</title></head><body>Corporate proxy login</body></html>');
  });
  await new Promise<void>((resolve) => htmlServer.listen(0, '127.0.0.1', resolve));
  htmlUrl = `http://127.0.0.1:${(htmlServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f?.stop();
  await emulator.stop();
  await new Promise<void>((resolve) => htmlServer.close(() => resolve()));
});
beforeEach(async () => {
  await f?.stop();
  f = await startCore({ startEmulator: null });
  await emulator.control.reset();
});

const live = () => ({
  label: 'Head office',
  baseUrl: emulator.baseUrl,
  appId: emulator.demo.appId,
  apiKey: emulator.demo.apiKey,
  userId: emulator.demo.userId,
});
const withAdmin = () => ({
  ...live(),
  adminBaseUrl: emulator.adminBaseUrl,
  admin: { adminId: emulator.demo.adminId, adminUsername: emulator.demo.adminUsername, adminPassword: emulator.demo.adminPassword },
});
const rows = () => f.core.db.prepare('SELECT count(*) FROM accounts').pluck().get() as number;

describe('adding, editing, removing accounts', () => {
  it('adds an account; outputs only say which secrets are set', async () => {
    const view = await f.ok<AccountView>('accounts:add', withAdmin());
    expect(view).toMatchObject({ label: 'Head office', kind: 'live', hasApiKey: true, hasAdminPassword: true, adminAvailable: true, status: { state: 'ready' } });
    expect(JSON.stringify(view)).not.toContain(emulator.demo.apiKey);
    expect(JSON.stringify(view)).not.toContain(emulator.demo.adminPassword);
    expect(f.events.some(([name]) => name === 'accounts:changed')).toBe(true);
    const client = await f.core.accounts.clientFor(view.id);
    expect((await client.listReceived()).items).toEqual([]);
  });

  it('edits and removes', async () => {
    const view = await f.ok<AccountView>('accounts:add', live());
    const edited = await f.ok<AccountView>('accounts:update', { id: view.id, label: 'Branch', enabled: false });
    expect(edited).toMatchObject({ label: 'Branch', enabled: false });
    expect(await f.ok('accounts:remove', { id: view.id })).toEqual({ id: view.id, archived: false });
    expect(await f.ok<AccountView[]>('accounts:list')).toEqual([]);
    expect(f.secrets.entries.size).toBe(0);
  });

  it.each([
    [{ baseUrl: 'not a url' }, 'baseUrl'],
    [{ baseUrl: 'http://api.securedocex.com' }, 'baseUrl'],
    [{ baseUrl: 'https://' }, 'baseUrl'],
    [{ adminBaseUrl: 'mailto:admin@example.com' }, 'adminBaseUrl'],
    [{ apiKey: '' }, 'apiKey'],
    [{ apiKey: '   ' }, 'apiKey'],
    [{ appId: '' }, 'appId'],
    [{ appId: 'app:id' }, 'appId'],
    [{ userId: 'has space' }, 'userId'],
    [{ label: '' }, 'label'],
    [{ admin: { adminId: 'x', adminUsername: 'y' } }, 'admin.adminPassword'],
  ])('refuses %j with the field named, storing nothing', async (patch, field) => {
    const result = await f.call('accounts:add', { ...live(), ...patch });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('INVALID_INPUT');
      expect(result.error.field).toBe(field);
      expect(result.error.message.length).toBeGreaterThan(10);
    }
    expect(rows()).toBe(0);
    expect(f.secrets.entries.size).toBe(0);
  });

  it('stores nothing when the keychain is locked, and says to unlock it', async () => {
    f.secrets.fault = 'locked';
    const result = await f.call('accounts:add', withAdmin());
    expect(result).toMatchObject({ ok: false, error: { code: 'KEYCHAIN', message: expect.stringMatching(/locked/) } });
    expect(rows()).toBe(0);
    f.secrets.fault = null;
    f.secrets.failWhen = (op, _id, kind) => op === 'set' && kind === 'adminPassword';
    expect((await f.call('accounts:add', withAdmin())).ok).toBe(false);
    expect(rows()).toBe(0);
    expect(f.secrets.entries.size).toBe(0);
  });
});

describe('Test connection', () => {
  it('passes for a good account, saved or not', async () => {
    const draft = await f.ok<AccountTestReport>('accounts:test', { draft: withAdmin() });
    expect(draft.ok).toBe(true);
    expect(draft.steps.map((s) => s.id)).toEqual(['settings', 'reach', 'clock', 'token', 'received', 'admin']);
    expect(rows()).toBe(0);
    const view = await f.ok<AccountView>('accounts:add', live());
    const saved = await f.ok<AccountTestReport>('accounts:test', { id: view.id });
    expect(saved.steps.map((s) => [s.id, s.outcome])).toEqual([
      ['settings', 'ok'],
      ['keychain', 'ok'],
      ['reach', 'ok'],
      ['clock', 'ok'],
      ['token', 'ok'],
      ['received', 'ok'],
    ]);
  });

  it('reaches a host that redirects (a gateway that moved the service): redirects are followed, as net.fetch can', async () => {
    const target = new URL(emulator.baseUrl);
    const gateway = http.createServer((req, res) => {
      res.writeHead(308, { location: `${target.origin}${req.url ?? '/'}` }).end();
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}${target.pathname}`;
      const report = await f.ok<AccountTestReport>('accounts:test', { draft: { ...live(), baseUrl } });
      // The host answered (through the redirect) and its clock is checked; what follows is about the
      // credentials, not the network (fetch drops them on a redirect to another origin).
      expect(report.steps.slice(0, 3).map((s) => [s.id, s.outcome])).toEqual([
        ['settings', 'ok'],
        ['reach', 'ok'],
        ['clock', 'ok'],
      ]);
      expect(report.steps[1]!.message).toMatch(/^127\.0\.0\.1:\d+ answered \(HTTP \d+\)\.$/);
    } finally {
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });

  it('names the settings step for an invalid base URL', async () => {
    const report = await f.ok<AccountTestReport>('accounts:test', { draft: { ...live(), baseUrl: 'ftp://x' } });
    expect(report).toMatchObject({ ok: false, failedStep: 'settings' });
    expect(report.steps[0]!.message).toMatch(/https/);
    expect(report.steps.slice(1).every((s) => s.outcome === 'skipped')).toBe(true);
  });

  it('names the token step for a wrong API key, saying which App ID', async () => {
    const report = await f.ok<AccountTestReport>('accounts:test', { draft: { ...live(), apiKey: 'wrong-key' } });
    expect(report.failedStep).toBe('token');
    const step = report.steps.find((s) => s.id === 'token')!;
    expect(step).toMatchObject({ outcome: 'failed', code: 'AUTH' });
    expect(step.message).toMatch(/^Bad App ID or API key: /);
    expect(step.message).toContain(`The service rejected the API key for App ID "${emulator.demo.appId}"`);
  });

  it('names the received step for a user-id of another application', async () => {
    const report = await f.ok<AccountTestReport>('accounts:test', { draft: { ...live(), userId: '99999999-99999999' } });
    expect(report.failedStep).toBe('received');
    expect(report.steps.find((s) => s.id === 'received')!.message).toMatch(/^Wrong user-id: the App ID and API key work, but the service refused user-id "99999999-99999999"/);
  });

  it('names the token step when a web page answers instead of the API', async () => {
    const report = await f.ok<AccountTestReport>('accounts:test', { draft: { ...live(), baseUrl: htmlUrl } });
    expect(report.failedStep).toBe('token');
    expect(report.steps.find((s) => s.id === 'token')).toMatchObject({ code: 'BAD_RESPONSE', message: expect.stringMatching(/web page instead of Fax Services API data/) });
  });

  it('names the reach step when nothing answers', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const report = await f.ok<AccountTestReport>('accounts:test', { draft: { ...live(), baseUrl: `http://127.0.0.1:${port}/api` } });
    expect(report.failedStep).toBe('reach');
    expect(report.steps.find((s) => s.id === 'reach')).toMatchObject({ code: 'NETWORK', message: expect.stringMatching(/^Unreachable: .*connection refused/) });
    expect(report.steps.filter((s) => s.outcome === 'skipped').map((s) => s.id)).toEqual(['clock', 'token', 'received']);
  });

  it('names a proxy in the way, and a clock too far from the service', async () => {
    const answer = (status: number, date: string) =>
      http.createServer((_req, res) => {
        res.setHeader('Date', date);
        res.writeHead(status, { 'content-type': 'text/plain' }).end('no');
      });
    // Electron's net.fetch (the app's) reports a proxy it cannot pass as net::ERR_PROXY_…; Node's fetch hides a 407 the same way.
    const proxied = await startCore({
      startEmulator: null,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('proxied.example')) throw new TypeError('fetch failed', { cause: new Error('net::ERR_PROXY_CONNECTION_FAILED') });
        return strictFetch(input, init);
      }) as typeof fetch,
    });
    try {
      const report = await proxied.ok<AccountTestReport>('accounts:test', { draft: { ...live(), baseUrl: 'https://proxied.example/api' } });
      expect(report.failedStep).toBe('reach');
      expect(report.steps.find((s) => s.id === 'reach')!.message).toMatch(/^Proxy: Faxdesk could not reach proxied\.example: the proxy server refused the connection/);
    } finally {
      await proxied.stop();
    }
    const servers = [answer(407, new Date().toUTCString()), answer(404, new Date(Date.now() - 17 * 60_000).toUTCString())];
    const urls: string[] = [];
    for (const s of servers) {
      await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
      urls.push(`http://127.0.0.1:${(s.address() as AddressInfo).port}/api`);
    }
    try {
      const proxy = await f.ok<AccountTestReport>('accounts:test', { draft: { ...live(), baseUrl: urls[0] } });
      expect(proxy.failedStep).toBe('reach');
      expect(proxy.steps.find((s) => s.id === 'reach')!.code).toBe('NETWORK');
      const skewed = await f.ok<AccountTestReport>('accounts:test', { draft: { ...live(), baseUrl: urls[1] } });
      expect(skewed.failedStep).toBe('clock');
      expect(skewed.steps.find((s) => s.id === 'clock')!.message).toMatch(/^Clock skew: this computer's clock is 17 minutes ahead of the service's/);
      expect(skewed.steps.find((s) => s.id === 'token')!.outcome).toBe('skipped');
    } finally {
      for (const s of servers) s.close();
    }
  });

  it('names the admin step for wrong admin credentials', async () => {
    const draft = withAdmin();
    const report = await f.ok<AccountTestReport>('accounts:test', { draft: { ...draft, admin: { ...draft.admin, adminPassword: 'nope' } } });
    expect(report.failedStep).toBe('admin');
    expect(report.steps.find((s) => s.id === 'admin')!.message).toMatch(/rejected the admin credentials/);
  });

  it('names the keychain step when a saved key cannot be read', async () => {
    const view = await f.ok<AccountView>('accounts:add', live());
    f.secrets.fault = 'locked';
    const report = await f.ok<AccountTestReport>('accounts:test', { id: view.id });
    expect(report).toMatchObject({ ok: false, failedStep: 'keychain' });
    expect(report.steps.find((s) => s.id === 'keychain')!.message).toMatch(/locked/);
  });

  it('tests the form being edited: saved secrets plus changed fields', async () => {
    const view = await f.ok<AccountView>('accounts:add', live());
    const report = await f.ok<AccountTestReport>('accounts:test', { id: view.id, draft: { userId: '12345678-00000000' } });
    expect(report.failedStep).toBe('received');
    const fine = await f.ok<AccountTestReport>('accounts:test', { id: view.id, draft: { label: 'Renamed' } });
    expect(fine.ok).toBe(true);
  });
});

describe('webhook settings', () => {
  it('refuses addresses the service would never deliver to, before sending anything', async () => {
    const view = await f.ok<AccountView>('accounts:add', live());
    emulator.control.clearRequests();
    for (const url of ['http://hooks.example.test/in', 'https://hooks.example.test:8080/in', 'ftp://hooks.example.test', 'hooks.example.test/in', '']) {
      const result = await f.call('webhooks:set', { accountId: view.id, direction: 'INBOUND', url });
      expect(result).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'url' } });
    }
    expect(emulator.control.requests()).toEqual([]);
  });

  it('sets, changes, reads, pings and removes; the HMAC secret is write-only', async () => {
    const view = await f.ok<AccountView>('accounts:add', live());
    const set = await f.ok<WebhookSettingsView>('webhooks:set', { accountId: view.id, direction: 'INBOUND', url: 'https://hooks.example.test:8443/in', hmacSecret: 'hmac-secret-0123456789' });
    expect(set).toMatchObject({ inbound: { url: 'https://hooks.example.test:8443/in', direction: 'INBOUND' }, outbound: null, hasHmacSecret: true });
    expect(JSON.stringify(set)).not.toContain('hmac-secret-0123456789');
    expect([...f.secrets.entries.values()]).toContain('hmac-secret-0123456789');
    expect((await f.ok<AccountView[]>('accounts:list'))[0]!.hasHmacSecret).toBe(true);

    const changed = await f.ok<WebhookSettingsView>('webhooks:set', { accountId: view.id, direction: 'INBOUND', url: 'https://hooks.example.test/in2' });
    expect(changed.inbound?.url).toBe('https://hooks.example.test/in2');

    const ping = await f.ok<WebhookPingReport>('webhooks:ping', { accountId: view.id, direction: 'INBOUND' });
    expect(ping.ping).toHaveLength(1);
    await emulator.control.idle();
    const log = await f.ok<NotificationRecord[]>('webhooks:log', { accountId: view.id, direction: 'INBOUND' });
    expect(log.map((n) => n.notifyId)).toContain(ping.ping[0]!.notifyId);

    const noOutbound = await f.call('webhooks:ping', { accountId: view.id, direction: 'OUTBOUND' });
    expect(noOutbound).toMatchObject({ ok: false, error: { code: 'VALIDATION', message: expect.stringMatching(/Set an outbound webhook address first/) } });

    expect((await f.call('webhooks:remove', { accountId: view.id, direction: 'INBOUND' })).ok).toBe(false);
    const removed = await f.ok<WebhookSettingsView>('webhooks:remove', { accountId: view.id, direction: 'INBOUND', confirm: true });
    expect(removed.inbound).toBeNull();
  });

  it('keeps the old HMAC secret when the service refuses the change', async () => {
    const view = await f.ok<AccountView>('accounts:add', live());
    await f.ok('webhooks:set', { accountId: view.id, direction: 'OUTBOUND', url: 'https://hooks.example.test/out', hmacSecret: 'first-secret-0123456789' });
    emulator.control.addFault({ route: 'PATCH /applications/*/notifications/*', kind: 'status', status: 500, count: 5 });
    const result = await f.call('webhooks:set', { accountId: view.id, direction: 'OUTBOUND', url: 'https://hooks.example.test/out', hmacSecret: 'second-secret-0123456789' });
    expect(result).toMatchObject({ ok: false, error: { code: 'SERVICE' } });
    expect([...f.secrets.entries.values()]).toContain('first-secret-0123456789');
    expect([...f.secrets.entries.values()]).not.toContain('second-secret-0123456789');
  });
});

describe('Admin page', () => {
  it('is refused for an account without admin credentials', async () => {
    const view = await f.ok<AccountView>('accounts:add', live());
    expect(await f.call('admin:listUsers', { accountId: view.id })).toMatchObject({ ok: false, error: { code: 'VALIDATION', field: 'admin' } });
  });

  it('lists, creates, edits users and releases numbers — the release only when confirmed', async () => {
    const view = await f.ok<AccountView>('accounts:add', withAdmin());
    const users = await f.ok<AdminUser[]>('admin:listUsers', { accountId: view.id });
    expect(users.length).toBeGreaterThan(0);
    const created = await f.ok<AdminUser>('admin:createUser', { accountId: view.id, user: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', timeZone: 'America/New_York' } });
    expect(created).toMatchObject({ firstName: 'Grace', status: 'ACTIVE' });
    expect(await f.ok<AdminUser>('admin:getUser', { accountId: view.id, customerKey: created.customerKey })).toMatchObject({ email: 'grace@example.com' });
    const edited = await f.ok<AdminUser>('admin:updateUser', { accountId: view.id, customerKey: created.customerKey, patch: { status: 'DISABLED' } });
    expect(edited.status).toBe('DISABLED');

    const number = created.numbers[0]!.faxNumber;
    const unconfirmed = await f.call('admin:releaseNumbers', { accountId: view.id, faxNumbers: [number] });
    expect(unconfirmed).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'confirm' } });
    expect(await f.ok<ReleaseNumbersResult>('admin:releaseNumbers', { accountId: view.id, faxNumbers: [number], confirm: true })).toEqual({ released: [number] });
    const again = await f.call('admin:releaseNumbers', { accountId: view.id, faxNumbers: [number], confirm: true });
    expect(again).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', message: expect.stringMatching(/Nothing was released/) } });
    const bad = await f.call('admin:createUser', { accountId: view.id, user: { firstName: 'X', lastName: 'Y', email: 'not-an-email' } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT', field: 'user.email' } });
  });
});
