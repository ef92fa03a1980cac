/**
 * A page of the model: the built sandboxed preload (out/preload/index.cjs) running in its own JavaScript
 * realm (Electron's isolated world), and the page's main world, where `window.faxdesk` appears through an
 * emulated `contextBridge`. Tests drive the app only through that object, in the main world.
 *
 * Rules enforced, each from Electron's docs:
 * - A sandboxed preload is CommonJS: no ES module syntax (https://www.electronjs.org/docs/latest/tutorial/esm#sandboxed-preload-scripts-cant-use-esm-imports).
 * - Its `require` reaches only `electron` (contextBridge, crashReporter, ipcRenderer, nativeImage,
 *   webFrame, webUtils), `events`, `timers` and `url`; globals Buffer, process, setImmediate,
 *   clearImmediate are polyfilled (https://www.electronjs.org/docs/latest/tutorial/sandbox#preload-scripts).
 *   `node:`-prefixed names, `__filename` and `__dirname` are not listed there: refused/absent (stricter reading).
 * - contextBridge (https://www.electronjs.org/docs/latest/api/context-bridge): needs contextIsolation;
 *   cannot bind over an existing window property; functions are proxied, other values copied (exposed
 *   API values frozen), prototypes dropped, symbols dropped, a Promise proxied only as a return value or
 *   exact parameter (nested ones dropped), errors copied with their message only.
 * - IPC values are structured-cloned both ways (clone.ts); ipcRenderer.invoke rejects with
 *   "Error invoking remote method '<channel>': <error>" when the handler throws ("only the message property
 *   … is provided", https://www.electronjs.org/docs/latest/api/ipc-main#ipcmainhandlechannel-listener).
 */
import events from 'node:events';
import timers from 'node:timers';
import url from 'node:url';
import { types } from 'node:util';
import vm from 'node:vm';
import { intoRealm, ipcClone, type RealmGlobals } from './clone';
import { DOCS, type ModelRules } from './rules';

export interface PageHost {
  rules: ModelRules;
  platform: NodeJS.Platform;
  contextIsolation: boolean;
  /** ipcRenderer.invoke reaching main (args already cloned): resolves with the handler's cloned result. */
  invoke(channel: string, args: unknown[]): Promise<unknown>;
}

const SANDBOX_MODULES = ['electron', 'events', 'timers', 'url'];
const RENDERER_ELECTRON_MODULES = ['contextBridge', 'crashReporter', 'ipcRenderer', 'nativeImage', 'webFrame', 'webUtils'];

function realmOf(context: vm.Context): RealmGlobals {
  return vm.runInContext('({ Object, Array, Date, RegExp, Map, Set, Error, Uint8Array, ArrayBuffer, Promise })', context) as RealmGlobals;
}

export class ModelPage {
  readonly mainWorld: vm.Context;
  private readonly isolated: vm.Context;
  private readonly mainRealm: RealmGlobals;
  private readonly isolatedRealm: RealmGlobals;
  private readonly listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  private closed = false;
  /** The preload's error, when it failed to run (Electron's 'preload-error'). */
  preloadError: Error | null = null;

  constructor(
    private readonly host: PageHost,
    readonly url: string,
    preload: { file: string; source: string } | null,
  ) {
    this.mainWorld = vm.createContext({});
    vm.runInContext('globalThis.window = globalThis; globalThis.__received = [];', this.mainWorld);
    this.mainRealm = realmOf(this.mainWorld);
    this.isolated = vm.createContext({});
    vm.runInContext('globalThis.window = globalThis;', this.isolated);
    this.isolatedRealm = realmOf(this.isolated);
    if (preload) this.runPreload(preload);
  }

  close(): void {
    this.closed = true;
    this.listeners.clear();
  }

  /** webContents.send reaching this page: the registered ipcRenderer listeners, with cloned arguments. */
  deliver(channel: string, args: unknown[]): void {
    if (this.closed) return;
    const event = intoRealm({ ports: [] }, this.isolatedRealm);
    const copies = args.map((arg) => intoRealm(arg, this.isolatedRealm));
    for (const listener of [...(this.listeners.get(channel) ?? [])]) listener(event, ...copies);
  }

  // ---------------------------------------------------------------------------------------------
  // The test's side: code running in the page's main world.

  /** Runs `code` (an expression) in the main world and returns its value, cloned out. */
  evaluate(code: string): unknown {
    return structuredClone(vm.runInContext(code, this.mainWorld));
  }

