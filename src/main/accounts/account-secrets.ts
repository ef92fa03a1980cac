/**
 * An account's secrets in the system keychain, kept in step with its row: every change writes the
 * secrets and the row together or neither (a failure on either side puts the secrets back as they
 * were). Flags in the row (hasApiKey…) say which secrets exist; the values never reach SQLite.
 */
import { AppError, isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { AccountRecord } from '../store/repositories/accounts-repository';
import type { SecretKind, SecretStore } from './secret-store';

export type SecretChange = { kind: SecretKind; value: string | null };

export interface AccountSecretsDeps {
  store: SecretStore;
  logger: Logger;
  /** A secret value passed through main (the redactor learns it). */
  secretSeen: (value: string | null | undefined) => void;
}

export class AccountSecrets {
  constructor(private readonly deps: AccountSecretsDeps) {}

  /** Reads a secret the row says is stored; null when none is. */
  async read(record: AccountRecord, kind: SecretKind): Promise<string | null> {
    if (!this.has(record, kind)) return null;
    const value = await this.deps.store.get(record.id, kind);
    this.deps.secretSeen(value);
    return value;
  }

  has(record: AccountRecord, kind: SecretKind): boolean {
    return kind === 'apiKey' ? record.hasApiKey : kind === 'adminPassword' ? record.hasAdminPassword : record.hasHmacSecret;
  }

  /** Reads the secrets about to be replaced, so a failure later can put them back. */
  async backup(record: AccountRecord, changes: readonly SecretChange[]): Promise<Map<SecretKind, string | null>> {
    const backups = new Map<SecretKind, string | null>();
    for (const change of changes) {
      backups.set(change.kind, this.has(record, change.kind) ? await this.deps.store.get(record.id, change.kind) : null);
    }
    return backups;
  }

  /**
   * Applies the secret changes, then the row change. If any step fails, the secrets already changed
   * are put back as they were, and the error is passed on: nothing is stored half-way.
   */
  async writeTogether(accountId: string, changes: readonly SecretChange[], backups: Map<SecretKind, string | null>, writeRow: () => void): Promise<void> {
    for (const change of changes) this.deps.secretSeen(change.value);
    const applied: SecretChange[] = [];
    try {
      for (const change of changes) {
        if (change.value === null) await this.deps.store.delete(accountId, change.kind);
        else await this.deps.store.set(accountId, change.kind, change.value);
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
          if (previous === null) await this.deps.store.delete(accountId, change.kind);
          else await this.deps.store.set(accountId, change.kind, previous);
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
}

function storageError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = (error as { code?: string }).code ?? '';
  return new AppError(
    'STORAGE',
    `Faxdesk could not save the account in its data file (${code || (error instanceof Error ? error.message : String(error))}). Nothing was changed; check free disk space and try again.`,
    { cause: error },
  );
}
