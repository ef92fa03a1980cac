import { z } from 'zod';
import { call, event } from '../define';

/** A document handed to Compose from outside the window (command line, "Open with", hot folder). */
export interface ComposeFile {
  /** Absolute path on this computer. */
  path: string;
  /** The file name to show. */
  name: string;
}

/** A recipient handed to Compose with documents (a FaxOut print job's destinations, a "Fax:" line). */
export interface PendingRecipient {
  /** As given (a tel: number); Compose checks it like a typed number and says why when it cannot use it. */
  number: string;
  name?: string;
}

export interface PendingFiles {
  files: ComposeFile[];
  /** Recipients to fill in, and where they came from (for Compose's note: "2 recipients added from …"). */
  recipients?: PendingRecipient[];
  recipientsFrom?: string;
}

export interface DiagnosticsBundle {
  /** Absolute path of the .zip written. */
  file: string;
  bytes: number;
}

/** No input: the .zip goes to the data folder's diagnostics/ (elsewhere only through files:saveAs). */
export const ExportDiagnosticsInputSchema = z.void();

export const desktopCalls = {
  /**
   * Returns and forgets the documents handed to Compose that no page has taken yet. The page calls it
   * when it starts and on every `compose:open`, and adds what it gets: so documents handed over before
   * the window loaded are not lost, and none is added twice.
   */
  'desktop:takePendingFiles': call(z.void()).returns<PendingFiles>(),
  /** Writes a .zip of the logs (secrets redacted), versions, settings and accounts (no secrets). */
  'desktop:exportDiagnostics': call(ExportDiagnosticsInputSchema).returns<DiagnosticsBundle>(),
} as const;

export const desktopEvents = {
  /**
   * Documents were handed to Compose (it comes with `ui:navigate {page:'compose'}`). `files` are the
   * ones just handed over, for display; take them with `desktop:takePendingFiles`.
   */
  'compose:open': event<PendingFiles>(),
} as const;