  /** `window.faxdesk.<area>.<verb>(input)` as page code calls it; resolves with the Result, cloned out. */
  async call<T = unknown>(channel: string, input?: unknown): Promise<{ ok: true; value: T } | { ok: false; error: { code: string; message: string; field?: string } }> {
    const [area, verb] = channel.split(':') as [string, string];
    const run = vm.runInContext('(area, verb, input) => window.faxdesk[area][verb](input)', this.mainWorld) as (a: string, v: string, i: unknown) => Promise<unknown>;
    const pageInput = input === undefined ? undefined : intoRealm(structuredClone(input), this.mainRealm);
    const result = await run(area, verb, pageInput);
    return structuredClone(result) as never;
  }

  /** The value of an ok Result; throws with the error otherwise. */
  async ok<T = unknown>(channel: string, input?: unknown): Promise<T> {
    const result = await this.call<T>(channel, input);
    if (!result.ok) throw new Error(`${channel} failed: ${result.error.code}: ${result.error.message}`);
    return result.value;
  }

  /** Subscribes page code to a Faxdesk event (window.faxdesk.on); see received(). */
  listen(event: string): void {
    vm.runInContext(`window.faxdesk.on(${JSON.stringify(event)}, (payload) => __received.push([${JSON.stringify(event)}, payload]))`, this.mainWorld);
  }

  /** Payloads of `event` the page received since it listened. */
  received<T = unknown>(event: string): T[] {
    const all = structuredClone(vm.runInContext('__received', this.mainWorld)) as [string, T][];
    return all.filter(([name]) => name === event).map(([, payload]) => payload);
  }

  // ---------------------------------------------------------------------------------------------

  private runPreload(preload: { file: string; source: string }): void {
    const rules = this.host.rules;
    const electronRenderer: Record<string, unknown> = {
      contextBridge: { exposeInMainWorld: (key: string, api: unknown) => this.exposeInMainWorld(key, api) },
      ipcRenderer: this.ipcRenderer(),
    };
    const electronModule = new Proxy(electronRenderer, {
      get: (target, key) => {
        if (typeof key !== 'string' || key in target) return target[key as string];
        if (key === '__esModule' || key === 'default') return undefined;
        if (RENDERER_ELECTRON_MODULES.includes(key)) throw rules.refuse(`renderer:${key}`, 'not modelled', `electron.${key} in a preload is not modelled`);
        throw rules.refuse(`sandbox-electron:${key}`, `${DOCS}/tutorial/sandbox#preload-scripts`, `electron.${key} is not available in a sandboxed preload (only ${RENDERER_ELECTRON_MODULES.join(', ')})`);
      },
    });
    const sandboxRequire = (name: string) => {
      if (!SANDBOX_MODULES.includes(name)) {
        throw rules.refuse('sandbox-require', `${DOCS}/tutorial/sandbox#preload-scripts`, `a sandboxed preload cannot require "${name}" (module not found: ${name})`);
      }
      return name === 'electron' ? electronModule : name === 'events' ? events : name === 'timers' ? timers : url;
    };
    const polyfilledProcess = intoRealm({ platform: this.host.platform, type: 'renderer', sandboxed: true, contextIsolated: true, env: {}, versions: { electron: '45.4.1' } }, this.isolatedRealm);
    let fn: (...args: unknown[]) => void;
    try {
      fn = vm.compileFunction(preload.source, ['exports', 'require', 'module', 'process', 'Buffer', 'global', 'setImmediate', 'clearImmediate'], {
        parsingContext: this.isolated,
        filename: preload.file,
      }) as (...args: unknown[]) => void;
    } catch (error) {
      const esm = /import statement|export|Cannot use import/i.test(String(error));
      this.preloadError = esm
        ? rules.refuse('preload-esm', `${DOCS}/tutorial/esm#sandboxed-preload-scripts-cant-use-esm-imports`, `the sandboxed preload ${preload.file} is not CommonJS: ${String(error)}`)
        : (error as Error);
      return;
    }
    const module = intoRealm({ exports: {} }, this.isolatedRealm) as { exports: unknown };
    try {
      fn(module.exports, sandboxRequire, module, polyfilledProcess, Buffer, vm.runInContext('globalThis', this.isolated), setImmediate, clearImmediate);
    } catch (error) {
      this.preloadError = error as Error;
    }
  }

