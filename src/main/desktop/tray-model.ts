/**
 * What the tray shows and what closing the window does, as plain data and decisions; the Electron
 * side (src/main/electron/tray.ts) only turns this into a Tray and a Menu.
 */

/** Pausing background sync. Provided by the sync service; without it the tray has no pause item. */
export interface SyncPauseControl {
  isSyncPaused(): boolean;
  setSyncPaused(paused: boolean): void;
}

/** The unread inbound count. */
export interface UnreadSource {
  onUnreadChange(listener: (count: number) => void): () => void;
}

export type TrayAction = 'open' | 'compose' | 'pause-sync' | 'resume-sync' | 'quit';
export type TrayMenuEntry = { action: TrayAction; label: string } | { separator: true };

export interface TrayState {
  unread: number;
  /** null: no sync service to pause. */
  syncPaused: boolean | null;
}

export function trayMenu(state: TrayState): TrayMenuEntry[] {
  const entries: TrayMenuEntry[] = [
    { action: 'open', label: state.unread > 0 ? `Open Faxdesk (${unreadText(state.unread)})` : 'Open Faxdesk' },
    { action: 'compose', label: 'Compose…' },
  ];
  if (state.syncPaused !== null) {
    entries.push({ separator: true }, state.syncPaused ? { action: 'resume-sync', label: 'Resume sync' } : { action: 'pause-sync', label: 'Pause sync' });
  }
  entries.push({ separator: true }, { action: 'quit', label: 'Quit Faxdesk' });
  return entries;
}

export function trayTooltip(state: TrayState): string {
  const parts = ['Faxdesk'];
  if (state.unread > 0) parts.push(unreadText(state.unread));
  if (state.syncPaused) parts.push('sync paused');
  return parts.join(' — ');
}

/** macOS shows text beside the menu-bar icon: the count, or nothing. */
export function trayTitle(unread: number): string {
  if (unread <= 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

export type TrayIconName = 'trayTemplate' | 'tray' | 'tray-unread';

/** macOS: a template image (the count goes in the title). Elsewhere a coloured icon, with a dot when unread. */
export function trayIconName(unread: number, platform: NodeJS.Platform): TrayIconName {
  if (platform === 'darwin') return 'trayTemplate';
  return unread > 0 ? 'tray-unread' : 'tray';
}

/**
 * Closing the window: hide it to the tray when that setting is on and a tray exists, unless Faxdesk is
 * quitting (menu Quit, Cmd+Q, log-out), where the window must really close.
 */
export function closeAction(state: { closeToTray: boolean; quitting: boolean; hasTray: boolean }): 'hide' | 'close' {
  return state.closeToTray && state.hasTray && !state.quitting ? 'hide' : 'close';
}

/**
 * `window-all-closed`: whether Faxdesk quits. Electron quits by itself only when nobody listens to
 * that event (https://www.electronjs.org/docs/latest/api/app#event-window-all-closed); Faxdesk
 * listens, so this decides. macOS apps stay in the dock. Elsewhere a tray keeps Faxdesk running (it
 * receives faxes in the background) unless the person closed the main window with close-to-tray off:
 * the last window to close may be a helper (the hidden print window of an auto-print after a start
 * at login), and that must never quit the app.
 */
export function quitWhenAllWindowsClosed(state: { platform: NodeJS.Platform; hasTray: boolean; closeToTray: boolean; mainWindowClosed: boolean }): boolean {
  if (state.platform === 'darwin') return false;
  if (!state.hasTray) return true;
  return !state.closeToTray && state.mainWindowClosed;
}

/**
 * The sync service's pause control, if the core has one: `core.sync` with `isPaused()` and
 * `setPaused(paused)`, or `isSyncPaused()` / `setSyncPaused()` on the core itself. Null otherwise,
 * and the tray then shows no pause item.
 */
export function findSyncControl(core: object): SyncPauseControl | null {
  const candidate = core as { sync?: { isPaused?: unknown; setPaused?: unknown }; isSyncPaused?: unknown; setSyncPaused?: unknown };
  const sync = candidate.sync;
  if (sync && typeof sync.isPaused === 'function' && typeof sync.setPaused === 'function') {
    const { isPaused, setPaused } = sync as { isPaused(): boolean; setPaused(p: boolean): void };
    return { isSyncPaused: () => isPaused.call(sync), setSyncPaused: (p) => setPaused.call(sync, p) };
  }
  if (typeof candidate.isSyncPaused === 'function' && typeof candidate.setSyncPaused === 'function') {
    const { isSyncPaused, setSyncPaused } = candidate as SyncPauseControl;
    return { isSyncPaused: () => isSyncPaused.call(core), setSyncPaused: (p) => setSyncPaused.call(core, p) };
  }
  return null;
}

/** The unread count as a signal: the badge port sets it, the tray listens. */
export class UnreadSignal implements UnreadSource {
  private count = 0;
  private readonly listeners = new Set<(count: number) => void>();

  get value(): number {
    return this.count;
  }

  set(count: number): void {
    const next = Math.max(0, Math.floor(Number.isFinite(count) ? count : 0));
    if (next === this.count) return;
    this.count = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  onUnreadChange(listener: (count: number) => void): () => void {
    this.listeners.add(listener);
    listener(this.count);
    return () => this.listeners.delete(listener);
  }
}

function unreadText(unread: number): string {
  return `${unread} unread ${unread === 1 ? 'fax' : 'faxes'}`;
}
