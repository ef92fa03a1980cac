/**
 * Electron entry: lifecycle, the window, and wiring. No fax logic lives here; it is all in the core.
 */
import path from 'node:path';
import { app, dialog } from 'electron';
import { KeyringSecretStore } from './accounts';
import { createCore, type Core } from './core';
import { APP_ID } from './desktop/app-identity';
import { launchData } from './desktop/launch-args';
import { electronBadge, electronFetch, electronNotifier, electronPrinter, electronSystem } from './electron/adapters';
import { electronFileDialogs } from './electron/file-dialogs';
import { DesktopShell } from './electron/desktop-shell';
import { wireIpc } from './electron/ipc-main';
import { registerAppSchemeAsPrivileged, serveRenderer } from './electron/protocol';
import { createMainWindow, lockDownSession } from './electron/window';
import { createFileLogger, logDirOf, teeLogger } from './platform/file-logger';
import { consoleLogger } from './platform/logger';
import { installCrashHandler } from './platform/crash-handler';
import { Redactor } from './platform/redact';

// Tests and portable setups may point the data folder elsewhere.
if (process.env['FAXDESK_DATA_DIR']) app.setPath('userData', path.resolve(process.env['FAXDESK_DATA_DIR']));

const redactor = new Redactor();
const fileLogger = createFileLogger({ dir: logDirOf(app.getPath('userData')), redactor, scope: 'main' });
const logger = app.isPackaged ? fileLogger : teeLogger(fileLogger, consoleLogger('main'));
// Replaces Electron's own error dialog, which shows the error with everything it carries, unredacted.
installCrashHandler({ redactor, logger: fileLogger, onCrash: (summary) => dialog.showErrorBox('Faxdesk stopped after an unexpected error', summary), exit: (code) => app.exit(code) });
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const resourcesDir = path.join(app.getAppPath(), 'resources');
let core: Core | null = null;
const shell = new DesktopShell({
  logger,
  iconDir: resourcesDir,
  createWindow: () =>
    createMainWindow({ preloadDir: path.join(__dirname, '../preload'), iconPath: path.join(resourcesDir, 'icon.png'), ...(devServerUrl ? { devServerUrl } : {}) }),
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

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});

app.on('activate', () => {
  if (core) shell.openWindow(); // macOS: a click on the dock icon
});

app.on('before-quit', () => {
  shell.markQuitting();
  shell.destroy();
  void core?.stop();
});
