import { describe, expect, it } from 'vitest';
import { closeAction, findSyncControl, quitWhenAllWindowsClosed, trayIconName, trayMenu, trayTitle, trayTooltip, UnreadSignal } from '../../../../src/main/desktop/tray-model';

describe('tray model', () => {
  it('lists open, compose, pause or resume sync, and quit', () => {
    expect(trayMenu({ unread: 0, syncPaused: false })).toEqual([
      { action: 'open', label: 'Open Faxdesk' },
      { action: 'compose', label: 'Compose…' },
      { separator: true },
      { action: 'pause-sync', label: 'Pause sync' },
      { separator: true },
      { action: 'quit', label: 'Quit Faxdesk' },
    ]);
    expect(trayMenu({ unread: 2, syncPaused: true })).toContainEqual({ action: 'resume-sync', label: 'Resume sync' });
    expect(trayMenu({ unread: 2, syncPaused: true })[0]).toEqual({ action: 'open', label: 'Open Faxdesk (2 unread faxes)' });
  });

  it('has no pause item without a sync service', () => {
    const actions = trayMenu({ unread: 0, syncPaused: null }).flatMap((e) => ('action' in e ? [e.action] : []));
    expect(actions).toEqual(['open', 'compose', 'quit']);
  });

  it('says the unread count and the sync state in the tooltip, title and icon', () => {
    expect(trayTooltip({ unread: 0, syncPaused: false })).toBe('Faxdesk');
    expect(trayTooltip({ unread: 1, syncPaused: true })).toBe('Faxdesk — 1 unread fax — sync paused');
    expect([trayTitle(0), trayTitle(7), trayTitle(150)]).toEqual(['', '7', '99+']);
    expect([trayIconName(0, 'linux'), trayIconName(3, 'win32'), trayIconName(3, 'darwin')]).toEqual(['tray', 'tray-unread', 'trayTemplate']);
  });

  it('hides to the tray on close only when the setting is on, a tray exists and Faxdesk is not quitting', () => {
    expect(closeAction({ closeToTray: true, hasTray: true, quitting: false })).toBe('hide');
    expect(closeAction({ closeToTray: true, hasTray: true, quitting: true })).toBe('close');
    expect(closeAction({ closeToTray: false, hasTray: true, quitting: false })).toBe('close');
    expect(closeAction({ closeToTray: true, hasTray: false, quitting: false })).toBe('close');
  });

  it('finds a sync pause control on the core, in either shape, or none', () => {
    let paused = false;
    const sync = { isPaused: () => paused, setPaused: (p: boolean) => void (paused = p) };
    const control = findSyncControl({ sync })!;
    control.setSyncPaused(true);
    expect(control.isSyncPaused()).toBe(true);
    const flat = { p: false, isSyncPaused() { return this.p; }, setSyncPaused(v: boolean) { this.p = v; } };
    findSyncControl(flat)!.setSyncPaused(true);
    expect(flat.p).toBe(true);
    expect(findSyncControl({})).toBeNull();
    expect(findSyncControl({ sync: { isPaused: true } })).toBeNull();
  });

  it('signals unread changes, starting with the current count', () => {
    const signal = new UnreadSignal();
    const seen: number[] = [];
    const off = signal.onUnreadChange((n) => seen.push(n));
    signal.set(2);
    signal.set(2);
    signal.set(-1);
    off();
    signal.set(5);
    expect(seen).toEqual([0, 2, 0]);
    expect(signal.value).toBe(5);
  });

  it('quits when the last window closes only when nothing keeps Faxdesk reachable, or the person closed it with close-to-tray off', () => {
    const base = { platform: 'linux' as NodeJS.Platform, hasTray: true, closeToTray: true, mainWindowClosed: false };
    // Started hidden at login, the auto-print window closes: the tray keeps Faxdesk running.
    expect(quitWhenAllWindowsClosed(base)).toBe(false);
    expect(quitWhenAllWindowsClosed({ ...base, closeToTray: false, mainWindowClosed: false })).toBe(false);
    // The person closed the window with close-to-tray off: quit.
    expect(quitWhenAllWindowsClosed({ ...base, closeToTray: false, mainWindowClosed: true })).toBe(true);
    expect(quitWhenAllWindowsClosed({ ...base, hasTray: false })).toBe(true);
    expect(quitWhenAllWindowsClosed({ ...base, platform: 'win32', hasTray: false })).toBe(true);
    // macOS apps stay in the dock.
    expect(quitWhenAllWindowsClosed({ ...base, platform: 'darwin', hasTray: false, closeToTray: false, mainWindowClosed: true })).toBe(false);
  });
});
