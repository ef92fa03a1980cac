/**
 * SecretStore over the OS keychain through @napi-rs/keyring: macOS Keychain, Windows Credential
 * Manager, the Secret Service on Linux (GNOME Keyring, KWallet). The async API keeps main responsive
 * while the OS asks the person to unlock. Failures become KEYCHAIN errors that say what to do on
 * this OS; the library's own words (a D-Bus message, repeated down its chain of causes) stay out of the
 * sentence: they are the error's cause, which the log gets (loggingSecretStore in secret-store.ts).
 */
import { createRequire } from 'node:module';
import type * as Keyring from '@napi-rs/keyring';
import { AppError } from '../errors';
import { SECRET_NAMES, SECRET_SERVICE, secretEntryName, verb, type SecretKind, type SecretStore } from './secret-store';

type KeyringModule = typeof Keyring;

const requireHere = createRequire(import.meta.url);

export interface KeyringSecretStoreOptions {
  /** Keychain service name; `faxdesk` in the app. Tests use their own so they never touch real entries. */
  service?: string;
  /** For messages; defaults to this machine's. */
  platform?: NodeJS.Platform;
  /** Loads the native module (injectable to test a missing one). */
  load?: () => Promise<KeyringModule>;
}

export class KeyringSecretStore implements SecretStore {
  readonly driver = 'keyring';
  private readonly service: string;
  private readonly platform: NodeJS.Platform;
  private readonly load: () => Promise<KeyringModule>;
  private module: Promise<KeyringModule> | null = null;

  constructor(options: KeyringSecretStoreOptions = {}) {
    this.service = options.service ?? SECRET_SERVICE;
    this.platform = options.platform ?? process.platform;
    // require, not import(): main is CommonJS inside app.asar, where loading ES modules has regressed in Electron before.
    this.load = options.load ?? (async () => requireHere('@napi-rs/keyring') as KeyringModule);
  }

  async get(accountId: string, kind: SecretKind): Promise<string | null> {
    const entry = await this.entry(accountId, kind, 'get');
    try {
      return await entry.getPassword();
    } catch (error) {
      throw keychainError(error, 'get', kind, this.platform);
    }
  }

  async set(accountId: string, kind: SecretKind, value: string): Promise<void> {
    const entry = await this.entry(accountId, kind, 'set');
    try {
      await entry.setPassword(value);
    } catch (error) {
      throw keychainError(error, 'set', kind, this.platform);
    }
  }

  async delete(accountId: string, kind: SecretKind): Promise<void> {
    const entry = await this.entry(accountId, kind, 'delete');
    try {
      await entry.deletePassword();
    } catch (error) {
      if (/no (matching )?entry|not found|NoEntry/i.test(describe(error))) return;
      throw keychainError(error, 'delete', kind, this.platform);
    }
  }

  private async entry(accountId: string, kind: SecretKind, op: 'get' | 'set' | 'delete') {
    let keyring: KeyringModule;
    try {
      keyring = await (this.module ??= this.load());
    } catch (error) {
      this.module = null;
      throw new AppError(
        'KEYCHAIN',
        `Faxdesk could not load its keychain component, so it could not ${verb(op)} the ${SECRET_NAMES[kind]}. Reinstall Faxdesk; if that does not help, report this.`,
        { cause: error },
      );
    }
    try {
      // On Linux the library would otherwise fall back silently to the kernel keyring, which forgets
      // everything at logout: a saved API key would vanish. Require the Secret Service instead, so a
      // missing one is an error the person can fix.
      return new keyring.AsyncEntry(this.service, secretEntryName(accountId, kind), { linux: { store: 'secret-service' } });
    } catch (error) {
      throw keychainError(error, op, kind, this.platform);
    }
  }
}

/** The library's words for a failure, once each down the chain of causes (for the log and for classifying). */
export function describe(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current instanceof Error) {
      parts.push(current.message);
      current = (current as { cause?: unknown }).cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  return [...new Set(parts)].join(': ').slice(0, 300);
}

export type KeychainProblem = 'locked' | 'unavailable' | 'other';

export function classifyKeychainError(error: unknown): KeychainProblem {
  const text = describe(error);
  if (/locked|prompt was dismissed|dismissed|user cancel|interaction (is )?not allowed|errSecInteractionNotAllowed|-25308|-128/i.test(text)) return 'locked';
  if (/platform storage|AccessDenied|ServiceUnknown|org\.freedesktop|dbus|D-Bus|No such interface|secret service|not available|NoStorageAccess|PlatformFailure/i.test(text)) {
    return 'unavailable';
  }
  return 'other';
}

/** The KEYCHAIN error for this OS: what went wrong and what the person can do about it. */
export function keychainError(error: unknown, op: 'get' | 'set' | 'delete', kind: SecretKind, platform: NodeJS.Platform): AppError {
  const what = `${verb(op)} the ${SECRET_NAMES[kind]}`;
  const problem = classifyKeychainError(error);
  let message: string;
  if (platform === 'darwin') {
    message =
      problem === 'locked'
        ? `The macOS Keychain is locked or access was denied, so Faxdesk could not ${what}. Unlock the login keychain in Keychain Access and choose "Allow" when Faxdesk asks, then try again.`
        : `Faxdesk could not use the macOS Keychain to ${what}. Open Keychain Access and check that the login keychain exists and is unlocked, then try again.`;
  } else if (platform === 'win32') {
    message =
      problem === 'locked'
        ? `Windows Credential Manager refused access, so Faxdesk could not ${what}. Sign in to Windows with your own account and try again.`
        : `Faxdesk could not use Windows Credential Manager to ${what}. Sign in to Windows with your own (not a guest or kiosk) account and check that the Credential Manager service is running, then try again.`;
  } else {
    message =
      problem === 'locked'
        ? `The login keyring is locked, so Faxdesk could not ${what}. Unlock it (for example in the "Passwords and Keys" app, Seahorse, or KWallet Manager, or by logging out and in again), then try again.`
        : problem === 'unavailable'
          ? `Faxdesk could not reach a keyring (Secret Service) to ${what}. Install and start GNOME Keyring (package gnome-keyring) or KWallet, and use Faxdesk from a desktop session where it is unlocked, then try again.`
          : `The keyring refused to ${what}. Check that GNOME Keyring or KWallet is running and unlocked, then try again.`;
  }
  return new AppError('KEYCHAIN', message, { cause: error });
}
