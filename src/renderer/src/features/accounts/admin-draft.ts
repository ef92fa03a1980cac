/**
 * The Admin page's forms as plain data: a user's draft and the create/update inputs made from it, and
 * the list of numbers to release. Pure, so the rules are unit-tested.
 */
import type { AdminUser } from '../../../../shared/domain/fax';
import type { CallInput } from '../../../../shared/ipc/contract';
import { fieldMapper } from './form-errors';

export interface UserDraft {
  /** Create: optional (the service chooses one). Edit: fixed. */
  customerKey: string;
  firstName: string;
  lastName: string;
  email: string;
  /** '' leaves it to the service (create) or unchanged (edit). */
  timeZone: string;
  customFaxHeaders: boolean;
  /** Create only: '' lets the service allocate a number. */
  faxNumber: string;
  /** Edit only. */
  status: 'ACTIVE' | 'DISABLED';
}

export type UserField = keyof UserDraft;

export function emptyUserDraft(): UserDraft {
  return { customerKey: '', firstName: '', lastName: '', email: '', timeZone: '', customFaxHeaders: false, faxNumber: '', status: 'ACTIVE' };
}

export function draftFromUser(user: AdminUser): UserDraft {
  return {
    customerKey: user.customerKey,
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    timeZone: user.timeZone ?? '',
    customFaxHeaders: user.customFaxHeaders ?? false,
    faxNumber: '',
    status: user.status?.toUpperCase() === 'DISABLED' ? 'DISABLED' : 'ACTIVE',
  };
}

export function createInputOf(accountId: string, draft: UserDraft): CallInput<'admin:createUser'> {
  const user: CallInput<'admin:createUser'>['user'] = {
    firstName: draft.firstName,
    lastName: draft.lastName,
    email: draft.email.trim(),
    customFaxHeaders: draft.customFaxHeaders,
  };
  if (draft.customerKey.trim()) user.customerKey = draft.customerKey;
  if (draft.timeZone.trim()) user.timeZone = draft.timeZone;
  if (draft.faxNumber.trim()) user.faxNumber = draft.faxNumber;
  return { accountId, user };
}

/** Only what changed is sent; null when nothing did. */
export function updateInputOf(accountId: string, user: AdminUser, draft: UserDraft): CallInput<'admin:updateUser'> | null {
  const before = draftFromUser(user);
  const patch: CallInput<'admin:updateUser'>['patch'] = {};
  if (draft.firstName !== before.firstName) patch.firstName = draft.firstName;
  if (draft.lastName !== before.lastName) patch.lastName = draft.lastName;
  if (draft.email.trim() !== before.email) patch.email = draft.email.trim();
  if (draft.timeZone.trim() !== before.timeZone && draft.timeZone.trim() !== '') patch.timeZone = draft.timeZone;
  if (draft.customFaxHeaders !== before.customFaxHeaders) patch.customFaxHeaders = draft.customFaxHeaders;
  if (draft.status !== before.status) patch.status = draft.status;
  return Object.keys(patch).length ? { accountId, customerKey: user.customerKey, patch } : null;
}

/** Whether saving this draft turns the user off (a destructive change: it is confirmed first). */
export function disablesUser(user: AdminUser, draft: UserDraft): boolean {
  return draft.status === 'DISABLED' && draftFromUser(user).status !== 'DISABLED';
}

const mapUserPath = fieldMapper(['customerKey', 'firstName', 'lastName', 'email', 'timeZone', 'customFaxHeaders', 'faxNumber', 'status']);

/** Input paths of admin:createUser (`user.x`) and admin:updateUser (`patch.x`, `customerKey`) onto the form. */
export function userFieldOf(path: string): UserField | null {
  const local = path.replace(/^(user|patch)\./, '');
  return mapUserPath(local) as UserField | null;
}

/**
 * The numbers typed into the release box: one per line, or separated by commas or semicolons; spaces,
 * dashes, dots and brackets inside a number dropped (people paste "+1 (522) 205-1030"); duplicates
 * once. Checking the digits is main's job (the same rule as sending).
 */
export function parseNumberList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/[\n,;]+/)) {
    const compact = line.replace(/[\s().-]/g, '');
    if (!compact || seen.has(compact)) continue;
    seen.add(compact);
    out.push(compact);
  }
  return out;
}

/** `faxNumbers.2` → the third number typed, to name it in the message. */
export function numberIndexOf(path: string | undefined): number | null {
  const match = /^faxNumbers\.(\d+)$/.exec(path ?? '');
  return match ? Number(match[1]) : null;
}
