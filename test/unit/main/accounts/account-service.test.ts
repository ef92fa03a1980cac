import { describe, expect, expectTypeOf, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import type { AccountRecord } from '../../../../src/main/store/repositories/accounts-repository';
import { AccountAddInputSchema, type AccountFields, type AccountView } from '../../../../src/shared/ipc/contract/accounts';
import { ADMIN_PASSWORD, API_KEY, fakeEmulator, liveInput, setup } from './setup';

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a failure');
}

const withAdmin = { ...liveInput, admin: { adminId: 'ADM-1', adminUsername: 'boss', adminPassword: ADMIN_PASSWORD } };

describe('AccountService: adding', () => {
  it('stores the row without secrets and the secrets in the keychain', async () => {
    const t = setup();
    const view = await t.service.add(liveInput);
    expect(view).toMatchObject({ id: 'acc-1', label: 'Office', kind: 'live', isSandbox: false, hasApiKey: true, hasAdminPassword: false, adminAvailable: false, enabled: true });
    expect(view.status).toEqual({ state: 'ready', message: null });
    expect(t.secrets.entries.get('acc-1:apiKey')).toBe(API_KEY);
    const raw = JSON.stringify(t.db.prepare('SELECT * FROM accounts').all());
    expect(raw).not.toContain(API_KEY);
    expect(JSON.stringify(t.service.list())).not.toContain(API_KEY);
    expect(t.changes()).toBe(1);
  });

  it('keeps admin credentials: the password in the keychain, the admin base URL defaulting to the base URL', async () => {
    const t = setup();
    const view = await t.service.add(withAdmin);
    expect(view).toMatchObject({ adminId: 'ADM-1', adminUsername: 'boss', hasAdminPassword: true, adminAvailable: true, adminBaseUrl: 'https://api.example.test' });
    expect(t.secrets.entries.get('acc-1:adminPassword')).toBe(ADMIN_PASSWORD);
    expect(JSON.stringify(t.service.list())).not.toContain(ADMIN_PASSWORD);
  });

  it('stores nothing when the keychain is not available', async () => {
    const t = setup();
    t.secrets.fault = 'unavailable';
    const error = await failure(t.service.add(liveInput));
    expect(error.code).toBe('KEYCHAIN');
    expect(t.service.list()).toEqual([]);
    expect(t.secrets.entries.size).toBe(0);
    expect(t.changes()).toBe(0);
  });

  it('takes back the API key when the admin password cannot be stored', async () => {
    const t = setup();
    t.secrets.failWhen = (op, _id, kind) => op === 'set' && kind === 'adminPassword';
    const error = await failure(t.service.add(withAdmin));
    expect(error.code).toBe('KEYCHAIN');
    expect(t.secrets.entries.size).toBe(0);
    expect(t.service.list()).toEqual([]);
  });

  it('takes back the secrets when the row cannot be written', async () => {
    const t = setup();
    t.repository.insert = () => {
      throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    };
    const error = await failure(t.service.add(withAdmin));
    expect(error.code).toBe('STORAGE');
    expect(error.message).toMatch(/Nothing was changed/);
    expect(t.secrets.entries.size).toBe(0);
  });

  it('refuses a second account with the same App ID and user-id at the same address', async () => {
    const t = setup();
    await t.service.add(liveInput);
    const error = await failure(t.service.add({ ...liveInput, label: 'Copy', baseUrl: 'https://API.example.test' }));
    expect(error.code).toBe('CONFLICT');
    expect(error.message).toContain('"Office"');
    await t.service.add({ ...liveInput, userId: 'U-43', label: 'Second number' });
    expect(t.service.list()).toHaveLength(2);
  });

  it('keeps several accounts active at once', async () => {
    const t = setup();
    await t.service.add(liveInput);
    await t.service.add({ ...liveInput, userId: 'U-2', label: 'B' });
    await t.service.add({ ...liveInput, userId: 'U-3', label: 'C', enabled: false });
    expect(t.service.enabledAccounts().map((a) => a.label)).toEqual(['B', 'Office']);
  });
});

