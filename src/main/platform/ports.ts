/**
 * Everything the core needs from the desktop, as small interfaces. Electron implements them in
 * src/main/electron; the browser bridge and the tests implement them in plain Node.
 */

import type { NavTarget } from '../../shared/domain/navigation';

/** A desktop notification. Clicking it opens `target` in the window. */
export interface DesktopNotification {
  title: string;
  body: string;
  target?: NavTarget;
}

export interface Notifier {
  show(notification: DesktopNotification): void;
}

/**
 * How a print ended: printed (handed to the printer), cancelled by the person (the dialog was closed),
 * or failed with a plain reason. Only 'printed' marks a fax printed.
 */
export type PrintOutcome = { outcome: 'printed' } | { outcome: 'cancelled' } | { outcome: 'failed'; reason: string };

/**
 * Prints a local PDF file: the system dialog in Electron; in the browser harness the page prints
 * what it shows (`target` says which fax).
 */
export interface Printer {
  printPdf(file: string, options: { silent?: boolean; title: string; target: NavTarget }): Promise<PrintOutcome>;
}

/** Unread count on the tray icon / dock badge. */
export interface Badge {
  setCount(count: number): void;
}

/** Sleep/wake and online/offline, so background work can pause and resume. */
export interface SystemSignals {
  onSuspend(listener: () => void): () => void;
  onResume(listener: () => void): () => void;
  onOnlineChange(listener: (online: boolean) => void): () => void;
  isOnline(): boolean;
}

export type FetchFn = typeof fetch;

/** A system with no power/online events (tests, bridge): always awake and online. */
export const steadySystem: SystemSignals = {
  onSuspend: () => () => {},
  onResume: () => () => {},
  onOnlineChange: () => () => {},
  isOnline: () => true,
};

/** One entry of a file dialog's type list: "PDF document" → ['pdf']. */
export interface FileFilter {
  name: string;
  extensions: string[];
}

/**
 * The operating system's file dialogs (Electron's `dialog`). Absent in the browser bridge, where the
 * page downloads files and picks them with the browser's own input.
 */
export interface FileDialogs {
  /** "Save as": the full path the person chose, or null when they cancelled. */
  saveAs(options: { title: string; defaultPath: string; filters: FileFilter[] }): Promise<string | null>;
  /** "Open": the files chosen (empty when cancelled); one file only when `multiple` is false. */
  open(options: { title: string; defaultPath: string; filters: FileFilter[]; multiple?: boolean }): Promise<string[]>;
}
