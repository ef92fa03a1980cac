/**
 * Background sync (its status, the person's pause, the window's focus), Activity (the service's
 * webhook delivery log) and the import of an account's older faxes after its first sync
 * (src/main/sync/history-import.ts: its progress for the status bar and Settings, and the person's
 * pause; how far back it reaches is the historyImportRange setting, settings:set).
 */
import { z } from 'zod';
import { call, event } from '../define';
import type { PingResult } from '../../domain/fax';
import type { HistoryImportStatus } from '../../domain/history-import';
import type { LoggedNotification } from '../../domain/history';
import type { SyncStatus } from '../../domain/sync';

// ---------------------------------------------------------------------------------------------
// Outputs

export interface ActivityPage {
  items: LoggedNotification[];
  next: string | null;
}

export interface ActivityPingResult {
  ping: PingResult[];
  /** What happened, in a sentence; the delivery shows up in the Activity list once the service logs it. */
  message: string;
}

export interface ActivityChange {
  accountId: string;
  created: number;
  changed: number;
}

// ---------------------------------------------------------------------------------------------
// Inputs

const AccountId = z.string().trim().min(1, 'Choose an account.').max(100);
const Cursor = z.string().max(500);
const Direction = z.enum(['INBOUND', 'OUTBOUND']);

export const ActivityListInputSchema = z
  .object({
    accountId: AccountId.optional(),
    sentStatus: z.enum(['SUCCESSFUL', 'FAILED', 'QUEUED']).optional(),
    direction: Direction.optional(),
    cursor: Cursor.optional(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .strict();
export type ActivityListInput = z.output<typeof ActivityListInputSchema>;

// ---------------------------------------------------------------------------------------------

export const syncCalls = {
  'activity:list': call(ActivityListInputSchema).returns<ActivityPage>(),
  /** POST /notifications/ping, then reads the delivery log again. */
  'activity:ping': call(z.object({ accountId: AccountId, direction: Direction }).strict()).returns<ActivityPingResult>(),

  'sync:status': call(z.void()).returns<SyncStatus>(),
  /** Synchronise now (one account or all); answers at once, progress comes as `sync:status` events. */
  'sync:refresh': call(z.object({ accountId: AccountId.optional() }).strict().optional()).returns<SyncStatus>(),
  /** The person's pause (tray, status bar); sleep and offline pause by themselves. */
  'sync:setPaused': call(z.object({ paused: z.boolean() }).strict()).returns<SyncStatus>(),
  /** The window gained or lost focus: sync runs at the fast interval while it has it. */
  'sync:setFocus': call(z.object({ focused: z.boolean() }).strict()).returns<SyncStatus>(),

  'historyImport:status': call(z.void()).returns<HistoryImportStatus>(),
  /** Pauses (or resumes) the import of every account; the newest faxes keep coming with sync. */
  'historyImport:setPaused': call(z.object({ paused: z.boolean() }).strict()).returns<HistoryImportStatus>(),
} as const;

export const syncEvents = {
  'activity:changed': event<ActivityChange>(),
  /** After every sync cycle whose outcome changed what the status shows, and on pause/focus changes. */
  'sync:status': event<SyncStatus>(),
  /** After pages are stored (at most about twice a second), and when an import starts, pauses, waits or ends. */
  'historyImport:progress': event<HistoryImportStatus>(),
} as const;
