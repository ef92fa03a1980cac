/**
 * The Sandbox account: built in, selected on first run, and backed by the emulator running inside
 * main on 127.0.0.1 with its state in the data folder. Its credentials are the emulator's demo
 * account: they are not the person's secrets, so they stay in memory and never reach the keychain.
 */
import fs from 'node:fs';
import path from 'node:path';
// Types only: the emulator itself is loaded on demand (accounts/index.ts), and tests may replace it.
import type { DemoAccount } from '../../emulator/accounts';
import type { AccountStatus } from '../../shared/ipc/contract/accounts';
import type { Logger } from '../platform/logger';
import type { AccountRecord, AccountsRepository } from '../store/repositories/accounts-repository';
import { AppError } from '../errors';

export const SANDBOX_ACCOUNT_ID = 'sandbox';
export const SANDBOX_LABEL = 'Sandbox';

/** What the emulator's startEmulator() returns, as far as the Sandbox needs it. */
export interface EmulatorHandle {
  baseUrl: string;
  adminBaseUrl: string;
  controlUrl: string;
  demo: DemoAccount;
  /** The emulator's in-process control (webhook delivery routes for instant updates, a test fax arriving). */
  control?: {
    routeWebhooks(origin: string, route: { port: number; ca?: string } | null): void;
    inbound?(input?: { from?: string | null }): Promise<{ fax_id: string }>;
  };
  stop(): Promise<void>;
}

export type StartEmulator = (options: { stateFile: string; clock: 'real'; log?: (line: string) => void; samplesDir?: string }) => Promise<EmulatorHandle>;

/** The emulator's demo account and where it listens. */
export type SandboxCredentials = DemoAccount & Pick<EmulatorHandle, 'baseUrl' | 'adminBaseUrl'>;

export interface SandboxHostDeps {
  repository: AccountsRepository;
  dataDir: string;
  startEmulator: StartEmulator;
  logger: Logger;
  now: () => Date;
  /** Called whenever the status or the account row changes. */
  onChange?: () => void;
  /** Where the sample inbound faxes are (inside the packaged app); the emulator generates them otherwise. */
  samplesDir?: string;
}

export class SandboxHost {
  private handle: EmulatorHandle | null = null;
  private state: AccountStatus = { state: 'stopped', message: null };
  private starting: Promise<void> | null = null;
  /** The webhook HMAC secret set for the Sandbox in this session (memory only, like its other secrets). */
  hmacSecret: string | null = null;

  constructor(private readonly deps: SandboxHostDeps) {}

  get stateFile(): string {
    return path.join(this.deps.dataDir, 'sandbox', 'state.sqlite3');
  }

  /** Creates the Sandbox row if there is none. Returns true when it did (first run). */
  ensureAccount(): boolean {
    if (this.deps.repository.get(SANDBOX_ACCOUNT_ID)) return false;
    const at = this.deps.now().toISOString();
    const record: AccountRecord = {
      id: SANDBOX_ACCOUNT_ID,
      label: SANDBOX_LABEL,
      kind: 'sandbox',
      enabled: true,
      // Placeholders until the emulator runs: its address changes with every start.
      baseUrl: 'http://127.0.0.1',
      adminBaseUrl: null,
      appId: 'sandbox',
      userId: 'sandbox',
      adminId: null,
      adminUsername: null,
      hasApiKey: false,
      hasAdminPassword: false,
      hasHmacSecret: false,
      settings: {},
      archivedAt: null,
      createdAt: at,
      updatedAt: at,
    };
    this.deps.repository.insert(record);
    return true;
  }

  status(): AccountStatus {
    return this.state;
  }

  credentials(): SandboxCredentials | null {
    const h = this.handle;
    if (!h) return null;
    return { baseUrl: h.baseUrl, adminBaseUrl: h.adminBaseUrl, ...h.demo };
  }

  /**
   * Where the running emulator delivers posts to an https origin (instant updates): a loopback port and
   * the one certificate it trusts there. Lost when the emulator restarts; false when it is not running.
   */
  routeWebhooks(origin: string, route: { port: number; ca?: string } | null): boolean {
    const control = this.handle?.control;
    if (!control) return false;
    control.routeWebhooks(origin, route);
    return true;
  }

  /** Makes a fax from `from` arrive in the Sandbox's inbox now; resolves once it is stored. */
  async receiveTestFax(from: string): Promise<{ faxId: string }> {
    const inbound = this.handle?.control?.inbound;
    if (!inbound) throw new AppError('CONFLICT', 'The Sandbox is not running, so no fax can arrive. Restart Faxdesk and try again.');
    const { fax_id } = await inbound.call(this.handle!.control, { from });
    return { faxId: fax_id };
  }

  /** The emulator's control address (tests, diagnostics). */
  get controlUrl(): string | null {
    return this.handle?.controlUrl ?? null;
  }

  /** Starts the emulator if the Sandbox is active. Never throws: a failure becomes the account's status. */
  start(): Promise<void> {
    if (this.handle) return Promise.resolve();
    this.starting ??= this.doStart().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async doStart(): Promise<void> {
    const record = this.deps.repository.get(SANDBOX_ACCOUNT_ID);
    if (!record || !record.enabled) {
      this.setState({ state: 'stopped', message: null });
      return;
    }
    this.setState({ state: 'starting', message: 'The Sandbox is starting.' });
    try {
      fs.mkdirSync(path.dirname(this.stateFile), { recursive: true });
      const handle = await this.deps.startEmulator({
        stateFile: this.stateFile,
        clock: 'real',
        ...(this.deps.samplesDir ? { samplesDir: this.deps.samplesDir } : {}),
        // The emulator's lines go to Faxdesk's log, not to the terminal.
        log: (line) => this.deps.logger.debug('sandbox', { line: line.slice(0, 500) }),
      });
      this.handle = handle;
      this.deps.repository.update({
        ...record,
        baseUrl: handle.baseUrl,
        adminBaseUrl: handle.adminBaseUrl,
        appId: handle.demo.appId,
        userId: handle.demo.userId,
        adminId: handle.demo.adminId,
        adminUsername: handle.demo.adminUsername,
        settings: { ...record.settings, faxNumber: handle.demo.faxNumber },
        updatedAt: this.deps.now().toISOString(),
      });
      this.deps.logger.info('sandbox started', { baseUrl: handle.baseUrl });
      this.setState({ state: 'ready', message: null });
    } catch (error) {
      this.deps.logger.error('sandbox failed to start', { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
      this.setState({
        state: 'failed',
        message: `The Sandbox could not start: ${(error instanceof Error ? error.message : String(error)).replace(/[.\s]+$/, '')}. Restart Faxdesk; if it keeps failing, move the folder ${path.dirname(this.stateFile)} aside to start the Sandbox afresh.`,
      });
    }
  }

  async stop(): Promise<void> {
    await this.starting;
    const handle = this.handle;
    this.handle = null;
    if (handle) {
      try {
        await handle.stop();
      } catch (error) {
        this.deps.logger.warn('sandbox did not stop cleanly', { error: error instanceof Error ? error.message : String(error) });
      }
    }
    this.setState({ state: 'stopped', message: null });
  }

  private setState(state: AccountStatus): void {
    this.state = state;
    this.deps.onChange?.();
  }
}
