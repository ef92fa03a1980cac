/**
 * The desktop around the window: the tray, close-to-tray, start at login, and documents arriving
 * from outside (argv, a second launch, macOS open-file) handed to the core's Compose hand-off.
 * Electron glue only; the decisions are in src/main/desktop/ (tray-model, launch-args, autostart).
 */
import { app, dialog, shell, type BrowserWindow } from 'electron';
import type { NavTarget } from '../../shared/domain/navigation';
import type { Settings } from '../../shared/domain/settings';
import type { Core } from '../core';
import { pageOf, type MenuCommand } from '../desktop/app-menu';
import { linuxExecutable, loginItemCalls, setLinuxAutostart, startsHidden } from '../desktop/autostart';
import type { HandoffSource } from '../desktop/compose-handoff';
import { acceptFiles, parseLaunchArgs, secondInstanceLaunch, SUPPORTED_EXTENSIONS, type LaunchFiles } from '../desktop/launch-args';
import { closeAction, findSyncControl, quitWhenAllWindowsClosed, UnreadSignal } from '../desktop/tray-model';
import type { Logger } from '../platform/logger';
import type { Badge } from '../platform/ports';
import { createTray, type FaxdeskTray } from './tray';

export interface DesktopShellOptions {
  logger: Logger;
  /** resources/ (tray images). */
  iconDir: string;
  /** The log folder ("Open Log Folder" in the Help menu). */
  logDir: string;
  createWindow: () => BrowserWindow;
}

export class DesktopShell {
  readonly unread = new UnreadSignal();
  private window: BrowserWindow | null = null;
  private core: Core | null = null;
  private tray: FaxdeskTray | null = null;
  private quitting = false;
  private closeToTray = true;
  /** The person closed the main window (not hidden to the tray): see quitWhenAllWindowsClosed. */
  private mainWindowClosed = false;
  private startAtLogin: boolean | null = null;
  /** Documents that arrived before the core was ready (macOS open-file fires before `ready`). */
  private early: { launch: LaunchFiles; source: HandoffSource }[] = [];

  constructor(private readonly options: DesktopShellOptions) {}

  get mainWindow(): BrowserWindow | null {
    return this.window && !this.window.isDestroyed() ? this.window : null;
  }

