/**
 * Runs the shipped app under the Electron model: the built out/main loaded from the staged app.asar
 * (asar-app-loader.ts) with `require('electron')` answered by the model (electron-main.ts), the ready
 * event, and the controls a test needs (pages, tray, notifications, prints, a launch at login).
 *
 * A Lab is one "computer": a home folder, the staged app, the login items and single-instance locks
 * that launches share. Every launch is a fresh module registry (a new process, as far as the app can tell).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AsarAppLoader, AsarArchive } from './asar-app-loader';
import { ElectronModel, ModelMachine, type ModelPlatform } from './electron-main';
import type { ModelPage } from './page';

export interface LaunchSpec {
  platform?: ModelPlatform;
  /** app.isPackaged (default true: the app as installed). */
  packaged?: boolean;
  /** Arguments after the executable. */
  argv?: string[];
  cwd?: string;
  /** Extra environment (HOME, XDG_CONFIG_HOME, PATH and the D-Bus address are always set). */
  env?: Record<string, string>;
  /** macOS: the login item started the app. */
  openedAtLogin?: boolean;
}

const EXECUTABLES: Record<ModelPlatform, string> = {
  linux: '/opt/Faxdesk/faxdesk',
  win32: '/opt/Faxdesk/Faxdesk.exe',
  darwin: '/Applications/Faxdesk.app/Contents/MacOS/Faxdesk',
};

/** Polls `check` until it returns something truthy; fails with `what` after `timeoutMs`. */
export async function until<T>(what: string, check: () => T | Promise<T>, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export class Lab {
  readonly machine = new ModelMachine();
  readonly home: string;
  readonly archive: AsarArchive;
  private readonly running = new Set<RunningApp>();
  private readonly forward = (kind: 'unhandledRejection' | 'uncaughtException') => (error: unknown) => {
    for (const app of this.running) if (app.model.running) app.model.crash(kind, error);
  };
  private readonly onRejection = this.forward('unhandledRejection');
  private readonly onException = this.forward('uncaughtException');

  constructor(readonly resourcesDir: string) {
    this.home = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-lab-'));
    this.archive = new AsarArchive(path.join(resourcesDir, 'app.asar'));
    // The app's process listens for these (its crash handler): what escapes it is reported to it.
    process.on('unhandledRejection', this.onRejection);
    process.on('uncaughtException', this.onException);
  }

  /** Starts the app as a person (or the OS) would: the main script, then `ready`. */
  async launch(spec: LaunchSpec = {}): Promise<RunningApp> {
    const platform = spec.platform ?? 'linux';
    const env: Record<string, string> = {
      HOME: this.home,
      XDG_CONFIG_HOME: path.join(this.home, '.config'),
      PATH: process.env['PATH'] ?? '',
      ...(process.env['DBUS_SESSION_BUS_ADDRESS'] ? { DBUS_SESSION_BUS_ADDRESS: process.env['DBUS_SESSION_BUS_ADDRESS'] } : {}),
      ...spec.env,
    };
    const model = new ElectronModel({
      machine: this.machine,
      archive: this.archive,
      platform,
      packaged: spec.packaged ?? true,
      execPath: EXECUTABLES[platform],
      argv: spec.argv ?? [],
      cwd: spec.cwd ?? this.home,
      env,
      homeDir: this.home,
      openedAtLogin: spec.openedAtLogin ?? false,
    });
    const app = new RunningApp(model);
    this.running.add(app);
    void model.exited().then(() => this.running.delete(app));
    const loader = new AsarAppLoader({ archive: this.archive, rules: model.rules, electron: model.electron, appProcess: model.process });
    // Electron runs package.json's "main" from app.asar.
    const pkg = JSON.parse(this.archive.read('package.json').toString('utf8')) as { main: string };
    loader.loadMain(path.join(this.archive.file, pkg.main));
    await new Promise((resolve) => setImmediate(resolve));
    if (model.state === 'starting' && !model.isQuitting) model.emitReady();
    return app;
  }

  /**
   * Starts the app as the system does at login, from what the app registered: Linux runs the Exec line
   * of the XDG autostart entry; Windows the registered arguments; macOS starts it with no arguments and
   * says so in getLoginItemSettings().wasOpenedAtLogin.
   */
  async launchAtLogin(spec: LaunchSpec = {}): Promise<RunningApp> {
    const platform = spec.platform ?? 'linux';
    if (platform === 'linux') {
      const entry = path.join(this.home, '.config', 'autostart', 'faxdesk.desktop');
      if (!fs.existsSync(entry)) throw new Error('Faxdesk registered no XDG autostart entry');
      const exec = /^Exec=(.*)$/m.exec(fs.readFileSync(entry, 'utf8'))?.[1] ?? '';
      const args = exec.split(' ').slice(1);
      return this.launch({ ...spec, argv: args });
    }
    const item = this.machine.loginItems.get(EXECUTABLES[platform]);
    if (!item?.openAtLogin) throw new Error(`Faxdesk registered no login item on ${platform}`);
    return this.launch({ ...spec, argv: platform === 'win32' ? item.args : [], openedAtLogin: platform === 'darwin' });
  }

  async close(): Promise<void> {
    for (const app of [...this.running]) await app.stop().catch(() => undefined);
    process.off('unhandledRejection', this.onRejection);
    process.off('uncaughtException', this.onException);
    this.archive.close();
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}

export class RunningApp {
  constructor(readonly model: ElectronModel) {}

  /** The visible or hidden main window (the first not destroyed), if any. */
  get mainWindow() {
    return this.model.windows.find((w) => !w.isDestroyed() && w.webContents.webPreferences['preload']) ?? null;
  }

  get tray() {
    const tray = this.model.trays.find((t) => !t.isDestroyed());
    if (!tray) throw new Error('Electron model: the app has no tray');
    return tray;
  }

  /** The main window's page once it has loaded (window.faxdesk ready). */
  async page(): Promise<ModelPage> {
    return until('the main window to load its page', () => {
      const window = this.mainWindow;
      return window && !window.webContents.isLoading() ? window.webContents.page : null;
    });
  }

  /** The next print the app started and nobody answered yet. */
  nextPrint() {
    return until('a print to start', () => this.model.prints.find((p) => !p.settled));
  }

  /** Quits as a person would (File > Quit) and waits until the process ended. */
  async quit(): Promise<void> {
    this.model.quit();
    await this.model.exited();
  }

  /** Ends the app if still running (test clean-up); waits for it. */
  async stop(): Promise<void> {
    if (!this.model.running) return;
    this.model.quit();
    await Promise.race([this.model.exited(), new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
}
