/**
 * The desktop around the window: the tray, close-to-tray, start at login, and documents arriving
 * from outside (argv, a second launch, macOS open-file) handed to the core's Compose hand-off.
 * Electron glue only; the decisions are in src/main/desktop/ (tray-model, launch-args, autostart).
 */
import { app, type BrowserWindow } from 'electron';
import type { NavTarget } from '../../shared/domain/navigation';
import type { Settings } from '../../shared/domain/settings';
import type { Core } from '../core';
import { START_HIDDEN_SWITCH } from '../desktop/app-identity';
import { linuxExecutable, setLinuxAutostart } from '../desktop/autostart';
import type { HandoffSource } from '../desktop/compose-handoff';
import { acceptFiles, parseLaunchArgs, secondInstanceLaunch, type LaunchFiles } from '../desktop/launch-args';
import { closeAction, findSyncControl, UnreadSignal } from '../desktop/tray-model';
import type { Logger } from '../platform/logger';
import type { Badge } from '../platform/ports';
import { createTray, type FaxdeskTray } from './tray';

export interface DesktopShellOptions {
  logger: Logger;
  /** resources/ (tray images). */
  iconDir: string;
  createWindow: () => BrowserWindow;
}

export class DesktopShell {
  readonly unread = new UnreadSignal();
  private window: BrowserWindow | null = null;
  private core: Core | null = null;
  private tray: FaxdeskTray | null = null;
  private quitting = false;
  private closeToTray = true;
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
    window.on('close', (event) => {
      if (closeAction({ closeToTray: this.closeToTray, quitting: this.quitting, hasTray: !!this.tray }) === 'hide') {
        event.preventDefault();
        window.hide();
      }
    });
    window.on('closed', () => {
      if (this.window === window) this.window = null;
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
    const startHidden = argv.includes(START_HIDDEN_SWITCH) && !!this.tray;
    if (!startHidden) this.openWindow();
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
      if (process.platform === 'linux') setLinuxAutostart(values.startAtLogin, { executable: linuxExecutable() });
      else if (app.getLoginItemSettings().openAtLogin !== values.startAtLogin) {
        app.setLoginItemSettings({ openAtLogin: values.startAtLogin, args: [START_HIDDEN_SWITCH] });
      }
    } catch (error) {
      this.options.logger.warn('could not change start at login', { error: String(error) });
      this.core?.events.emit('app:notice', {
        level: 'warning',
        message: `Faxdesk could not ${values.startAtLogin ? 'set itself to start' : 'stop starting'} at login: ${error instanceof Error ? error.message : String(error)}`,
        at: new Date().toISOString(),
      });
    }
  }
}
