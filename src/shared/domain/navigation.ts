/** Where the UI should go: what a notification click or a tray menu item opens. */
export type PageId = 'compose' | 'outbox' | 'inbox' | 'activity' | 'contacts' | 'settings';

export type NavTarget =
  | { page: PageId }
  | { page: 'inbox'; faxId: string; accountId: string }
  | { page: 'outbox'; jobId: string }
  | { page: 'compose'; files?: string[] };

export const PAGE_IDS: readonly PageId[] = ['compose', 'outbox', 'inbox', 'activity', 'contacts', 'settings'];
