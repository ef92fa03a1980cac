/**
 * Fax service accounts: add, edit, remove, one at a time. An account is a row in SQLite (addresses,
 * identifiers, whether each secret is set) plus its secrets in the SecretStore; every change writes
 * both or neither (account-secrets.ts). Its API clients are account-clients.ts. The Sandbox
 * account's credentials come from the running emulator instead.
 */
import { randomUUID } from 'node:crypto';
import type { AccountAddInput, AccountUpdateInput, AccountView } from '../../shared/ipc/contract/accounts';
import type { AdminClient } from '../api/admin-client';
import type { FaxServiceClient, FaxServiceClientOptions } from '../api/fax-service-client';
import type { HttpClient } from '../api/http';
import { AppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { AccountRecord, AccountsRepository } from '../store/repositories/accounts-repository';
import { SANDBOX_ACCOUNT_ID, SANDBOX_LABEL, type SandboxHost } from './sandbox';
import { AccountClients } from './account-clients';
import { AccountSecrets, type SecretChange } from './account-secrets';
import { SECRET_KINDS, type SecretKind, type SecretStore } from './secret-store';

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


export class AccountService {
  private readonly listeners = new Set<() => void>();
  private readonly clients: AccountClients;
  private readonly secrets: AccountSecrets;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly newId: () => string;

  constructor(private readonly deps: AccountServiceDeps) {
    this.newId = deps.newId ?? randomUUID;
    const secretSeen = (value: string | null | undefined) => this.secretSeen(value);
    this.clients = new AccountClients({
      http: deps.http,
      secrets: deps.secrets,
      sandbox: deps.sandbox,
      ...(deps.clientOptions ? { clientOptions: deps.clientOptions } : {}),
      secretSeen,
      tokenReplaced: (previous) => deps.redactor?.forget(previous),
    });
    this.secrets = new AccountSecrets({ store: deps.secrets, logger: deps.logger, secretSeen });
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
  get onToken(): (token: string, previous: string | null) => void {
    return this.clients.onToken;
  }

  /** A secret value passed through main: from now on no log line may carry it. */
  secretSeen(value: string | null | undefined): void {
    this.deps.redactor?.register(value);
  }

  /**
   * A ready client for the account, shared by every caller (one token per account). A new one is
   * made when the account's settings change.
   */
  async clientFor(accountId: string): Promise<FaxServiceClient> {
    return this.clients.clientFor(this.record(accountId));
  }

  /** A client for the account's Admin API; VALIDATION when the account has no admin credentials. */
  async adminClientFor(accountId: string): Promise<AdminClient> {
    return this.clients.adminClientFor(this.record(accountId));
  }

  /** Credentials for the Fax Services API (from the keychain, or the running Sandbox). */
  serviceCredentials(record: AccountRecord): ReturnType<AccountClients['serviceCredentials']> {
    return this.clients.serviceCredentials(record);
  }

  /** Credentials for the Admin API; VALIDATION when the account has none. */
  adminCredentials(record: AccountRecord): ReturnType<AccountClients['adminCredentials']> {
    return this.clients.adminCredentials(record);
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
      await this.secrets.writeTogether(record.id, changes, new Map(), () => this.deps.repository.insert(record));
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
      const backups = await this.secrets.backup(current, changes);
      await this.secrets.writeTogether(current.id, changes, backups, () => this.deps.repository.update(next));
      this.clients.forget(current.id);
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
    this.clients.forget(current.id);
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
      const changes: SecretChange[] = SECRET_KINDS.filter((k) => this.secrets.has(current, k)).map((kind) => ({ kind, value: null }));
      const backups = await this.secrets.backup(current, changes);
      let archived = false;
      await this.secrets.writeTogether(current.id, changes, backups, () => {
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
      this.clients.forget(current.id);
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
      const backups = await this.secrets.backup(current, changes);
      await this.secrets.writeTogether(current.id, changes, backups, () => this.deps.repository.update(next));
      this.notifyChanged();
    });
  }

  /** Reads a secret (for the webhook service); null when none is stored. */
  async readSecret(accountId: string, kind: SecretKind): Promise<string | null> {
    return this.secrets.read(this.record(accountId), kind);
  }

  // -------------------------------------------------------------------------------------------

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
