/**
 * A recording model of Electron 45's main-process API, as much of it as Faxdesk uses: what the built
 * out/main gets from `require('electron')` when test/electron-model/launch.ts runs it from app.asar.
 *
 * It records every call (`model.calls`) and enforces Electron's documented rules. Each rule cites its
 * source (Electron's docs, https://www.electronjs.org/docs/latest/api/…, or an electron/electron issue);
 * where the docs are silent the model takes the STRICTER reading (refuses) and says "stricter reading".
 * A refusal is thrown (or rejected) as Electron would and also recorded in `model.rules.broken`, so a test
 * can assert that the app broke no rule even where it caught the error.
 *
 * Anything the app uses that is not modelled throws "not modelled" instead of passing silently.
 */
/* eslint-disable @typescript-eslint/no-this-alias -- Electron's modules are plain objects here, whose getters need the model */
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AsarArchive } from './asar-app-loader';
import { ipcClone } from './clone';
import { NetFetchRuleError, netFetchViolation, recordViolation } from './net-fetch-rules';
import { ModelPage } from './page';
import { DOCS, ModelRules } from './rules';

export type ModelPlatform = 'linux' | 'darwin' | 'win32';

/** What outlives one launch: the single-instance locks and the login items of "this computer". */
export class ModelMachine {
  /** userData folder → the running instance holding its lock (Chromium's ProcessSingleton lives in userData). */
  readonly locks = new Map<string, ElectronModel>();
  /** Login items by executable (macOS and Windows; Linux uses XDG autostart files). */
  readonly loginItems = new Map<string, { openAtLogin: boolean; args: string[] }>();
}

export interface ElectronModelOptions {
  machine: ModelMachine;
  archive: AsarArchive;
  platform: ModelPlatform;
  packaged: boolean;
  /** The executable's path (process.execPath). */
  execPath: string;
  /** Arguments after the executable (an unpackaged run would also have the app path). */
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  /** app.getPath('appData'), 'home', 'temp'… live under here. */
  homeDir: string;
  /** macOS: launched by the login item (getLoginItemSettings().wasOpenedAtLogin). */
  openedAtLogin: boolean;
}

class ModelEvent {
  defaultPrevented = false;
  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

type Listener = (...args: unknown[]) => void;

const ready = (rule: string, source: string) => ({ rule: `not-ready:${rule}`, source });

/**
 * Per launch: the whole Electron main process as the app sees it. `electron` is the module object;
 * the other members are the test's controls and records.
 */
export class ElectronModel {
  readonly rules = new ModelRules();
  readonly calls: { api: string; detail?: unknown }[] = [];
  readonly electron: Record<string, unknown>;
  readonly appEmitter = new EventEmitter();
  readonly windows: ModelBrowserWindow[] = [];
  readonly trays: ModelTray[] = [];
  readonly prints: ModelPrintJob[] = [];
  readonly toasts: { id: number; title: string; body: string; ref: WeakRef<ModelNotification>; clicked: boolean }[] = [];
  readonly errorBoxes: { title: string; content: string }[] = [];
  readonly openedExternally: string[] = [];
  readonly unhandledRejections: unknown[] = [];
  readonly protocolHandlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  readonly privilegedSchemes: unknown[] = [];
  readonly ipcHandlers = new Map<string, Listener>();
  readonly paths = new Map<string, string>();
  appMenu: ModelMenu | null = null;
  /** The menu Electron shows when the app sets none by the time it is ready. */
  defaultMenuShown = false;
  aboutPanel: unknown = null;
  state: 'starting' | 'ready' | 'quitting' | 'exited' = 'starting';
  exitCode: number | null = null;
  /** What the next shell.openExternal does. */
  openExternalFails: string | null = null;
  /** What the next dialog.showOpenDialog answers. */
  nextOpenDialog: string[] | null = null;
  /** Makes the next loadURL fail with this Chromium error (e.g. "ERR_ABORTED (-3)"). */
  failNextLoad: string | null = null;
  /** The next invoke arrives with senderFrame null (its frame navigated or was destroyed meanwhile). */
  nextInvokeFrameGone = false;
  powerMonitor = new EventEmitter();
  private readyResolve!: () => void;
  private readonly readyPromise = new Promise<void>((resolve) => (this.readyResolve = resolve));
  private readonly exitWaiters: (() => void)[] = [];
  private readonly exitHooks: (() => void)[] = [];
  private readonly crashListeners = new Map<string, Set<Listener>>();
  private quittingInProgress = false;
  private registeredSchemes = false;
  private nextWebContentsId = 1;
  private nextProcessId = 4;
  private name: string;
  private readonly version: string;
  readonly process: NodeJS.Process;

  constructor(readonly options: ElectronModelOptions) {
    const pkg = JSON.parse(options.archive.read('package.json').toString('utf8')) as { name: string; productName?: string; version: string };
    // app.getName(): package.json productName, preferred over name (https://www.electronjs.org/docs/latest/api/app#appgetname).
    this.name = pkg.productName ?? pkg.name;
    this.version = pkg.version;
    const appData = options.platform === 'darwin' ? path.join(options.homeDir, 'Library', 'Application Support') : options.platform === 'win32' ? path.join(options.homeDir, 'AppData', 'Roaming') : path.join(options.homeDir, '.config');
    this.paths.set('home', options.homeDir);
    this.paths.set('appData', appData);
    this.paths.set('temp', path.join(options.homeDir, 'tmp'));
    this.paths.set('exe', options.execPath);
    this.paths.set('documents', path.join(options.homeDir, 'Documents'));
    this.paths.set('downloads', path.join(options.homeDir, 'Downloads'));
    this.paths.set('desktop', path.join(options.homeDir, 'Desktop'));
    this.process = this.makeProcess();
    this.electron = this.makeModule();
  }

  // ------------------------------------------------------------------------------------------
  // Lifecycle, driven by the launcher and the test

  /** Electron emits `ready` once the main script has run and the browser process is up. */
  emitReady(): void {
    if (this.state !== 'starting') return;
    this.state = 'ready';
    // Electron sets its default application menu (whose Help links to electronjs.org) when the app has
    // set none (lib/browser/default-menu.ts); the app may replace it afterwards.
    if (!this.appMenu) this.defaultMenuShown = true;
    this.readyResolve();
    this.appEmitter.emit('ready', new ModelEvent(), {});
  }

  get isReady(): boolean {
    return this.state !== 'starting';
  }

