/**
 * The app itself (its version, how a page's print ended) and main's requests to the page (ui:*: go to
 * a page, show a notification in the page, print, set the badge). Settings are in settings.ts.
 */
import { z } from 'zod';
import { call, event } from '../define';
import type { NavTarget } from '../../domain/navigation';

export interface AppInfo {
  name: string;
  version: string;
  dataDir: string;
  platform: string;
  /** 'electron' in the desktop app, 'bridge' in the browser harness. */
  shell: 'electron' | 'bridge';
  /** 'native': save and open through main's OS dialogs (files:*); 'browser': the page downloads and picks files. */
  fileDialogs: 'native' | 'browser';
  versions: Record<string, string>;
}

/** Something main wants a person to see now (a failed background job, a sync error...). */
export interface AppNotice {
  level: 'info' | 'warning' | 'error';
  message: string;
  at: string;
}

const PrintRequestId = z.string().trim().min(1).max(100);

/** How a print the page was asked for (ui:print) ended; the browser harness's page says so. */
export const PrintDoneSchema = z.discriminatedUnion('outcome', [
  z.object({ requestId: PrintRequestId, outcome: z.literal('printed') }).strict(),
  z.object({ requestId: PrintRequestId, outcome: z.literal('cancelled') }).strict(),
  z.object({ requestId: PrintRequestId, outcome: z.literal('failed'), reason: z.string().trim().min(1).max(500) }).strict(),
]);
export type PrintDoneInput = z.output<typeof PrintDoneSchema>;

export const appCalls = {
  'app:info': call(z.void()).returns<AppInfo>(),
  /** The page's report on a ui:print; `accepted` false when main no longer waits for it (its time passed). */
  'app:printDone': call(PrintDoneSchema).returns<{ accepted: boolean }>(),
} as const;

/** A desktop notification shown in the page (the browser harness has no native notifications). */
export interface InPageNotification {
  id: string;
  title: string;
  body: string;
  target?: NavTarget;
}

/**
 * Ask the page to print a fax (the browser harness prints through the browser). The page answers with
 * app:printDone and the same `requestId`, within `timeLimitMs` (preparing the sheets and the dialog).
 */
export interface PrintRequest {
  requestId: string;
  title: string;
  target: NavTarget;
  timeLimitMs: number;
}

export const appEvents = {
  'app:notice': event<AppNotice>(),
  /** Go to a page or a fax (a notification or tray click in main). */
  'ui:navigate': event<NavTarget>(),
  'ui:notification': event<InPageNotification>(),
  'ui:print': event<PrintRequest>(),
  'ui:badge': event<{ count: number }>(),
} as const;
