import { describe, expect, it } from 'vitest';
import { fieldMapper, formErrorOf, withoutFieldPrefix } from '../../../../../src/renderer/src/features/accounts/form-errors';

class FakeFaxdeskError extends Error {
  constructor(readonly info: { code: string; message: string; field?: string }) {
    super(info.message);
  }
}

describe('form errors', () => {
  it('puts an error next to the field it names, without the input path in the sentence', () => {
    const error = new FakeFaxdeskError({ code: 'INVALID_INPUT', message: '"baseUrl": Base URL: "x" is not a web address.', field: 'baseUrl' });
    expect(formErrorOf(error)).toEqual({ field: 'baseUrl', message: 'Base URL: "x" is not a web address.' });
  });

  it('shows an error at the form when no field of the form is to blame', () => {
    const error = new FakeFaxdeskError({ code: 'KEYCHAIN', message: 'The system keychain is locked. Unlock it and try again.' });
    expect(formErrorOf(error)).toEqual({ field: null, message: 'The system keychain is locked. Unlock it and try again.' });
    const elsewhere = new FakeFaxdeskError({ code: 'INVALID_INPUT', message: '"id": Choose an account.', field: 'id' });
    expect(formErrorOf(elsewhere, () => null)).toEqual({ field: null, message: '"id": Choose an account.' });
    expect(formErrorOf(new Error('offline'))).toEqual({ field: null, message: 'offline' });
    expect(formErrorOf('boom')).toEqual({ field: null, message: 'boom' });
  });

  it('maps nested input paths onto the longest known field', () => {
    const map = fieldMapper(['admin', 'admin.adminId', 'faxNumbers']);
    expect(map('admin.adminId')).toBe('admin.adminId');
    expect(map('admin.adminPassword')).toBe('admin');
    expect(map('faxNumbers.3')).toBe('faxNumbers');
    expect(map('adminish')).toBeNull();
    expect(fieldMapper(['email'], 'user.')('user.email')).toBe('email');
    expect(withoutFieldPrefix('plain sentence')).toBe('plain sentence');
  });
});