  private ipcRenderer(): object {
    const realm = this.isolatedRealm;
    return {
      invoke: (channel: string, ...args: unknown[]) =>
        new realm.Promise((resolve, reject) => {
          let cloned: unknown[];
          try {
            cloned = ipcClone(args, `ipcRenderer.invoke('${channel}') arguments`);
          } catch (error) {
            reject(intoRealm(error, realm));
            return;
          }
          this.host.invoke(channel, cloned).then(
            (value) => resolve(intoRealm(value, realm)),
            (error: unknown) => reject(intoRealm(new Error(`Error invoking remote method '${channel}': ${String(error)}`), realm)),
          );
        }),
      on: (channel: string, listener: (...args: unknown[]) => void) => {
        let set = this.listeners.get(channel);
        if (!set) this.listeners.set(channel, (set = new Set()));
        set.add(listener);
      },
      removeListener: (channel: string, listener: (...args: unknown[]) => void) => {
        this.listeners.get(channel)?.delete(listener);
      },
      off: (channel: string, listener: (...args: unknown[]) => void) => {
        this.listeners.get(channel)?.delete(listener);
      },
    };
  }

  private exposeInMainWorld(key: string, api: unknown): void {
    const rules = this.host.rules;
    if (!this.host.contextIsolation) {
      throw rules.refuse('context-bridge-isolation', `${DOCS}/api/context-bridge`, 'contextBridge API can only be used when contextIsolation is enabled');
    }
    if (vm.runInContext(`Object.prototype.hasOwnProperty.call(window, ${JSON.stringify(key)})`, this.mainWorld)) {
      throw rules.refuse('context-bridge-existing', `${DOCS}/api/context-bridge#contextbridgeexposeinmainworldapikey-api`, `Cannot bind an API on top of an existing property on the window object (${key})`);
    }
    const value = this.bridge(api, 'main', { topLevel: true, freeze: true });
    (vm.runInContext('globalThis', this.mainWorld) as Record<string, unknown>)[key] = value;
  }

  /** Copies `value` into the other world by contextBridge's rules (see the header). */
  private bridge(value: unknown, to: 'main' | 'isolated', options: { topLevel: boolean; freeze: boolean }, depth = 0): unknown {
    if (depth > 1000) throw this.host.rules.refuse('context-bridge-depth', `${DOCS}/api/context-bridge`, 'object graph too deep to copy across the context bridge');
    const realm = to === 'main' ? this.mainRealm : this.isolatedRealm;
    const context = to === 'main' ? this.mainWorld : this.isolated;
    const back = to === 'main' ? 'isolated' : 'main';
    if (value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return value;
    if (typeof value === 'symbol') return undefined; // "Symbols cannot be copied across contexts so they are dropped"
    if (typeof value === 'function') {
      const target = value as (...args: unknown[]) => unknown;
      const makeProxy = vm.runInContext('(impl) => function (...args) { return impl(args); }', context) as (impl: (args: unknown[]) => unknown) => unknown;
      return makeProxy((args) => {
        let result: unknown;
        try {
          result = target(...args.map((arg) => this.bridge(arg, back, { topLevel: true, freeze: false }, depth + 1)));
        } catch (error) {
          throw this.bridgeError(error, realm);
        }
        return this.bridge(result, to, { topLevel: true, freeze: false }, depth + 1);
      });
    }
    if (types.isPromise(value)) {
      if (!options.topLevel) return undefined; // "Promises nested in arrays or objects will be dropped"
      return new realm.Promise((resolve, reject) => {
        (value as Promise<unknown>).then(
          (v) => resolve(this.bridge(v, to, { topLevel: true, freeze: false }, depth + 1)),
          (e: unknown) => reject(this.bridgeError(e, realm)),
        );
      });
    }
    if (types.isNativeError(value)) return this.bridgeError(value, realm);
    const nested = { topLevel: false, freeze: options.freeze };
    if (Array.isArray(value)) {
      const out = new realm.Array();
      for (const item of value) out.push(this.bridge(item, to, nested, depth + 1));
      return options.freeze ? realm.Object.freeze(out) : out;
    }
    if (types.isDate(value) || types.isRegExp(value) || types.isMap(value) || types.isSet(value) || types.isArrayBuffer(value) || types.isTypedArray(value)) {
      return intoRealm(structuredClone(value), realm); // cloneable types: structured clone
    }
    // Objects and class instances: own enumerable string keys; the prototype is dropped.
    const out = new realm.Object() as Record<string, unknown>;
    for (const key of Object.keys(value as object)) {
      const copied = this.bridge((value as Record<string, unknown>)[key], to, nested, depth + 1);
      if (copied !== undefined || (value as Record<string, unknown>)[key] === undefined) out[key] = copied;
    }
    return options.freeze ? realm.Object.freeze(out) : out;
  }

  private bridgeError(error: unknown, realm: RealmGlobals): Error {
    // "any custom properties on the Error object will be lost"
    return new realm.Error(error instanceof Error || types.isNativeError(error) ? (error as Error).message : String(error));
  }
}
