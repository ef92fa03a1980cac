/**
 * The receiver's public listener, as the person configured it: an address and port (plain HTTP behind a
 * reverse proxy, or HTTPS with their certificate file and a private key kept in the keychain), and why
 * it is not listening when it should, in words for Settings.
 */
import { RECEIVER_SECRET_OWNER, type SecretStore } from '../accounts/secret-store';
import { AppError, isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { ReceiverSettingsRow } from '../store/repositories/webhook-repository';
import { ReceiverListener, type ListenerAddress, type ListenerHooks, type ListenerTuning } from './listener';
import { readCertificateFile, readPrivateKeyFile, secretFragments, type TlsMaterial } from './tls-material';

export interface PublicEndpointDeps {
  secrets: SecretStore;
  redactor: { register(value: string | null | undefined): void };
  hooks: ListenerHooks;
  logger: Logger;
  /** Tests: short slow-client limits. */
  listenerOptions?: ListenerTuning;
  /** Tests: where it really binds when the configured port is 8443 (0 = any free port). */
  bindPort?: (configured: number) => number;
}

type EndpointSettings = Pick<ReceiverSettingsRow, 'enabled' | 'host' | 'port' | 'tls' | 'certPath'>;

export class PublicEndpoint {
  private readonly listener: ReceiverListener;
  private why: string | null = null;
  private keyStored = false;

  constructor(private readonly deps: PublicEndpointDeps) {
    this.listener = new ReceiverListener(deps.hooks);
  }

  get address(): ListenerAddress | null {
    return this.listener.address;
  }

  /** Connections open at the listener now (tests, benchmarks). */
  get openConnections(): number {
    return this.listener.openConnections;
  }

  get problem(): string | null {
    return this.why;
  }

  /** A TLS private key is in the keychain (as of the last look). */
  get hasTlsKey(): boolean {
    return this.keyStored;
  }

  /** Reads a PEM key file, checks it and keeps it in the keychain (not the path). */
  async storeKeyFile(path: string): Promise<void> {
    const pem = await readPrivateKeyFile(path);
    for (const fragment of secretFragments(pem)) this.deps.redactor.register(fragment);
    await this.deps.secrets.set(RECEIVER_SECRET_OWNER, 'tlsPrivateKey', pem);
    this.keyStored = true;
  }

  async forgetKey(): Promise<void> {
    await this.deps.secrets.delete(RECEIVER_SECRET_OWNER, 'tlsPrivateKey');
    this.keyStored = false;
  }

  /** Settings about to be saved: HTTPS needs a certificate that belongs to the stored key (said next to its field). */
  async check(settings: EndpointSettings): Promise<void> {
    if (!settings.enabled || !settings.tls) return;
    if (!settings.certPath) throw new AppError('VALIDATION', 'Choose the certificate file for HTTPS (or turn HTTPS off behind a reverse proxy).', { field: 'certPath' });
    const key = await this.tlsKey();
    if (!key) throw new AppError('VALIDATION', 'Choose the private key file for HTTPS.', { field: 'keyPath' });
    await readCertificateFile(settings.certPath, key);
  }

  /** Listens as the settings say (or stops); a failure is kept as `problem`, not thrown. */
  async apply(settings: EndpointSettings): Promise<void> {
    this.why = null;
    await this.tlsKey().catch(() => null);
    if (!settings.enabled) {
      await this.listener.stop();
      return;
    }
    try {
      let tls: TlsMaterial | null = null;
      if (settings.tls) {
        const key = await this.tlsKey();
        if (!key || !settings.certPath) throw new AppError('VALIDATION', 'HTTPS needs a certificate and a private key; choose both, or turn HTTPS off behind a reverse proxy.');
        tls = { cert: await readCertificateFile(settings.certPath, key), key };
      }
      const port = this.deps.bindPort ? this.deps.bindPort(settings.port) : settings.port;
      await this.listener.start({ host: settings.host, port, tls, ...this.deps.listenerOptions });
      this.deps.logger.info('webhook receiver listening', { ...this.listener.address, tls: tls !== null });
    } catch (error) {
      await this.listener.stop();
      this.why = listenProblem(error, settings.host, settings.port);
      this.deps.logger.warn('webhook receiver could not start', { problem: this.why });
    }
  }

  async stop(): Promise<void> {
    await this.listener.stop();
  }

  private async tlsKey(): Promise<string | null> {
    const key = await this.deps.secrets.get(RECEIVER_SECRET_OWNER, 'tlsPrivateKey');
    if (key) for (const fragment of secretFragments(key)) this.deps.redactor.register(fragment);
    this.keyStored = key !== null;
    return key;
  }
}

function listenProblem(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') return `Port ${port} on ${host} is already in use by another program. Choose another port (and point the reverse proxy at it).`;
  if (code === 'EACCES') return `This user may not listen on port ${port}. Choose a port above 1024 and let the reverse proxy forward 443 to it.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `${host} is not an address of this computer.`;
  if (isAppError(error)) return error.message;
  return `The receiver could not start: ${error instanceof Error ? error.message : String(error)}`;
}
