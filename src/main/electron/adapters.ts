/** Electron implementations of the core's ports. Thin: each forwards to one Electron API. */
import { pathToFileURL } from 'node:url';
import { app, BrowserWindow, net, Notification, powerMonitor } from 'electron';
import type { NavTarget } from '../../shared/domain/navigation';
import { printOutcomeOf } from '../desktop/print-outcome';
import type { Badge, Notifier, PrintOutcome, Printer, SystemSignals } from '../platform/ports';

/** Native notifications; a click brings the window up and opens the target. */
export function electronNotifier(activate: (target: NavTarget | undefined) => void): Notifier {
  return {
    show({ title, body, target }) {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      notification.on('click', () => activate(target));
      notification.show();
    },
  };
}

export const electronPrinter: Printer = {
  async printPdf(file, { silent, title }) {
    // Chromium's PDF viewer renders the file in a hidden window; print() opens the system dialog.
    const window = new BrowserWindow({
      show: false,
      title,
      // Only Chromium's PDF viewer runs here: no Node, no middle-click windows, no navigating away.
      webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, plugins: true, disableBlinkFeatures: 'Auxclick' },
    });
    window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
    window.webContents.on('will-navigate', (event) => event.preventDefault());
    try {
      await window.loadURL(pathToFileURL(file).toString());
      // A closed dialog is 'cancelled', not printed; a failure carries its reason (print-outcome.ts).
      return await new Promise<PrintOutcome>((resolve) => {
        window.webContents.print({ silent: !!silent, printBackground: true }, (success, reason) => resolve(printOutcomeOf(success, reason)));
      });
    } finally {
      window.destroy();
    }
  },
};

export const electronBadge: Badge = {
  setCount(count) {
    app.setBadgeCount(count);
  },
};

export const electronSystem: SystemSignals = {
  onSuspend(listener) {
    powerMonitor.on('suspend', listener);
    return () => powerMonitor.off('suspend', listener);
  },
  onResume(listener) {
    powerMonitor.on('resume', listener);
    return () => powerMonitor.off('resume', listener);
  },
  onOnlineChange(listener) {
    // Electron has no online event in main; poll the cheap check.
    let last = net.isOnline();
    const timer = setInterval(() => {
      const now = net.isOnline();
      if (now !== last) listener((last = now));
    }, 5000);
    timer.unref();
    return () => clearInterval(timer);
  },
  isOnline: () => net.isOnline(),
};

/** Electron's fetch uses the system proxy and certificate store, which office networks need. */
export const electronFetch: typeof fetch = (input, init) => net.fetch(input as string, init as RequestInit);
