/**
 * The import of an account's older faxes after its first sync (src/main/sync/history-import.ts): its
 * progress for the status bar and Settings, and the person's pause. How far back it reaches is the
 * historyImportRange setting (settings:set).
 */
import { z } from 'zod';
import { call, event } from '../define';
import type { HistoryImportStatus } from '../../domain/history-import';

export const historyImportCalls = {
  'historyImport:status': call(z.void()).returns<HistoryImportStatus>(),
  /** Pauses (or resumes) the import of every account; the newest faxes keep coming with sync. */
  'historyImport:setPaused': call(z.object({ paused: z.boolean() }).strict()).returns<HistoryImportStatus>(),
} as const;

export const historyImportEvents = {
  /** After pages are stored (at most about twice a second), and when an import starts, pauses, waits or ends. */
  'historyImport:progress': event<HistoryImportStatus>(),
} as const;
