import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DesktopService } from '../../../../src/main/desktop/desktop-service';
import { TAKEN_FOLDER, type HotFolderClock } from '../../../../src/main/desktop/hot-folder';
import { EventBus } from '../../../../src/main/ipc/events';
import { createGate } from '../../../../src/main/ipc/gate';
import type { HandlerTable } from '../../../../src/main/ipc/gate';
import { silentLogger } from '../../../../src/main/platform/logger';
import { Redactor } from '../../../../src/main/platform/redact';
import { SettingsService } from '../../../../src/main/settings/settings-service';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import { SettingsRepository } from '../../../../src/main/store/repositories/settings-repository';
import { createDesktopHandlers } from '../../../../src/main/desktop/handlers';

const PDF = '%PDF-1.4\ntrailer << >>\n%%EOF\n';

class ManualClock implements HotFolderClock {
  time = 0;
  now = () => this.time;
  setInterval = () => 1;
  clearInterval = () => {};
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function setup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-desktop-'));
  const db: Db = openDatabase(path.join(dataDir, 'db.sqlite3'));
  const settings = new SettingsService(new SettingsRepository(db), () => new Date('2026-05-06T07:08:09Z'));
  const events = new EventBus();
  const seen: [string, unknown][] = [];
  events.subscribe((name, payload) => seen.push([name, payload]));
  const clock = new ManualClock();
  const desktop = new DesktopService({
    dataDir,
    logDir: path.join(dataDir, 'logs'),
    appVersion: '1.2.3',
    shell: 'bridge',
    events,
    settings,
    logger: silentLogger,
    redactor: new Redactor(),
    now: () => new Date('2026-05-06T07:08:09Z'),
    describeAccounts: () => [{ id: 'sandbox', label: 'Sandbox' }],
    hotFolderClock: clock,
    watchFolder: () => ({ close() {} }),
  });
  cleanups.push(() => {
    desktop.stop();
    db.close();
  });
  const dispatch = createGate(createDesktopHandlers(desktop) as HandlerTable, silentLogger);
  /** Two checks far enough apart for a complete file to be taken. */
  const settle = async () => {
    await desktop.checkHotFolder();
    clock.time += 5000;
    await desktop.checkHotFolder();
  };
  return { dataDir, settings, desktop, seen, dispatch, settle };
}

describe('DesktopService', () => {
  it('opens Compose with a PDF saved into the hot folder, handed over through takePendingFiles', async () => {
    const { settings, desktop, seen, dispatch, settle } = setup();
    const hot = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-'));
    settings.set({ hotFolder: hot });
    desktop.start();
    expect(desktop.watchedFolder).toBe(hot);
    fs.writeFileSync(path.join(hot, 'printed.pdf'), PDF);
    await settle();
    const moved = path.join(hot, TAKEN_FOLDER, 'printed.pdf');
    expect(seen).toContainEqual(['ui:navigate', { page: 'compose' }]);
    expect(seen).toContainEqual(['compose:open', { files: [{ path: moved, name: 'printed.pdf' }] }]);
    expect(await dispatch('desktop:takePendingFiles', undefined)).toEqual({ ok: true, value: { files: [{ path: moved, name: 'printed.pdf' }] } });
    expect(await dispatch('desktop:takePendingFiles', null)).toEqual({ ok: true, value: { files: [] } });
  });

  it('follows the hotFolder setting: starts, moves to another folder, stops', async () => {
    const { settings, desktop } = setup();
    desktop.start();
    expect(desktop.watchedFolder).toBeNull();
    const first = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-a-'));
    const second = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-b-'));
    settings.set({ hotFolder: first });
    expect(desktop.watchedFolder).toBe(first);
    settings.set({ theme: 'dark' });
    expect(desktop.watchedFolder).toBe(first);
    settings.set({ hotFolder: second });
    expect(desktop.watchedFolder).toBe(second);
    settings.set({ hotFolder: '' });
    expect(desktop.watchedFolder).toBeNull();
    desktop.stop();
    settings.set({ hotFolder: first });
    expect(desktop.watchedFolder).toBeNull();
  });

  it('shows a notice when the hot folder is missing, and another when it is back', async () => {
    const { settings, desktop, seen, settle } = setup();
    const hot = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-hot-')), 'Fax');
    settings.set({ hotFolder: hot });
    desktop.start();
    await desktop.checkHotFolder();
    const notices = () => seen.filter(([name]) => name === 'app:notice').map(([, p]) => p);
    expect(notices()).toEqual([{ level: 'warning', message: `The hot folder "${hot}" does not exist. Create it, or choose another folder in Settings.`, at: '2026-05-06T07:08:09.000Z' }]);
    fs.mkdirSync(hot);
    await settle();
    expect(notices()[1]).toMatchObject({ level: 'info', message: `The hot folder "${hot}" is available again.` });
  });

  it('hands launch documents to Compose and reports the refused ones', async () => {
    const { desktop, seen, dispatch } = setup();
    desktop.handOver({ files: ['/docs/a.pdf'], rejected: [{ path: '/docs/b.docx', reason: 'not a type Faxdesk sends (PDF, TIFF, text, PNG or JPEG)' }] }, 'command-line');
    expect(seen.map(([name]) => name)).toEqual(['ui:navigate', 'compose:open', 'app:notice']);
    expect(seen[2]![1]).toMatchObject({ level: 'warning', message: 'Faxdesk could not open a file: "b.docx" (not a type Faxdesk sends (PDF, TIFF, text, PNG or JPEG)).' });
    expect(await dispatch('desktop:takePendingFiles', undefined)).toMatchObject({ ok: true, value: { files: [{ path: '/docs/a.pdf' }] } });
  });

  it('exports diagnostics to the data folder by default, or to a chosen .zip (main-side only)', async () => {
    const { desktop, dataDir, dispatch } = setup();
    const result = await dispatch('desktop:exportDiagnostics', undefined);
    expect(result).toMatchObject({ ok: true, value: { file: path.join(dataDir, 'diagnostics', 'faxdesk-diagnostics-20260506-070809Z.zip') } });
    const again = await dispatch('desktop:exportDiagnostics', undefined);
    expect(again).toMatchObject({ ok: true, value: { file: path.join(dataDir, 'diagnostics', 'faxdesk-diagnostics-20260506-070809Z-2.zip') } });
    // Only main picks another place (files:saveAs, after the Save dialog); the page cannot name one.
    const chosen = path.join(dataDir, 'for-support.zip');
    expect(desktop.exportDiagnostics(chosen)).toEqual({ file: chosen, bytes: fs.statSync(chosen).size });
    expect(await dispatch('desktop:exportDiagnostics', { destination: chosen })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('refuses a destination that is relative, not a .zip, or in a missing folder', () => {
    const { desktop } = setup();
    expect(() => desktop.exportDiagnostics('out.zip')).toThrow(expect.objectContaining({ code: 'VALIDATION', field: 'destination' }));
    expect(() => desktop.exportDiagnostics('/tmp/x.sh')).toThrow('The diagnostics file name must end in .zip.');
    expect(() => desktop.exportDiagnostics('/no/such/folder/x.zip')).toThrow(expect.objectContaining({ code: 'FILE' }));
  });
});
