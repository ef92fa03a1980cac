/**
 * Settings › Fax printer, in main: starts Faxdesk's IPP printer when `faxPrinterEnabled` is on (and
 * again on a new port), stops it when off, and adds it to (or removes it from) the operating
 * system's printers. Turning it off leaves nothing behind: the listener closes, the queues Faxdesk
 * added to the OS are removed (when the OS lets Faxdesk do that without an administrator; otherwise
 * a notice says how), and the spool of printed PDFs is emptied.
 */
import path from 'node:path';
import type { Settings } from '../../shared/domain/settings';
import type { FaxPrinterQueueView, FaxPrinterSystemReport, FaxPrinterView } from '../../shared/ipc/contract/printer';
import { AppError } from '../errors';
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import type { SettingsService } from '../settings/settings-service';
import type { ComposeHandoff } from '../desktop/compose-handoff';
import { IppPrinter, type FinishedPrintJob, type PrinterReadiness } from './ipp-printer';
import { PrintedJobs } from './printed-jobs';
import { serviceUri } from './printer-description';
import {
  classifyFailure,
  cupsAddCommands,
  cupsListCommand,
  cupsRemoveCommands,
  displayCommand,
  elevated,
  parseLpstat,
  parseWindowsPrinters,
  powershell,
  windowsAddScript,
  windowsListScript,
  windowsRemoveScript,
  type CommandResult,
  type CommandRunner,
  type SystemCommand,
  type SystemPlatform,
  type SystemQueue,
} from './system-printer';

export interface FaxPrinterServiceDeps {
  dataDir: string;
  settings: SettingsService;
  handoff: Pick<ComposeHandoff, 'offer' | 'isPending'>;
  events: EventBus;
  logger: Logger;
  /** Whether a job can be taken now (an account to send from, the keychain open). */
  readiness: () => Promise<PrinterReadiness>;
  /** Runs lpadmin / lpstat / PowerShell. */
  commands: CommandRunner;
  platform: NodeJS.Platform;
  /** Whether cups-filters' driverless-fax model exists (Linux): the fax queue then gets a phone field. */
  hasDriverlessFax: () => Promise<boolean>;
  /** PNG for printer-icons. */
  iconFile?: string;
  maxJobBytes?: number;
  now?: () => Date;
}

/** The largest job (document data) the printer takes: a little above what one fax can carry once converted. */
export const MAX_JOB_BYTES = 256 * 1024 * 1024;

export class FaxPrinterService {
  private printer: IppPrinter | null = null;
  private readonly printed: PrintedJobs;
  private problem: string | null = null;
  private unsubscribe: (() => void) | null = null;
  /** Serialises start/stop/add/remove: a setting flipped twice quickly must not leave two listeners. */
  private queue: Promise<unknown> = Promise.resolve();
  private readonly recent: FaxPrinterView['recentJobs'] = [];
  private system: FaxPrinterView['system'] = { state: 'unknown', queues: [], message: null };
  private lastReadiness: PrinterReadiness = { ok: true };
  private readonly now: () => Date;

  constructor(private readonly deps: FaxPrinterServiceDeps) {
    this.now = deps.now ?? (() => new Date());
    this.printed = new PrintedJobs({
      spoolDir: this.spoolDir,
      handoff: deps.handoff,
      logger: deps.logger,
      readFaxLine: () => deps.settings.values.faxPrinterReadFaxLine,
    });
  }

  get spoolDir(): string {
    return path.join(this.deps.dataDir, 'printed');
  }

  /** The port it listens on, or null. */
  get listeningPort(): number | null {
    return this.printer?.port ?? null;
  }

  private get platform(): SystemPlatform | null {
    const p = this.deps.platform;
    return p === 'linux' || p === 'darwin' || p === 'win32' ? p : null;
  }