describe('AccountService: the view of an account', () => {
  it('shows every field the account is stored with (declared once, AccountFields), and nothing main keeps to itself', async () => {
    expectTypeOf<AccountRecord>().toExtend<AccountFields>();
    expectTypeOf<AccountView>().toExtend<AccountFields>();
    const t = setup();
    const view = await t.service.add(liveInput);
    const { settings: _settings, archivedAt: _archivedAt, ...stored } = t.service.record(view.id);
    expect(Object.keys(view)).toEqual(expect.arrayContaining(Object.keys(stored)));
    expect(view).not.toHaveProperty('settings');
    expect(view).not.toHaveProperty('archivedAt');
  });
});

describe('AccountService: editing', () => {
  it('changes plain fields without touching the keychain', async () => {
    const t = setup();
    await t.service.add(liveInput);
    t.secrets.fault = 'locked';
    const view = await t.service.update({ id: 'acc-1', label: 'Front desk', enabled: false });
    expect(view).toMatchObject({ label: 'Front desk', enabled: false, status: { state: 'disabled' } });
  });

  it('replaces the API key and hands out a new client', async () => {
    const t = setup();
    await t.service.add(liveInput);
    const before = await t.service.clientFor('acc-1');
    expect(await t.service.clientFor('acc-1')).toBe(before);
    await t.service.update({ id: 'acc-1', apiKey: 'new-key-123' });
    expect(t.secrets.entries.get('acc-1:apiKey')).toBe('new-key-123');
    expect(await t.service.clientFor('acc-1')).not.toBe(before);
  });

  it('puts the old API key back when the row cannot be written', async () => {
    const t = setup();
    await t.service.add(liveInput);
    t.repository.update = () => {
      throw new Error('database is locked');
    };
    const error = await failure(t.service.update({ id: 'acc-1', apiKey: 'new-key-123', label: 'X' }));
    expect(error.code).toBe('STORAGE');
    expect(t.secrets.entries.get('acc-1:apiKey')).toBe(API_KEY);
  });

  it('changes nothing when the new key cannot be stored', async () => {
    const t = setup();
    await t.service.add(liveInput);
    t.secrets.failWhen = (op) => op === 'set';
    await failure(t.service.update({ id: 'acc-1', apiKey: 'new-key-123', label: 'X' }));
    expect(t.secrets.entries.get('acc-1:apiKey')).toBe(API_KEY);
    expect(t.service.view('acc-1').label).toBe('Office');
  });

  it('adds, keeps and removes admin credentials', async () => {
    const t = setup();
    await t.service.add(liveInput);
    const missing = await failure(t.service.update({ id: 'acc-1', admin: { adminId: 'A', adminUsername: 'u' } }));
    expect(missing).toMatchObject({ code: 'VALIDATION', field: 'admin.adminPassword' });
    await t.service.update({ id: 'acc-1', admin: { adminId: 'A', adminUsername: 'u', adminPassword: ADMIN_PASSWORD } });
    expect(t.service.view('acc-1')).toMatchObject({ adminAvailable: true, adminBaseUrl: 'https://api.example.test' });
    await t.service.update({ id: 'acc-1', admin: { adminId: 'B', adminUsername: 'v' } });
    expect(t.service.view('acc-1')).toMatchObject({ adminId: 'B', hasAdminPassword: true });
    expect(t.secrets.entries.get('acc-1:adminPassword')).toBe(ADMIN_PASSWORD);
    await t.service.update({ id: 'acc-1', admin: null });
    expect(t.service.view('acc-1')).toMatchObject({ adminId: null, adminUsername: null, hasAdminPassword: false, adminAvailable: false });
    expect(t.secrets.entries.has('acc-1:adminPassword')).toBe(false);
  });

  it('says so when the account is gone', async () => {
    const t = setup();
    expect((await failure(t.service.update({ id: 'nope', label: 'x' }))).code).toBe('NOT_FOUND');
  });
});