  /** Shows the window (creating it if needed), restored and focused. */
  openWindow(): BrowserWindow {
    const existing = this.mainWindow;
    if (existing) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return existing;
    }
    const window = this.options.createWindow();
    this.mainWindowClosed = false;
    window.on('close', (event) => {
      if (closeAction({ closeToTray: this.closeToTray, quitting: this.quitting, hasTray: !!this.tray }) === 'hide') {
        event.preventDefault();
        window.hide();
      }
    });
    window.on('closed', () => {
      if (this.window !== window) return;
      this.window = null;
      this.mainWindowClosed = true;
    });
    this.window = window;
    return window;
  }

  /** Shows the window and opens `target` (a notification click). */
  reveal(target?: NavTarget): void {
    const window = this.openWindow();
    if (!target) return;
    const navigate = () => this.core?.events.emit('ui:navigate', target);
    // A window just created has no page listening yet: navigate once it has loaded.
    if (window.webContents.isLoading()) window.webContents.once('did-finish-load', navigate);
    else navigate();
  }

  /** The badge port: the dock/launcher badge, and the tray's unread count. */
  badge(inner: Badge): Badge {
    return {
      setCount: (count) => {
        inner.setCount(count);
        this.unread.set(count);
      },
    };
  }

  /** After the core started: window (unless started hidden at login), tray, settings, documents from argv. */
  async attach(core: Core, argv: readonly string[], cwd: string): Promise<void> {
    this.core = core;
    const { values } = await core.handlers['settings:get']();
    this.applySettings(values);
    core.events.subscribe((name, payload) => {
      if (name === 'settings:changed') this.applySettings((payload as { values: Settings }).values);
      // Documents for Compose (argv, a second launch, the hot folder): bring the window up.
      if (name === 'compose:open') this.openWindow();
    });
    this.tray = createTray({
      iconDir: this.options.iconDir,
      sync: findSyncControl(core),
      unread: this.unread,
      onOpen: () => this.openWindow(),
      onCompose: () => this.reveal({ page: 'compose' }),
      onQuit: () => app.quit(),
      logger: this.options.logger,
    });
    const platform = process.platform;
    // macOS starts a login item without arguments; it says so through wasOpenedAtLogin instead.
    const wasOpenedAtLogin = platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin;
    if (!startsHidden({ platform, argv, wasOpenedAtLogin, hasTray: !!this.tray })) this.openWindow();
    core.desktop.handOver(parseLaunchArgs(argv, { cwd, defaultApp: !!process.defaultApp }), 'command-line');
    for (const { launch, source } of this.early.splice(0)) core.desktop.handOver(launch, source);
  }

  /** `second-instance`: someone launched Faxdesk again, maybe with documents. */
  secondInstance(argv: readonly string[], workingDirectory: string, additionalData: unknown): void {
    const launch = secondInstanceLaunch(additionalData, argv, workingDirectory);
    const files = parseLaunchArgs(launch.argv, { cwd: launch.cwd, defaultApp: !!process.defaultApp });
    if (!this.core) {
      this.early.push({ launch: files, source: 'second-instance' });
      return;
    }
    this.openWindow();
    this.core.desktop.handOver(files, 'second-instance');
  }

  /** macOS `open-file` (Finder, dock, "Open with"): may fire before the app is ready. */
  openFile(file: string): void {
    const launch = acceptFiles([file], { cwd: '/' });
    if (!this.core) this.early.push({ launch, source: 'open-file' });
    else this.core.desktop.handOver(launch, 'open-file');
  }

  /** `window-all-closed` fired: whether Faxdesk should quit now. */
  shouldQuitWhenAllWindowsClosed(): boolean {
    return quitWhenAllWindowsClosed({ platform: process.platform, hasTray: !!this.tray, closeToTray: this.closeToTray, mainWindowClosed: this.mainWindowClosed });
  }

  /** A command from the application menu. */
  runMenuCommand(command: MenuCommand): void {
    const page = pageOf(command);
    if (page) return this.reveal({ page });
    if (command === 'open-documents') return void this.openDocuments();
    if (command === 'open-log-folder') {
      void shell.openPath(this.options.logDir).then((problem) => {
        if (problem) this.notice('warning', `The log folder could not be opened: ${problem}`);
      });
      return;
    }
    if (command === 'export-diagnostics') {
      try {
        const bundle = this.core?.desktop.exportDiagnostics();
        if (bundle) shell.showItemInFolder(bundle.file);
      } catch (error) {
        this.options.logger.warn('diagnostics export failed', { error: String(error) });
        this.notice('error', `The diagnostics could not be exported: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  /** File > Open Documents…: the system's Open dialog, then Compose with what was chosen. */
  private async openDocuments(): Promise<void> {
    const options = {
      title: 'Open documents to fax',
      filters: [{ name: 'Documents Faxdesk can send', extensions: [...SUPPORTED_EXTENSIONS] }],
      properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[],
    };
    try {
      const parent = this.mainWindow;
      const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
      if (result.canceled || !result.filePaths.length) return;
      const launch = acceptFiles(result.filePaths, { cwd: '/' });
      if (this.core) {
        this.openWindow();
        this.core.desktop.handOver(launch, 'menu');
      }
    } catch (error) {
      this.options.logger.warn('open dialog failed', { error: String(error) });
    }
  }

  markQuitting(): void {
    this.quitting = true;
  }

  destroy(): void {
    this.tray?.destroy();
    this.tray = null;
  }

  private applySettings(values: Settings): void {
    this.closeToTray = values.closeToTray;
    if (values.startAtLogin === this.startAtLogin) return;
    this.startAtLogin = values.startAtLogin;
    if (!app.isPackaged) return; // a development build must not register the bare Electron binary at login
    try {
      const calls = loginItemCalls(process.platform, values.startAtLogin);
      if (!calls) setLinuxAutostart(values.startAtLogin, { executable: linuxExecutable() });
      else if (app.getLoginItemSettings(calls.query).openAtLogin !== values.startAtLogin) app.setLoginItemSettings(calls.set);
    } catch (error) {
      this.options.logger.warn('could not change start at login', { error: String(error) });
      this.notice('warning', `Faxdesk could not ${values.startAtLogin ? 'set itself to start' : 'stop starting'} at login: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private notice(level: 'warning' | 'error', message: string): void {
    this.core?.events.emit('app:notice', { level, message, at: new Date().toISOString() });
  }
}
