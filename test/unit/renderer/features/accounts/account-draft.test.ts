import { describe, expect, it } from 'vitest';
import { calls } from '../../../../../src/shared/ipc/contract';
import type { AccountView } from '../../../../../src/shared/ipc/contract/accounts';
import { accountFieldOf, addInputOf, draftFromAccount, emptyDraft, testInputOf, updateInputOf, type AccountDraft } from '../../../../../src/renderer/src/features/accounts/account-draft';

function view(overrides: Partial<AccountView> = {}): AccountView {
  return {
    id: 'a1',
    label: 'Front office',
    displayLabel: 'Front office',
    kind: 'live',
    isSandbox: false,
    enabled: true,
    baseUrl: 'https://api.example.com',
    adminBaseUrl: null,
    appId: 'app-1',
    userId: '1111-2222',
    adminId: null,
    adminUsername: null,
    hasApiKey: true,
    hasAdminPassword: false,
    hasHmacSecret: false,
    adminAvailable: false,
    faxNumber: null,
    status: { state: 'ready', message: null },
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const filled: AccountDraft = { ...emptyDraft(), label: 'Front office', baseUrl: 'https://api.example.com', appId: 'app-1', apiKey: 'key-1', userId: '1111-2222' };
const withAdmin = { adminId: 'adm', adminUsername: 'boss', hasAdminPassword: true, adminAvailable: true, adminBaseUrl: 'https://api.example.com' };

describe('account form drafts', () => {
  it('adds an account without admin credentials unless the admin part is ticked, in the shape the contract accepts', () => {
    const input = addInputOf({ ...filled, adminId: 'left-over' });
    expect(input).toEqual({ label: 'Front office', baseUrl: 'https://api.example.com', appId: 'app-1', apiKey: 'key-1', userId: '1111-2222', enabled: true });
    expect(calls['accounts:add'].input.safeParse(input).success).toBe(true);

    const admin = addInputOf({ ...filled, useAdmin: true, adminId: 'adm', adminUsername: 'boss', adminPassword: 'pw' });
    expect(admin).toMatchObject({ admin: { adminId: 'adm', adminUsername: 'boss', adminPassword: 'pw' } });
    expect(admin).not.toHaveProperty('adminBaseUrl');
    expect(calls['accounts:add'].input.safeParse(admin).success).toBe(true);
    expect(addInputOf({ ...filled, useAdmin: true, adminBaseUrl: 'https://admin.example.com' }).adminBaseUrl).toBe('https://admin.example.com');
  });

  it('never prefills secrets on edit, and an empty API key or admin password keeps the stored one', () => {
    const account = view(withAdmin);
    const draft = draftFromAccount(account);
    expect(draft).toMatchObject({ apiKey: '', adminPassword: '', useAdmin: true, adminId: 'adm', adminBaseUrl: '' });
    const input = updateInputOf(account, draft);
    expect(input).not.toHaveProperty('apiKey');
    expect(input.admin).toEqual({ adminId: 'adm', adminUsername: 'boss' });
    expect(input.adminBaseUrl).toBeNull();
    expect(calls['accounts:update'].input.safeParse(input).success).toBe(true);

    const changed = updateInputOf(account, { ...draft, apiKey: 'new-key', adminPassword: 'new-pw' });
    expect(changed).toMatchObject({ apiKey: 'new-key', admin: { adminPassword: 'new-pw' } });
  });

  it('removes the admin credentials when the admin part is unticked, and only then', () => {
    const account = view(withAdmin);
    expect(updateInputOf(account, { ...draftFromAccount(account), useAdmin: false })).toMatchObject({ admin: null, adminBaseUrl: null });
    const plain = view();
    const input = updateInputOf(plain, draftFromAccount(plain));
    expect(input).not.toHaveProperty('admin');
    expect(input).not.toHaveProperty('adminBaseUrl');
  });

  it('only renames the Sandbox (its connection settings are built in)', () => {
    const sandbox = view({ id: 'sandbox', kind: 'sandbox', isSandbox: true, label: 'Sandbox' });
    expect(updateInputOf(sandbox, { ...draftFromAccount(sandbox), label: 'Practice', apiKey: 'x' })).toEqual({ id: 'sandbox', label: 'Practice' });
    expect(testInputOf(draftFromAccount(sandbox), sandbox)).toEqual({ id: 'sandbox' });
  });

  it('tests a new account from the draft, and a saved one from its stored values plus the changes', () => {
    const fresh = testInputOf(filled, null);
    expect(fresh).toEqual({ draft: { label: 'Front office', baseUrl: 'https://api.example.com', appId: 'app-1', userId: '1111-2222', apiKey: 'key-1', admin: null, adminBaseUrl: null } });
    expect(calls['accounts:test'].input.safeParse(fresh).success).toBe(true);

    const account = view(withAdmin);
    const saved = testInputOf(draftFromAccount(account), account);
    expect(saved.id).toBe('a1');
    expect(saved.draft).not.toHaveProperty('apiKey');
    expect(saved.draft?.admin).toEqual({ adminId: 'adm', adminUsername: 'boss' });
    expect(calls['accounts:test'].input.safeParse(saved).success).toBe(true);
  });

  it('puts main’s errors next to the form field they name', () => {
    expect(accountFieldOf('baseUrl')).toBe('baseUrl');
    expect(accountFieldOf('admin.adminPassword')).toBe('adminPassword');
    expect(accountFieldOf('admin')).toBe('useAdmin');
    expect(accountFieldOf('adminBaseUrl')).toBe('adminBaseUrl');
    expect(accountFieldOf('id')).toBeNull();
    expect(accountFieldOf('enabled')).toBeNull();
  });
});