  /** app.quit() is under way (before-quit passed). */
  get isQuitting(): boolean {
    return this.quittingInProgress;
  }

  get running(): boolean {
    return this.state !== 'exited';
  }

  /** Resolves when the app has exited (quit or app.exit). */
  exited(): Promise<void> {
    if (this.state === 'exited') return Promise.resolve();
    return new Promise((resolve) => this.exitWaiters.push(resolve));
  }

  /** Runs `hook` at the moment the process ends (what a test checks there, before anything else runs). */
  onExit(hook: () => void): void {
    this.exitHooks.push(hook);
  }

  /** An unhandled rejection or uncaught exception of the app, as the process would report it. */
  crash(kind: 'unhandledRejection' | 'uncaughtException', error: unknown): void {
    if (kind === 'unhandledRejection') this.unhandledRejections.push(error);
    for (const listener of [...(this.crashListeners.get(kind) ?? [])]) listener(error, kind === 'unhandledRejection' ? Promise.resolve() : 'uncaughtException');
  }

  /** The page of the main window (or of window `index`), once it has loaded. */
  page(index = 0): ModelPage {
    const window = this.windows.filter((w) => !w.isDestroyed())[index];
    const page = window?.webContents.page;
    if (!page) throw new Error(`Electron model: no loaded page in window ${index} (windows: ${this.windows.length})`);
    return page;
  }

