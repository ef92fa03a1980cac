/** The main window, locked down: sandboxed, isolated, no Node, no navigation, no new windows. */
import path from 'node:path';
import { BrowserWindow, session, shell } from 'electron';
import { APP_ORIGIN } from '../../shared/ipc/channels';
import type { Logger } from '../platform/logger';
import { isTrustedPageUrl } from '../security/sender';

export function lockDownSession(): void {
  // Faxdesk pages need no camera, microphone, notifications-API, geolocation...: deny every request.
  session.defaultSession.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
}

export function createMainWindow(options: { preloadDir: string; logger: Logger; devServerUrl?: string; iconPath?: string }): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Faxdesk',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      preload: path.join(options.preloadDir, 'index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // A middle click would otherwise open a link in a new window (setWindowOpenHandler denies it anyway).
      disableBlinkFeatures: 'Auxclick',
      devTools: !!options.devServerUrl,
    },
  });
  window.once('ready-to-show', () => window.show());

  const contents = window.webContents;
  contents.on('will-navigate', (event, url) => {
    if (!isTrustedPageUrl(url, options.devServerUrl)) event.preventDefault();
  });
  contents.on('will-redirect', (event, url) => {
    if (!isTrustedPageUrl(url, options.devServerUrl)) event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    // Only a plain https link the person clicked may open, and in their browser, never in Faxdesk.
    try {
      // openExternal rejects when the system has no browser or refuses the link: a side action, logged.
      if (new URL(url).protocol === 'https:') shell.openExternal(url).catch((error: unknown) => options.logger.warn('a link could not be opened in the browser', { error: String(error) }));
    } catch {
      // not a URL: ignore
    }
    return { action: 'deny' };
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());

  // loadURL rejects when the load fails or is replaced by another (ERR_ABORTED): logged, never a crash.
  window.loadURL(options.devServerUrl ?? `${APP_ORIGIN}/index.html`).catch((error: unknown) => options.logger.error('the window could not load its page', { error: String(error) }));
  return window;
}
