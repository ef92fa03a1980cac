import { useEffect, type JSX } from 'react';
import { PAGE_IDS, type PageId } from '../../shared/domain/navigation';
import { faxdesk, unwrap, errorMessage } from './api';
import { Toasts } from './components/Toasts';
import { ActivityPage } from './pages/ActivityPage';
import { ComposePage } from './pages/ComposePage';
import { ContactsPage } from './pages/ContactsPage';
import { InboxPage } from './pages/InboxPage';
import { OutboxPage } from './pages/OutboxPage';
import { SettingsPage } from './pages/SettingsPage';
import { toastFromNotification, useAppStore } from './stores/app-store';
import { useThemeClass } from './theme';

const PAGES: Record<PageId, { label: string; render: () => JSX.Element }> = {
  compose: { label: 'Compose', render: () => <ComposePage /> },
  outbox: { label: 'Outbox & Sent', render: () => <OutboxPage /> },
  inbox: { label: 'Inbox', render: () => <InboxPage /> },
  activity: { label: 'Activity', render: () => <ActivityPage /> },
  contacts: { label: 'Contacts', render: () => <ContactsPage /> },
  settings: { label: 'Settings', render: () => <SettingsPage /> },
};

export function App(): JSX.Element {
  const page = useAppStore((s) => s.page);
  const navigate = useAppStore((s) => s.navigate);
  const badge = useAppStore((s) => s.badge);
  useThemeClass();
  useMainEvents();

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
          {PAGE_IDS.map((id) => (
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
      <Toasts />
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
