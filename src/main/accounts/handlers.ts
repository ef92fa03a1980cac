/**
 * The accounts:* and admin:* calls (contract: src/shared/ipc/contract/accounts.ts). Each handler only forwards to a
 * service; inputs were parsed by the gate. Outputs carry no secret: only `has…` flags.
 */
import type { accountCalls } from '../../shared/ipc/contract/accounts';
import type { Handler } from '../ipc/gate';
import type { Logger } from '../platform/logger';
import type { AccountService } from './account-service';
import type { ConnectionTester } from './connection-test';

export type AccountCallName = keyof typeof accountCalls;
export type AccountHandlers = { [N in AccountCallName]: Handler<N> };

export interface AccountHandlerDeps {
  accounts: AccountService;
  tester: ConnectionTester;
  logger: Logger;
}

export function createAccountHandlers({ accounts, tester, logger }: AccountHandlerDeps): AccountHandlers {
  return {
    'accounts:list': () => accounts.list(),
    'accounts:add': (input) => accounts.add(input),
    'accounts:update': (input) => accounts.update(input),
    'accounts:remove': ({ id }) => accounts.remove(id),
    'accounts:test': (input) => tester.test(input),

    'admin:listUsers': async ({ accountId }) => (await accounts.adminClientFor(accountId)).listUsers(),
    'admin:getUser': async ({ accountId, customerKey }) => (await accounts.adminClientFor(accountId)).getUser(customerKey),
    'admin:createUser': async ({ accountId, user }) => {
      const created = await (await accounts.adminClientFor(accountId)).createUser(user);
      logger.info('admin: user created', { accountId, customerKey: created.customerKey });
      return created;
    },
    'admin:updateUser': async ({ accountId, customerKey, patch }) => {
      const updated = await (await accounts.adminClientFor(accountId)).updateUser(customerKey, patch);
      logger.info('admin: user changed', { accountId, customerKey, fields: Object.keys(patch) });
      return updated;
    },
    'admin:releaseNumbers': async ({ accountId, faxNumbers }) => {
      const result = await (await accounts.adminClientFor(accountId)).releaseNumbers(faxNumbers);
      logger.info('admin: numbers released', { accountId, count: result.released.length });
      return result;
    },
  };
}
