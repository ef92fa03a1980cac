/**
 * The check every Electron IPC call passes before the gate: it must come from the main frame of
 * Faxdesk's own window, showing one of Faxdesk's own pages. A call from anything else (a subframe, a
 * page that navigated elsewhere, a destroyed frame) is refused with FORBIDDEN_SENDER and never reaches
 * a handler. Electron-free so it runs, and is tested, under Node: the wiring passes the real event.
 */
import type { Result } from '../../shared/result';
import type { Dispatch } from '../ipc/gate';
import type { Logger } from '../platform/logger';
import { isTrustedPageUrl } from './sender';

/** The part of Electron's IpcMainInvokeEvent the check reads. */
export interface InvokeEvent {
  senderFrame?: { url?: string } | null;
}

export interface InvokeGuardOptions {
  dispatch: Dispatch;
  /** The main frame of Faxdesk's window (`window.webContents.mainFrame`), or null without a window. */
  mainFrame: () => unknown;
  logger: Logger;
  devServerUrl?: string;
}

export type InvokeHandler = (event: InvokeEvent, channel: unknown, input: unknown) => Promise<Result<unknown>>;

export function createInvokeHandler(options: InvokeGuardOptions): InvokeHandler {
  return async (event, channel, input) => {
    const frame = event.senderFrame ?? null;
    const mainFrame = options.mainFrame();
    const fromMainFrame = frame !== null && mainFrame !== null && mainFrame !== undefined && frame === mainFrame;
    if (!fromMainFrame || !isTrustedPageUrl(frame?.url, options.devServerUrl)) {
      options.logger.warn('IPC call refused: untrusted sender', { url: String(frame?.url ?? 'none').slice(0, 200) });
      return { ok: false, error: { code: 'FORBIDDEN_SENDER', message: 'This page may not talk to Faxdesk.' } };
    }
    return options.dispatch(String(channel), input);
  };
}
