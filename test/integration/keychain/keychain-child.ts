/**
 * Run in a child process with a different D-Bus environment (no bus, or a bus whose keyring is
 * locked): tries to save a secret through KeyringSecretStore and prints what happened as JSON.
 */
import { KeyringSecretStore } from '../../../src/main/accounts/keyring-secret-store';
import { isAppError } from '../../../src/main/errors';

const store = new KeyringSecretStore({ platform: 'linux' });
store
  .set(`child-${process.pid}`, 'apiKey', 'child-secret-value')
  .then(async () => {
    await store.delete(`child-${process.pid}`, 'apiKey');
    console.log(JSON.stringify({ ok: true }));
  })
  .catch((error: unknown) => {
    console.log(JSON.stringify(isAppError(error) ? { ok: false, code: error.code, message: error.message } : { ok: false, code: 'NOT_APP_ERROR', message: String(error) }));
  });
