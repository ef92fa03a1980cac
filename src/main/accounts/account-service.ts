/**
 * Fax service accounts: add, edit, remove, and ready API clients for them. An account is a row in
 * SQLite (addresses, identifiers, whether each secret is set) plus its secrets in the SecretStore;
 * every change writes both or neither: a failure on either side rolls the other back. The Sandbox
 * account's credentials come from the running emulator instead.
 */
import { randomUUID } from 'node:crypto';
import type { AccountAddInput, AccountUpdateInput, AccountView } from '../../shared/ipc/contract/accounts';
import { AdminClient } from '../api/admin-client';
import { FaxServiceClient, type FaxServiceClientOptions } from '../api/fax-service-client';
import type { HttpClient } from '../api/http';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { AccountRecord, AccountsRepository } from '../store/repositories/accounts-repository';
import { SANDBOX_ACCOUNT_ID, SANDBOX_LABEL, type SandboxHost } from './sandbox';
import { SECRET_KINDS, SECRET_NAMES, type SecretKind, type SecretStore } from './secret-store';

/** Learns secret values so that no log line can carry them (the core's Redactor). */
export interface SecretRegistry {
  register(value: string | null | undefined): void;
  forget(value: string): void;
}

export interface AccountServiceDeps {
  repository: AccountsRepository;
  secrets: SecretStore;
  http: HttpClient;
  sandbox: SandboxHost | null;
  logger: Logger;
  now: () => Date;
  newId?: () => string;
  clientOptions?: FaxServiceClientOptions;
  redactor?: SecretRegistry;
}

/** The live-account fields every change is checked against (secrets apart). */
type SecretChange = { kind: SecretKind; value: string | null };

interface CachedClient<T> {
  version: string;
  client: Promise<T>;
}

export class AccountService {
  private readonly listeners = new Set<() => void>();
  private readonly clients = new Map<string, CachedClient<FaxServiceClient>>();
  private readonly adminClients = new Map<string, CachedClient<AdminClient>>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly newId: () => string;

  constructor(private readonly deps: AccountServiceDeps) {
    this.newId = deps.newId ?? randomUUID;
  }

  // -------------------------------------------------------------------------------------------
  // Reading

  list(): AccountView[] {
    return this.deps.repository.list().map((r) => this.toView(r));
  }

  /** Active accounts: the ones sync polls and compose offers. */
  enabledAccounts(): AccountView[] {
    return this.list().filter((a) => a.enabled);
  }

  view(id: string): AccountView {
    return this.toView(this.record(id));
  }

  /** The stored row (not archived); NOT_FOUND otherwise. */
  record(id: string): AccountRecord {
    const record = this.deps.repository.get(id);
    if (!record || record.archivedAt) {
      throw new AppError('NOT_FOUND', 'That account does not exist any more. It may have been removed in another window; reload the list.', { field: 'accountId' });
    }
    return record;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tell listeners the list changed (also used by the Sandbox when its status changes). */
  notifyChanged(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch (error) {
        this.deps.logger.warn('account change listener failed', { error: String(error) });
      }
    }
  }

  // -------------------------------------------------------------------------------------------
  // Clients

  /** Every token a client obtains is known to the redactor; the one it replaces is forgotten. */
  readonly onToken = (token: string, previous: string | null): void => {
    this.secretSeen(token);
    if (previous && previous !== token) this.deps.redactor?.forget(previous);
  };

  /** A secret value passed through main: from now on no log line may carry it. */
  secretSeen(value: string | null | undefined): void {
    this.deps.redactor?.register(value);
  }

  /**
   * A ready client for the account, shared by every caller (one token per account). A new one is
   * made when the account's settings change.
   */
  async clientFor(accountId: string): Promise<FaxServiceClient> {
    const record = this.record(accountId);
    const version = this.versionOf(record);
    const cached = this.clients.get(accountId);
    if (cached && cached.version === version) return cached.client;
    const client = (async () => {
      const credentials = await this.serviceCredentials(record);
      return new FaxServiceClient(credentials, this.deps.http, { ...this.deps.clientOptions, onToken: this.onToken });
    })();
    this.clients.set(accountId, { version, client });
    client.catch(() => {
      if (this.clients.get(accountId)?.client === client) this.clients.delete(accountId);
    });
    return client;
  }

