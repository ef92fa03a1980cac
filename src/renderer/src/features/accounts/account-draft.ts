/**
 * The Add/Edit account form's values, and the call inputs made from them. Pure, so the rules (what
 * an empty API key means on edit, when admin credentials are sent or removed) are unit-tested.
 *
 * Secrets: the draft holds what the person typed, only until it is sent. A saved account's secrets
 * are never in the draft (main does not send them): an empty API key on edit keeps the stored one.
 */
import type { CallInput } from '../../../../shared/ipc/contract';
import type { AccountView } from '../../../../shared/ipc/contract/accounts';
import { fieldMapper } from './form-errors';

export interface AccountDraft {
  label: string;
  baseUrl: string;
  appId: string;
  /** Write-only: '' on edit means "keep the stored key". */
  apiKey: string;
  userId: string;
  /** Whether the admin credentials part applies. */
  useAdmin: boolean;
  /** '' means the same address as the base URL. */
  adminBaseUrl: string;
  adminId: string;
  adminUsername: string;
  /** Write-only: '' on edit means "keep the stored password". */
  adminPassword: string;
}

export type AccountField = keyof AccountDraft;

export const ACCOUNT_FIELDS = ['label', 'baseUrl', 'appId', 'apiKey', 'userId', 'useAdmin', 'adminBaseUrl', 'adminId', 'adminUsername', 'adminPassword'] as const satisfies readonly AccountField[];

export function emptyDraft(): AccountDraft {
  return { label: '', baseUrl: '', appId: '', apiKey: '', userId: '', useAdmin: false, adminBaseUrl: '', adminId: '', adminUsername: '', adminPassword: '' };
}

/** The form for editing a saved account: its values, never its secrets. */
export function draftFromAccount(account: AccountView): AccountDraft {
  const useAdmin = account.adminId !== null || account.adminUsername !== null || account.hasAdminPassword;
  return {
    label: account.label,
    baseUrl: account.baseUrl,
    appId: account.appId,
    apiKey: '',
    userId: account.userId,
    useAdmin,
    // Shown empty when it is the base URL: "same as the base URL" is what the person chose.
    adminBaseUrl: account.adminBaseUrl && account.adminBaseUrl !== account.baseUrl ? account.adminBaseUrl : '',
    adminId: account.adminId ?? '',
    adminUsername: account.adminUsername ?? '',
    adminPassword: '',
  };
}

export function addInputOf(draft: AccountDraft): CallInput<'accounts:add'> {
  const input: CallInput<'accounts:add'> = {
    label: draft.label,
    baseUrl: draft.baseUrl,
    appId: draft.appId,
    apiKey: draft.apiKey,
    userId: draft.userId,
    enabled: true,
  };
  if (draft.useAdmin) {
    if (draft.adminBaseUrl.trim()) input.adminBaseUrl = draft.adminBaseUrl;
    input.admin = { adminId: draft.adminId, adminUsername: draft.adminUsername, adminPassword: draft.adminPassword };
  }
  return input;
}

/** Everything the form shows is sent; secrets only when typed; admin credentials removed when unticked. */
export function updateInputOf(account: AccountView, draft: AccountDraft): CallInput<'accounts:update'> {
  if (account.isSandbox) return { id: account.id, label: draft.label };
  const input: CallInput<'accounts:update'> = {
    id: account.id,
    label: draft.label,
    baseUrl: draft.baseUrl,
    appId: draft.appId,
    userId: draft.userId,
  };
  if (draft.apiKey !== '') input.apiKey = draft.apiKey;
  if (draft.useAdmin) {
    input.adminBaseUrl = draft.adminBaseUrl.trim() ? draft.adminBaseUrl : null;
    input.admin = { adminId: draft.adminId, adminUsername: draft.adminUsername, ...(draft.adminPassword !== '' ? { adminPassword: draft.adminPassword } : {}) };
  } else if (account.adminId !== null || account.adminUsername !== null || account.hasAdminPassword) {
    input.admin = null;
    input.adminBaseUrl = null;
  }
  return input;
}

/**
 * "Test these settings" on the form: a new account is tested from the draft alone; a saved one from
 * its stored values plus what the form changes (an empty secret means the stored one).
 */
export function testInputOf(draft: AccountDraft, account: AccountView | null): CallInput<'accounts:test'> {
  if (account?.isSandbox) return { id: account.id };
  const changes: NonNullable<CallInput<'accounts:test'>['draft']> = {
    label: draft.label,
    baseUrl: draft.baseUrl,
    appId: draft.appId,
    userId: draft.userId,
  };
  if (draft.apiKey !== '' || !account) changes.apiKey = draft.apiKey;
  if (draft.useAdmin) {
    changes.adminBaseUrl = draft.adminBaseUrl.trim() ? draft.adminBaseUrl : null;
    changes.admin = { adminId: draft.adminId, adminUsername: draft.adminUsername, ...(draft.adminPassword !== '' || !account ? { adminPassword: draft.adminPassword } : {}) };
  } else {
    changes.admin = null;
    changes.adminBaseUrl = null;
  }
  return account ? { id: account.id, draft: changes } : { draft: changes };
}

/** Input paths of accounts:add / accounts:update onto the form's fields. */
const mapAccountPath = fieldMapper(['label', 'baseUrl', 'adminBaseUrl', 'appId', 'apiKey', 'userId', 'admin.adminId', 'admin.adminUsername', 'admin.adminPassword', 'admin']);

export function accountFieldOf(path: string): AccountField | null {
  const known = mapAccountPath(path);
  if (known === null) return null;
  if (known === 'admin') return 'useAdmin';
  return (known.startsWith('admin.') ? known.slice('admin.'.length) : known) as AccountField;
}
