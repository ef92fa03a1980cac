/**
 * Settings › Fax printer: Faxdesk's own IPP printer on 127.0.0.1. On/off, port and the "Fax:" line
 * are settings (settings:set); these calls read its state and add it to (or remove it from) this
 * computer's printers with the operating system's own driverless path.
 */
import { z } from 'zod';
import { call, event } from '../define';

export interface FaxPrinterQueueView {
  /** The queue's name in the OS ("Faxdesk", "Faxdesk-Fax"). */
  name: string;
  service: 'print' | 'faxout';
  /** Where it sends jobs. */
  uri: string;
  /** It points at the port Faxdesk listens on now (false: an earlier port; Add points it here again). */
  current: boolean;
}

export interface FaxPrinterView {
  enabled: boolean;
  port: number;
  readFaxLine: boolean;
  /** The printer is listening (enabled and the port was free). */
  listening: boolean;
  /** Why it is not listening although enabled (port in use…). */
  problem: string | null;
  /** The URIs a program or the OS prints to. */
  printUri: string;
  faxUri: string;
  /** Whether a job would be taken now; when not, why (no account, keychain locked). */
  accepting: boolean;
  notAcceptingReason: string | null;
  platform: 'linux' | 'darwin' | 'win32' | 'other';
  system: {
    /** `unknown`: the OS could not be asked (no CUPS, PowerShell failed). */
    state: 'added' | 'not-added' | 'unknown' | 'unsupported';
    queues: FaxPrinterQueueView[];
    message: string | null;
  };
  /** The commands "Add" runs, as a person would type them (for doing it by hand as an administrator). */
  addCommands: string[];
  /** Jobs printed since Faxdesk started, newest first (at most 10). */
  recentJobs: { jobId: number; name: string; /** null: a PDF, counted when Compose adds it. */ pages: number | null; recipients: number; at: string }[];
}

export interface FaxPrinterSystemReport {
  ok: boolean;
  /** The OS refused for lack of administrator rights: run again with `asAdministrator`, or by hand. */
  needsAdministrator: boolean;
  message: string;
  view: FaxPrinterView;
}

const SystemInput = z
  .object({
    /** Run through the OS's administrator prompt (UAC, macOS password dialog, polkit). */
    asAdministrator: z.boolean().default(false),
  })
  .strict()
  .default({ asAdministrator: false });

export const faxPrinterCalls = {
  'faxPrinter:get': call(z.void()).returns<FaxPrinterView>(),
  /** Adds Faxdesk's printer (and on Linux/macOS its fax queue) to this computer; the printer must be on. */
  'faxPrinter:addToSystem': call(SystemInput).returns<FaxPrinterSystemReport>(),
  /** Removes the queues that point at Faxdesk's printer, and the port Windows made for them. */
  'faxPrinter:removeFromSystem': call(SystemInput).returns<FaxPrinterSystemReport>(),
} as const;

export const faxPrinterEvents = {
  /** The printer started or stopped, a job arrived, or the OS queues changed. */
  'faxPrinter:changed': event<FaxPrinterView>(),
} as const;
