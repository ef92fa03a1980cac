/**
 * Electron entry: lifecycle, the window, and wiring. No fax logic lives here; it is all in the core.
 */
import fs from 'node:fs';
import path from 'node:path';
import { app, dialog } from 'electron';
import { KeyringSecretStore } from './accounts';
import { createCore, type Core } from './core';
import { APP_ID, DATA_FOLDER_NAME } from './desktop/app-identity';
import { launchData } from './desktop/launch-args';
import { electronBadge, electronFetch, electronNotifier, electronPrinter, electronSystem } from './electron/adapters';
import { installAppMenu } from './electron/app-menu';
import { electronFileDialogs } from './electron/file-dialogs';
import { DesktopShell } from './electron/desktop-shell';
import { wireIpc } from './electron/ipc-main';
import { registerAppSchemeAsPrivileged, serveRenderer } from './electron/protocol';
import { createMainWindow, lockDownSession } from './electron/window';
import { createFileLogger, logDirOf, teeLogger } from './platform/file-logger';
import { consoleLogger } from './platform/logger';
import { installCrashHandler } from './platform/crash-handler';
import { Redactor } from './platform/redact';

// The data folder keeps the name it has always had: Electron names userData after the app
// (productName, "Faxdesk"), which would move a person's history on Linux. Tests and portable setups may
// point it elsewhere. app.setPath throws for a folder that does not exist yet: create it first.
const dataDir = process.env['FAXDESK_DATA_DIR'] ? path.resolve(process.env['FAXDESK_DATA_DIR']) : path.join(app.getPath('appData'), DATA_FOLDER_NAME);
fs.mkdirSync(dataDir, { recursive: true });
app.setPath('userData', dataDir);

const redactor = new Redactor();
const fileLogger = createFileLogger({ dir: logDirOf(app.getPath('userData')), redactor, scope: 'main' });
const logger = app.isPackaged ? fileLogger : teeLogger(fileLogger, consoleLogger('main'));
// Replaces Electron's own error dialog, which shows the error with everything it carries, unredacted.
installCrashHandler({ redactor, logger: fileLogger, onCrash: (summary) => dialog.showErrorBox('Faxdesk stopped after an unexpected error', summary), exit: (code) => app.exit(code) });
// electron-vite's dev server, while developing. A packaged Faxdesk ignores it: whoever could set that
// variable would have any page loaded with the full trust of Faxdesk's IPC.
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const resourcesDir = path.join(app.getAppPath(), 'resources');
let core: Core | null = null;
/** core.stop() finished: quitting may go on (see before-quit). */
let coreStopped = false;
const shell = new DesktopShell({
  logger,
  iconDir: resourcesDir,
  logDir: logDirOf(app.getPath('userData')),
  createWindow: () =>
    createMainWindow({ preloadDir: path.join(__dirname, '../preload'), logger, iconPath: path.join(resourcesDir, 'icon.png'), ...(devServerUrl ? { devServerUrl } : {}) }),
});

// Windows shows and routes notifications by this id; the installer gives its shortcut the same one.
if (process.platform === 'win32') app.setAppUserModelId(APP_ID);

if (!app.requestSingleInstanceLock(launchData(process.argv, process.cwd()))) {
  app.quit();
} else {
  registerAppSchemeAsPrivileged();
  app.on('second-instance', (_event, argv, workingDirectory, additionalData) => shell.secondInstance(argv, workingDirectory, additionalData));
  app.on('open-file', (event, file) => {
    event.preventDefault();
    shell.openFile(file);
  });
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault());
  });
  app
    .whenReady()
    .then(start)
    .catch((error: unknown) => {
      // E.g. a history file that is not SQLite or is from a newer Faxdesk: say so, change nothing.
      const message = error instanceof Error ? error.message : String(error);
      logger.error('Faxdesk failed to start', { error: message });
      dialog.showErrorBox('Faxdesk cannot start', message);
      app.exit(1);
    });
}

async function start(): Promise<void> {
  lockDownSession();
  serveRenderer(path.join(__dirname, '../renderer'));
  // Our own menu: Electron's default one links to electronjs.org under Help.
  installAppMenu({ platform: process.platform, packaged: app.isPackaged, run: (command) => shell.runMenuCommand(command) });
  app.setAboutPanelOptions({ applicationName: 'Faxdesk', applicationVersion: app.getVersion(), copyright: 'Copyright © Faxdesk' });
  core = createCore({
    dataDir: app.getPath('userData'),
    appVersion: app.getVersion(),
    shell: 'electron',
    logger,
    redactor,
    notifier: electronNotifier((target) => shell.reveal(target)),
    printer: electronPrinter,
    badge: shell.badge(electronBadge),
    system: electronSystem,
    fetch: electronFetch,
    secretStore: new KeyringSecretStore(),
    fileDialogs: electronFileDialogs(() => shell.mainWindow),
    resourcesDir,
  });
  await core.start();
  wireIpc(core, () => shell.mainWindow, logger, devServerUrl);
  await shell.attach(core, process.argv, process.cwd());
}

// Listening here means Electron no longer quits by itself when the last window closes: the tray (or
// the dock) keeps Faxdesk receiving faxes, and a helper window (printing) closing never quits it.
app.on('window-all-closed', () => {
  if (shell.shouldQuitWhenAllWindowsClosed()) app.quit();
});

app.on('activate', () => {
  if (core) shell.openWindow(); // macOS: a click on the dock icon
});

// Quitting waits for the core to stop (the outbox settles, the database closes): the first
// before-quit is held, and once the core has stopped, quit goes on.
let stopping = false;
app.on('before-quit', (event) => {
  shell.markQuitting();
  if (!core || coreStopped) {
    shell.destroy();
    return;
  }
  event.preventDefault();
  if (stopping) return;
  stopping = true;
  core
    .stop()
    .catch((error: unknown) => logger.error('Faxdesk did not stop cleanly', { error: error instanceof Error ? error.message : String(error) }))
    .finally(() => {
      coreStopped = true;
      app.quit();
    });
});
