/**
 * Desktop integration that works the same in Electron and in the browser harness: the Compose
 * hand-off, the hot folder (started, restarted and stopped as the `hotFolder` setting changes) and
 * the diagnostics export. The Electron-only parts (tray, notifications, argv, open-file) live in
 * src/main/index.ts and src/main/electron/ and feed `handOver`.
 */
import type { DiagnosticsBundle } from '../../shared/ipc/contract/desktop';
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import type { Redactor } from '../platform/redact';
import type { SettingsService } from '../settings/settings-service';
import { ComposeHandoff, type HandoffSource } from './compose-handoff';
import { exportDiagnostics, type DiagnosticsSources } from './diagnostics';
import { HotFolderWatcher, type HotFolderClock, type WatchFolder } from './hot-folder';
import { describeRejected, type LaunchFiles } from './launch-args';

export interface DesktopServiceDeps {
  dataDir: string;
  logDir: string;
  appVersion: string;
  shell: 'electron' | 'bridge';
  events: EventBus;
  settings: SettingsService;
  logger: Logger;
  redactor: Redactor;
  now: () => Date;
  /** The accounts without secrets, for diagnostics (the account service provides it). */
  describeAccounts?: () => unknown;
  /** Tests: drive the hot folder without real timers or fs.watch. */
  hotFolderClock?: HotFolderClock;
  watchFolder?: WatchFolder;
}

export class DesktopService {
  readonly handoff: ComposeHandoff;
  private hotFolder: HotFolderWatcher | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly deps: DesktopServiceDeps) {
    this.handoff = new ComposeHandoff(deps.events, deps.logger);
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.deps.settings.onChange((snapshot) => this.applyHotFolder(snapshot.values.hotFolder));
    this.applyHotFolder(this.deps.settings.values.hotFolder);
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.hotFolder?.stop();
    this.hotFolder = null;
  }

  /** Documents from the command line, a second launch or macOS open-file: accepted ones to Compose, the others reported. */
  handOver(launch: LaunchFiles, source: HandoffSource): void {
    if (launch.files.length) this.handoff.offer(launch.files, source);
    const problem = describeRejected(launch.rejected);
    if (problem) {
      this.deps.logger.warn('documents refused', { source, rejected: launch.rejected });
      this.notice('warning', problem);
    }
  }

  /** Checks the hot folder now (tests; the watcher also checks on its own). */
  checkHotFolder(): Promise<void> {
    return this.hotFolder?.scanNow() ?? Promise.resolve();
  }

  /** The folder being watched, or null. */
  get watchedFolder(): string | null {
    return this.hotFolder?.folder ?? null;
  }

  /** Writes the diagnostics .zip into the data folder (or `destination`, a full path ending in .zip). */
  exportDiagnostics(destination?: string): DiagnosticsBundle {
    const bundle = exportDiagnostics(this.diagnosticsSources(), destination);
    this.deps.logger.info('diagnostics exported', { file: bundle.file, bytes: bundle.bytes });
    return bundle;
  }

  private diagnosticsSources(): DiagnosticsSources {
    return {
      dataDir: this.deps.dataDir,
      logDir: this.deps.logDir,
      appVersion: this.deps.appVersion,
      shell: this.deps.shell,
      redactor: this.deps.redactor,
      settings: () => this.deps.settings.get(),
      describeAccounts: this.deps.describeAccounts,
      now: this.deps.now,
    };
  }

  private applyHotFolder(setting: string): void {
    const folder = setting.trim();
    if ((this.hotFolder?.folder ?? '') === folder) return;
    this.hotFolder?.stop();
    this.hotFolder = null;
    if (!folder) {
      this.deps.logger.info('hot folder off');
      return;
    }
    let hadProblem = false;
    const watcher = new HotFolderWatcher({
      folder,
      logger: this.deps.logger,
      onFile: (file) => this.handoff.offer([file], 'hot-folder'),
      onProblem: (message) => {
        if (this.hotFolder !== watcher) return;
        if (message) this.notice('warning', message);
        else if (hadProblem) this.notice('info', `The hot folder "${folder}" is available again.`);
        hadProblem = message !== null;
      },
      ...(this.deps.hotFolderClock ? { clock: this.deps.hotFolderClock } : {}),
      ...(this.deps.watchFolder ? { watch: this.deps.watchFolder } : {}),
    });
    this.hotFolder = watcher;
    this.deps.logger.info('hot folder on', { folder });
    watcher.start();
  }

  private notice(level: 'info' | 'warning' | 'error', message: string): void {
    this.deps.events.emit('app:notice', { level, message, at: this.deps.now().toISOString() });
  }
}