  /** A client for the account's Admin API; VALIDATION when the account has no admin credentials. */
  async adminClientFor(accountId: string): Promise<AdminClient> {
    const record = this.record(accountId);
    const version = this.versionOf(record);
    const cached = this.adminClients.get(accountId);
    if (cached && cached.version === version) return cached.client;
    const client = (async () => new AdminClient(await this.adminCredentials(record), this.deps.http))();
    this.adminClients.set(accountId, { version, client });
    client.catch(() => {
      if (this.adminClients.get(accountId)?.client === client) this.adminClients.delete(accountId);
    });
    return client;
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
    this.secretSeen(credentials?.apiKey);
    this.secretSeen(credentials?.adminPassword);
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
    this.secretSeen(value);
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

  private forgetClients(accountId: string): void {
    const cached = this.clients.get(accountId);
    this.clients.delete(accountId);
    this.adminClients.delete(accountId);
    cached?.client.then((c) => c.tokens.clear()).catch(() => undefined);
  }

  // -------------------------------------------------------------------------------------------
  // Changing

  add(input: AccountAddInput): Promise<AccountView> {
    return this.serial(async () => {
      this.assertNotDuplicate(input.baseUrl, input.appId, input.userId, null);
      const at = this.deps.now().toISOString();
      const record: AccountRecord = {
        id: this.newId(),
        label: input.label,
        kind: 'live',
        enabled: input.enabled,
        baseUrl: input.baseUrl,
        adminBaseUrl: input.adminBaseUrl ?? (input.admin ? input.baseUrl : null),
        appId: input.appId,
        userId: input.userId,
        adminId: input.admin?.adminId ?? null,
        adminUsername: input.admin?.adminUsername ?? null,
        hasApiKey: true,
        hasAdminPassword: input.admin !== undefined,
        hasHmacSecret: false,
        settings: {},
        archivedAt: null,
        createdAt: at,
        updatedAt: at,
      };
      const changes: SecretChange[] = [{ kind: 'apiKey', value: input.apiKey }];
      if (input.admin) changes.push({ kind: 'adminPassword', value: input.admin.adminPassword });
      await this.writeTogether(record.id, changes, new Map(), () => this.deps.repository.insert(record));
      this.deps.logger.info('account added', { accountId: record.id, label: record.label, admin: record.hasAdminPassword });
      this.notifyChanged();
      return this.toView(record);
    });
  }

  update(input: AccountUpdateInput): Promise<AccountView> {
    return this.serial(async () => {
      const current = this.record(input.id);
      if (current.kind === 'sandbox') return this.updateSandbox(current, input);
      const next: AccountRecord = { ...current, settings: { ...current.settings } };
      if (input.label !== undefined) next.label = input.label;
      if (input.enabled !== undefined) next.enabled = input.enabled;
      if (input.baseUrl !== undefined) next.baseUrl = input.baseUrl;
      if (input.adminBaseUrl !== undefined) next.adminBaseUrl = input.adminBaseUrl;
      if (input.appId !== undefined) next.appId = input.appId;
      if (input.userId !== undefined) next.userId = input.userId;
      const changes: SecretChange[] = [];
      if (input.apiKey !== undefined) changes.push({ kind: 'apiKey', value: input.apiKey });
      if (input.admin === null) {
        next.adminId = null;
        next.adminUsername = null;
        next.hasAdminPassword = false;
        if (current.hasAdminPassword) changes.push({ kind: 'adminPassword', value: null });
      } else if (input.admin !== undefined) {
        next.adminId = input.admin.adminId;
        next.adminUsername = input.admin.adminUsername;
        if (input.admin.adminPassword !== undefined) {
          changes.push({ kind: 'adminPassword', value: input.admin.adminPassword });
          next.hasAdminPassword = true;
        } else if (!current.hasAdminPassword) {
          throw new AppError('VALIDATION', 'Enter the admin password too: none is stored for this account yet.', { field: 'admin.adminPassword' });
        }
        next.adminBaseUrl ??= next.baseUrl;
      }
      if (input.apiKey !== undefined) next.hasApiKey = true;
      if (next.baseUrl !== current.baseUrl || next.appId !== current.appId || next.userId !== current.userId) {
        this.assertNotDuplicate(next.baseUrl, next.appId, next.userId, current.id);
      }
      next.updatedAt = this.stamp(current.updatedAt);
      const backups = await this.backup(current, changes);
      await this.writeTogether(current.id, changes, backups, () => this.deps.repository.update(next));
      this.forgetClients(current.id);
      this.deps.logger.info('account changed', { accountId: current.id, secretsChanged: changes.map((c) => c.kind) });
      this.notifyChanged();
      return this.toView(next);
    });
  }

  private async updateSandbox(current: AccountRecord, input: AccountUpdateInput): Promise<AccountView> {
    const fixed = (['baseUrl', 'adminBaseUrl', 'appId', 'apiKey', 'userId', 'admin'] as const).filter((k) => input[k] !== undefined);
    if (fixed.length) {
      throw new AppError('VALIDATION', "The Sandbox's connection settings are built in; only its name and whether it is active can change.", { field: fixed[0] });
    }
    const next: AccountRecord = { ...current, label: input.label ?? current.label, enabled: input.enabled ?? current.enabled, updatedAt: this.stamp(current.updatedAt) };
    this.deps.repository.update(next);
    this.forgetClients(current.id);
    if (this.deps.sandbox) {
      if (next.enabled && !current.enabled) await this.deps.sandbox.start();
      if (!next.enabled && current.enabled) await this.deps.sandbox.stop();
    }
    this.notifyChanged();
    return this.view(current.id);
  }

  /**
   * Removes an account and its secrets. An account that fax history still refers to is archived
   * instead (hidden, inactive, secrets deleted) so the history keeps its owner.
   */
  remove(id: string): Promise<{ id: string; archived: boolean }> {
    return this.serial(async () => {
      const current = this.record(id);
      if (current.kind === 'sandbox') {
        throw new AppError('CONFLICT', 'The Sandbox is built in and cannot be removed. Make it inactive instead if you do not want to see it.', { field: 'id' });
      }
      const changes: SecretChange[] = SECRET_KINDS.filter((k) => this.hasSecret(current, k)).map((kind) => ({ kind, value: null }));
      const backups = await this.backup(current, changes);
      let archived = false;
      await this.writeTogether(current.id, changes, backups, () => {
        this.deps.repository.transaction(() => {
          const outcome = this.deps.repository.delete(current.id);
          if (outcome === 'restricted') {
            archived = true;
            this.deps.repository.update({
              ...current,
              enabled: false,
              hasApiKey: false,
              hasAdminPassword: false,
              hasHmacSecret: false,
              archivedAt: this.deps.now().toISOString(),
              updatedAt: this.stamp(current.updatedAt),
            });
          }
        });
      });
      this.forgetClients(current.id);
      this.deps.logger.info(archived ? 'account archived (it has fax history)' : 'account removed', { accountId: current.id });
      this.notifyChanged();
      return { id: current.id, archived };
    });
  }

  /** Sets or clears one secret with its flag, keeping the two in step (used for the webhook HMAC secret). */
  setSecretFlag(accountId: string, kind: SecretKind, value: string | null): Promise<void> {
    return this.serial(async () => {
      const current = this.record(accountId);
      if (current.kind === 'sandbox') throw new Error('Sandbox secrets are kept by the Sandbox host');
      const flag = kind === 'apiKey' ? 'hasApiKey' : kind === 'adminPassword' ? 'hasAdminPassword' : 'hasHmacSecret';
      const next: AccountRecord = { ...current, [flag]: value !== null, updatedAt: this.stamp(current.updatedAt) };
      const changes: SecretChange[] = [{ kind, value }];
      const backups = await this.backup(current, changes);
      await this.writeTogether(current.id, changes, backups, () => this.deps.repository.update(next));
      this.notifyChanged();
    });
  }

  /** Reads a secret (for the webhook service); null when none is stored. */
  async readSecret(accountId: string, kind: SecretKind): Promise<string | null> {
    const record = this.record(accountId);
    if (!this.hasSecret(record, kind)) return null;
    const value = await this.deps.secrets.get(record.id, kind);
    this.secretSeen(value);
    return value;
  }

  // -------------------------------------------------------------------------------------------

  private hasSecret(record: AccountRecord, kind: SecretKind): boolean {
    return kind === 'apiKey' ? record.hasApiKey : kind === 'adminPassword' ? record.hasAdminPassword : record.hasHmacSecret;
  }

  /** Reads the secrets about to be replaced, so a failure later can put them back. */
  private async backup(record: AccountRecord, changes: readonly SecretChange[]): Promise<Map<SecretKind, string | null>> {
    const backups = new Map<SecretKind, string | null>();
    for (const change of changes) {
      backups.set(change.kind, this.hasSecret(record, change.kind) ? await this.deps.secrets.get(record.id, change.kind) : null);
    }
    return backups;
  }

  /**
   * Applies the secret changes, then the row change. If any step fails, the secrets already changed
   * are put back as they were, and the error is passed on: nothing is stored half-way.
   */
  private async writeTogether(accountId: string, changes: readonly SecretChange[], backups: Map<SecretKind, string | null>, writeRow: () => void): Promise<void> {
    for (const change of changes) this.secretSeen(change.value);
    const applied: SecretChange[] = [];
    try {
      for (const change of changes) {
        if (change.value === null) await this.deps.secrets.delete(accountId, change.kind);
        else await this.deps.secrets.set(accountId, change.kind, change.value);
        applied.push(change);
      }
      try {
        writeRow();
      } catch (error) {
        throw storageError(error);
      }
    } catch (error) {
      for (const change of applied.reverse()) {
        const previous = backups.get(change.kind) ?? null;
        try {
          if (previous === null) await this.deps.secrets.delete(accountId, change.kind);
          else await this.deps.secrets.set(accountId, change.kind, previous);
        } catch (restoreError) {
          this.deps.logger.error('could not restore a secret after a failed account change', {
            accountId,
            kind: change.kind,
            error: isAppError(restoreError) ? restoreError.code : String(restoreError),
          });
        }
      }
      throw error;
    }
  }

  private assertNotDuplicate(baseUrl: string, appId: string, userId: string, exceptId: string | null): void {
    const same = this.deps.repository
      .list()
      .find((r) => r.id !== exceptId && r.kind === 'live' && r.baseUrl.toLowerCase() === baseUrl.toLowerCase() && r.appId === appId && r.userId === userId);
    if (same) {
      throw new AppError('CONFLICT', `Account "${same.label}" already uses App ID "${appId}" with user-id "${userId}" at this address. Edit that account instead.`, {
        field: 'userId',
      });
    }
  }

  /** A strictly later updated_at, so client caches keyed on it see every change. */
  private stamp(previous: string): string {
    const now = this.deps.now().toISOString();
    if (now > previous) return now;
    return new Date(Date.parse(previous) + 1).toISOString();
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  toView(record: AccountRecord): AccountView {
    const isSandbox = record.kind === 'sandbox';
    const sandboxRunning = isSandbox && this.deps.sandbox?.credentials() != null;
    let status: AccountView['status'];
    if (!record.enabled) status = { state: 'disabled', message: null };
    else if (isSandbox) status = this.deps.sandbox?.status() ?? { state: 'stopped', message: 'The Sandbox is not available in this window.' };
    else status = { state: 'ready', message: null };
    const hasApiKey = isSandbox ? sandboxRunning : record.hasApiKey;
    const hasAdminPassword = isSandbox ? sandboxRunning : record.hasAdminPassword;
    return {
      id: record.id,
      label: record.label,
      displayLabel: isSandbox && !/sandbox/i.test(record.label) ? `${record.label} (${SANDBOX_LABEL})` : record.label,
      kind: record.kind,
      isSandbox,
      enabled: record.enabled,
      baseUrl: record.baseUrl,
      adminBaseUrl: record.adminBaseUrl,
      appId: record.appId,
      userId: record.userId,
      adminId: record.adminId,
      adminUsername: record.adminUsername,
      hasApiKey,
      hasAdminPassword,
      hasHmacSecret: isSandbox ? (this.deps.sandbox?.hmacSecret ?? null) !== null : record.hasHmacSecret,
      adminAvailable: Boolean(record.adminId && record.adminUsername && hasAdminPassword),
      faxNumber: typeof record.settings.faxNumber === 'string' ? record.settings.faxNumber : null,
      status,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
    };
  }
}

export { SANDBOX_ACCOUNT_ID };

function storageError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = (error as { code?: string }).code ?? '';
  return new AppError(
    'STORAGE',
    `Faxdesk could not save the account in its data file (${code || (error instanceof Error ? error.message : String(error))}). Nothing was changed; check free disk space and try again.`,
    { cause: error },
  );
}