  async start(): Promise<void> {
    if (this.unsubscribe) return;
    let previous = this.deps.settings.values;
    this.unsubscribe = this.deps.settings.onChange((snapshot) => {
      const next = snapshot.values;
      const changed = next.faxPrinterEnabled !== previous.faxPrinterEnabled || next.faxPrinterPort !== previous.faxPrinterPort || next.faxPrinterReadFaxLine !== previous.faxPrinterReadFaxLine;
      const wasOn = previous.faxPrinterEnabled;
      previous = next;
      if (changed) void this.serial(() => this.apply(next, wasOn && !next.faxPrinterEnabled));
    });
    await this.serial(() => this.apply(this.deps.settings.values, false));
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await this.serial(async () => {
      await this.closePrinter();
      await this.printed.stop();
    });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async apply(values: Settings, turnedOff: boolean): Promise<void> {
    const wanted = values.faxPrinterEnabled ? values.faxPrinterPort : null;
    if (this.printer && this.printer.port === wanted) {
      this.emitChanged();
      return;
    }
    await this.closePrinter();
    if (wanted === null) {
      this.problem = null;
      await this.printed.stop();
      if (turnedOff) await this.cleanUpSystem();
      this.emitChanged();
      return;
    }
    await this.printed.start();
    const printer = new IppPrinter({
      port: wanted,
      spoolDir: this.spoolDir,
      uuidSeed: this.deps.dataDir,
      maxJobBytes: this.deps.maxJobBytes ?? MAX_JOB_BYTES,
      readiness: async () => (this.lastReadiness = await this.deps.readiness()),
      onJob: (job) => this.onJob(job),
      onIdentify: () => this.notice('info', 'A program asked Faxdesk\'s printer to identify itself: this is it.'),
      logger: this.deps.logger,
      ...(this.deps.iconFile ? { iconFile: this.deps.iconFile } : {}),
    });
    try {
      await printer.listen();
      this.printer = printer;
      this.problem = null;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      this.problem =
        code === 'EADDRINUSE'
          ? `Port ${wanted} is already used by another program, so Faxdesk's printer cannot start. Choose another port below (then add the printer to this computer again).`
          : code === 'EACCES'
            ? `Faxdesk may not listen on port ${wanted}. Choose a port from 1024 to 65535.`
            : `Faxdesk's printer could not start on port ${wanted} (${code ?? String(error)}).`;
      this.deps.logger.warn('fax printer: could not listen', { port: wanted, code: code ?? String(error) });
      await this.printed.stop();
    }
    await this.refreshSystem();
    this.emitChanged();
  }

  private async closePrinter(): Promise<void> {
    const printer = this.printer;
    this.printer = null;
    if (printer) {
      await printer.close();
      this.deps.logger.info('fax printer stopped');
    }
  }

  private async onJob(job: FinishedPrintJob): Promise<void> {
    await this.printed.accept(job);
    this.recent.unshift({ jobId: job.jobId, name: job.name || 'Printed document', pages: job.pages, recipients: job.recipients.length, at: this.now().toISOString() });
    this.recent.splice(10);
    this.emitChanged();
  }

  // -- the OS's printers ----------------------------------------------------------------------------

  private async run(command: SystemCommand): Promise<CommandResult> {
    const result = await this.deps.commands(command).catch((error: unknown): CommandResult => ({ code: null, stdout: '', stderr: String(error) }));
    this.deps.logger.info('fax printer: ran a system command', { program: path.basename(command.file), code: result.code, missing: !!result.missing });
    return result;
  }

  private async listQueues(): Promise<{ queues: SystemQueue[]; problem: string | null }> {
    const platform = this.platform;
    const port = this.deps.settings.values.faxPrinterPort;
    if (platform === 'win32') {
      const result = await this.run(powershell(windowsListScript()));
      if (result.code !== 0) return { queues: [], problem: result.missing ? 'PowerShell is not available, so Faxdesk cannot see Windows\' printers.' : 'Windows did not list its printers.' };
      return { queues: parseWindowsPrinters(result.stdout, port), problem: null };
    }
    if (platform === 'linux' || platform === 'darwin') {
      const result = await this.run(cupsListCommand(platform));
      if (result.missing) return { queues: [], problem: 'CUPS (the printing system) is not installed on this computer, so Faxdesk\'s printer cannot be added to it. Install CUPS (for example: sudo apt install cups), or print to the URI below from a program that speaks IPP.' };
      // lpstat exits non-zero when there are no printers at all ("No destinations added").
      return { queues: parseLpstat(result.stdout, port), problem: null };
    }
    return { queues: [], problem: null };
  }

  private async refreshSystem(): Promise<void> {
    if (!this.platform) {
      this.system = { state: 'unsupported', queues: [], message: 'Adding the printer is available on Windows, macOS and Linux.' };
      return;
    }
    const { queues, problem } = await this.listQueues();
    this.system = {
      state: problem ? 'unknown' : queues.length ? 'added' : 'not-added',
      queues: queues.map((q): FaxPrinterQueueView => ({ name: q.name, service: q.service, uri: q.uri, current: q.current })),
      message: problem,
    };
  }

  private async addCommands(): Promise<SystemCommand[]> {
    const platform = this.platform;
    const port = this.deps.settings.values.faxPrinterPort;
    if (platform === 'win32') return [powershell(windowsAddScript(port))];
    if (platform === 'linux' || platform === 'darwin') {
      return cupsAddCommands(platform, port, { driverlessFax: platform === 'linux' && (await this.deps.hasDriverlessFax().catch(() => false)) });
    }
    return [];
  }

  /** Adds the printer to the OS's printers; one system change at a time. */
  addToSystem(asAdministrator: boolean): Promise<FaxPrinterSystemReport> {
    return this.serial(() => this.runAddToSystem(asAdministrator));
  }

  /** Removes Faxdesk's queues from the OS's printers; one system change at a time. */
  removeFromSystem(asAdministrator: boolean): Promise<FaxPrinterSystemReport> {
    return this.serial(() => this.runRemoveFromSystem(asAdministrator));
  }

  private async runAddToSystem(asAdministrator: boolean): Promise<FaxPrinterSystemReport> {
    const platform = this.platform;
    if (!platform) throw new AppError('VALIDATION', 'Adding the printer is available on Windows, macOS and Linux.');
    if (!this.printer) {
      throw new AppError('VALIDATION', this.problem ?? 'Turn Faxdesk\'s printer on first: the operating system asks the printer what it can do while adding it.', { field: 'faxPrinterEnabled' });
    }
    const commands = await this.addCommands();
    const outcome = await this.runAll(platform, asAdministrator ? elevated(platform, commands) : commands);
    await this.refreshSystem();
    const view = await this.view();
    if (outcome.ok) {
      const names = view.system.queues.filter((q) => q.current).map((q) => `"${q.name}"`);
      this.emitChanged(view);
      return { ok: true, needsAdministrator: false, message: `Added ${names.join(' and ') || 'Faxdesk\'s printer'} to this computer's printers. Print to it from any program; the document opens in Compose.`, view };
    }
    this.emitChanged(view);
    return { ok: false, needsAdministrator: outcome.failure === 'needs-admin', message: this.failureMessage('add', outcome), view };
  }

  private async runRemoveFromSystem(asAdministrator: boolean): Promise<FaxPrinterSystemReport> {
    const platform = this.platform;
    if (!platform) throw new AppError('VALIDATION', 'Removing the printer is available on Windows, macOS and Linux.');
    const { queues, problem } = await this.listQueues();
    if (problem) throw new AppError('CONFLICT', problem);
    if (!queues.length) {
      await this.refreshSystem();
      const view = await this.view();
      return { ok: true, needsAdministrator: false, message: 'Faxdesk\'s printer is not among this computer\'s printers.', view };
    }
    const commands = platform === 'win32' ? [powershell(windowsRemoveScript(queues.map((q) => q.name)))] : cupsRemoveCommands(platform, queues);
    const outcome = await this.runAll(platform, asAdministrator ? elevated(platform, commands) : commands);
    await this.refreshSystem();
    const view = await this.view();
    this.emitChanged(view);
    if (outcome.ok) return { ok: true, needsAdministrator: false, message: `Removed ${queues.map((q) => `"${q.name}"`).join(' and ')} from this computer's printers.`, view };
    return { ok: false, needsAdministrator: outcome.failure === 'needs-admin', message: this.failureMessage('remove', outcome), view };
  }

  /** Turning the printer off: its queues go too, when the OS allows it without asking for an administrator. */
  private async cleanUpSystem(): Promise<void> {
    const platform = this.platform;
    if (!platform) return;
    const { queues } = await this.listQueues();
    if (!queues.length) {
      this.system = { state: 'not-added', queues: [], message: null };
      return;
    }
    const commands = platform === 'win32' ? [powershell(windowsRemoveScript(queues.map((q) => q.name)))] : cupsRemoveCommands(platform, queues);
    const outcome = await this.runAll(platform, commands);
    await this.refreshSystem();
    if (!outcome.ok) {
      this.notice(
        'warning',
        `Faxdesk's printer is off, but ${queues.map((q) => `"${q.name}"`).join(' and ')} is still among this computer's printers: ${this.failureMessage('remove', outcome)} Remove it in Settings › Fax printer.`,
      );
    }
  }

  private async runAll(platform: SystemPlatform, commands: SystemCommand[]): Promise<{ ok: true } | { ok: false; failure: ReturnType<typeof classifyFailure>; detail: string; platform: SystemPlatform }> {
    for (const command of commands) {
      const result = await this.run(command);
      if (result.code !== 0) return { ok: false, failure: classifyFailure(result), detail: (result.stderr || result.stdout).trim().split('\n').pop()?.slice(0, 300) ?? '', platform };
    }
    return { ok: true };
  }

  private failureMessage(action: 'add' | 'remove', outcome: { failure: ReturnType<typeof classifyFailure>; detail: string; platform: SystemPlatform }): string {
    const verb = action === 'add' ? 'add the printer' : 'remove the printer';
    switch (outcome.failure) {
      case 'needs-admin':
        return outcome.platform === 'win32'
          ? `Windows lets only an administrator ${verb}. Choose "${action === 'add' ? 'Add' : 'Remove'} as administrator" and confirm in the Windows prompt, or ask your IT administrator to run the command shown below in an administrator PowerShell.`
          : outcome.platform === 'darwin'
            ? `macOS lets only an administrator ${verb}. Choose "${action === 'add' ? 'Add' : 'Remove'} as administrator" and enter an administrator's name and password in the macOS prompt, or run the command below in Terminal.`
            : `CUPS lets only an administrator ${verb} (a member of the "lpadmin" group, or root). Choose "${action === 'add' ? 'Add' : 'Remove'} as administrator" to confirm with your password, or run the command below with sudo.`;
      case 'missing':
        return outcome.platform === 'win32' ? 'PowerShell is not available on this computer.' : 'CUPS (the printing system) is not installed on this computer.';
      case 'printer-unreachable':
        return `The printing system could not reach Faxdesk's printer on port ${this.deps.settings.values.faxPrinterPort}. Check that it is on and that no firewall blocks 127.0.0.1, then try again.`;
      default:
        return `The operating system refused to ${verb}${outcome.detail ? `: ${outcome.detail}` : '.'}`;
    }
  }

  // -- state ----------------------------------------------------------------------------------------

  async view(): Promise<FaxPrinterView> {
    const values = this.deps.settings.values;
    const address = { host: '127.0.0.1', port: values.faxPrinterPort };
    const platform = this.platform;
    if (this.printer) this.lastReadiness = await this.deps.readiness().catch((): PrinterReadiness => this.lastReadiness);
    const readiness = this.lastReadiness;
    return {
      enabled: values.faxPrinterEnabled,
      port: values.faxPrinterPort,
      readFaxLine: values.faxPrinterReadFaxLine,
      listening: this.printer !== null,
      problem: values.faxPrinterEnabled ? this.problem : null,
      printUri: serviceUri(address, 'print'),
      faxUri: serviceUri(address, 'faxout'),
      accepting: readiness.ok,
      notAcceptingReason: readiness.ok ? null : readiness.message,
      platform: platform ?? 'other',
      system: this.system,
      addCommands: platform ? (await this.addCommands()).map((c) => displayCommand(platform, c)) : [],
      recentJobs: [...this.recent],
    };
  }

  private emitChanged(view?: FaxPrinterView): void {
    if (view) {
      this.deps.events.emit('faxPrinter:changed', view);
      return;
    }
    void this.view()
      .then((v) => this.deps.events.emit('faxPrinter:changed', v))
      .catch((error: unknown) => this.deps.logger.warn('fax printer: could not report its state', { error: String(error) }));
  }

  private notice(level: 'info' | 'warning', message: string): void {
    this.deps.events.emit('app:notice', { level, message, at: this.now().toISOString() });
  }
}
