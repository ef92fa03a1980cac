import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../../../src/shared/domain/fax';
import { calls } from '../../../../../src/shared/ipc/contract';
import {
  createInputOf,
  disablesUser,
  draftFromUser,
  emptyUserDraft,
  numberIndexOf,
  parseNumberList,
  updateInputOf,
  userFieldOf,
} from '../../../../../src/renderer/src/features/accounts/admin-draft';

const user: AdminUser = {
  customerKey: 'ada',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  status: 'ACTIVE',
  timeZone: 'Europe/London',
  customFaxHeaders: false,
  numbers: [{ faxNumber: '14155552001', userId: 'u-1', csid: null }],
  createdAt: null,
  updatedAt: null,
};

describe('admin drafts', () => {
  it('creates a user with only what was filled in, in the shape the contract accepts', () => {
    const input = createInputOf('sandbox', { ...emptyUserDraft(), firstName: 'Ada', lastName: 'Lovelace', email: ' ada@example.com ' });
    expect(input).toEqual({ accountId: 'sandbox', user: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', customFaxHeaders: false } });
    expect(calls['admin:createUser'].input.safeParse(input).success).toBe(true);
    const full = createInputOf('sandbox', { ...emptyUserDraft(), firstName: 'A', lastName: 'B', email: 'a@b.co', customerKey: 'ab', timeZone: 'America/New_York', faxNumber: '15222051030' });
    expect(full.user).toMatchObject({ customerKey: 'ab', timeZone: 'America/New_York', faxNumber: '15222051030' });
  });

  it('sends only the changed fields of a user, and nothing when nothing changed', () => {
    expect(updateInputOf('sandbox', user, draftFromUser(user))).toBeNull();
    const input = updateInputOf('sandbox', user, { ...draftFromUser(user), lastName: 'King', status: 'DISABLED' });
    expect(input).toEqual({ accountId: 'sandbox', customerKey: 'ada', patch: { lastName: 'King', status: 'DISABLED' } });
    expect(calls['admin:updateUser'].input.safeParse(input).success).toBe(true);
  });

  it('knows when saving turns a user off (that is confirmed first)', () => {
    expect(disablesUser(user, { ...draftFromUser(user), status: 'DISABLED' })).toBe(true);
    expect(disablesUser(user, draftFromUser(user))).toBe(false);
    const off = { ...user, status: 'DISABLED' };
    expect(disablesUser(off, draftFromUser(off))).toBe(false);
  });

  it('reads the numbers to release one per line or comma-separated, as people paste them', () => {
    expect(parseNumberList('+1 (522) 205-1030\n15222051031, 15222051031;  \n\n 1.415.555.2001 ')).toEqual(['+15222051030', '15222051031', '14155552001']);
    expect(parseNumberList(' \n , ')).toEqual([]);
  });

  it('maps main’s field paths onto the user form and the number list', () => {
    expect(userFieldOf('user.firstName')).toBe('firstName');
    expect(userFieldOf('patch.timeZone')).toBe('timeZone');
    expect(userFieldOf('customerKey')).toBe('customerKey');
    expect(userFieldOf('accountId')).toBeNull();
    expect(numberIndexOf('faxNumbers.2')).toBe(2);
    expect(numberIndexOf('faxNumbers')).toBeNull();
    expect(numberIndexOf(undefined)).toBeNull();
  });
});
