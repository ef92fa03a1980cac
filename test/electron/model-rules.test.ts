/**
 * The Electron model's own rules, each against a small app packed into an ASAR here: the model must
 * refuse what Electron refuses (or what the docs leave open, the stricter reading), not just run the app.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import asar from '@electron/asar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AsarAppLoader, AsarArchive } from '../electron-model/asar-app-loader';
import { ElectronModel, ModelMachine, type ModelBrowserWindow, type ModelPlatform } from '../electron-model/electron-main';
import { takeNetFetchViolations } from '../electron-model/net-fetch-rules';

let root: string;
let archive: AsarArchive;

const MINI_MAIN = `
const { app } = require('electron');
module.exports = { ready: () => app.whenReady(), fs: require('fs'), path: require('path') };
`;
const MINI_PRELOAD = `
const { contextBridge, ipcRenderer } = require('electron');
class Point { constructor() { this.x = 1; } norm() { return 1; } }
contextBridge.exposeInMainWorld('mini', {
  version: 3,
  nested: { list: [1, 2], point: new Point(), promise: Promise.resolve(1), sym: Symbol('s') },
  echo: (value) => value,
  later: () => Promise.resolve(new Point()),
  fail: () => { const e = new Error('boom'); e.secret = 's3cr3t'; throw e; },
  invoke: (channel, value) => ipcRenderer.invoke(channel, value),
});
`;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-model-rules-'));
  const src = path.join(root, 'src');
  fs.mkdirSync(path.join(src, 'node_modules', 'esm-only'), { recursive: true });
  fs.mkdirSync(path.join(src, 'native'), { recursive: true });
  fs.writeFileSync(path.join(src, 'package.json'), JSON.stringify({ name: 'mini', productName: 'Mini', version: '1.0.0', main: 'main.js' }));
  fs.writeFileSync(path.join(src, 'main.js'), MINI_MAIN);
  fs.writeFileSync(path.join(src, 'preload.cjs'), MINI_PRELOAD);
  fs.writeFileSync(path.join(src, 'preload-esm.mjs'), "import { contextBridge } from 'electron';\ncontextBridge.exposeInMainWorld('x', {});\n");
  fs.writeFileSync(path.join(src, 'preload-fs.cjs'), "require('fs');\n");
  fs.writeFileSync(path.join(src, 'dynamic.js'), "module.exports = () => import('esm-only');\n");
  fs.writeFileSync(path.join(src, 'node_modules', 'esm-only', 'package.json'), JSON.stringify({ name: 'esm-only', type: 'module', main: 'index.js' }));
  fs.writeFileSync(path.join(src, 'node_modules', 'esm-only', 'index.js'), 'export default 1;\n');
  // A native module left inside the archive (no asarUnpack for it).
  fs.copyFileSync(path.join(__dirname, '../../node_modules/better-sqlite3/prebuilds/linux-x64.node'), path.join(src, 'native', 'packed.node'));
  await asar.createPackage(src, path.join(root, 'resources', 'app.asar'));
  archive = new AsarArchive(path.join(root, 'resources', 'app.asar'));
});

afterAll(() => {
  archive?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

function model(platform: ModelPlatform = 'linux', machine = new ModelMachine()): ElectronModel {
  return new ElectronModel({ machine, archive, platform, packaged: true, execPath: '/opt/Mini/mini', argv: [], cwd: root, env: {}, homeDir: root, openedAtLogin: false });
}

function load(m: ElectronModel, file = 'main.js'): Record<string, unknown> {
  return new AsarAppLoader({ archive, rules: m.rules, electron: m.electron, appProcess: m.process }).loadMain(path.join(archive.file, file)) as Record<string, unknown>;
}

type AnyClass = new (...args: unknown[]) => unknown;
const api = (m: ElectronModel) => m.electron as Record<string, Record<string, (...args: unknown[]) => unknown> & AnyClass>;

/** A window whose page runs `preload` from the archive, served by an app: protocol. */
async function pageWith(m: ElectronModel, preload: string, webPreferences: Record<string, unknown> = {}) {
  const e = api(m);
  if (!m.protocolHandlers.has('mini')) e['protocol']!['handle']!('mini', () => new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } }));
  const window = new e['BrowserWindow']!({ show: false, webPreferences: { preload: path.join(archive.file, preload), contextIsolation: true, sandbox: true, ...webPreferences } }) as ModelBrowserWindow;
  await window.loadURL('mini://app/index.html');
  return { window, page: window.webContents.page! };
}