  /** Runs a garbage collection in this process (V8's gc), twice, between tasks. */
  async gc(): Promise<void> {
    v8.setFlagsFromString('--expose_gc');
    const gc = vm.runInNewContext('gc') as () => void;
    for (let i = 0; i < 2; i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** A click on a desktop notification: nothing happens when its Notification object was collected. */
  clickToast(id: number): boolean {
    const toast = this.toasts.find((t) => t.id === id);
    const notification = toast?.ref.deref();
    if (!toast || !notification) return false;
    toast.clicked = true;
    notification.emit('click', new ModelEvent());
    return true;
  }

  /** macOS `open-file` (Finder, "Open with", the dock). */
  openFile(file: string): void {
    const event = new ModelEvent();
    this.appEmitter.emit('open-file', event, file);
    // https://www.electronjs.org/docs/latest/api/app#event-open-file-macos: "You should call event.preventDefault() if you want to handle this event."
    if (!event.defaultPrevented) this.rules.note('open-file-not-handled', `${DOCS}/api/app#event-open-file-macos`, 'open-file was not handled (event.preventDefault() not called)');
  }

  /** A click on the dock icon (macOS `activate`). */
  activate(): void {
    this.appEmitter.emit('activate', new ModelEvent(), this.windows.some((w) => w.visible));
  }

  // ------------------------------------------------------------------------------------------

  record(api: string, detail?: unknown): void {
    this.calls.push({ api, ...(detail === undefined ? {} : { detail }) });
  }

  /** Throws Electron's error for an API that needs `app` ready, with its source. */
  requireReady(rule: string, source: string, message: string): void {
    if (this.isReady) return;
    throw this.rules.refuse(ready(rule, source).rule, source, message);
  }

  private makeProcess(): NodeJS.Process {
    const options = this.options;
    const argv = [options.execPath, ...(options.packaged ? [] : [options.archive.file]), ...options.argv];
    const versions = { ...process.versions, electron: '45.4.1', chrome: '140.0.7339.249' };
    const bound = new Map<PropertyKey, unknown>();
    const model = this;
    const crash = (kind: string, listener: Listener, add: boolean) => {
      let set = model.crashListeners.get(kind);
      if (!set) model.crashListeners.set(kind, (set = new Set()));
      if (add) set.add(listener);
      else set.delete(listener);
    };
    const onOff = (add: boolean) =>
      function (this: unknown, event: string, listener: Listener) {
        if (event === 'uncaughtException' || event === 'unhandledRejection') crash(event, listener, add);
        else if (add) process.on(event as 'exit', listener);
        else process.off(event as 'exit', listener);
        return proxy;
      };
    const overrides: Record<PropertyKey, unknown> = {
      platform: options.platform,
      argv,
      env: options.env,
      execPath: options.execPath,
      defaultApp: options.packaged ? undefined : true,
      resourcesPath: path.dirname(options.archive.file),
      type: 'browser',
      versions,
      cwd: () => options.cwd,
      on: onOff(true),
      addListener: onOff(true),
      once: onOff(true),
      off: onOff(false),
      removeListener: onOff(false),
      exit: (code?: number) => {
        // Electron's main: process.exit ends the app at once (no before-quit).
        model.record('process.exit', code);
        model.finishExit(code ?? 0);
      },
    };
    const proxy: NodeJS.Process = new Proxy(process, {
      get(target, key) {
        if (Object.prototype.hasOwnProperty.call(overrides, key)) return overrides[key];
        const value = Reflect.get(target, key, target) as unknown;
        if (typeof value !== 'function') return value;
        let fn = bound.get(key);
        if (!fn) bound.set(key, (fn = Object.assign((value as (...a: unknown[]) => unknown).bind(target), value)));
        return fn;
      },
    });
    return proxy;
  }

  private finishExit(code: number): void {
    if (this.state === 'exited') return;
    this.state = 'exited';
    this.exitCode = code;
    for (const [dir, owner] of this.options.machine.locks) if (owner === this) this.options.machine.locks.delete(dir);
    for (const window of [...this.windows]) window.forceGone();
    for (const hook of this.exitHooks.splice(0)) hook();
    for (const resolve of this.exitWaiters.splice(0)) resolve();
  }

  /** Electron's window-all-closed: emitted when the last window goes, unless quitting (app#event-window-all-closed). */
  windowGone(window: ModelBrowserWindow): void {
    const index = this.windows.indexOf(window);
    if (index >= 0) this.windows.splice(index, 1);
    if (this.windows.length > 0 || this.quittingInProgress || this.state === 'exited') return;
    // "If you do not subscribe to this event and all windows are closed, the default behavior is to quit
    // the app; however, if you subscribe, you control whether the app quits or not."
    if (this.appEmitter.listenerCount('window-all-closed') === 0) this.quit();
    else this.appEmitter.emit('window-all-closed', new ModelEvent());
  }

  /**
   * app.quit() (https://www.electronjs.org/docs/latest/api/app#appquit): before-quit first (preventable);
   * then every window is closed (a window's prevented `close` cancels the quit); then will-quit
   * (preventable), quit, and the process ends. Electron closes the windows through its message loop, a
   * few tasks later; the model does it all at once (stricter reading): whatever the app left running
   * after an unprevented before-quit does not get to finish, as it is not promised to in Electron.
   */
  quit(): void {
    this.record('app.quit');
    if (this.state === 'exited' || this.quittingInProgress) return;
    const before = new ModelEvent();
    this.appEmitter.emit('before-quit', before);
    if (before.defaultPrevented) return;
    this.quittingInProgress = true;
    for (const window of [...this.windows]) {
      if (!window.closeForQuit()) {
        this.quittingInProgress = false;
        return;
      }
    }
    const willQuit = new ModelEvent();
    this.appEmitter.emit('will-quit', willQuit);
    if (willQuit.defaultPrevented) {
      this.quittingInProgress = false;
      return;
    }
    this.appEmitter.emit('quit', new ModelEvent(), 0);
    this.finishExit(0);
  }

  private makeModule(): Record<string, unknown> {
    const model = this;
    const module: Record<string, unknown> = {
      app: this.makeApp(),
      BrowserWindow: makeBrowserWindowClass(this),
      ipcMain: this.makeIpcMain(),
      net: this.makeNet(),
      protocol: this.makeProtocol(),
      Notification: makeNotificationClass(this),
      Tray: makeTrayClass(this),
      Menu: makeMenuClass(this),
      nativeImage: { createFromPath: (file: string) => new ModelNativeImage(this, file) },
      dialog: this.makeDialog(),
      shell: this.makeShell(),
      powerMonitor: new Proxy(this.powerMonitor, {
        get(target, key) {
          // "This module cannot be used until the ready event of the app module is emitted." (docs/api/power-monitor, Electron ≤ 28; stricter reading since)
          if (key === 'on' || key === 'once' || key === 'addListener') model.requireReady('powerMonitor', `${DOCS}/api/power-monitor (stricter reading)`, 'powerMonitor cannot be used before the app is ready');
          const value = Reflect.get(target, key, target) as unknown;
          return typeof value === 'function' ? (value as Listener).bind(target) : value;
        },
      }),
      session: {
        get defaultSession() {
          // Electron throws "Session can only be received when app is ready".
          model.requireReady('session', `${DOCS}/api/session#sessiondefaultsession`, 'Session can only be received when app is ready');
          return model.defaultSession;
        },
      },
    };
    return new Proxy(module, {
      get(target, key) {
        if (typeof key !== 'string' || key in target) return target[key as string];
        // Keys that inspectors probe (test matchers, printers), not API use.
        if (key === '__esModule' || key === 'default' || key === 'then' || key.startsWith('$$') || key === 'asymmetricMatch' || key === 'toJSON' || key === 'nodeType') return undefined;
        throw model.rules.refuse(`not-modelled:${key}`, 'model', `electron.${key} is not modelled: add it to test/electron-model with its rules`);
      },
    });
  }

  readonly defaultSession = {
    setPermissionRequestHandler: (handler: unknown) => this.record('session.setPermissionRequestHandler', typeof handler),
    setPermissionCheckHandler: (handler: unknown) => this.record('session.setPermissionCheckHandler', typeof handler),
  };

  private makeApp(): object {
    const model = this;
    const options = this.options;
    const emitter = this.appEmitter;
    const app: Record<string, unknown> = {
      on: (event: string, listener: Listener) => (emitter.on(event, listener), app),
      once: (event: string, listener: Listener) => (emitter.once(event, listener), app),
      off: (event: string, listener: Listener) => (emitter.off(event, listener), app),
      removeListener: (event: string, listener: Listener) => (emitter.off(event, listener), app),
      emit: (event: string, ...args: unknown[]) => emitter.emit(event, ...args),
      listenerCount: (event: string) => emitter.listenerCount(event),
      isReady: () => model.isReady,
      whenReady: () => model.readyPromise,
      get isPackaged() {
        return options.packaged;
      },
      getName: () => model.name,
      setName: (name: string) => void (model.name = name),
      get name() {
        return model.name;
      },
      getVersion: () => model.version,
      getAppPath: () => options.archive.file,
      getLocale: () => 'en-US',
      getPath: (name: string) => model.getPath(name),
      setPath: (name: string, value: string) => {
        model.record('app.setPath', { name, value });
        // "If the path specifies a directory that does not exist, an Error is thrown." (app#appsetpathname-path)
        if (!path.isAbsolute(value) || !fs.existsSync(value)) throw model.rules.refuse('app.setPath-missing', `${DOCS}/api/app#appsetpathname-path`, `app.setPath('${name}'): the directory ${value} does not exist`);
        // "…override the sessionData path before the ready event" (same page); userData too (stricter reading: sessionData follows it).
        if (model.isReady && (name === 'userData' || name === 'sessionData')) throw model.rules.refuse('app.setPath-after-ready', `${DOCS}/api/app#appsetpathname-path`, `app.setPath('${name}') after ready`);
        model.paths.set(name, value);
      },
      requestSingleInstanceLock: (additionalData?: unknown) => {
        const data = additionalData === undefined ? undefined : ipcClone(additionalData, 'requestSingleInstanceLock additionalData');
        const userData = model.getPath('userData');
        const owner = options.machine.locks.get(userData);
        model.record('app.requestSingleInstanceLock', { userData, data });
        if (owner && owner !== model && owner.running) {
          // The first instance gets `second-instance` (event, argv, workingDirectory, additionalData) (app#event-second-instance).
          setImmediate(() => owner.appEmitter.emit('second-instance', new ModelEvent(), [...model.process.argv], options.cwd, data));
          return false;
        }
        options.machine.locks.set(userData, model);
        return true;
      },
      hasSingleInstanceLock: () => [...options.machine.locks.values()].includes(model),
      releaseSingleInstanceLock: () => {
        for (const [dir, owner] of options.machine.locks) if (owner === model) options.machine.locks.delete(dir);
      },
      quit: () => model.quit(),
      exit: (code = 0) => {
        // "All windows will be closed immediately without asking the user, and the before-quit and will-quit events will not be emitted."
        model.record('app.exit', code);
        model.finishExit(code);
      },
      focus: () => model.record('app.focus'),
      setBadgeCount: (count?: number) => {
        model.requireReady('app.setBadgeCount', `${DOCS}/api/app#appsetbadgecountcount-linux-macos (stricter reading)`, 'app.setBadgeCount before ready');
        model.record('app.setBadgeCount', count);
        // Linux and macOS only; Windows reports it could not (returns false).
        return options.platform !== 'win32';
      },
      setAboutPanelOptions: (panel: unknown) => {
        model.record('app.setAboutPanelOptions', panel);
        model.aboutPanel = panel;
      },
      getLoginItemSettings: (query: { args?: string[] } = {}) => {
        // macOS and Windows only (app#appgetloginitemsettingsoptions-macos-windows): stricter reading, refused on Linux.
        if (options.platform === 'linux') throw model.rules.refuse('login-items-linux', `${DOCS}/api/app#appgetloginitemsettingsoptions-macos-windows (stricter reading)`, 'app.getLoginItemSettings is not available on Linux');
        const item = options.machine.loginItems.get(options.execPath);
        if (options.platform === 'win32') {
          // Windows compares the registered arguments: "args - The command-line arguments to compare against. Defaults to an empty array."
          const wanted = query.args ?? [];
          const same = !!item && item.args.length === wanted.length && item.args.every((a, i) => a === wanted[i]);
          return { openAtLogin: !!item?.openAtLogin && same, executableWillLaunchAtLogin: !!item?.openAtLogin, launchItems: [] };
        }
        // wasOpenedAtLogin is macOS-only.
        return { openAtLogin: !!item?.openAtLogin, wasOpenedAtLogin: options.openedAtLogin, status: item?.openAtLogin ? 'enabled' : 'not-registered' };
      },
      setLoginItemSettings: (settings: { openAtLogin?: boolean; args?: string[] }) => {
        model.requireReady('app.setLoginItemSettings', `${DOCS}/api/app#appsetloginitemsettingssettings-macos-windows (stricter reading)`, 'app.setLoginItemSettings before ready');
        if (options.platform === 'linux') throw model.rules.refuse('login-items-linux', `${DOCS}/api/app#appsetloginitemsettingssettings-macos-windows (stricter reading)`, 'app.setLoginItemSettings is not available on Linux');
        model.record('app.setLoginItemSettings', settings);
        // `args` is Windows-only: macOS starts a login item without arguments.
        const args = options.platform === 'win32' ? [...(settings.args ?? [])] : [];
        if (options.platform !== 'win32' && settings.args?.length) model.rules.note('login-item-args-ignored', `${DOCS}/api/app#appsetloginitemsettingssettings-macos-windows`, `args ${JSON.stringify(settings.args)} are ignored on ${options.platform} (Windows only)`);
        options.machine.loginItems.set(options.execPath, { openAtLogin: !!settings.openAtLogin, args });
      },
    };
    if (options.platform === 'win32') app['setAppUserModelId'] = (id: string) => model.record('app.setAppUserModelId', id);
    if (options.platform === 'darwin') {
      app['dock'] = { setBadge: (text: string) => model.record('app.dock.setBadge', text), show: async () => undefined, hide: () => undefined };
    }
    return new Proxy(app, {
      get(target, key) {
        if (typeof key !== 'string' || key in target) return Reflect.get(target, key, target);
        if (key === 'setAppUserModelId' || key === 'dock') return undefined; // platform-specific: absent here
        throw model.rules.refuse(`not-modelled:app.${key}`, 'model', `app.${key} is not modelled`);
      },
    });
  }

  private makeIpcMain(): object {
    const model = this;
    return {
      handle: (channel: string, listener: Listener) => {
        model.record('ipcMain.handle', channel);
        // "Attempted to register a second handler for '<channel>'" (Electron throws on a duplicate).
        if (model.ipcHandlers.has(channel)) throw model.rules.refuse('ipc-duplicate-handler', `${DOCS}/api/ipc-main#ipcmainhandlechannel-listener`, `Attempted to register a second handler for '${channel}'`);
        model.ipcHandlers.set(channel, listener);
      },
      removeHandler: (channel: string) => void model.ipcHandlers.delete(channel),
      on: () => {
        throw model.rules.refuse('not-modelled:ipcMain.on', 'model', 'ipcMain.on is not modelled');
      },
    };
  }

  /** ipcRenderer.invoke from `contents`' page reaching ipcMain.handle. */
  async invoke(contents: ModelWebContents, channel: string, args: unknown[]): Promise<unknown> {
    const handler = this.ipcHandlers.get(channel);
    if (!handler) throw new Error(`No handler registered for '${channel}'`);
    // senderFrame "May be null if accessed after the frame has either navigated or been destroyed"
    // (https://www.electronjs.org/docs/latest/api/structures/ipc-main-invoke-event).
    const gone = this.nextInvokeFrameGone || contents.isDestroyed();
    this.nextInvokeFrameGone = false;
    const frame = gone ? null : contents.mainFrame;
    const event = { sender: contents, senderFrame: frame, processId: contents.frameIds.processId, frameId: contents.frameIds.routingId, type: 'frame' };
    await new Promise((resolve) => setImmediate(resolve)); // another process: never synchronous
    const result = await handler(event, ...args);
    // The result is structured-cloned back to the page ("An object could not be cloned" otherwise).
    return ipcClone(result, `the result of handle('${channel}')`);
  }

  private makeNet(): object {
    const model = this;
    return {
      isOnline: () => true,
      get online() {
        return true;
      },
      fetch: async (input: string | URL | Request, init: RequestInit = {}) => {
        // "The net API can be used only after the application emits the ready event." (docs/api/net)
        model.requireReady('net', `${DOCS}/api/net`, 'net.fetch before the app is ready');
        const url = input instanceof Request ? input.url : String(input);
        model.record('net.fetch', { url: url.split('?')[0], method: init.method ?? 'GET', headers: Object.fromEntries(new Headers(init.headers).entries()) });
        const violation = netFetchViolation(input, init);
        if (violation) {
          model.rules.note('net.fetch', violation.rule, violation.message);
          throw recordViolation(violation, url);
        }
        const scheme = new URL(url).protocol.slice(0, -1);
        const handler = model.protocolHandlers.get(scheme);
        if (handler) return model.runProtocolHandler(handler, new Request(url, init));
        if (scheme === 'file') return model.fetchFile(url);
        return fetch(input, init);
      },
    };
  }

  /** net.fetch of a file: URL (Electron's asar support included). */
  private fetchFile(url: string): Response {
    const file = fileURLToPath(url);
    const at = this.options.archive.inner(file);
    const stat = at !== null ? this.options.archive.stat(at) : fs.statSync(file, { throwIfNoEntry: false });
    // A missing file fails with a network error; a folder too (stricter reading: Chromium may list it instead, never the file).
    if (!stat || !stat.isFile()) throw new NetFetchRuleError('net::ERR_FILE_NOT_FOUND', `no file at ${url}`);
    const body = at !== null ? this.options.archive.read(at) : fs.readFileSync(file);
    const type = /\.html$/.test(file) ? 'text/html' : /\.js$/.test(file) ? 'text/javascript' : /\.css$/.test(file) ? 'text/css' : 'application/octet-stream';
    return new Response(new Uint8Array(body), { status: 200, headers: { 'content-type': type } });
  }

  /** A protocol.handle handler answering a request: a thrown error fails the request (net::ERR_FAILED). */
  async runProtocolHandler(handler: (request: Request) => Response | Promise<Response>, request: Request): Promise<Response> {
    try {
      const response = await handler(request);
      if (!(response instanceof Response)) throw new Error('the handler did not return a Response');
      return response;
    } catch (error) {
      this.rules.note('protocol-handler-threw', `${DOCS}/api/protocol#protocolhandlescheme-handler`, `the ${new URL(request.url).protocol} handler failed for ${request.url}: ${String(error)}`);
      throw new Error(`net::ERR_FAILED (${String(error)})`, { cause: error });
    }
  }

  private makeProtocol(): object {
    const model = this;
    return {
      registerSchemesAsPrivileged: (schemes: unknown[]) => {
        model.record('protocol.registerSchemesAsPrivileged', schemes);
        // "This method can only be used before the ready event of the app module gets emitted and can be called only once."
        if (model.isReady) throw model.rules.refuse('registerSchemesAsPrivileged-after-ready', `${DOCS}/api/protocol#protocolregisterschemesasprivilegedcustomschemes`, 'protocol.registerSchemesAsPrivileged after ready');
        if (model.registeredSchemes) throw model.rules.refuse('registerSchemesAsPrivileged-twice', `${DOCS}/api/protocol#protocolregisterschemesasprivilegedcustomschemes`, 'protocol.registerSchemesAsPrivileged called twice');
        model.registeredSchemes = true;
        model.privilegedSchemes.push(...schemes);
      },
      handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => {
        // "All methods unless specified can only be used after the ready event of the app module gets emitted." (docs/api/protocol)
        model.requireReady('protocol.handle', `${DOCS}/api/protocol`, 'protocol.handle before the app is ready');
        model.record('protocol.handle', scheme);
        if (model.protocolHandlers.has(scheme)) throw model.rules.refuse('protocol-handled-twice', `${DOCS}/api/protocol#protocolhandlescheme-handler`, `Failed to register protocol: ${scheme}`);
        model.protocolHandlers.set(scheme, handler);
      },
      isProtocolHandled: (scheme: string) => model.protocolHandlers.has(scheme),
      unhandle: (scheme: string) => void model.protocolHandlers.delete(scheme),
    };
  }

  private makeDialog(): object {
    const model = this;
    const answerOpen = () => {
      const files = model.nextOpenDialog;
      model.nextOpenDialog = null;
      return { canceled: !files?.length, filePaths: files ?? [] };
    };
    return {
      // "This API can be called safely before the ready event the app module emits" (docs/api/dialog#dialogshowerrorboxtitle-content).
      showErrorBox: (title: string, content: string) => {
        model.record('dialog.showErrorBox', { title });
        model.errorBoxes.push({ title, content });
      },
      showOpenDialog: async (...args: unknown[]) => {
        // Stricter reading: only showErrorBox is documented as safe before ready.
        model.requireReady('dialog', `${DOCS}/api/dialog (stricter reading)`, 'dialog.showOpenDialog before ready');
        model.record('dialog.showOpenDialog', args.length > 1 ? args[1] : args[0]);
        return answerOpen();
      },
      showSaveDialog: async (...args: unknown[]) => {
        model.requireReady('dialog', `${DOCS}/api/dialog (stricter reading)`, 'dialog.showSaveDialog before ready');
        model.record('dialog.showSaveDialog', args.length > 1 ? args[1] : args[0]);
        return { canceled: true, filePath: '' };
      },
    };
  }

  private makeShell(): object {
    const model = this;
    return {
      // Returns a Promise that rejects when the system cannot open the URL (docs/api/shell#shellopenexternalurl-options).
      openExternal: async (url: string) => {
        model.record('shell.openExternal', url);
        if (model.openExternalFails) throw new Error(model.openExternalFails);
        model.openedExternally.push(url);
      },
      // Resolves with an error message, '' on success (docs/api/shell#shellopenpathpath).
      openPath: async (file: string) => {
        model.record('shell.openPath', file);
        return fs.existsSync(file) ? '' : `Failed to open path ${file}`;
      },
      showItemInFolder: (file: string) => model.record('shell.showItemInFolder', file),
    };
  }

  /** app.getPath: userData defaults to appData/<app name> (docs/api/app#appgetpathname); an unknown name throws. */
  getPath(name: string): string {
    if (name === 'userData') return this.paths.get('userData') ?? path.join(this.paths.get('appData')!, this.name);
    if (name === 'sessionData') return this.paths.get('sessionData') ?? this.getPath('userData');
    if (name === 'logs') return this.paths.get('logs') ?? path.join(this.getPath('userData'), 'logs');
    const value = this.paths.get(name);
    if (!value) throw this.rules.refuse('app.getPath', `${DOCS}/api/app#appgetpathname`, `Failed to get '${name}' path`);
    return value;
  }

  allocateProcessId(): number {
    return this.nextProcessId++;
  }

  allocateWebContentsId(): number {
    return this.nextWebContentsId++;
  }
}

// ----------------------------------------------------------------------------------------------
// BrowserWindow and webContents

export interface ModelPrintJob {
  title: string;
  url: string;
  silent: boolean;
  /** Electron's callback(success, failureReason) (docs/api/web-contents#contentsprintoptions-callback). */
  succeed(): void;
  /** A closed print dialog; Electron's reason text (documented: "Print job canceled"). */
  cancel(reason?: string): void;
  /** Documented reasons include "Invalid printer settings" and "Print job failed". */
  fail(reason?: string): void;
  settled: boolean;
}

class ModelWebFrameMain {
  constructor(
    readonly url: string,
    readonly frameTreeNodeId: number,
    readonly processId: number,
    readonly routingId: number,
  ) {}
}

export class ModelWebContents extends EventEmitter {
  readonly id: number;
  page: ModelPage | null = null;
  url = '';
  loading = false;
  private destroyed = false;
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  /** The frame's numbers: a new frame host (new routing id and process) for every page load. */
  readonly frameIds: { frameTreeNodeId: number; processId: number; routingId: number };

  constructor(
    private readonly model: ElectronModel,
    readonly owner: ModelBrowserWindow,
    readonly webPreferences: Record<string, unknown>,
  ) {
    super();
    this.id = model.allocateWebContentsId();
    this.frameIds = { frameTreeNodeId: this.id * 10, processId: model.allocateProcessId(), routingId: 1 };
  }

  /**
   * A new WebFrameMain object on every read: Electron documents that "distinct WebFrameMain instances
   * that refer to the same underlying frame will have the same routingId" and promises no identity
   * (stricter reading: never the same object twice).
   */
  get mainFrame(): ModelWebFrameMain {
    return new ModelWebFrameMain(this.url, this.frameIds.frameTreeNodeId, this.frameIds.processId, this.frameIds.routingId);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  isLoading(): boolean {
    return this.loading;
  }

  getURL(): string {
    return this.url;
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler;
  }

  send(channel: string, ...args: unknown[]): void {
    // Calling a destroyed object throws "Object has been destroyed".
    if (this.destroyed) throw this.model.rules.refuse('destroyed-webcontents', `${DOCS}/api/web-contents`, 'Object has been destroyed (webContents.send)');
    const cloned = ipcClone(args, `webContents.send('${channel}')`);
    const page = this.page;
    if (!page) return; // nobody listening yet: dropped, as in Electron
    setImmediate(() => page.deliver(channel, cloned));
  }

  async loadURL(url: string): Promise<void> {
    if (this.destroyed) throw new Error('Object has been destroyed');
    this.model.record('webContents.loadURL', url);
    this.loading = true;
    this.page?.close();
    this.page = null;
    this.frameIds.routingId++;
    this.frameIds.processId = this.model.allocateProcessId();
    await new Promise((resolve) => setImmediate(resolve));
    try {
      if (this.model.failNextLoad) {
        const error = this.model.failNextLoad;
        this.model.failNextLoad = null;
        throw new Error(error);
      }
      await this.navigate(url);
    } catch (error) {
      this.loading = false;
      // loadURL "rejects if the page fails to load (see did-fail-load)" (docs/api/web-contents#contentsloadurlurl-options).
      this.emit('did-fail-load', new ModelEvent(), -2, String(error), url);
      throw new Error(`${error instanceof Error ? error.message : String(error)} loading '${url}'`, { cause: error });
    }
    this.loading = false;
    if (this.destroyed) return;
    this.emit('did-finish-load', new ModelEvent());
    this.owner.loaded();
  }

  private async navigate(url: string): Promise<void> {
    const scheme = new URL(url).protocol.slice(0, -1);
    const handler = this.model.protocolHandlers.get(scheme);
    let response: Response | null = null;
    if (handler) {
      response = await this.model.runProtocolHandler(handler, new Request(url));
      // Stricter reading: a main-frame answer that is not 2xx fails the load.
      if (!response.ok) throw new Error(`ERR_HTTP_RESPONSE_CODE_FAILURE (-379) (${response.status})`);
    } else if (scheme === 'file') {
      const file = fileURLToPath(url);
      if (!fs.existsSync(file)) throw new Error('ERR_FILE_NOT_FOUND (-6)');
    } else if (scheme !== 'http' && scheme !== 'https') {
      throw new Error('ERR_UNKNOWN_URL_SCHEME (-302)');
    }
    this.url = url;
    this.lastResponseHeaders = response ? Object.fromEntries(response.headers.entries()) : {};
    const preloadFile = this.webPreferences['preload'] as string | undefined;
    let preload: { file: string; source: string } | null = null;
    if (preloadFile) {
      // The preload path must be absolute (docs/api/structures/web-preferences, "preload").
      if (!path.isAbsolute(preloadFile)) throw this.model.rules.refuse('preload-relative', `${DOCS}/api/structures/web-preferences`, `preload must be an absolute path (${preloadFile})`);
      const at = this.model.options.archive.inner(preloadFile);
      const source = at !== null ? this.model.options.archive.read(at).toString('utf8') : fs.readFileSync(preloadFile, 'utf8');
      preload = { file: preloadFile, source };
    }
    this.page = new ModelPage(
      {
        rules: this.model.rules,
        platform: this.model.options.platform,
        contextIsolation: this.webPreferences['contextIsolation'] !== false,
        invoke: (channel, args) => this.model.invoke(this, channel, args),
      },
      url,
      preload,
    );
    if (this.page.preloadError) this.emit('preload-error', new ModelEvent(), preloadFile, this.page.preloadError);
  }

  lastResponseHeaders: Record<string, string> = {};

  print(options: { silent?: boolean } = {}, callback?: (success: boolean, reason: string) => void): void {
    this.model.record('webContents.print', options);
    if (callback !== undefined && typeof callback !== 'function') throw this.model.rules.refuse('print-callback', `${DOCS}/api/web-contents#contentsprintoptions-callback`, 'webContents.print: callback must be a function');
    if (!this.url || this.loading) this.model.rules.note('print-before-load', `${DOCS}/api/web-contents#contentsprintoptions-callback (stricter reading)`, 'webContents.print before the page finished loading');
    let settled = false;
    const settle = (success: boolean, reason: string) => {
      if (settled) return;
      settled = true;
      job.settled = true;
      setImmediate(() => callback?.(success, reason));
    };
    const job: ModelPrintJob = {
      title: this.owner.title,
      url: this.url,
      silent: !!options.silent,
      succeed: () => settle(true, ''),
      cancel: (reason = 'Print job canceled') => settle(false, reason),
      fail: (reason = 'Print job failed') => settle(false, reason),
      settled: false,
    };
    this.model.prints.push(job);
  }

  /** A page asks for a new window (window.open, a target=_blank link): the window open handler decides. */
  openWindowFromPage(url: string): { action: string } {
    const decision = this.windowOpenHandler ? this.windowOpenHandler({ url }) : { action: 'allow' };
    this.model.record('window-open', { url, decision });
    return decision;
  }

  /** A page navigates itself (a link, location.href): will-navigate can prevent it. */
  navigateFromPage(url: string): boolean {
    const event = new ModelEvent();
    this.emit('will-navigate', event, url);
    return !event.defaultPrevented;
  }

  destroyContents(): void {
    this.destroyed = true;
    this.page?.close();
    this.page = null;
  }
}

export class ModelBrowserWindow extends EventEmitter {
  readonly webContents: ModelWebContents;
  readonly title: string;
  visible: boolean;
  private destroyed = false;
  private shownOnce = false;
  constructor(
    private readonly model: ElectronModel,
    readonly options: Record<string, unknown>,
  ) {
    super();
    this.title = String(options['title'] ?? 'Electron');
    this.visible = options['show'] !== false;
    this.webContents = new ModelWebContents(model, this, { ...((options['webPreferences'] as object | undefined) ?? {}) });
    model.windows.push(this);
    const icon = options['icon'];
    if (typeof icon === 'string' && new ModelNativeImage(model, icon).isEmpty()) model.rules.note('window-icon-missing', `${DOCS}/api/native-image`, `the window icon ${icon} is missing or empty`);
  }

  loaded(): void {
    if (this.shownOnce) return;
    this.shownOnce = true;
    // 'ready-to-show': "Emitted when the web page has been rendered (while not being shown)".
    if (!this.visible) this.emit('ready-to-show', new ModelEvent());
  }

  loadURL(url: string): Promise<void> {
    return this.webContents.loadURL(url);
  }

  isDestroyed(): boolean {
    return this.destroyed;
  }

  private alive(method: string): void {
    if (this.destroyed) throw this.model.rules.refuse('destroyed-window', `${DOCS}/api/browser-window`, `Object has been destroyed (BrowserWindow.${method})`);
  }

  show(): void {
    this.alive('show');
    this.visible = true;
    this.emit('show');
  }

  hide(): void {
    this.alive('hide');
    this.visible = false;
    this.emit('hide');
  }

  focus(): void {
    this.alive('focus');
  }

  isVisible(): boolean {
    return !this.destroyed && this.visible;
  }

  isMinimized(): boolean {
    return false;
  }

  restore(): void {}

  /** close(): 'close' (preventable), then the window goes (docs/api/browser-window#wincloseclose). */
  close(): void {
    if (this.destroyed) return;
    const event = new ModelEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) this.destroy();
  }

  /** Closing for app.quit(): false when the window prevented it (which cancels the quit). */
  closeForQuit(): boolean {
    if (this.destroyed) return true;
    const event = new ModelEvent();
    this.emit('close', event);
    if (event.defaultPrevented) return false;
    this.destroy();
    return true;
  }

  /** destroy(): no 'close' event; 'closed' follows (docs/api/browser-window#windestroy). */
  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.visible = false;
    this.webContents.destroyContents();
    this.emit('closed');
    this.model.windowGone(this);
  }

  /** The process ended: gone without events. */
  forceGone(): void {
    this.destroyed = true;
    this.webContents.destroyContents();
  }
}

function makeBrowserWindowClass(model: ElectronModel): unknown {
  return class BrowserWindow extends ModelBrowserWindow {
    constructor(options: Record<string, unknown> = {}) {
      // "This module cannot be used until the ready event of the app module is emitted." (docs/api/browser-window)
      model.requireReady('BrowserWindow', `${DOCS}/api/browser-window`, 'Cannot create BrowserWindow before app is ready');
      super(model, options);
      model.record('new BrowserWindow', { show: options['show'], webPreferences: options['webPreferences'] });
    }
    static getAllWindows() {
      return model.windows.filter((w) => !w.isDestroyed());
    }
  };
}

// ----------------------------------------------------------------------------------------------
// Notification, Tray, Menu, nativeImage

export class ModelNotification extends EventEmitter {
  private static nextId = 1;
  constructor(
    private readonly model: ElectronModel,
    readonly options: { title?: string; body?: string },
  ) {
    super();
  }

