/**
 * Ready API clients for an account, shared by every caller (one token per account, so one client per
 * account), made again when the account's settings change. Credentials come from the keychain, or
 * from the running Sandbox for the Sandbox account; every secret read is made known to the redactor.
 */
import { AdminClient } from '../api/admin-client';
import { FaxServiceClient, type FaxServiceClientOptions } from '../api/fax-service-client';
import type { HttpClient } from '../api/http';
import { AppError } from '../errors';
import type { AccountRecord } from '../store/repositories/accounts-repository';
import type { SandboxHost } from './sandbox';
import { SECRET_NAMES, type SecretKind, type SecretStore } from './secret-store';

export interface AccountClientsDeps {
  http: HttpClient;
  secrets: SecretStore;
  sandbox: SandboxHost | null;
  clientOptions?: FaxServiceClientOptions;
  /** A secret value passed through main (the redactor learns it). */
  secretSeen: (value: string | null | undefined) => void;
  /** A token was replaced: the old one may be forgotten by the redactor. */
  tokenReplaced: (previous: string) => void;
}

interface CachedClient<T> {
  version: string;
  client: Promise<T>;
}

export class AccountClients {
  private readonly clients = new Map<string, CachedClient<FaxServiceClient>>();
  private readonly adminClients = new Map<string, CachedClient<AdminClient>>();

  constructor(private readonly deps: AccountClientsDeps) {}

  /** Every token a client obtains is known to the redactor; the one it replaces is forgotten. */
  readonly onToken = (token: string, previous: string | null): void => {
    this.deps.secretSeen(token);
    if (previous && previous !== token) this.deps.tokenReplaced(previous);
  };

  /** The account's Fax Services client (made once per version of its settings). */
  async clientFor(record: AccountRecord): Promise<FaxServiceClient> {
    const version = this.versionOf(record);
    const cached = this.clients.get(record.id);
    if (cached && cached.version === version) return cached.client;
    const client = (async () => {
      const credentials = await this.serviceCredentials(record);
      return new FaxServiceClient(credentials, this.deps.http, { ...this.deps.clientOptions, onToken: this.onToken });
    })();
    this.clients.set(record.id, { version, client });
    client.catch(() => {
      if (this.clients.get(record.id)?.client === client) this.clients.delete(record.id);
    });
    return client;
  }

  /** A client for the account's Admin API; VALIDATION when the account has no admin credentials. */
  async adminClientFor(record: AccountRecord): Promise<AdminClient> {
    const version = this.versionOf(record);
    const cached = this.adminClients.get(record.id);
    if (cached && cached.version === version) return cached.client;
    const client = (async () => new AdminClient(await this.adminCredentials(record), this.deps.http))();
    this.adminClients.set(record.id, { version, client });
    client.catch(() => {
      if (this.adminClients.get(record.id)?.client === client) this.adminClients.delete(record.id);
    });
    return client;
  }

  /** The account changed or went away: its clients (and their tokens) are dropped. */
  forget(accountId: string): void {
    const cached = this.clients.get(accountId);
    this.clients.delete(accountId);
    this.adminClients.delete(accountId);
    cached?.client.then((c) => c.tokens.clear()).catch(() => undefined);
  }

  /** Credentials for the Fax Services API (from the keychain, or the running Sandbox). */
  async serviceCredentials(record: AccountRecord) {
    if (record.kind === 'sandbox') {
      const sandbox = this.sandboxCredentials();
      return { label: record.label, baseUrl: sandbox.baseUrl, appId: sandbox.appId, apiKey: sandbox.apiKey, userId: sandbox.userId };
    }
    const apiKey = await this.requireSecret(record, 'apiKey');
    return { label: record.label, baseUrl: record.baseUrl, appId: record.appId, apiKey, userId: record.userId };
  }

  async adminCredentials(record: AccountRecord) {
    if (record.kind === 'sandbox') {
      const s = this.sandboxCredentials();
      return { label: record.label, adminBaseUrl: s.adminBaseUrl, adminId: s.adminId, adminUsername: s.adminUsername, adminPassword: s.adminPassword };
    }
    if (!record.adminId || !record.adminUsername || !record.hasAdminPassword) {
      throw new AppError(
        'VALIDATION',
        `Account "${record.label}" has no admin credentials. Add the Admin ID, admin username and admin password in Settings > Accounts to use the Admin page.`,
        { field: 'admin' },
      );
    }
    const adminPassword = await this.requireSecret(record, 'adminPassword');
    return { label: record.label, adminBaseUrl: record.adminBaseUrl ?? record.baseUrl, adminId: record.adminId, adminUsername: record.adminUsername, adminPassword };
  }

  private sandboxCredentials() {
    const sandbox = this.deps.sandbox;
    const credentials = sandbox?.credentials();
    this.deps.secretSeen(credentials?.apiKey);
    this.deps.secretSeen(credentials?.adminPassword);
    if (!credentials) {
      const status = sandbox?.status();
      throw new AppError(
        'NETWORK',
        status?.message ?? 'The Sandbox is not running. Turn it on in Settings > Accounts (or restart Faxdesk) to use it.',
      );
    }
    return credentials;
  }

  private async requireSecret(record: AccountRecord, kind: SecretKind): Promise<string> {
    const value = await this.deps.secrets.get(record.id, kind);
    this.deps.secretSeen(value);
    if (value) return value;
    throw new AppError(
      'KEYCHAIN',
      `The ${SECRET_NAMES[kind]} of account "${record.label}" is not in the system keychain: the keychain may be locked, or the entry was deleted. ` +
        `Unlock the keychain and try again, or enter the ${SECRET_NAMES[kind]} again in Settings > Accounts.`,
    );
  }

  private versionOf(record: AccountRecord): string {
    const sandboxUrl = record.kind === 'sandbox' ? (this.deps.sandbox?.credentials()?.baseUrl ?? '') : '';
    return `${record.updatedAt}|${record.baseUrl}|${sandboxUrl}`;
  }
}
