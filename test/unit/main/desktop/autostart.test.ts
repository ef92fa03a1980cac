import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linuxAutostartEntry, linuxAutostartFile, linuxConfigHome, linuxExecutable, loginItemCalls, quoteExecArgument, setLinuxAutostart, startsHidden } from '../../../../src/main/desktop/autostart';

describe('Linux start at login', () => {
  it('writes an XDG autostart entry that starts Faxdesk hidden, and removes it', () => {
    const configHome = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-xdg-'));
    setLinuxAutostart(true, { configHome, executable: '/opt/Faxdesk/faxdesk' });
    const file = linuxAutostartFile(configHome);
    expect(file).toBe(path.join(configHome, 'autostart', 'faxdesk.desktop'));
    const text = fs.readFileSync(file, 'utf8');
    expect(text).toContain('[Desktop Entry]\nType=Application\nName=Faxdesk\n');
    expect(text).toContain('Exec=/opt/Faxdesk/faxdesk --hidden\n');
    setLinuxAutostart(true, { configHome, executable: '/opt/Faxdesk/faxdesk' });
    setLinuxAutostart(false, { configHome, executable: '/opt/Faxdesk/faxdesk' });
    expect(fs.existsSync(file)).toBe(false);
    expect(() => setLinuxAutostart(false, { configHome, executable: 'x' })).not.toThrow();
  });

  it('quotes paths with spaces and special characters as the Desktop Entry spec says', () => {
    expect(quoteExecArgument('/home/ann/Apps/Faxdesk.AppImage')).toBe('/home/ann/Apps/Faxdesk.AppImage');
    expect(quoteExecArgument('/home/ann/My Apps/Fax$desk "1" 100%.AppImage')).toBe('"/home/ann/My Apps/Fax\\$desk \\"1\\" 100%%.AppImage"');
    expect(quoteExecArgument('/a\\b c')).toBe('"/a\\\\\\\\b c"');
    expect(linuxAutostartEntry('/x y/faxdesk')).toContain('Exec="/x y/faxdesk" --hidden');
  });

  it('prefers the AppImage file and $XDG_CONFIG_HOME', () => {
    expect(linuxExecutable({ APPIMAGE: '/home/a/Faxdesk.AppImage' }, '/tmp/.mount_x/faxdesk')).toBe('/home/a/Faxdesk.AppImage');
    expect(linuxExecutable({}, '/usr/bin/faxdesk')).toBe('/usr/bin/faxdesk');
    expect(linuxConfigHome({ XDG_CONFIG_HOME: '/cfg' })).toBe('/cfg');
    expect(linuxConfigHome({ XDG_CONFIG_HOME: 'relative' })).toBe(path.join(os.homedir(), '.config'));
  });
});

describe('start at login on macOS and Windows', () => {
  it('passes --hidden only on Windows, where setLoginItemSettings takes args (and getLoginItemSettings compares them)', () => {
    expect(loginItemCalls('win32', true)).toEqual({ set: { openAtLogin: true, args: ['--hidden'] }, query: { args: ['--hidden'] } });
    expect(loginItemCalls('darwin', true)).toEqual({ set: { openAtLogin: true }, query: {} });
    expect(loginItemCalls('darwin', false)).toEqual({ set: { openAtLogin: false }, query: {} });
    expect(loginItemCalls('linux', true)).toBeNull();
  });

  it('starts hidden with --hidden (Windows, Linux) or when macOS says it opened the app at login, and only with a tray', () => {
    expect(startsHidden({ platform: 'win32', argv: ['faxdesk.exe', '--hidden'], wasOpenedAtLogin: false, hasTray: true })).toBe(true);
    expect(startsHidden({ platform: 'linux', argv: ['faxdesk'], wasOpenedAtLogin: true, hasTray: true })).toBe(false);
    expect(startsHidden({ platform: 'darwin', argv: ['Faxdesk'], wasOpenedAtLogin: true, hasTray: true })).toBe(true);
    expect(startsHidden({ platform: 'darwin', argv: ['Faxdesk'], wasOpenedAtLogin: false, hasTray: true })).toBe(false);
    expect(startsHidden({ platform: 'win32', argv: ['faxdesk.exe', '--hidden'], wasOpenedAtLogin: false, hasTray: false })).toBe(false);
  });
});
