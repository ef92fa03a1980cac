/**
 * The app as electron-builder ships it, run under the Electron model (test/electron-model): the built
 * out/main loaded from the staged app.asar, `require('electron')` answered by the model, the built
 * sandboxed preload in its own realm behind an emulated contextBridge. Everything a person does goes
 * through the page's `window.faxdesk`, the tray, the menu and the desktop notifications.
 *
 * One launch, in order: first launch, a Sandbox fax to Delivered over the model's net.fetch, an inbound
 * fax announced and opened by a click (after a garbage collection), printing (printed, cancelled,
 * failed), close-to-tray and the tray, a second launch with a document, Quit.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until, type Lab, type RunningApp } from '../electron-model/launch';
import type { ModelPage } from '../electron-model/page';
import { newLab, sandboxControl, synced, writePdf } from './support';

let lab: Lab;
let app: RunningApp;
let page: ModelPage;
let dataDir: string;
let docs: string;

beforeAll(async () => {
  lab = newLab();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-shipped-'));
  docs = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-docs-'));
  // ELECTRON_RENDERER_URL is set as an attacker could: the packaged app must not load it.
  app = await lab.launch({ env: { FAXDESK_DATA_DIR: dataDir, ELECTRON_RENDERER_URL: 'http://127.0.0.1:9/evil' } });
  page = await app.page();
  for (const event of ['ui:navigate', 'compose:open', 'inbox:changed']) page.listen(event);
});

afterAll(async () => {
  await lab?.close();
  for (const dir of [dataDir, docs]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the shipped app under the Electron model', () => {
  it('is staged as electron-builder ships it: the build, one native binary per module, unpacked, nothing else', () => {
    const files = lab.archive.files();
    const names = files.map((f) => f.path);
    for (const needed of ['package.json', 'out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html', 'resources/icon.png', 'resources/tray.png']) expect(names).toContain(needed);
    const native = files.filter((f) => f.path.endsWith('.node'));
    expect(native.map((f) => f.path).sort()).toEqual(['node_modules/@napi-rs/keyring-linux-x64-gnu/keyring.linux-x64-gnu.node', 'node_modules/better-sqlite3/prebuilds/linux-x64.node']);
    expect(native.every((f) => f.unpacked)).toBe(true);
    for (const absent of [/^src\//, /^test\//, /\.map$/, /^node_modules\/ws\//, /^node_modules\/better-sqlite3\/(deps|src)\//, /^node_modules\/node-addon-api\//, /^node_modules\/electron\//, /^node_modules\/react\//]) {
      expect(names.filter((n) => absent.test(n)), String(absent)).toEqual([]);
    }
    const pkg = JSON.parse(lab.archive.read('package.json').toString('utf8')) as Record<string, unknown>;
    expect(pkg).toMatchObject({ name: 'faxdesk', productName: 'Faxdesk', desktopName: 'faxdesk.desktop', main: './out/main/index.js' });
    expect(pkg).not.toHaveProperty('devDependencies');
  });

  it('first launch: a locked-down window on app://faxdesk, our menu, a tray, window.faxdesk and nothing else in the page', async () => {
    const model = app.model;
    expect(model.state).toBe('ready');
    const window = app.mainWindow!;
    expect(window.webContents.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, webSecurity: true, devTools: false });
    // Packaged: ELECTRON_RENDERER_URL ignored.
    expect(window.webContents.getURL()).toBe('app://faxdesk/index.html');
    expect(window.webContents.lastResponseHeaders['content-security-policy']).toMatch(/^default-src 'none'; script-src 'self';/);
    expect(window.isVisible()).toBe(true);
    // The page: window.faxdesk only, frozen; no Node in the main world.
    expect(page.evaluate('[typeof window.faxdesk.app.info, typeof require, typeof process, typeof Buffer, Object.isFrozen(window.faxdesk)]')).toEqual(['function', 'undefined', 'undefined', 'undefined', true]);
    const info = await page.ok<{ name: string; shell: string; platform: string; dataDir: string; versions: Record<string, string> }>('app:info');
    expect(info).toMatchObject({ name: 'Faxdesk', shell: 'electron', platform: 'linux', dataDir });
    expect(info.versions.electron).toBe('45.4.1');
    expect(model.electron['app'] && (model.electron['app'] as { getName(): string }).getName()).toBe('Faxdesk');
    // Our application menu replaced Electron's default one (whose Help menu links to electronjs.org).
    expect(model.appMenu?.items.map((i) => i.label?.replace('&', ''))).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(JSON.stringify(model.appMenu?.items.map((i) => i.submenu?.items.map((s) => s.label)))).not.toMatch(/electron/i);
    model.appMenu!.find('File', 'New Fax')!.activate();
    await until('New Fax to open Compose', () => page.received<{ page: string }>('ui:navigate').some((t) => t.page === 'compose'));
    expect(app.tray.image.isEmpty()).toBe(false);
    expect(app.tray.menu?.items.map((i) => i.label).filter(Boolean)).toEqual(['Open Faxdesk', 'Compose…', 'Pause sync', 'Quit Faxdesk']);
    // The Sandbox is set up on first launch.
    const accounts = await page.ok<{ id: string; kind: string }[]>('accounts:list');
    expect(accounts).toContainEqual(expect.objectContaining({ id: 'sandbox', kind: 'sandbox' }));
    expect(model.rules.broken).toEqual([]);
  });

  it('serves app:// from inside app.asar: a missing file and a folder answer 404, not a network error', async () => {
    const handler = app.model.protocolHandlers.get('app')!;
    const get = (url: string) => app.model.runProtocolHandler(handler, new Request(url));
    expect((await get('app://faxdesk/index.html')).status).toBe(200);
    expect((await get('app://faxdesk/no-such-file.js')).status).toBe(404);
    expect((await get('app://faxdesk/assets')).status).toBe(404);
    expect((await get('app://faxdesk/../../package.json')).status).toBe(404);
    expect(app.model.rules.broken).toEqual([]);
  });

  it('checks who calls by frame numbers: each call brings a new WebFrameMain object; a frame gone (senderFrame null) is refused', async () => {
    expect(app.mainWindow!.webContents.mainFrame).not.toBe(app.mainWindow!.webContents.mainFrame);
    app.model.nextInvokeFrameGone = true;
    expect(await page.call('app:info')).toMatchObject({ ok: false, error: { code: 'FORBIDDEN_SENDER' } });
    expect(await page.call('app:info')).toMatchObject({ ok: true });
  });

  it('stores an API key in the system keychain through the native module loaded from app.asar.unpacked', async () => {
    const account = await page.ok<{ id: string; hasApiKey: boolean }>('accounts:add', {
      label: 'Head office',
      baseUrl: 'https://api.example.test/api',
      appId: randomUUID(),
      apiKey: 'test-api-key-0123456789abcdef',
      userId: '12345678-12345678',
      enabled: false,
    });
    expect(account.hasApiKey).toBe(true);
    await page.ok('accounts:remove', { id: account.id });
  });

  it("Test connection passes for the Sandbox: every step's request is one net.fetch accepts", async () => {
    const report = await page.ok<{ ok: boolean; steps: { id: string; outcome: string; message: string }[] }>('accounts:test', { id: 'sandbox' });
    expect(report.steps.map((s) => [s.id, s.outcome])).toEqual([
      ['settings', 'ok'],
      ['reach', 'ok'],
      ['clock', 'ok'],
      ['token', 'ok'],
      ['received', 'ok'],
      ['admin', 'ok'],
    ]);
    expect(app.model.rules.broken).toEqual([]);
  });

  let inboundFaxId = '';

  it("sends a Sandbox fax to Delivered through the model's net.fetch (Chromium's rules on every request)", async () => {
    const pdf = await writePdf(docs, 'letter.pdf', 'A letter sent from the shipped app');
    const added = await page.ok<{ documents: { id: string; type: string; name: string; pages: number }[]; problems: unknown[] }>('compose:addFiles', { paths: [pdf] });
    expect(added.problems).toEqual([]);
    const doc = added.documents[0]!;
    const sent = await page.ok<{ jobs: { id: string }[] }>('compose:send', {
      composeId: randomUUID(),
      accountId: 'sandbox',
      recipients: [{ number: '+1 212 555 0100', name: 'Records' }],
      documents: [{ id: doc.id, type: doc.type, name: doc.name, pages: doc.pages }],
    });
    const jobId = sent.jobs[0]!.id;
    const job = await until('the fax to be delivered', async () => {
      const detail = await page.ok<{ job: { state: string; statusLabel: string } }>('outbox:get', { jobId });
      return detail.job.state === 'COMPLETED' || detail.job.state === 'UNKNOWN' || detail.job.state === 'FAILED' ? detail.job : null;
    }, 40_000);
    expect(job).toMatchObject({ state: 'COMPLETED', statusLabel: 'Delivered' });
    const posts = app.model.calls.filter((c) => c.api === 'net.fetch' && (c.detail as { method: string; url: string }).method === 'POST' && (c.detail as { url: string }).url.endsWith('/api/faxes'));
    expect(posts).toHaveLength(1);
    expect((posts[0]!.detail as { headers: Record<string, string> }).headers).not.toHaveProperty('content-length');
    expect(app.model.rules.broken).toEqual([]);
  });

  it('announces an inbound fax; a click on the notification, after a garbage collection, opens it', async () => {
    await synced(page);
    const before = app.model.toasts.length;
    const { fax_id: faxId } = await sandboxControl(app).inbound({ from: '13125550170', pages: 1 });
    inboundFaxId = faxId;
    await page.ok('sync:refresh');
    const toast = await until('the inbound fax to be announced', () => app.model.toasts.slice(before).find((t) => /New fax from/.test(t.title)), 30_000);
    expect(toast.title).toMatch(/^Sandbox \(practice\): New fax from/);
    // The window is hidden when the fax arrives; the notification object must still be alive for the click.
    app.mainWindow!.close();
    expect(app.mainWindow!.isVisible()).toBe(false);
    await app.model.gc();
    expect(app.model.clickToast(toast.id)).toBe(true);
    expect(app.mainWindow!.isVisible()).toBe(true);
    await until('the click to open the fax', () => page.received<{ page: string; faxId?: string }>('ui:navigate').find((t) => t.page === 'inbox' && t.faxId === faxId));
  });

  it('prints a fax: printed marks it printed; a cancelled dialog and a failed print do not', async () => {
    const list = await page.ok<{ items: { id: string; faxId: string; printedAt: string | null; imageState: string }[] }>('inbox:list', {});
    const fax = await until('the inbound fax to be stored', async () => {
      const items = (await page.ok<{ items: { id: string; faxId: string; printedAt: string | null; imageState: string }[] }>('inbox:list', {})).items;
      return items.find((f) => f.faxId === inboundFaxId && f.imageState === 'stored');
    });
    expect(list.items.length).toBeGreaterThan(0);
    const windowsBefore = app.model.windows.length;

    const cancelled = page.call('inbox:print', { id: fax.id });
    const job1 = await app.nextPrint();
    expect(job1.url).toMatch(/^file:\/\/.*\.pdf$/);
    job1.cancel('Print job canceled');
    expect(await cancelled).toEqual({ ok: true, value: { outcome: 'cancelled' } });

    const failed = page.call('inbox:print', { id: fax.id });
    (await app.nextPrint()).fail('Print job failed');
    expect(await failed).toEqual({ ok: false, error: { code: 'PRINT_FAILED', message: expect.stringMatching(/^The printer did not take the job\./) } });
    let stored = (await page.ok<{ items: { id: string; printedAt: string | null }[] }>('inbox:list', {})).items.find((f) => f.id === fax.id)!;
    expect(stored.printedAt).toBeNull();

    const printed = page.call<{ outcome: string; printedAt: string }>('inbox:print', { id: fax.id });
    (await app.nextPrint()).succeed();
    const result = await printed;
    expect(result).toMatchObject({ ok: true, value: { outcome: 'printed' } });
    stored = (await page.ok<{ items: { id: string; printedAt: string | null }[] }>('inbox:list', {})).items.find((f) => f.id === fax.id)!;
    expect(stored.printedAt).toBe(result.ok ? result.value.printedAt : 'no');
    // Each print window is gone again; the app runs on.
    expect(app.model.windows.length).toBe(windowsBefore);
    expect(app.model.running).toBe(true);
  });

  it('close hides to the tray; the tray brings the window back', async () => {
    const window = app.mainWindow!;
    window.close();
    expect(window.isDestroyed()).toBe(false);
    expect(window.isVisible()).toBe(false);
    expect(app.model.running).toBe(true);
    app.tray.click();
    expect(window.isVisible()).toBe(true);
  });

  it('a second launch with a document hands it to this one and ends', async () => {
    const pdf = await writePdf(docs, 'from-explorer.pdf', 'Opened with Faxdesk');
    const second = await lab.launch({ env: { FAXDESK_DATA_DIR: dataDir }, argv: [pdf], cwd: docs });
    await second.model.exited();
    expect(second.model.exitCode).toBe(0);
    expect(second.model.windows.length).toBe(0);
    await until('the document to reach Compose', () => page.received<{ files: { path: string }[] }>('compose:open').find((p) => p.files.some((f) => f.path === pdf)));
    expect(await page.ok('desktop:takePendingFiles')).toEqual({ files: [{ path: pdf, name: 'from-explorer.pdf' }] });
    expect(second.model.rules.broken).toEqual([]);
  });

  it('Quit waits for the core to stop: the history is closed cleanly before the process ends', async () => {
    const database = path.join(dataDir, 'faxdesk.sqlite3');
    expect(fs.existsSync(`${database}-wal`)).toBe(true);
    let walAtExit: boolean | null = null;
    app.model.onExit(() => (walAtExit = fs.existsSync(`${database}-wal`)));
    app.tray.pick('Quit Faxdesk');
    await app.model.exited();
    expect(app.model.exitCode).toBe(0);
    expect(walAtExit).toBe(false);
    expect(app.model.errorBoxes).toEqual([]);
    expect(app.model.unhandledRejections).toEqual([]);
    expect(app.model.rules.broken).toEqual([]);
  });
});
