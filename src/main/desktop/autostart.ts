/**
 * Start at login. macOS and Windows have Electron's `app.setLoginItemSettings`; Linux has no such
 * API in Electron, so Faxdesk writes an XDG autostart entry (`~/.config/autostart/faxdesk.desktop`),
 * which GNOME, KDE, Xfce and the others read at log-in. Windows and Linux start Faxdesk with `--hidden`
 * (`args` of setLoginItemSettings is Windows-only); macOS passes no arguments to a login item, so there
 * Faxdesk asks `app.getLoginItemSettings().wasOpenedAtLogin` (macOS-only). Either way it starts in
 * the tray, without opening its window.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EXECUTABLE_NAME, PRODUCT_NAME, START_HIDDEN_SWITCH } from './app-identity';

/**
 * What to pass to Electron's login-item API on macOS and Windows (null on Linux: XDG autostart).
 * `set` for app.setLoginItemSettings; `query` for app.getLoginItemSettings, which on Windows reports
 * openAtLogin only for an entry with the same `args` (https://www.electronjs.org/docs/latest/api/app#appgetloginitemsettingsoptions-macos-windows).
 */
export function loginItemCalls(platform: NodeJS.Platform, openAtLogin: boolean): { set: { openAtLogin: boolean; args?: string[] }; query: { args?: string[] } } | null {
  if (platform === 'win32') return { set: { openAtLogin, args: [START_HIDDEN_SWITCH] }, query: { args: [START_HIDDEN_SWITCH] } };
  if (platform === 'darwin') return { set: { openAtLogin }, query: {} };
  return null;
}

/**
 * Whether this launch starts in the tray without a window: started at login (`--hidden` on Windows and
 * Linux, `wasOpenedAtLogin` on macOS) and a tray to live in (without one the window must show).
 */
export function startsHidden(launch: { platform: NodeJS.Platform; argv: readonly string[]; wasOpenedAtLogin: boolean; hasTray: boolean }): boolean {
  if (!launch.hasTray) return false;
  return launch.platform === 'darwin' ? launch.wasOpenedAtLogin || launch.argv.includes(START_HIDDEN_SWITCH) : launch.argv.includes(START_HIDDEN_SWITCH);
}

export interface LinuxAutostartOptions {
  /** $XDG_CONFIG_HOME, or ~/.config. */
  configHome?: string;
  /** The program to start: the AppImage ($APPIMAGE) when run from one, else the executable. */
  executable: string;
}

export function linuxConfigHome(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env['XDG_CONFIG_HOME'];
  return fromEnv && path.isAbsolute(fromEnv) ? fromEnv : path.join(os.homedir(), '.config');
}

/** The AppImage file when running from one (the mounted executable's path changes every launch). */
export function linuxExecutable(env: NodeJS.ProcessEnv = process.env, execPath = process.execPath): string {
  return env['APPIMAGE'] || execPath;
}

export function linuxAutostartFile(configHome: string): string {
  return path.join(configHome, 'autostart', `${EXECUTABLE_NAME}.desktop`);
}

export function linuxAutostartEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    `Name=${PRODUCT_NAME}`,
    'Comment=Desktop fax client: receives faxes in the background',
    `Exec=${quoteExecArgument(executable)} ${START_HIDDEN_SWITCH}`,
    `Icon=${EXECUTABLE_NAME}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** Writes or removes the autostart entry. Throws on a file-system error (the caller reports it). */
export function setLinuxAutostart(enabled: boolean, options: LinuxAutostartOptions): void {
  const file = linuxAutostartFile(options.configHome ?? linuxConfigHome());
  if (!enabled) {
    fs.rmSync(file, { force: true });
    return;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const entry = linuxAutostartEntry(options.executable);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === entry) return;
  fs.writeFileSync(file, entry);
}

/** Quotes one argument of a desktop entry's Exec key (Desktop Entry Specification, "The Exec key"). */
export function quoteExecArgument(argument: string): string {
  if (!/[\s"'\\`$<>~|&;*?#()%]/.test(argument)) return argument;
  // A backslash is escaped twice (string escape, then quoting: four in the file); " ` $ once; % as %%.
  const escaped = argument.replace(/\\/g, '\\\\\\\\').replace(/(["`$])/g, '\\$1').replace(/%/g, '%%');
  return `"${escaped}"`;
}