  show(): void {
    const id = ModelNotification.nextId++;
    this.model.record('Notification.show', { id, title: this.options.title });
    // The desktop shows the toast; Electron's object stays only as long as JavaScript references it:
    // garbage-collected, its click handler is gone (electron/electron#12690, #16922). The model holds it
    // only weakly; ElectronModel.gc() then clickToast() show what a person's late click would do.
    this.model.toasts.push({ id, title: this.options.title ?? '', body: this.options.body ?? '', ref: new WeakRef(this), clicked: false });
  }

  close(): void {
    this.emit('close', new ModelEvent());
  }
}

function makeNotificationClass(model: ElectronModel): unknown {
  return class Notification extends ModelNotification {
    constructor(options: { title?: string; body?: string } = {}) {
      // Stricter reading: Notification before ready is refused (the docs do not say it works).
      model.requireReady('Notification', `${DOCS}/api/notification (stricter reading)`, 'new Notification before the app is ready');
      super(model, options);
    }
    static isSupported() {
      return true;
    }
  };
}

export class ModelNativeImage {
  readonly empty: boolean;
  template = false;
  constructor(
    model: ElectronModel,
    readonly path: string,
  ) {
    const at = model.options.archive.inner(path);
    // nativeImage reads files inside app.asar too; a missing file gives an empty image (docs/api/native-image#nativeimagecreatefrompathpath).
    this.empty = !path || !(at !== null ? model.options.archive.stat(at)?.isFile() : fs.existsSync(path));
  }
  isEmpty(): boolean {
    return this.empty;
  }
  setTemplateImage(template: boolean): void {
    this.template = template;
  }
}

export class ModelTray extends EventEmitter {
  image: ModelNativeImage;
  tooltip = '';
  title = '';
  menu: ModelMenu | null = null;
  private destroyed = false;
  constructor(
    private readonly model: ElectronModel,
    image: ModelNativeImage,
  ) {
    super();
    this.image = image;
    if (image.isEmpty()) model.rules.note('tray-image-empty', `${DOCS}/api/tray`, `the tray image ${image.path} is empty (missing from the package?)`);
    model.trays.push(this);
  }
  setImage(image: ModelNativeImage): void {
    this.image = image;
    if (image.isEmpty()) this.model.rules.note('tray-image-empty', `${DOCS}/api/tray`, `the tray image ${image.path} is empty`);
  }
  setToolTip(text: string): void {
    this.tooltip = text;
  }
  setTitle(text: string): void {
    // tray.setTitle is macOS-only (docs/api/tray#traysettitletitle-options-macos); stricter reading: refused elsewhere.
    if (this.model.options.platform !== 'darwin') throw this.model.rules.refuse('tray.setTitle', `${DOCS}/api/tray#traysettitletitle-options-macos (stricter reading)`, 'tray.setTitle is macOS-only');
    this.title = text;
  }
  setContextMenu(menu: ModelMenu | null): void {
    this.menu = menu;
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  destroy(): void {
    this.destroyed = true;
  }
  /** The person clicks the icon. */
  click(): void {
    this.emit('click', new ModelEvent(), {}, { x: 0, y: 0 });
  }
  /** The person picks a context-menu item by its label (start). */
  pick(label: string): void {
    const item = this.menu?.items.find((i) => i.label?.startsWith(label));
    if (!item) throw new Error(`Electron model: no tray menu item "${label}" (${this.menu?.items.map((i) => i.label).join(', ')})`);
    item.activate();
  }
}

function makeTrayClass(model: ElectronModel): unknown {
  return class Tray extends ModelTray {
    constructor(image: ModelNativeImage) {
      // Stricter reading: a Tray before ready is refused.
      model.requireReady('Tray', `${DOCS}/api/tray (stricter reading)`, 'new Tray before the app is ready');
      super(model, image);
    }
  };
}

/** Roles Electron 45 knows (MenuItemConstructorOptions.role, docs/api/menu-item#roles). */
const MENU_ROLES = new Set([
  'undo', 'redo', 'cut', 'copy', 'paste', 'pasteAndMatchStyle', 'delete', 'selectAll', 'reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut',
  'toggleSpellChecker', 'togglefullscreen', 'window', 'minimize', 'close', 'help', 'about', 'services', 'hide', 'hideOthers', 'unhide', 'quit', 'showSubstitutions',
  'toggleSmartQuotes', 'toggleSmartDashes', 'toggleTextReplacement', 'startSpeaking', 'stopSpeaking', 'zoom', 'front', 'appMenu', 'fileMenu', 'editMenu', 'viewMenu',
  'shareMenu', 'recentDocuments', 'toggleTabBar', 'selectNextTab', 'selectPreviousTab', 'showAllTabs', 'mergeAllWindows', 'clearRecentDocuments', 'moveTabToNewWindow', 'windowMenu',
]);
/** Accelerator grammar (docs/api/accelerator): modifiers joined with "+", then one key code. */
const ACCELERATOR = /^((Command|Cmd|Control|Ctrl|CommandOrControl|CmdOrCtrl|Alt|Option|AltGr|Shift|Super|Meta)\+)*([A-Z0-9]|F([1-9]|1[0-9]|2[0-4])|[)!@#$%^&*(:;+=<,_\-.>?/~`{\]|\\}["']|Plus|Space|Tab|Capslock|Numlock|Scrolllock|Backspace|Delete|Insert|Return|Enter|Up|Down|Left|Right|Home|End|PageUp|PageDown|Escape|Esc|VolumeUp|VolumeDown|VolumeMute|MediaNextTrack|MediaPreviousTrack|MediaStop|MediaPlayPause|PrintScreen|num[0-9]|numdec|numadd|numsub|nummult|numdiv)$/;

export class ModelMenuItem {
  readonly label?: string;
  readonly role?: string;
  readonly type: string;
  readonly accelerator?: string;
  readonly registerAccelerator: boolean;
  readonly submenu: ModelMenu | null;
  private readonly click?: (...args: unknown[]) => void;
  constructor(
    private readonly model: ElectronModel,
    options: Record<string, unknown>,
  ) {
    this.label = options['label'] as string | undefined;
    this.role = options['role'] as string | undefined;
    this.type = (options['type'] as string | undefined) ?? (options['submenu'] ? 'submenu' : 'normal');
    this.accelerator = options['accelerator'] as string | undefined;
    this.registerAccelerator = options['registerAccelerator'] !== false;
    this.click = options['click'] as ((...args: unknown[]) => void) | undefined;
    if (this.role !== undefined && !MENU_ROLES.has(this.role)) throw model.rules.refuse('menu-role', `${DOCS}/api/menu-item#roles`, `unknown menu role "${this.role}"`);
    if (!['normal', 'separator', 'submenu', 'checkbox', 'radio', 'header', 'palette'].includes(this.type)) throw model.rules.refuse('menu-type', `${DOCS}/api/menu-item`, `unknown menu item type "${this.type}"`);
    if (this.accelerator !== undefined && !ACCELERATOR.test(this.accelerator)) throw model.rules.refuse('menu-accelerator', `${DOCS}/api/accelerator`, `invalid accelerator "${this.accelerator}"`);
    const submenu = options['submenu'];
    this.submenu = submenu instanceof ModelMenu ? submenu : Array.isArray(submenu) ? new ModelMenu(model, submenu as Record<string, unknown>[]) : null;
  }

  /** The person picks this item: its click, or its role's built-in action. */
  activate(): void {
    const focused = this.model.windows.find((w) => !w.isDestroyed() && w.visible);
    if (this.click) return this.click(this, focused, { triggeredByAccelerator: false });
    if (this.role === 'quit') return this.model.quit();
    if (this.role === 'close') return focused?.close();
    this.model.record('menu-role', this.role);
  }
}

export class ModelMenu {
  readonly items: ModelMenuItem[];
  constructor(model: ElectronModel, template: Record<string, unknown>[]) {
    this.items = template.map((options) => new ModelMenuItem(model, options));
  }
  /** An item by its path of labels ("File", "New Fax"); "&" mnemonics ignored. */
  find(...labels: string[]): ModelMenuItem | undefined {
    let menu: ModelMenu | null = this;
    let item: ModelMenuItem | undefined;
    for (const label of labels) {
      item = menu?.items.find((i) => i.label?.replace('&', '') === label);
      menu = item?.submenu ?? null;
    }
    return item;
  }
}

function makeMenuClass(model: ElectronModel): unknown {
  return {
    buildFromTemplate: (template: Record<string, unknown>[]) => new ModelMenu(model, template),
    setApplicationMenu: (menu: ModelMenu | null) => {
      // Stricter reading: the application menu is set once the app is ready (Electron replaces its default then).
      model.requireReady('Menu.setApplicationMenu', `${DOCS}/api/menu#menusetapplicationmenumenu (stricter reading)`, 'Menu.setApplicationMenu before ready');
      model.record('Menu.setApplicationMenu', menu ? menu.items.map((i) => i.label) : null);
      model.appMenu = menu;
    },
    getApplicationMenu: () => model.appMenu,
  };
}
