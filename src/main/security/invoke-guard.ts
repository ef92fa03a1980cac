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

/** What identifies a frame: Electron's WebFrameMain numbers (https://www.electronjs.org/docs/latest/api/web-frame-main). */
export interface FrameIdentity {
  url?: string;
  /** Chromium's id of the frame's FrameTreeNode: browser-global, fixed for the frame's lifetime. */
  frameTreeNodeId?: number;
  /** Chromium's id of the renderer process that owns the frame. */
  processId?: number;
  /** The frame's id within that process; "distinct WebFrameMain instances that refer to the same underlying frame will have the same routingId". */
  routingId?: number;
}

/** The part of Electron's IpcMainInvokeEvent the check reads. */
export interface InvokeEvent {
  /** May be null: "if accessed after the frame has either navigated or been destroyed" (Electron's docs). */
  senderFrame?: FrameIdentity | null;
}

export interface InvokeGuardOptions {
  dispatch: Dispatch;
  /** The main frame of Faxdesk's window (`window.webContents.mainFrame`), or null without a window. */
  mainFrame: () => FrameIdentity | null | undefined;
  logger: Logger;
  devServerUrl?: string;
}

export type InvokeHandler = (event: InvokeEvent, channel: unknown, input: unknown) => Promise<Result<unknown>>;

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;

/**
 * Whether two WebFrameMain objects are the same frame. Electron says nothing about one wrapper object per
 * frame (distinct instances may stand for the same frame), so the frames' numbers are compared, never
 * the objects; a frame without them is nobody's.
 */
export function sameFrame(a: FrameIdentity | null | undefined, b: FrameIdentity | null | undefined): boolean {
  if (!a || !b) return false;
  for (const key of ['frameTreeNodeId', 'processId', 'routingId'] as const) {
    if (!isId(a[key]) || a[key] !== b[key]) return false;
  }
  return true;
}

export function createInvokeHandler(options: InvokeGuardOptions): InvokeHandler {
  return async (event, channel, input) => {
    const frame = event.senderFrame ?? null;
    if (!sameFrame(frame, options.mainFrame()) || !isTrustedPageUrl(frame?.url, options.devServerUrl)) {
      options.logger.warn('IPC call refused: untrusted sender', { url: String(frame?.url ?? 'none').slice(0, 200) });
      return { ok: false, error: { code: 'FORBIDDEN_SENDER', message: 'This page may not talk to Faxdesk.' } };
    }
    return options.dispatch(String(channel), input);
  };
}
