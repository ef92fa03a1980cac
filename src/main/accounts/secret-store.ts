/**
 * Where account secrets live: the OS keychain in the app (KeyringSecretStore), memory in unit tests.
 * Entries are named `<accountId>:<kind>` under the service `faxdesk`. A failure is an
 * AppError('KEYCHAIN') whose message says what to do on this OS; never a secret in a message.
 */
import { AppError } from '../errors';
import type { Logger } from '../platform/logger';

export const SECRET_SERVICE = 'faxdesk';

/** An account's secrets. */
export const SECRET_KINDS = ['apiKey', 'adminPassword', 'hmacSecret'] as const;
/** An account's secrets, and the webhook receiver's TLS private key (stored under RECEIVER_SECRET_OWNER). */
export type SecretKind = (typeof SECRET_KINDS)[number] | 'tlsPrivateKey';
/** The keychain entry owner of the receiver's own secret (not an account id: accounts are UUIDs or "sandbox"). */
export const RECEIVER_SECRET_OWNER = 'webhook-receiver';

/** Words for messages: "save the API key". */
export const SECRET_NAMES: Readonly<Record<SecretKind, string>> = {
  apiKey: 'API key',
  adminPassword: 'admin password',
  hmacSecret: 'webhook HMAC secret',
  tlsPrivateKey: 'webhook receiver TLS private key',
};

export interface SecretStore {
  /** 'keyring' or 'memory': shown in diagnostics. */
  readonly driver: string;
  get(accountId: string, kind: SecretKind): Promise<string | null>;
  set(accountId: string, kind: SecretKind, value: string): Promise<void>;
  /** Deleting a secret that is not there is not an error. */
  delete(accountId: string, kind: SecretKind): Promise<void>;
}

export function secretEntryName(accountId: string, kind: SecretKind): string {
  return `${accountId}:${kind}`;
}

export type SimulatedKeychainFault = 'unavailable' | 'locked';

/**
 * Secrets in a Map, for unit tests and for callers that must never touch the OS keychain. It can
 * pretend to be unavailable or locked, failing like the real driver.
 */
export class MemorySecretStore implements SecretStore {
  readonly driver = 'memory';
  readonly entries = new Map<string, string>();
  /** Make every operation fail as the real keychain would. */
  fault: SimulatedKeychainFault | null = null;
  /** Fail only the operations this returns true for (e.g. the second write of an add). */
  failWhen: ((op: 'get' | 'set' | 'delete', accountId: string, kind: SecretKind) => boolean) | null = null;

  async get(accountId: string, kind: SecretKind): Promise<string | null> {
    this.check('get', accountId, kind);
    return this.entries.get(secretEntryName(accountId, kind)) ?? null;
  }

  async set(accountId: string, kind: SecretKind, value: string): Promise<void> {
    this.check('set', accountId, kind);
    this.entries.set(secretEntryName(accountId, kind), value);
  }

  async delete(accountId: string, kind: SecretKind): Promise<void> {
    this.check('delete', accountId, kind);
    this.entries.delete(secretEntryName(accountId, kind));
  }

  private check(op: 'get' | 'set' | 'delete', accountId: string, kind: SecretKind): void {
    const fault = this.fault ?? (this.failWhen?.(op, accountId, kind) ? 'locked' : null);
    if (fault === 'unavailable') {
      throw new AppError('KEYCHAIN', `The system keychain is not available, so Faxdesk could not ${verb(op)} the ${SECRET_NAMES[kind]}. (simulated)`);
    }
    if (fault === 'locked') {
      throw new AppError('KEYCHAIN', `The system keychain is locked, so Faxdesk could not ${verb(op)} the ${SECRET_NAMES[kind]}. Unlock it and try again. (simulated)`);
    }
  }
}

export function verb(op: 'get' | 'set' | 'delete'): string {
  return op === 'get' ? 'read' : op === 'set' ? 'save' : 'delete';
}

/**
 * The same store, with every failure's underlying words (the keychain library's, kept as the error's
 * cause) written to the log: the sentence the person sees leaves them out, support still needs them.
 */
export function loggingSecretStore(store: SecretStore, logger: Logger, describe: (error: unknown) => string): SecretStore {
  const logged =
    <A extends unknown[], R>(op: 'get' | 'set' | 'delete', run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await run(...args);
      } catch (error) {
        const cause = error instanceof AppError ? (error as { cause?: unknown }).cause : error;
        logger.warn('keychain operation failed', { op, kind: String(args[1]), code: error instanceof AppError ? error.code : 'INTERNAL', detail: cause === undefined ? '' : describe(cause) });
        throw error;
      }
    };
  return {
    driver: store.driver,
    get: logged('get', (accountId: string, kind: SecretKind) => store.get(accountId, kind)),
    set: logged('set', (accountId: string, kind: SecretKind, value: string) => store.set(accountId, kind, value)),
    delete: logged('delete', (accountId: string, kind: SecretKind) => store.delete(accountId, kind)),
  };
}
