/**
 * The application menu's decisions (src/main/desktop/app-menu.ts): File/Edit/View/Window/Help with our
 * actions, the page's shortcuts shown and left to the page on Windows and Linux, nothing of Electron's
 * default menu.
 */
import { describe, expect, it } from 'vitest';
import { appMenu, MENU_COMMANDS, pageOf, type AppMenuItem, type AppMenuSection } from '../../../../src/main/desktop/app-menu';
import { SHORTCUTS } from '../../../../src/renderer/src/shortcuts/keymap';

const items = (menu: AppMenuSection[]) => menu.flatMap((s) => s.items);
const commands = (menu: AppMenuSection[]) => items(menu).flatMap((i) => ('command' in i ? [i] : []));
const label = (s: AppMenuSection) => s.label.replace('&', '');

describe('application menu', () => {
  it('has File, Edit, View, Window and Help on Windows and Linux, and the app menu first on macOS', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const menu = appMenu({ platform, packaged: true });
      expect(menu.map(label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
      expect(menu.map((s) => s.label)).toEqual(['&File', '&Edit', '&View', '&Window', '&Help']); // Alt+F opens File
    }
    const mac = appMenu({ platform: 'darwin', packaged: true });
    expect(mac.map(label)).toEqual(['Faxdesk', 'File', 'Edit', 'View', 'Window', 'Help']);
    expect(mac[0]!.role).toBe('appMenu');
  });

  it("holds Faxdesk's actions with their shortcuts, each command once per menu bar", () => {
    const linux = appMenu({ platform: 'linux', packaged: true });
    const byCommand = Object.fromEntries(commands(linux).map((c) => [c.command, c]));
    expect(byCommand['new-fax']).toMatchObject({ label: 'New Fax', accelerator: 'CmdOrCtrl+N' });
    expect(byCommand['open-documents']).toMatchObject({ label: 'Open Documents to Fax…', accelerator: 'CmdOrCtrl+O' });
    expect(byCommand['go-to-inbox']).toMatchObject({ label: 'Inbox', accelerator: 'CmdOrCtrl+3' });
    expect(byCommand['export-diagnostics']).toBeTruthy();
    expect(byCommand['open-log-folder']).toBeTruthy();
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const list = commands(appMenu({ platform, packaged: true })).map((c) => c.command);
      expect(new Set(list).size, platform).toBe(list.length);
      expect([...new Set(list)].sort(), platform).toEqual([...MENU_COMMANDS].sort());
      const accelerators = items(appMenu({ platform, packaged: true })).flatMap((i) => ('accelerator' in i && i.accelerator ? [i.accelerator] : []));
      expect(new Set(accelerators).size, platform).toBe(accelerators.length);
    }
    expect(pageOf('new-fax')).toBe('compose');
    expect(pageOf('go-to-settings')).toBe('settings');
    expect(pageOf('open-documents')).toBeNull();
  });

  it("shows the page's own shortcuts with the same keys, and leaves them to the page except on macOS", () => {
    const keysOf = (command: string) =>
      SHORTCUTS.find((s) => s.command === command)!.bindings.filter((b) => b.mod).map((b) => `CmdOrCtrl+${b.key.toUpperCase()}`);
    for (const platform of ['linux', 'darwin'] as const) {
      for (const item of commands(appMenu({ platform, packaged: true })).filter((c) => c.pageHandlesShortcut !== undefined)) {
        const pageCommand = item.command === 'new-fax' ? 'new-fax' : item.command;
        expect(keysOf(pageCommand), item.command).toContain(item.accelerator);
        expect(item.pageHandlesShortcut, `${platform} ${item.command}`).toBe(platform !== 'darwin');
      }
    }
  });

  it('has the standard edit, zoom and window roles; developer tools and reload only in development', () => {
    const roles = (menu: AppMenuSection[]) => items(menu).flatMap((i: AppMenuItem) => ('role' in i ? [i.role] : []));
    const packaged = roles(appMenu({ platform: 'win32', packaged: true }));
    for (const role of ['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll', 'zoomIn', 'zoomOut', 'resetZoom', 'minimize', 'quit', 'about']) expect(packaged).toContain(role);
    expect(packaged).not.toContain('toggleDevTools');
    expect(packaged).not.toContain('reload');
    expect(roles(appMenu({ platform: 'win32', packaged: false }))).toContain('toggleDevTools');
    expect(roles(appMenu({ platform: 'darwin', packaged: true }))).toEqual(expect.arrayContaining(['services', 'hide', 'hideOthers', 'pasteAndMatchStyle', 'front']));
    // Nothing links to Electron's website (its default Help menu does).
    expect(JSON.stringify(appMenu({ platform: 'linux', packaged: true }))).not.toMatch(/electron/i);
  });
});