describe('AccountService: removing', () => {
  it('removes the row and every secret', async () => {
    const t = setup();
    await t.service.add(withAdmin);
    await t.service.setSecretFlag('acc-1', 'hmacSecret', 'hmac-secret-value-123');
    expect(await t.service.remove('acc-1')).toEqual({ id: 'acc-1', archived: false });
    expect(t.service.list()).toEqual([]);
    expect(t.secrets.entries.size).toBe(0);
  });

  it('archives an account that fax history refers to', async () => {
    const t = setup();
    await t.service.add(liveInput);
    t.db.exec('CREATE TABLE history (account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE RESTRICT)');
    t.db.prepare('INSERT INTO history VALUES (?)').run('acc-1');
    expect(await t.service.remove('acc-1')).toEqual({ id: 'acc-1', archived: true });
    expect(t.service.list()).toEqual([]);
    expect(t.secrets.entries.size).toBe(0);
    const row = t.repository.get('acc-1')!;
    expect(row).toMatchObject({ enabled: false, hasApiKey: false });
    expect(row.archivedAt).not.toBeNull();
    expect((await failure(t.service.clientFor('acc-1'))).code).toBe('NOT_FOUND');
  });

  it('changes nothing when the keychain is locked', async () => {
    const t = setup();
    await t.service.add(withAdmin);
    t.secrets.failWhen = (op, _id, kind) => op === 'delete' && kind === 'adminPassword';
    const error = await failure(t.service.remove('acc-1'));
    expect(error.code).toBe('KEYCHAIN');
    expect(t.service.list()).toHaveLength(1);
    expect(t.secrets.entries.get('acc-1:apiKey')).toBe(API_KEY);
    expect(t.secrets.entries.get('acc-1:adminPassword')).toBe(ADMIN_PASSWORD);
  });
});

describe('AccountService: clients', () => {
  it('explains a key missing from the keychain', async () => {
    const t = setup();
    await t.service.add(liveInput);
    t.secrets.entries.clear();
    const error = await failure(t.service.clientFor('acc-1'));
    expect(error.code).toBe('KEYCHAIN');
    expect(error.message).toMatch(/API key of account "Office" is not in the system keychain/);
    t.secrets.entries.set('acc-1:apiKey', API_KEY);
    expect(await t.service.clientFor('acc-1')).toBeTruthy();
  });

  it('shares one client among concurrent callers', async () => {
    const t = setup();
    await t.service.add(liveInput);
    const [a, b] = await Promise.all([t.service.clientFor('acc-1'), t.service.clientFor('acc-1')]);
    expect(a).toBe(b);
  });

  it('refuses an admin client without admin credentials', async () => {
    const t = setup();
    await t.service.add(liveInput);
    const error = await failure(t.service.adminClientFor('acc-1'));
    expect(error).toMatchObject({ code: 'VALIDATION', field: 'admin' });
    await t.service.update({ id: 'acc-1', admin: { adminId: 'A', adminUsername: 'u', adminPassword: ADMIN_PASSWORD } });
    expect(await t.service.adminClientFor('acc-1')).toBeTruthy();
  });
});

