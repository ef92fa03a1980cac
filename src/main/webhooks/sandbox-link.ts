/**
 * The Sandbox's instant updates, behind its one switch: an HMAC key (keychain), a self-signed
 * certificate (memory), a listener of its own on a free loopback port, the emulator's delivery route
 * from SANDBOX_WEBHOOK_ORIGIN to it (trusting that certificate alone), and the Sandbox's inbound and
 * outbound webhook addresses. When the Sandbox's emulator restarts (a new address) the route went with
 * it: `stale()` says so and `start()` makes it again.
 */
import { randomBytes } from 'node:crypto';
import type { ErrorCode } from '../../shared/result';
import { CODE_SENTENCES, plainText } from '../../shared/plain-words/errors';
import type { SecretStore } from '../accounts/secret-store';
import { isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import { ReceiverListener, type ListenerHooks, type ListenerTuning } from './listener';
import type { AccountWebhooks, ReceiverSandbox } from './ports';
import { SANDBOX_RECEIVER_HOST, makeSandboxCertificate, secretFragments, type TlsMaterial } from './tls-material';

/** The address the Sandbox posts to (its delivery route maps it to the Sandbox listener's loopback port). */
export const SANDBOX_WEBHOOK_ORIGIN = `https://${SANDBOX_RECEIVER_HOST}:8443`;
export const SANDBOX_WEBHOOK_URL = `${SANDBOX_WEBHOOK_ORIGIN}/faxdesk/webhooks`;
export const SANDBOX_ACCOUNT_ID = 'sandbox';

export interface SandboxLinkDeps {
  sandbox: ReceiverSandbox | null;
  webhooks: Pick<AccountWebhooks, 'set' | 'remove'>;
  secrets: SecretStore;
  redactor: { register(value: string | null | undefined): void };
  hooks: ListenerHooks;
  logger: Logger;
  /** Tests: short slow-client limits. */
  listenerOptions?: ListenerTuning;
}

export class SandboxLink {
  private readonly listener: ReceiverListener;
  private cert: TlsMaterial | null = null;
  private linkedTo: string | null = null;
  private why: string | null = null;
  private whyCode: ErrorCode = 'INTERNAL';

  constructor(private readonly deps: SandboxLinkDeps) {
    this.listener = new ReceiverListener(deps.hooks);
  }

  get listening(): boolean {
    return this.listener.address !== null;
  }

  /** Why it is not listening after the last start; null when it is (or was not asked to). */
  get problem(): string | null {
    return this.why;
  }

  /** Why the last start failed, with the code of what stopped it (KEYCHAIN, FILE…); null when it did not. */
  get failure(): { code: ErrorCode; message: string } | null {
    return this.why === null ? null : { code: this.whyCode, message: this.why };
  }

  /** The Sandbox's emulator is not the one the route was made at (it restarted, or stopped). */
  stale(): boolean {
    return (this.deps.sandbox?.credentials()?.baseUrl ?? null) !== this.linkedTo;
  }

  /** Whether the Sandbox is there to link to at all. */
  available(): boolean {
    return this.deps.sandbox?.credentials() != null;
  }

  async start(): Promise<void> {
    this.why = null;
    this.whyCode = 'INTERNAL';
    const sandbox = this.deps.sandbox;
    const credentials = sandbox?.credentials() ?? null;
    if (!sandbox || !credentials) {
      await this.listener.stop();
      this.why = 'The Sandbox is not running; instant updates start with it.';
      return;
    }
    try {
      let key = await this.deps.secrets.get(SANDBOX_ACCOUNT_ID, 'hmacSecret');
      if (!key) {
        key = randomBytes(32).toString('hex');
        await this.deps.secrets.set(SANDBOX_ACCOUNT_ID, 'hmacSecret', key);
      }
      this.deps.redactor.register(key);
      this.cert ??= await makeSandboxCertificate();
      for (const fragment of secretFragments(this.cert.key)) this.deps.redactor.register(fragment);
      const address = await this.listener.start({ host: '127.0.0.1', port: 0, tls: this.cert, ...this.deps.listenerOptions });
      if (!sandbox.routeWebhooks(SANDBOX_WEBHOOK_ORIGIN, { port: address.port, ca: this.cert.cert })) throw new Error('the Sandbox stopped');
      sandbox.hmacSecret = key;
      this.linkedTo = credentials.baseUrl;
      for (const direction of ['OUTBOUND', 'INBOUND'] as const) {
        // The Sandbox runs on this computer only: its address is this desk's whatever was there.
        await this.deps.webhooks.set({ accountId: SANDBOX_ACCOUNT_ID, direction, url: SANDBOX_WEBHOOK_URL, hmacSecret: key, replace: true });
      }
      this.deps.logger.info('Sandbox instant updates on', { port: address.port });
    } catch (error) {
      await this.listener.stop();
      // Faxdesk's own sentence when there is one; a library's words go to the log only.
      this.whyCode = isAppError(error) ? error.code : 'INTERNAL';
      const reason = isAppError(error) ? plainText(error.message, error.code) : CODE_SENTENCES.INTERNAL;
      this.why = `Instant updates for the Sandbox could not start. ${reason}`;
      this.deps.logger.warn('Sandbox instant updates could not start', { problem: this.why, error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Closes the listener (the link stays configured: the receiver is stopping, or the switch is off). */
  async stop(): Promise<void> {
    this.why = null;
    await this.listener.stop();
  }

  /** Undoes the link at the Sandbox: its webhook addresses, the route, the key. */
  async unlink(): Promise<void> {
    const sandbox = this.deps.sandbox;
    if (!sandbox) return;
    for (const direction of ['OUTBOUND', 'INBOUND'] as const) {
      await this.deps.webhooks.remove(SANDBOX_ACCOUNT_ID, direction).catch(() => undefined);
    }
    sandbox.routeWebhooks(SANDBOX_WEBHOOK_ORIGIN, null);
    sandbox.hmacSecret = null;
    await this.deps.secrets.delete(SANDBOX_ACCOUNT_ID, 'hmacSecret').catch(() => undefined);
    this.linkedTo = null;
  }
}
