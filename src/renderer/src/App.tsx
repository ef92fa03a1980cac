import { useEffect, type JSX } from 'react';
import { PAGE_IDS, type PageId } from '../../shared/domain/navigation';
import { faxdesk, unwrap, errorMessage } from './api';
import { StatusBar } from './components/StatusBar';
import { Toasts } from './components/Toasts';
import { WindowFileDrop } from './features/compose/WindowFileDrop';
import { useInboxFeed } from './features/inbox/hooks';
import { ActivityPage } from './pages/ActivityPage';
import { AdminPage } from './pages/AdminPage';
import { ComposePage } from './pages/ComposePage';
import { ContactsPage } from './pages/ContactsPage';
import { InboxPage } from './pages/InboxPage';
import { OutboxPage } from './pages/OutboxPage';
import { SettingsPage } from './pages/SettingsPage';
import { selectHasAdminAccount, useAccountsStore, useAccountsSync } from './stores/accounts-store';
import { toastFromNotification, useAppStore } from './stores/app-store';
import { useSyncStatusFeed, useWindowFocusSync } from './stores/sync-store';
import { useThemeClass } from './theme';

const PAGES: Record<PageId, { label: string; render: () => JSX.Element }> = {
  compose: { label: 'Compose', render: () => <ComposePage /> },
  outbox: { label: 'Outbox & Sent', render: () => <OutboxPage /> },
  inbox: { label: 'Inbox', render: () => <InboxPage /> },
  activity: { label: 'Activity', render: () => <ActivityPage /> },
  contacts: { label: 'Contacts', render: () => <ContactsPage /> },
  admin: { label: 'Admin', render: () => <AdminPage /> },
  settings: { label: 'Settings', render: () => <SettingsPage /> },
};

export function App(): JSX.Element {
  const page = useAppStore((s) => s.page);
  const navigate = useAppStore((s) => s.navigate);
  const badge = useAppStore((s) => s.badge);
  useThemeClass();
  useMainEvents();
  useAccountsSync();
  // Sync status for the status bar, window focus to main (fast polling), inbox:changed and ui:print.
  useSyncStatusFeed();
  useWindowFocusSync();
  useInboxFeed();
  // Admin is listed only when some account has admin credentials (and while it is open).
  const hasAdminAccount = useAccountsStore(selectHasAdminAccount);

  useEffect(() => {
    document.title = badge > 0 ? `(${badge}) Faxdesk` : 'Faxdesk';
  }, [badge]);

  return (
    <div className="app">
      <nav className="sidebar" aria-label="Main">
        <div className="brand" aria-hidden="true">
          Faxdesk
        </div>
        <ul>
          {PAGE_IDS.filter((id) => id !== 'admin' || hasAdminAccount || page === 'admin').map((id) => (
            <li key={id}>
              <button
                type="button"
                className={id === page ? 'nav-item active' : 'nav-item'}
                aria-current={id === page ? 'page' : undefined}
                onClick={() => navigate({ page: id })}
              >
                {PAGES[id].label}
                {id === 'inbox' && badge > 0 ? (
                  <span className="badge" aria-label={`${badge} unread`}>
                    {badge}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <main className="content" aria-label={PAGES[page].label}>
        {PAGES[page].render()}
      </main>
      <StatusBar />
      <Toasts />
      {/* Files dropped anywhere in the window open Compose with them. */}
      <WindowFileDrop />
    </div>
  );
}

/** Subscribes once to main's events and loads the first settings snapshot. */
function useMainEvents(): void {
  useEffect(() => {
    const store = useAppStore.getState();
    unwrap(faxdesk.settings.get())
      .then(store.setSettings)
      .catch((error) => store.pushToast({ title: 'Settings could not be read', body: errorMessage(error), level: 'error' }));
    const offs = [
      faxdesk.on('settings:changed', (snapshot) => useAppStore.getState().setSettings(snapshot)),
      faxdesk.on('ui:navigate', (target) => useAppStore.getState().navigate(target)),
      faxdesk.on('ui:notification', (n) => useAppStore.getState().pushToast(toastFromNotification(n))),
      faxdesk.on('ui:badge', ({ count }) => useAppStore.getState().setBadge(count)),
      faxdesk.on('app:notice', (notice) => useAppStore.getState().pushToast({ title: notice.level === 'error' ? 'Problem' : 'Notice', body: notice.message, level: notice.level })),
    ];
    return () => offs.forEach((off) => off());
  }, []);
}
