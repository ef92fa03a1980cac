import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../src/main/errors';
import { accountReadiness } from '../../../../src/main/printer';
import type { AccountView } from '../../../../src/shared/ipc/contract/accounts';

const account = (id: string, label: string) => ({ id, displayLabel: label }) as unknown as AccountView;

describe('whether the fax printer takes a job now', () => {
  it('not while Faxdesk has no account switched on', async () => {
    const ready = accountReadiness({ enabledAccounts: () => [], clientFor: async () => ({}) as never }, { values: { defaultAccountId: '' } as never });
    expect(await ready()).toEqual({ ok: false, status: 'not-accepting', message: expect.stringMatching(/no fax account to send from/) });
  });

  it('not while the keychain holding the default account\'s key is locked: temporarily, so the OS queue keeps the job', async () => {
    const asked: string[] = [];
    const ready = accountReadiness(
      {
        enabledAccounts: () => [account('a', 'Front desk'), account('b', 'Billing')],
        clientFor: async (id) => {
          asked.push(id);
          throw new AppError('KEYCHAIN', 'locked');
        },
      },
      { values: { defaultAccountId: 'b' } as never },
    );
    expect(await ready()).toEqual({ ok: false, status: 'unavailable', message: expect.stringMatching(/Faxdesk is locked: the system keychain holding the key of "Billing" is locked/) });
    expect(asked).toEqual(['b']);
  });

  it('yes when the account opens', async () => {
    const ready = accountReadiness({ enabledAccounts: () => [account('a', 'Front desk')], clientFor: async () => ({}) as never }, { values: { defaultAccountId: 'gone' } as never });
    expect(await ready()).toEqual({ ok: true });
  });
});
