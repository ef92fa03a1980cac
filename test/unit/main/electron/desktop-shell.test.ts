/**
 * The Electron glue of the desktop integration (tray, close-to-tray, hand-offs) against a mocked
 * `electron`: Electron itself cannot run on these machines.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Core } from '../../../../src/main/core';
import { EventBus } from '../../../../src/main/ipc/events';
import { silentLogger } from '../../../../src/main/platform/logger';
import { DEFAULT_SETTINGS } from '../../../../src/shared/domain/settings';

interface FakeMenuItem {
  label?: string;
  type?: string;
  click?: () => void;
}

const electron = vi.hoisted(() => {
  class FakeTray {
    static instances: FakeTray[] = [];
    image: { path: string };
    tooltip = '';
    title = '';
    menu: FakeMenuItem[] = [];
    listeners: Record<string, () => void> = {};
    destroyed = false;
    constructor(image: { path: string }) {
      this.image = image;
      FakeTray.instances.push(this);
    }
    setImage(image: { path: string }) {
      this.image = image;
    }
    setToolTip(text: string) {
      this.tooltip = text;
    }
    setTitle(text: string) {
      this.title = text;
    }
    setContextMenu(menu: { items: FakeMenuItem[] }) {
      this.menu = menu.items;
    }
    on(event: string, listener: () => void) {
      this.listeners[event] = listener;
    }
    isDestroyed() {
      return this.destroyed;
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return {
    FakeTray,
    app: { quit: vi.fn(), isPackaged: false, getLoginItemSettings: vi.fn(() => ({ openAtLogin: false })), setLoginItemSettings: vi.fn() },
  };
});

vi.mock('electron', () => ({
  app: electron.app,
  Tray: electron.FakeTray,
  Menu: { buildFromTemplate: (items: FakeMenuItem[]) => ({ items }) },
  nativeImage: { createFromPath: (p: string) => ({ path: p, setTemplateImage() {} }) },
}));

const { DesktopShell } = await import('../../../../src/main/electron/desktop-shell');

class FakeWindow {
  listeners: Record<string, ((event: { preventDefault(): void }) => void)[]> = {};
  visible = true;
  destroyed = false;
  loading = false;
  onceLoaded: (() => void) | null = null;
  webContents = {
    isLoading: () => this.loading,
    once: (_event: string, listener: () => void) => void (this.onceLoaded = listener),
  };
  on(event: string, listener: (e: { preventDefault(): void }) => void) {
    (this.listeners[event] ??= []).push(listener);
    return this;
  }
  isDestroyed = () => this.destroyed;
  isMinimized = () => false;
  restore() {}
  show() {
    this.visible = true;
  }
  focus() {}
  hide() {
    this.visible = false;
  }
  /** Simulates the close button; returns whether the close went ahead. */
  close(): boolean {
    let prevented = false;
    for (const l of this.listeners['close'] ?? []) l({ preventDefault: () => (prevented = true) });
    if (!prevented) {
      this.destroyed = true;
      for (const l of this.listeners['closed'] ?? []) l({ preventDefault() {} });
    }
    return !prevented;
  }
}

function setup(coreExtras: Record<string, unknown> = {}) {
  const windows: FakeWindow[] = [];
  /** Whether windows created from now on are still loading their page. */
  const created = { loading: false };
  const events = new EventBus();
  const seen: [string, unknown][] = [];
  events.subscribe((name, payload) => seen.push([name, payload]));
  const handOver = vi.fn();
  const core = {
    events,
    handlers: { 'settings:get': () => ({ values: { ...DEFAULT_SETTINGS }, problems: [] }) },
    desktop: { handOver },
    ...coreExtras,
  } as unknown as Core;
  const shell = new DesktopShell({
    logger: silentLogger,
    iconDir: '/res',
    logDir: '/data/logs',
    createWindow: () => {
      const w = new FakeWindow();
      w.loading = created.loading;
      windows.push(w);
      return w as never;
    },
  });
  const tray = () => electron.FakeTray.instances.at(-1)!;
  const click = (label: string) => tray().menu.find((i) => i.label?.startsWith(label))!.click!();
  return { shell, core, windows, events, seen, handOver, tray, click, created };
}

let docs: string;
beforeEach(() => {
  electron.FakeTray.instances.length = 0;
  docs = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-shell-'));
  fs.writeFileSync(path.join(docs, 'a.pdf'), '%PDF');
});