describe('the Electron model enforces Electron’s rules', () => {
  it('refuses APIs that need the app ready before ready, and allows showErrorBox', async () => {
    const m = model();
    const e = api(m);
    expect(() => new e['BrowserWindow']!({})).toThrow(/Cannot create BrowserWindow before app is ready/);
    expect(() => new e['Notification']!({ title: 't' })).toThrow(/before the app is ready/);
    expect(() => new e['Tray']!(e['nativeImage']!['createFromPath']!('/x.png'))).toThrow(/before the app is ready/);
    expect(() => e['protocol']!['handle']!('x', () => new Response(''))).toThrow(/protocol.handle before the app is ready/);
    expect(() => (e['session'] as unknown as { defaultSession: unknown }).defaultSession).toThrow(/Session can only be received when app is ready/);
    await expect(e['net']!['fetch']!('https://example.test/') as Promise<unknown>).rejects.toThrow(/net.fetch before the app is ready/);
    await expect(e['dialog']!['showOpenDialog']!({}) as Promise<unknown>).rejects.toThrow(/before ready/);
    e['dialog']!['showErrorBox']!('Title', 'Content');
    expect(m.errorBoxes).toEqual([{ title: 'Title', content: 'Content' }]);
    expect(m.rules.broken.map((b) => b.rule)).toEqual(['not-ready:BrowserWindow', 'not-ready:Notification', 'not-ready:Tray', 'not-ready:protocol.handle', 'not-ready:session', 'not-ready:net', 'not-ready:dialog']);
    expect(m.rules.broken.every((b) => /electronjs\.org\/docs|stricter reading/.test(b.source))).toBe(true);
  });

  it('registers privileged schemes only before ready, and only once; an unknown electron API is "not modelled"', () => {
    const m = model();
    const protocol = api(m)['protocol']!;
    protocol['registerSchemesAsPrivileged']!([{ scheme: 'a', privileges: { standard: true } }]);
    expect(() => protocol['registerSchemesAsPrivileged']!([{ scheme: 'b' }])).toThrow(/called twice/);
    m.emitReady();
    expect(() => protocol['registerSchemesAsPrivileged']!([{ scheme: 'c' }])).toThrow(/after ready/);
    expect(() => api(m)['clipboard']).toThrow(/electron\.clipboard is not modelled/);
  });

  it("net.fetch refuses Chromium's forbidden request headers, redirect 'manual' and data: URLs", async () => {
    const m = model();
    m.emitReady();
    const fetch = api(m)['net']!['fetch']!;
    await expect(fetch('https://example.test/', { method: 'POST', headers: { 'Content-Length': '2' }, body: 'hi' }) as Promise<unknown>).rejects.toThrow(/net::ERR_INVALID_ARGUMENT .*content-length/);
    await expect(fetch('https://example.test/', { headers: { Host: 'other' } }) as Promise<unknown>).rejects.toThrow(/"host" is not allowed/);
    await expect(fetch('https://example.test/', { redirect: 'manual' }) as Promise<unknown>).rejects.toThrow(/Redirect was cancelled/);
    await expect(fetch('data:text/plain,hi') as Promise<unknown>).rejects.toThrow(/does not support the data: scheme/);
    expect(takeNetFetchViolations()).toHaveLength(4);
    // A file: URL reads through the archive, as Electron's net.fetch does.
    const response = (await fetch(`file://${archive.file}/package.json`)) as Response;
    expect(await response.json()).toMatchObject({ name: 'mini' });
    await expect(fetch(`file://${archive.file}/missing.txt`) as Promise<unknown>).rejects.toThrow(/ERR_FILE_NOT_FOUND/);
  });

  it('IPC: arguments and results are structured-cloned; uncloneable values and thrown errors arrive as Electron sends them', async () => {
    const m = model();
    m.emitReady();
    class Job {
      id = 'j1';
      describe() {
        return 'job';
      }
    }
    const ipcMain = api(m)['ipcMain']!;
    ipcMain['handle']!('job', () => new Job());
    ipcMain['handle']!('fn', () => () => 1);
    ipcMain['handle']!('throws', () => {
      throw Object.assign(new Error('Nope'), { secret: 'x' });
    });
    ipcMain['handle']!('echo', (_event: unknown, value: unknown) => value);
    expect(() => ipcMain['handle']!('echo', () => 1)).toThrow(/second handler for 'echo'/);
    const { page } = await pageWith(m, 'preload.cjs');
    const run = (expr: string) => vm.runInContext(expr, page.mainWorld) as Promise<unknown>;
    expect(await run('window.mini.invoke("job").then((j) => [Object.getPrototypeOf(j) === Object.prototype, j.id, typeof j.describe])')).toEqual([true, 'j1', 'undefined']);
    await expect(run('window.mini.invoke("fn")')).rejects.toThrow(/could not be cloned/);
    await expect(run('window.mini.invoke("throws")')).rejects.toThrow(/^Error invoking remote method 'throws': Error: Nope$/);
    await expect(run('window.mini.invoke("echo", { f() {} })')).rejects.toThrow(/could not be cloned/);
    // A typed array arrives as the page's own Uint8Array.
    expect(await run('window.mini.invoke("echo", new Uint8Array([1, 2])).then((v) => [v instanceof Uint8Array, Array.from(v)])')).toEqual([true, [1, 2]]);
  });

  it('contextBridge: functions proxied, values copied and frozen, prototypes and symbols dropped, nested promises dropped, errors reduced to their message', async () => {
    const m = model();
    m.emitReady();
    const { page } = await pageWith(m, 'preload.cjs');
    expect(page.evaluate('[Object.isFrozen(window.mini), Object.isFrozen(window.mini.nested), window.mini.version, window.mini.nested.list]')).toEqual([true, true, 3, [1, 2]]);
    expect(page.evaluate('[Object.getPrototypeOf(window.mini.nested.point) === Object.prototype, window.mini.nested.point.x, "norm" in window.mini.nested.point]')).toEqual([true, 1, false]);
    expect(page.evaluate('["promise" in window.mini.nested, "sym" in window.mini.nested]')).toEqual([false, false]);
    expect(page.evaluate('(() => { try { window.mini.fail(); } catch (e) { return [e instanceof Error, e.message, e.secret]; } })()')).toEqual([true, 'boom', undefined]);
    expect(await (vm.runInContext('window.mini.later().then((p) => [p.x, typeof p.norm])', page.mainWorld) as Promise<unknown>)).toEqual([1, 'undefined']);
    // No contextIsolation, no contextBridge.
    const { window } = await pageWith(m, 'preload.cjs', { contextIsolation: false });
    expect(window.webContents.page!.preloadError?.message).toMatch(/contextBridge API can only be used when contextIsolation is enabled/);
  });

  it('a sandboxed preload is CommonJS and may require only electron, events, timers and url', async () => {
    const m = model();
    m.emitReady();
    expect((await pageWith(m, 'preload-esm.mjs')).page.preloadError?.message).toMatch(/not CommonJS/);
    expect((await pageWith(m, 'preload-fs.cjs')).page.preloadError?.message).toMatch(/a sandboxed preload cannot require "fs"/);
    expect(m.rules.broken.map((b) => b.rule)).toEqual(['preload-esm', 'sandbox-require']);
  });

  it('senderFrame is null once the frame has gone; every event carries a new WebFrameMain object', async () => {
    const m = model();
    m.emitReady();
    const frames: unknown[] = [];
    api(m)['ipcMain']!['handle']!('who', (event: { senderFrame: unknown }) => void frames.push(event.senderFrame));
    const { page } = await pageWith(m, 'preload.cjs');
    await (vm.runInContext('window.mini.invoke("who")', page.mainWorld) as Promise<unknown>);
    await (vm.runInContext('window.mini.invoke("who")', page.mainWorld) as Promise<unknown>);
    m.nextInvokeFrameGone = true;
    await (vm.runInContext('window.mini.invoke("who")', page.mainWorld) as Promise<unknown>);
    expect(frames[0]).not.toBe(frames[1]);
    expect(frames[0]).toEqual(frames[1]);
    expect(frames[2]).toBeNull();
  });

  it('a shown Notification nobody references loses its click handler after a garbage collection', async () => {
    const m = model();
    m.emitReady();
    const Notification = api(m)['Notification']!;
    const clicks: string[] = [];
    const kept = new Notification({ title: 'kept' }) as { on(e: string, l: () => void): void; show(): void };
    kept.on('click', () => clicks.push('kept'));
    kept.show();
    (() => {
      const dropped = new Notification({ title: 'dropped' }) as { on(e: string, l: () => void): void; show(): void };
      dropped.on('click', () => clicks.push('dropped'));
      dropped.show();
    })();
    await m.gc();
    for (const toast of m.toasts) m.clickToast(toast.id);
    expect(clicks).toEqual(['kept']);
    expect(kept).toBeTruthy();
  });

  it("prints call back with Electron's outcomes: success, a cancelled dialog, a failure with its reason", async () => {
    const m = model();
    m.emitReady();
    const { window } = await pageWith(m, 'preload.cjs');
    const outcomes: [boolean, string][] = [];
    for (const settle of ['succeed', 'cancel', 'fail'] as const) {
      window.webContents.print({ silent: true }, (success, reason) => outcomes.push([success, reason]));
      m.prints.at(-1)![settle]();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcomes).toEqual([
      [true, ''],
      [false, 'Print job canceled'],
      [false, 'Print job failed'],
    ]);
  });

  it('window-all-closed: without a listener the app quits; with one it runs on until it quits itself', async () => {
    const quiet = model();
    quiet.emitReady();
    const first = new (api(quiet)['BrowserWindow']!)({}) as ModelBrowserWindow;
    first.close();
    await quiet.exited();
    expect(quiet.exitCode).toBe(0);

    const listening = model();
    listening.emitReady();
    let emitted = 0;
    api(listening)['app']!['on']!('window-all-closed', () => emitted++);
    const window = new (api(listening)['BrowserWindow']!)({}) as ModelBrowserWindow;
    window.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect([emitted, listening.running]).toEqual([1, true]);
    // app.quit(): windows close without window-all-closed; before-quit can hold the quit.
    new (api(listening)['BrowserWindow']!)({});
    let held = true;
    api(listening)['app']!['on']!('before-quit', (event: { preventDefault(): void }) => held && event.preventDefault());
    listening.quit();
    expect(listening.running).toBe(true);
    held = false;
    listening.quit();
    await listening.exited();
    expect(emitted).toBe(1);
  });

  it('login items: macOS and Windows only; args are Windows-only; wasOpenedAtLogin is macOS-only; getLoginItemSettings compares args on Windows', () => {
    const linux = model('linux');
    linux.emitReady();
    expect(() => api(linux)['app']!['setLoginItemSettings']!({ openAtLogin: true })).toThrow(/not available on Linux/);
    const machine = new ModelMachine();
    const mac = model('darwin', machine);
    mac.emitReady();
    api(mac)['app']!['setLoginItemSettings']!({ openAtLogin: true, args: ['--hidden'] });
    expect(machine.loginItems.get('/opt/Mini/mini')).toEqual({ openAtLogin: true, args: [] });
    expect(mac.rules.broken.map((b) => b.rule)).toEqual(['login-item-args-ignored']);
    expect(api(mac)['app']!['getLoginItemSettings']!()).toMatchObject({ openAtLogin: true, wasOpenedAtLogin: false });
    const win = model('win32', new ModelMachine());
    win.emitReady();
    api(win)['app']!['setLoginItemSettings']!({ openAtLogin: true, args: ['--hidden'] });
    expect(api(win)['app']!['getLoginItemSettings']!()).toMatchObject({ openAtLogin: false });
    expect(api(win)['app']!['getLoginItemSettings']!({ args: ['--hidden'] })).toMatchObject({ openAtLogin: true });
    expect(api(win)['app']!['getLoginItemSettings']!({ args: ['--hidden'] })).not.toHaveProperty('wasOpenedAtLogin');
  });

  it('shell.openExternal rejects when the system cannot open the link', async () => {
    const m = model();
    m.openExternalFails = 'Failed to open';
    await expect(api(m)['shell']!['openExternal']!('https://example.test') as Promise<unknown>).rejects.toThrow('Failed to open');
  });

  it('the ASAR loader: paths inside app.asar, no ES modules or import(), no native module packed in the archive, no package from outside it', async () => {
    const m = model();
    const main = load(m);
    expect((main['fs'] as typeof fs).readFileSync(path.join(archive.file, 'package.json'), 'utf8')).toMatch(/"mini"/);
    expect((main['fs'] as typeof fs).statSync(path.join(archive.file, 'native')).isDirectory()).toBe(true);
    // A real file access that the shim does not route fails: app.asar is a file.
    expect(() => fs.readFileSync(path.join(archive.file, 'package.json'))).toThrow(/ENOTDIR/);
    const loader = new AsarAppLoader({ archive, rules: m.rules, electron: m.electron, appProcess: m.process });
    expect(() => loader.loadMain(path.join(archive.file, 'node_modules/esm-only/index.js'))).toThrow(/ES module/);
    expect(() => loader.loadMain(path.join(archive.file, 'native/packed.node'))).toThrow(/inside app\.asar, not in app\.asar\.unpacked/);
    const dynamic = loader.loadMain(path.join(archive.file, 'dynamic.js')) as () => Promise<unknown>;
    await expect(dynamic()).rejects.toThrow();
    // vitest and pdf-lib are in the checkout's node_modules, not in this archive.
    expect(() => loader.resolve(path.join(archive.file, 'x'), 'pdf-lib')).toThrow(/Cannot find module 'pdf-lib'/);
    expect(m.rules.broken.map((b) => b.rule)).toEqual(['esm-in-asar', 'native-module-packed', 'dynamic-import-in-asar']);
  });
});
