import { describe, expect, it } from 'vitest';
import { KeyringSecretStore, classifyKeychainError, describe as describeFailure, keychainError } from '../../../../src/main/accounts/keyring-secret-store';
import { isDeveloperText } from '../../../../src/shared/plain-words/errors';

const unavailable = new Error("Couldn't access platform storage: AccessDenied");
const locked = new Error("Couldn't access platform storage: Secret Service: unlock prompt was dismissed");
const lockedCreate = new Error('Cannot create an item in a locked collection');

describe('keychain errors', () => {
  it('tells a missing Secret Service from a locked one', () => {
    expect(classifyKeychainError(unavailable)).toBe('unavailable');
    expect(classifyKeychainError(new Error('Platform failure: DBus error: Failed to connect to socket /run/x'))).toBe('unavailable');
    expect(classifyKeychainError(locked)).toBe('locked');
    expect(classifyKeychainError(lockedCreate)).toBe('locked');
    expect(classifyKeychainError(new Error('User interaction is not allowed. (-25308)'))).toBe('locked');
    expect(classifyKeychainError(new Error('something else'))).toBe('other');
  });

  it('says what to do on each OS', () => {
    expect(keychainError(unavailable, 'set', 'apiKey', 'linux').message).toMatch(/^Faxdesk could not reach a keyring \(Secret Service\) to save the API key\. Install and start GNOME Keyring/);
    expect(keychainError(locked, 'get', 'adminPassword', 'linux').message).toMatch(/^The login keyring is locked, so Faxdesk could not read the admin password\. Unlock it/);
    expect(keychainError(locked, 'set', 'apiKey', 'darwin').message).toMatch(/macOS Keychain is locked .* Keychain Access/);
    expect(keychainError(unavailable, 'delete', 'hmacSecret', 'darwin').message).toMatch(/could not use the macOS Keychain to delete the webhook HMAC secret/);
    expect(keychainError(unavailable, 'set', 'apiKey', 'win32').message).toMatch(/Windows Credential Manager/);
    for (const e of [keychainError(unavailable, 'set', 'apiKey', 'linux'), keychainError(locked, 'set', 'apiKey', 'win32')]) {
      expect(e.code).toBe('KEYCHAIN');
      // The library's words are the cause (for the log), not part of the sentence.
      expect(e.message).not.toContain('The keychain said:');
      expect(isDeveloperText(e.message)).toBe(false);
      expect(describeFailure(e.cause)).not.toBe('');
    }
  });

  it('leaves the real D-Bus failure (repeated down its chain of causes) out of the sentence, which ends whole', () => {
    // What @napi-rs/keyring 2.1 throws on a machine with no session bus (checked on this machine).
    const words = 'Using X11 for dbus-daemon autolaunch was disabled at compile time, set your DBUS_SESSION_BUS_ADDRESS instead';
    const real = new Error(`Platform failure: DBus error: ${words}`, { cause: new Error(`DBus error: ${words}`, { cause: new Error(words) }) });
    const error = keychainError(real, 'get', 'hmacSecret', 'linux');
    expect(error.message).toBe(
      'Faxdesk could not reach a keyring (Secret Service) to read the webhook HMAC secret. Install and start GNOME Keyring (package gnome-keyring) or KWallet, and use Faxdesk from a desktop session where it is unlocked, then try again.',
    );
    expect(describeFailure(real)).toContain('DBUS_SESSION_BUS_ADDRESS');
  });

  it('pins the Secret Service on Linux (no silent fallback to the kernel keyring) and names entries <accountId>:<kind> under "faxdesk"', async () => {
    const made: unknown[][] = [];
    class FakeEntry {
      constructor(...args: unknown[]) {
        made.push(args);
      }
      async setPassword() {}
      async getPassword() {
        return 'v';
      }
      async deletePassword() {
        return true;
      }
    }
    const store = new KeyringSecretStore({ load: async () => ({ AsyncEntry: FakeEntry }) as never });
    await store.set('acc-1', 'apiKey', 'x');
    expect(await store.get('acc-1', 'adminPassword')).toBe('v');
    expect(made).toEqual([
      ['faxdesk', 'acc-1:apiKey', { linux: { store: 'secret-service' } }],
      ['faxdesk', 'acc-1:adminPassword', { linux: { store: 'secret-service' } }],
    ]);
  });

  it('turns a store that cannot be opened, or a module that cannot load, into KEYCHAIN errors', async () => {
    class Refusing {
      constructor() {
        throw unavailable;
      }
    }
    const refusing = new KeyringSecretStore({ platform: 'linux', load: async () => ({ AsyncEntry: Refusing }) as never });
    await expect(refusing.get('a', 'apiKey')).rejects.toMatchObject({ code: 'KEYCHAIN', message: expect.stringMatching(/could not reach a keyring/) });
    const missing = new KeyringSecretStore({ load: async () => Promise.reject(new Error('Cannot find module keyring.linux-x64-gnu.node')) });
    await expect(missing.set('a', 'apiKey', 'x')).rejects.toMatchObject({ code: 'KEYCHAIN', message: expect.stringMatching(/could not load its keychain component/) });
  });

  it('treats deleting a secret that is not there as done', async () => {
    class NoEntry {
      async deletePassword() {
        throw new Error('No matching entry found in secure storage');
      }
    }
    const store = new KeyringSecretStore({ load: async () => ({ AsyncEntry: NoEntry }) as never });
    await expect(store.delete('a', 'apiKey')).resolves.toBeUndefined();
  });
});
