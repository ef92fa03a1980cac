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

/** What the sidebar (and the keyboard shortcuts help) calls each page. */
export const PAGE_LABELS: Readonly<Record<PageId, string>> = {
  compose: 'Compose',
  outbox: 'Outbox & Sent',
  inbox: 'Inbox',
  activity: 'Activity',
  contacts: 'Contacts',
  admin: 'Admin',
  settings: 'Settings',
};
