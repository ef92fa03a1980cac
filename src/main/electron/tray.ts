/**
 * The tray icon and its menu. Thin: what it shows and offers comes from src/main/desktop/tray-model.ts.
 * Images: resources/tray.png and tray-unread.png (16 px, with @2x variants that Electron picks on
 * high-DPI screens), and trayTemplate.png on macOS (a template image the menu bar tints).
 */
import path from 'node:path';
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions, type NativeImage } from 'electron';
import { trayIconName, trayMenu, trayTitle, trayTooltip, type SyncPauseControl, type TrayAction, type TrayIconName, type UnreadSource } from '../desktop/tray-model';
import type { Logger } from '../platform/logger';

export interface TrayOptions {
  /** The folder with the tray images (resources/). */
  iconDir: string;
  /** null: no sync service, no pause item. */
  sync: SyncPauseControl | null;
  unread: UnreadSource;
  onOpen(): void;
  onCompose(): void;
  onQuit(): void;
  logger: Logger;
}

export interface FaxdeskTray {
  /** Redraws (the sync may have been paused from elsewhere). */
  refresh(): void;
  destroy(): void;
}

/** Creates the tray, or returns null where the desktop has none (the window then closes normally). */
export function createTray(options: TrayOptions): FaxdeskTray | null {
  const images = new Map<TrayIconName, NativeImage>();
  const image = (name: TrayIconName): NativeImage => {
    let loaded = images.get(name);
    if (!loaded) {
      loaded = nativeImage.createFromPath(path.join(options.iconDir, `${name}.png`));
      if (name === 'trayTemplate') loaded.setTemplateImage(true);
      images.set(name, loaded);
    }
    return loaded;
  };

  let unread = 0;
  let tray: Tray;
  try {
    tray = new Tray(image(trayIconName(0, process.platform)));
  } catch (error) {
    options.logger.warn('no tray on this desktop', { error: String(error) });
    return null;
  }

  const run = (action: TrayAction) => {
    switch (action) {
      case 'open':
        return options.onOpen();
      case 'compose':
        return options.onCompose();
      case 'pause-sync':
      case 'resume-sync':
        options.sync?.setSyncPaused(action === 'pause-sync');
        return render();
      case 'quit':
        return options.onQuit();
    }
  };

  const render = () => {
    if (tray.isDestroyed()) return;
    const state = { unread, syncPaused: options.sync ? options.sync.isSyncPaused() : null };
    tray.setImage(image(trayIconName(unread, process.platform)));
    tray.setToolTip(trayTooltip(state));
    if (process.platform === 'darwin') tray.setTitle(trayTitle(unread));
    const template: MenuItemConstructorOptions[] = trayMenu(state).map((entry) =>
      'separator' in entry ? { type: 'separator' } : { label: entry.label, click: () => run(entry.action) },
    );
    tray.setContextMenu(Menu.buildFromTemplate(template));
  };

  // Windows and most Linux panels: a click on the icon opens the window (the menu is on right-click).
  // (On macOS a click shows the menu.)
  if (process.platform !== 'darwin') tray.on('click', () => options.onOpen());
  const stopListening = options.unread.onUnreadChange((count) => {
    unread = count;
    render();
  });
  render();

  return {
    refresh: render,
    destroy() {
      stopListening();
      if (!tray.isDestroyed()) tray.destroy();
    },
  };
}