describe('Sandbox account', () => {
  it('exists out of the box, once, and is labelled as a sandbox', async () => {
    const emulator = fakeEmulator();
    const t = setup({ sandbox: emulator.start });
    expect(t.sandbox!.ensureAccount()).toBe(true);
    expect(t.sandbox!.ensureAccount()).toBe(false);
    const [view] = t.service.list();
    expect(view).toMatchObject({ id: 'sandbox', kind: 'sandbox', isSandbox: true, displayLabel: 'Sandbox', status: { state: 'stopped' } });
    await t.service.update({ id: 'sandbox', label: 'Test desk' });
    expect(t.service.view('sandbox').displayLabel).toBe('Test desk (Sandbox)');
  });

  it('runs on the emulator with credentials held in memory, never in the keychain', async () => {
    const emulator = fakeEmulator();
    const t = setup({ sandbox: emulator.start });
    t.sandbox!.ensureAccount();
    await t.sandbox!.start();
    const view = t.service.view('sandbox');
    expect(view).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010/api',
      adminBaseUrl: 'http://127.0.0.1:4010/admin',
      appId: 'sandbox-app',
      userId: '11111111-22222222',
      hasApiKey: true,
      adminAvailable: true,
      faxNumber: '14155552000',
      status: { state: 'ready', message: null },
    });
    expect(t.secrets.entries.size).toBe(0);
    expect(JSON.stringify(t.db.prepare('SELECT * FROM accounts').all())).not.toContain('sandbox-key-CANARY');
    expect(await t.service.clientFor('sandbox')).toBeTruthy();
    expect(await t.service.adminClientFor('sandbox')).toBeTruthy();
  });

  it('cannot be removed or re-pointed; turning it off stops the emulator and on starts it', async () => {
    const emulator = fakeEmulator();
    const t = setup({ sandbox: emulator.start });
    t.sandbox!.ensureAccount();
    await t.sandbox!.start();
    expect((await failure(t.service.remove('sandbox'))).code).toBe('CONFLICT');
    expect((await failure(t.service.update({ id: 'sandbox', baseUrl: 'https://evil.example' }))).code).toBe('VALIDATION');
    await t.service.update({ id: 'sandbox', enabled: false });
    expect(emulator.stops).toBe(1);
    expect(t.service.view('sandbox').status.state).toBe('disabled');
    expect((await failure(t.service.clientFor('sandbox'))).message).toMatch(/not running/);
    await t.service.update({ id: 'sandbox', enabled: true });
    expect(t.service.view('sandbox').status.state).toBe('ready');
  });

  it('reports a failed start on the account instead of throwing', async () => {
    const t = setup({
      sandbox: async () => {
        throw new Error('EADDRINUSE');
      },
    });
    t.sandbox!.ensureAccount();
    await t.sandbox!.start();
    const view = t.service.view('sandbox');
    expect(view.status.state).toBe('failed');
    expect(view.status.message).toMatch(/The Sandbox could not start: EADDRINUSE/);
    expect((await failure(t.service.clientFor('sandbox'))).message).toMatch(/could not start/);
  });
});

describe('account inputs', () => {
  const parse = (patch: Record<string, unknown>) => AccountAddInputSchema.safeParse({ ...liveInput, ...patch });

  it('accepts a well-formed account, trimming and dropping a trailing slash', () => {
    const parsed = parse({ baseUrl: ' https://api.securedocex.com/ ', apiKey: ` ${API_KEY}\n`, appId: ' APP-1 ' });
    expect(parsed.success && parsed.data).toMatchObject({ baseUrl: 'https://api.securedocex.com', apiKey: API_KEY, appId: 'APP-1' });
    expect(parse({ baseUrl: 'http://127.0.0.1:4010/api' }).success).toBe(true);
  });

  it.each([
    [{ baseUrl: 'api.securedocex.com' }, 'baseUrl', /not a web address/],
    [{ baseUrl: 'http://api.securedocex.com' }, 'baseUrl', /https/],
    [{ baseUrl: 'ftp://api.securedocex.com' }, 'baseUrl', /https/],
    [{ baseUrl: 'https://user:pw@api.securedocex.com' }, 'baseUrl', /not a web address/],
    [{ baseUrl: 'https://api.securedocex.com/?x=1' }, 'baseUrl', /\?/],
    [{ baseUrl: '' }, 'baseUrl', /Enter the address/],
    [{ apiKey: '' }, 'apiKey', /Enter the API key/],
    [{ apiKey: 'has space' }, 'apiKey', /spaces/],
    [{ apiKey: 'ключ' }, 'apiKey', /characters/],
    [{ appId: 'a:b' }, 'appId', /":"/],
    [{ appId: '   ' }, 'appId', /Enter the App ID/],
    [{ userId: 'x\ty' }, 'userId', /spaces or characters/],
    [{ label: '' }, 'label', /name/],
    [{ admin: { adminId: 'A', adminUsername: 'u', adminPassword: 'pässword' } }, 'admin.adminPassword', /plain keyboard/],
    [{ admin: { adminId: 'A', adminUsername: '', adminPassword: 'p' } }, 'admin.adminUsername', /username/],
  ])('refuses %j', (patch, field, message) => {
    const parsed = parse(patch);
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(parsed.error.issues[0]!.path.join('.')).toBe(field);
      expect(parsed.error.issues[0]!.message).toMatch(message);
    }
  });

  it('refuses unknown fields (e.g. a token smuggled in)', () => {
    expect(parse({ token: 'x' }).success).toBe(false);
  });
});
