/**
 * The shipped app under the Electron model, at log-in and when things fail around it:
 * - Linux: start at login (the XDG autostart entry's command) hidden in the tray, a fax arrives, it is
 *   printed automatically; the print window closing (the only window) must not quit the app.
 * - macOS: the login item starts the app without arguments (`args` is Windows-only); it must still start
 *   hidden (wasOpenedAtLogin). open-file hands a document to Compose.
 * - Windows: the login item carries --hidden.
 * - A link the system cannot open and a page load that fails are logged, not fatal.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator';
import { until, type Lab, type RunningApp } from '../electron-model/launch';
import { newLab, synced, writePdf } from './support';

let lab: Lab;
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

beforeAll(() => {
  lab = newLab();
});

afterAll(async () => {
  await lab?.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** First launch, the settings a person picks, then Quit. */
async function configure(app: RunningApp, settings: Record<string, unknown>): Promise<void> {
  const page = await app.page();
  await page.ok('settings:set', settings);
  await synced(page);
  await app.quit();
  expect(app.model.exitCode).toBe(0);
}

describe('start at login', () => {
  it('Linux: starts hidden from its autostart entry, prints a new fax automatically, and stays in the tray when the print window closes', async () => {
    const dataDir = tempDir('faxdesk-login-linux-');
    await configure(await lab.launch({ env: { FAXDESK_DATA_DIR: dataDir } }), { startAtLogin: true, autoPrintInbound: true });
    // A fax arrives while the computer is off: it waits in the Sandbox service's state.
    const emulator = await startEmulator({ stateFile: path.join(dataDir, 'sandbox', 'state.sqlite3'), clock: 'real', quiet: true });
    const { fax_id: faxId } = await emulator.control.inbound({ from: '16175550181', pages: 1 });
    await emulator.stop();

    const app = await lab.launchAtLogin({ env: { FAXDESK_DATA_DIR: dataDir } });
    expect(app.model.process.argv.slice(1)).toEqual(['--hidden']);
    const print = await app.nextPrint();
    expect(print.silent).toBe(true);
    // The hidden print window is the only window: no main window was opened.
    expect(app.model.windows.map((w) => w.webContents.webPreferences['preload'] ?? 'print')).toEqual(['print']);
    expect(app.model.toasts.map((t) => t.title)).toEqual([expect.stringMatching(/New fax from/)]);
    print.succeed();
    await until('the print window to close', () => app.model.windows.length === 0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.model.running).toBe(true);

    app.tray.pick('Open Faxdesk');
    const page = await app.page();
    const fax = (await page.ok<{ items: { faxId: string; printedAt: string | null }[] }>('inbox:list', {})).items.find((f) => f.faxId === faxId)!;
    expect(fax.printedAt).not.toBeNull();
    await app.quit();
    expect(app.model.rules.broken).toEqual([]);
    expect(app.model.unhandledRejections).toEqual([]);
  });

  it('macOS: the login item has no arguments; the app still starts hidden (wasOpenedAtLogin), and open-file reaches Compose', async () => {
    const dataDir = tempDir('faxdesk-login-mac-');
    const first = await lab.launch({ platform: 'darwin', env: { FAXDESK_DATA_DIR: dataDir } });
    await configure(first, { startAtLogin: true });
    expect(first.model.calls.filter((c) => c.api === 'app.setLoginItemSettings').map((c) => c.detail)).toEqual([{ openAtLogin: true }]);
    expect(first.model.rules.broken).toEqual([]);

    const app = await lab.launchAtLogin({ platform: 'darwin', env: { FAXDESK_DATA_DIR: dataDir } });
    expect(app.model.process.argv.slice(1)).toEqual([]);
    await until('the app to start', () => app.model.trays.length > 0);
    expect(app.model.windows.length).toBe(0);
    expect(app.tray.image.path).toMatch(/trayTemplate\.png$/);

    // Finder's "Open with Faxdesk": the document goes to Compose and the window comes up.
    const pdf = await writePdf(tempDir('faxdesk-docs-'), 'invoice.pdf', 'Invoice');
    app.model.openFile(pdf);
    const page = await app.page();
    expect(await page.ok('desktop:takePendingFiles')).toEqual({ files: [{ path: pdf, name: 'invoice.pdf' }] });
    // macOS keeps the app running when its last window closes.
    await page.ok('settings:set', { closeToTray: false });
    app.mainWindow!.close();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.model.running).toBe(true);
    await app.quit();
    expect(app.model.rules.broken).toEqual([]);
  });

  it('Windows: the login item starts the app with --hidden, and the app finds its own login item', async () => {
    const dataDir = tempDir('faxdesk-login-win-');
    const first = await lab.launch({ platform: 'win32', env: { FAXDESK_DATA_DIR: dataDir } });
    await configure(first, { startAtLogin: true });
    expect(first.model.calls.filter((c) => c.api === 'app.setLoginItemSettings').map((c) => c.detail)).toEqual([{ openAtLogin: true, args: ['--hidden'] }]);
    expect(first.model.calls.some((c) => c.api === 'app.setAppUserModelId')).toBe(true);
    const app = await lab.launchAtLogin({ platform: 'win32', env: { FAXDESK_DATA_DIR: dataDir } });
    expect(app.model.process.argv.slice(1)).toEqual(['--hidden']);
    await until('the app to start', () => app.model.trays.length > 0);
    expect(app.model.windows.length).toBe(0);
    // The setting is read back as on: nothing registered twice.
    app.tray.pick('Open Faxdesk');
    await (await app.page()).ok('settings:get');
    expect(app.model.calls.filter((c) => c.api === 'app.setLoginItemSettings')).toEqual([]);
    await app.quit();
    expect(app.model.rules.broken).toEqual([]);
  });
});

describe('failures around the app', () => {
  it('a link the system cannot open and a page load that fails are logged; the app runs on', async () => {
    // No FAXDESK_DATA_DIR: the data folder is the one every installation has used, ~/.config/faxdesk.
    const app = await lab.launch();
    expect(app.model.getPath('userData')).toBe(path.join(lab.home, '.config', 'faxdesk'));
    // The first page load is replaced or fails (net::ERR_ABORTED, as when another navigation starts).
    app.model.failNextLoad = 'ERR_ABORTED (-3)';
    await until('the window to try loading', () => app.model.calls.some((c) => c.api === 'webContents.loadURL'));
    await until('the load to fail', () => app.model.calls.some((c) => c.api === 'webContents.loadURL') && app.model.failNextLoad === null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(app.model.unhandledRejections).toEqual([]);
    expect(app.model.running).toBe(true);
    const window = app.mainWindow!;
    // The system has no handler for the link (shell.openExternal rejects).
    app.model.openExternalFails = 'Failed to open: no application is registered for https links';
    expect(window.webContents.openWindowFromPage('https://example.com/help')).toEqual({ action: 'deny' });
    expect(window.webContents.openWindowFromPage('file:///etc/passwd')).toEqual({ action: 'deny' });
    await until('openExternal to be tried', () => app.model.calls.some((c) => c.api === 'shell.openExternal'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(app.model.calls.filter((c) => c.api === 'shell.openExternal').map((c) => c.detail)).toEqual(['https://example.com/help']);
    expect(app.model.unhandledRejections).toEqual([]);
    expect(app.model.errorBoxes).toEqual([]);
    expect(app.model.running).toBe(true);
    expect(app.model.exitCode).toBeNull();
    await app.quit();
    expect(fs.existsSync(path.join(lab.home, '.config', 'faxdesk', 'faxdesk.sqlite3'))).toBe(true);
  });
});
