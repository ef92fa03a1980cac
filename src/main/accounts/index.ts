/**
 * Composes the accounts area for createCore: repository, secrets, HTTP layer, Sandbox, services and
 * the handler slice. What later services need is `accounts` (clientFor / adminClientFor / list).
 */
import type { AccountView } from '../../shared/ipc/contract/accounts';
import { HttpClient, type HttpOptions } from '../api/http';
import type { FaxServiceClientOptions } from '../api/fax-service-client';
import type { Logger } from '../platform/logger';
import type { FetchFn } from '../platform/ports';
import type { Db } from '../store/database';
import { AccountsRepository } from '../store/repositories/accounts-repository';
import { AccountService, type SecretRegistry } from './account-service';
import { ConnectionTester, TEST_TIMEOUT_MS } from './connection-test';
import { createAccountHandlers, type AccountHandlers } from './handlers';
import { SANDBOX_ACCOUNT_ID, SandboxHost, type StartEmulator } from './sandbox';
import type { SecretStore } from './secret-store';

export { AccountService, type SecretRegistry } from './account-service';
export { SANDBOX_ACCOUNT_ID, SandboxHost, type StartEmulator, type EmulatorHandle } from './sandbox';
export { KeyringSecretStore } from './keyring-secret-store';
export { MemorySecretStore, type SecretStore, SECRET_SERVICE } from './secret-store';

export interface AccountsModuleDeps {
  db: Db;
  dataDir: string;
  secretStore: SecretStore;
  fetch: FetchFn;
  logger: Logger;
  now: () => Date;
  /** Starts the Sandbox emulator; by default the one in src/emulator. null: no Sandbox. */
  startEmulator?: StartEmulator | null;
  /** Overrides of the HTTP layer (timeouts, retry policy) — tests. */
  http?: Partial<Omit<HttpOptions, 'fetch' | 'logger'>>;
  client?: FaxServiceClientOptions;
  /** Learns every secret main handles, so logs never carry one (the core's Redactor). */
  redactor?: SecretRegistry;
  /** Called with the whole list after every change. */
  onChange?: (accounts: AccountView[]) => void;
  /** Called once when the Sandbox account is created (first run): select it. */
  onFirstRun?: (sandboxId: string) => void;
  /** The Sandbox's sample inbound faxes (resources/sandbox of the app). */
  sandboxSamplesDir?: string;
}

export interface AccountsModule {
  service: AccountService;
  sandbox: SandboxHost | null;
  tester: ConnectionTester;
  http: HttpClient;
  handlers: AccountHandlers;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const defaultStartEmulator: StartEmulator = async (options) => {
  const emulator = await import('../../emulator');
  return emulator.startEmulator(options);
};

export function createAccountsModule(deps: AccountsModuleDeps): AccountsModule {
  const repository = new AccountsRepository(deps.db);
  const http = new HttpClient({ fetch: deps.fetch, logger: deps.logger, ...deps.http });
  let service: AccountService | null = null;
  const startEmulator = deps.startEmulator === undefined ? defaultStartEmulator : deps.startEmulator;
  const sandbox = startEmulator
    ? new SandboxHost({
        repository,
        dataDir: deps.dataDir,
        startEmulator,
        logger: deps.logger,
        now: deps.now,
        onChange: () => service?.notifyChanged(),
        ...(deps.sandboxSamplesDir ? { samplesDir: deps.sandboxSamplesDir } : {}),
      })
    : null;
  service = new AccountService({
    repository,
    secrets: deps.secretStore,
    http,
    sandbox,
    logger: deps.logger,
    now: deps.now,
    ...(deps.client ? { clientOptions: deps.client } : {}),
    ...(deps.redactor ? { redactor: deps.redactor } : {}),
  });
  const accounts = service;
  if (deps.onChange) {
    const onChange = deps.onChange;
    accounts.onChange(() => onChange(accounts.list()));
  }
  // The Sandbox exists out of the box, before anything starts; on first run it is selected.
  if (sandbox?.ensureAccount()) deps.onFirstRun?.(SANDBOX_ACCOUNT_ID);
  // "Test connection" answers within seconds: one attempt per step, a shorter timeout, no retries.
  const testHttp = new HttpClient({ fetch: deps.fetch, logger: deps.logger, ...deps.http, timeoutMs: TEST_TIMEOUT_MS, retry: { ...deps.http?.retry, attempts: 1 } });
  const tester = new ConnectionTester(accounts, testHttp, deps.logger, deps.fetch, deps.now);
  return {
    service: accounts,
    sandbox,
    tester,
    http,
    handlers: createAccountHandlers({ accounts, tester, logger: deps.logger }),
    async start() {
      await sandbox?.start();
    },
    async stop() {
      await sandbox?.stop();
    },
  };
}
