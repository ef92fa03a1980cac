/** Wires the gate to ipcMain: one invoke channel, the sender frame checked, events forwarded. */
import { ipcMain, type BrowserWindow } from 'electron';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from '../../shared/ipc/channels';
import type { Core } from '../core';
import type { Logger } from '../platform/logger';
import { createInvokeHandler } from '../security/invoke-guard';

export function wireIpc(core: Core, getWindow: () => BrowserWindow | null, logger: Logger, devServerUrl?: string): () => void {
  const handle = createInvokeHandler({
    dispatch: core.dispatch,
    mainFrame: () => getWindow()?.webContents.mainFrame ?? null,
    logger,
    ...(devServerUrl ? { devServerUrl } : {}),
  });
  ipcMain.handle(INVOKE_CHANNEL, (event, channel: unknown, input: unknown) => handle(event, channel, input));
  const unsubscribe = core.events.subscribe((name, payload) => {
    const window = getWindow();
    if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, { event: name, payload });
  });
  return () => {
    ipcMain.removeHandler(INVOKE_CHANNEL);
    unsubscribe();
  };
}
