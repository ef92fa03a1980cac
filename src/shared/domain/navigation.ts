/** Where the UI should go: what a notification click or a tray menu item opens. */
export type PageId = 'compose' | 'outbox' | 'inbox' | 'activity' | 'contacts' | 'admin' | 'settings';

export type NavTarget =
  | { page: PageId }
  | { page: 'inbox'; faxId: string; accountId: string }
  | { page: 'outbox'; jobId: string }
  /** `fromJobId`: reopen that job's stored compose for editing (outbox:draft), e.g. a rejected fax. */
  | { page: 'compose'; files?: string[]; fromJobId?: string };

/** In sidebar order. The sidebar lists 'admin' only while some account has admin credentials. */
export const PAGE_IDS: readonly PageId[] = ['compose', 'outbox', 'inbox', 'activity', 'contacts', 'admin', 'settings'];