describe('DesktopShell', () => {
  it('opens the window, shows the tray, and hands the command line’s documents to Compose', async () => {
    const { shell, core, windows, handOver, tray } = setup();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk', '--allow-file-access-from-files', 'a.pdf'], docs);
    expect(windows).toHaveLength(1);
    expect(tray().tooltip).toBe('Faxdesk');
    expect(tray().image.path).toBe(path.join('/res', process.platform === 'darwin' ? 'trayTemplate.png' : 'tray.png'));
    expect(tray().menu.map((i) => i.label ?? i.type)).toEqual(['Open Faxdesk', 'Compose…', 'separator', 'Quit Faxdesk']);
    expect(handOver).toHaveBeenCalledWith({ files: [path.join(docs, 'a.pdf')], rejected: [] }, 'command-line');
  });

  it('starts in the tray without a window when launched at login with --hidden', async () => {
    const { shell, core, windows, click } = setup();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk', '--hidden'], docs);
    expect(windows).toHaveLength(0);
    click('Open Faxdesk');
    expect(windows).toHaveLength(1);
  });

  it('hides the window on close while closeToTray is on, and really closes it when quitting or when the setting is off', async () => {
    const { shell, core, windows, events } = setup();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk'], docs);
    const window = windows[0]!;
    expect(window.close()).toBe(false);
    expect(window.visible).toBe(false);
    events.emit('settings:changed', { values: { ...DEFAULT_SETTINGS, closeToTray: false }, problems: [] });
    expect(window.close()).toBe(true);

    const second = setup();
    await second.shell.attach(second.core, ['/opt/Faxdesk/faxdesk'], docs);
    second.shell.markQuitting();
    expect(second.windows[0]!.close()).toBe(true);
  });

  it('keeps documents that arrive before the core is ready (macOS open-file, an early second launch)', async () => {
    const { shell, core, handOver } = setup();
    shell.openFile(path.join(docs, 'a.pdf'));
    shell.secondInstance(['/opt/Faxdesk/faxdesk', 'missing.pdf'], docs, undefined);
    expect(handOver).not.toHaveBeenCalled();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk'], docs);
    expect(handOver).toHaveBeenCalledWith({ files: [path.join(docs, 'a.pdf')], rejected: [] }, 'open-file');
    expect(handOver).toHaveBeenCalledWith({ files: [], rejected: [{ path: path.join(docs, 'missing.pdf'), reason: 'not found' }] }, 'second-instance');
  });

  it('brings the window back for a second launch, using the launch data it sent', async () => {
    const { shell, core, windows, handOver } = setup();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk'], docs);
    windows[0]!.hide();
    shell.secondInstance(['/opt/Faxdesk/faxdesk', '--some-chromium-switch'], '/', { argv: ['/opt/Faxdesk/faxdesk', 'a.pdf'], cwd: docs });
    expect(windows[0]!.visible).toBe(true);
    expect(handOver).toHaveBeenLastCalledWith({ files: [path.join(docs, 'a.pdf')], rejected: [] }, 'second-instance');
  });

  it('shows the window when documents are handed to Compose (the hot folder)', async () => {
    const { shell, core, windows, events } = setup();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk', '--hidden'], docs);
    expect(windows).toHaveLength(0);
    events.emit('compose:open', { files: [{ path: '/x/a.pdf', name: 'a.pdf' }] });
    expect(windows).toHaveLength(1);
  });

  it('brings a window hidden in the tray back when a printed job is handed to Compose (the fax printer)', async () => {
    const { shell, core, windows, events } = setup();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk'], docs);
    windows[0]!.hide();
    events.emit('compose:open', { files: [{ path: '/data/printed/7-ab/Invoice.pdf', name: 'Invoice.pdf' }] });
    expect(windows).toHaveLength(1);
    expect(windows[0]!.visible).toBe(true);
  });

  it('puts the unread count in the tray and opens Compose from the menu once the page has loaded', async () => {
    const { shell, core, tray, click, seen, windows, created } = setup();
    const badge = { setCount: vi.fn() };
    await shell.attach(core, ['/opt/Faxdesk/faxdesk', '--hidden'], docs);
    shell.badge(badge).setCount(2);
    expect(badge.setCount).toHaveBeenCalledWith(2);
    expect(tray().tooltip).toBe('Faxdesk — 2 unread faxes');
    expect(tray().menu[0]!.label).toBe('Open Faxdesk (2 unread faxes)');
    if (process.platform !== 'darwin') expect(tray().image.path).toBe(path.join('/res', 'tray-unread.png'));

    click('Compose');
    const window = windows[0]!;
    expect(seen.filter(([n]) => n === 'ui:navigate')).toEqual([['ui:navigate', { page: 'compose' }]]);
    window.destroyed = true;
    created.loading = true;
    click('Compose'); // a new window, still loading: navigate after it loads
    expect(seen.filter(([n]) => n === 'ui:navigate')).toHaveLength(1);
    windows.at(-1)!.onceLoaded!();
    expect(seen.filter(([n]) => n === 'ui:navigate')).toHaveLength(2);
  });

  it('offers Pause sync / Resume sync when the core has a sync service', async () => {
    let paused = false;
    const sync = { isPaused: () => paused, setPaused: (p: boolean) => void (paused = p) };
    const { shell, core, tray, click } = setup({ sync });
    await shell.attach(core, ['/opt/Faxdesk/faxdesk'], docs);
    click('Pause sync');
    expect(paused).toBe(true);
    expect(tray().menu.map((i) => i.label).filter(Boolean)).toContain('Resume sync');
    expect(tray().tooltip).toBe('Faxdesk — sync paused');
    click('Resume sync');
    expect(paused).toBe(false);
  });

  it('does not register the development build to start at login', async () => {
    const { shell, core, events } = setup();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk'], docs);
    events.emit('settings:changed', { values: { ...DEFAULT_SETTINGS, startAtLogin: true }, problems: [] });
    expect(electron.app.setLoginItemSettings).not.toHaveBeenCalled();
  });

  it('quits from the tray menu', async () => {
    const { shell, core, click } = setup();
    await shell.attach(core, ['/opt/Faxdesk/faxdesk'], docs);
    click('Quit');
    expect(electron.app.quit).toHaveBeenCalled();
  });
});
