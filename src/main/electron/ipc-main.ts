/** Wires the gate to ipcMain: one invoke channel, the sender frame checked, events forwarded. */
import { ipcMain, type BrowserWindow, type IpcMainInvokeEvent } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../shared/ipc/channels';
import type { Core } from '../core';
import type { Logger } from '../platform/logger';
import { isTrustedPageUrl } from '../security/sender';

export function wireIpc(core: Core, getWindow: () => BrowserWindow | null, logger: Logger, devServerUrl?: string): () => void {
  ipcMain.handle(INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, channel: unknown, input: unknown) => {
    const frame = event.senderFrame;
    const window = getWindow();
    const fromMainFrame = !!frame && !!window && frame === window.webContents.mainFrame;
    if (!fromMainFrame || !isTrustedPageUrl(frame?.url, devServerUrl)) {
      logger.warn('IPC call refused: untrusted sender', { url: frame?.url ?? 'none' });
      return { ok: false, error: { code: 'FORBIDDEN_SENDER', message: 'This page may not talk to Faxdesk.' } };
    }
    return core.dispatch(String(channel), input);
  });
  const unsubscribe = core.events.subscribe((name, payload) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, { event: name, payload });
  });
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    unsubscribe();
  };
}
