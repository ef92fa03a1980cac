/**
 * Electron entry: lifecycle, the window, and wiring. No fax logic lives here; it is all in the core.
 */
import path from 'node:path';
import { app, type BrowserWindow } from 'electron';
import { createCore, type Core } from './core';
import { electronBadge, electronFetch, electronNotifier, electronPrinter, electronSystem } from './electron/adapters';
import { wireIpc } from './electron/ipc-main';
import { registerAppSchemeAsPrivileged, serveRenderer } from './electron/protocol';
import { createMainWindow, lockDownSession } from './electron/window';
import { consoleLogger } from './platform/logger';

const logger = consoleLogger('main');
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
let mainWindow: BrowserWindow | null = null;
let core: Core | null = null;

// Tests and portable setups may point the data folder elsewhere.
if (process.env['FAXDESK_DATA_DIR']) app.setPath('userData', path.resolve(process.env['FAXDESK_DATA_DIR']));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  registerAppSchemeAsPrivileged();
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault());
  });
  app.whenReady().then(start, (error: unknown) => {
    logger.error('Faxdesk failed to start', { error: String(error) });
    app.exit(1);
  });
}

async function start(): Promise<void> {
  lockDownSession();
  serveRenderer(path.join(__dirname, '../renderer'));
  core = createCore({
    dataDir: app.getPath('userData'),
    appVersion: app.getVersion(),
    shell: 'electron',
    logger,
    notifier: electronNotifier((target) => {
      if (!mainWindow) return;
      if (mainWindow.isMinimized()) mainWindow.restore();
      mainWindow.show();
      mainWindow.focus();
      if (target) core?.events.emit('ui:navigate', target);
    }),
    printer: electronPrinter,
    badge: electronBadge,
    system: electronSystem,
    fetch: electronFetch,
  });
  await core.start();
  wireIpc(core, () => mainWindow, logger, devServerUrl);
  mainWindow = createMainWindow({ preloadDir: path.join(__dirname, '../preload'), ...(devServerUrl ? { devServerUrl } : {}) });
  mainWindow.on('closed', () => (mainWindow = null));
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('before-quit', () => {
  void core?.stop();
});
