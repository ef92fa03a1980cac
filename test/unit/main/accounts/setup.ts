import Database from 'better-sqlite3';
import { AccountService } from '../../../../src/main/accounts/account-service';
import { SandboxHost, type EmulatorHandle, type StartEmulator } from '../../../../src/main/accounts/sandbox';
import { MemorySecretStore } from '../../../../src/main/accounts/secret-store';
import { HttpClient } from '../../../../src/main/api/http';
import type { Logger } from '../../../../src/main/platform/logger';
import { migrate } from '../../../../src/main/store/database';
import { migration0010 } from '../../../../src/main/store/migrations/0010-settings';
import { migration0020 } from '../../../../src/main/store/migrations/0020-accounts';
import { AccountsRepository } from '../../../../src/main/store/repositories/accounts-repository';
import { FakeFetch } from '../api/fake-fetch';

export const API_KEY = 'api-key-CANARY-7f3a9c';
export const ADMIN_PASSWORD = 'admin-pw-CANARY-2b8d';

export function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = (level: string) => (message: string, details?: Record<string, unknown>) => lines.push(`${level} ${message} ${details ? JSON.stringify(details) : ''}`);
  return { lines, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
}

export function fakeEmulator(overrides: Partial<EmulatorHandle['demo']> = {}): { start: StartEmulator; stops: number; handle: EmulatorHandle } {
  const state = { stops: 0 } as { start: StartEmulator; stops: number; handle: EmulatorHandle };
  state.handle = {
    baseUrl: 'http://127.0.0.1:4010/api',
    adminBaseUrl: 'http://127.0.0.1:4010/admin',
    controlUrl: 'http://127.0.0.1:4010/control',
    demo: {
      appId: 'sandbox-app',
      apiKey: 'sandbox-key-CANARY',
      userId: '11111111-22222222',
      adminId: '12345678',
      adminUsername: 'sandbox-admin',
      adminPassword: 'sandbox-admin-pw',
      faxNumber: '14155552000',
      ...overrides,
    },
    stop: async () => {
      state.stops++;
    },
  };
  state.start = async () => state.handle;
  return state;
}

export function setup(options: { sandbox?: StartEmulator | null; fetch?: FakeFetch } = {}) {
  const db = new Database(':memory:');
  db.pragma('foreign_keys = ON');
  migrate(db, [migration0010, migration0020]);
  const repository = new AccountsRepository(db);
  const secrets = new MemorySecretStore();
  const fake = options.fetch ?? new FakeFetch();
  const logger = recordingLogger();
  const http = new HttpClient({ fetch: fake.fetch, logger, sleep: async () => undefined, retry: { attempts: 2 } });
  let clock = Date.parse('2026-03-01T10:00:00.000Z');
  const now = () => new Date((clock += 1000));
  let ids = 0;
  let service: AccountService | null = null;
  const sandbox =
    options.sandbox === null || options.sandbox === undefined
      ? null
      : new SandboxHost({ repository, dataDir: '/tmp/faxdesk-test-sandbox', startEmulator: options.sandbox, logger, now, onChange: () => service?.notifyChanged() });
  service = new AccountService({ repository, secrets, http, sandbox, logger, now, newId: () => `acc-${++ids}` });
  let changes = 0;
  service.onChange(() => changes++);
  return { db, repository, secrets, fake, logger, http, service, sandbox, changes: () => changes };
}

export const liveInput = {
  label: 'Office',
  baseUrl: 'https://api.example.test',
  appId: 'APP-1',
  apiKey: API_KEY,
  userId: 'U-42',
  enabled: true,
};
