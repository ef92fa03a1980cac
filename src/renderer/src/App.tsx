import { useEffect, useMemo, useRef, type JSX } from 'react';
import { PAGE_IDS, PAGE_LABELS, type PageId } from '../../shared/domain/navigation';
import { usePageHeadingFocus } from './components/page-focus';
import { SkipLink } from './components/SkipLink';
import { StatusBar } from './features/status-bar/StatusBar';
import { Toasts } from './components/Toasts';
import { WindowFileDrop } from './features/compose/WindowFileDrop';
import { useComposeDraft } from './features/compose/draft-autosave';
import { usePrintRequests } from './features/inbox/print-requests';
import { ActivityPage } from './pages/ActivityPage';
import { AdminPage } from './pages/AdminPage';
import { ComposePage } from './pages/ComposePage';
import { ContactsPage } from './pages/ContactsPage';
import { InboxPage } from './pages/InboxPage';
import { OutboxPage } from './pages/OutboxPage';
import { SettingsPage } from './pages/SettingsPage';
import { selectHasAdminAccount, useAccountsStore, useAccountsSync } from './stores/accounts-store';
import { useAppEvents, useAppStore } from './stores/app-store';
import { useInboxEvents } from './stores/inbox-store';
import { useSyncStatusFeed, useWindowFocusSync } from './stores/sync-store';
import { ariaKeyShortcuts } from './shortcuts/keymap';
import { commands } from './shortcuts/registry';
import { ShortcutsHelp } from './shortcuts/ShortcutsHelp';
import { useAppCommands } from './shortcuts/use-app-commands';
import { PLATFORM, useShortcutKeys } from './shortcuts/use-shortcuts';
import { useThemeClass } from './theme';
import { WelcomeScreen } from './features/welcome/WelcomeScreen';
import { useWindowTitle } from './features/welcome/sandbox-mode';
import { useWelcomeStore } from './stores/welcome-store';
import './styles/shortcuts.css';

const PAGES: Record<PageId, { label: string; render: () => JSX.Element }> = {
  compose: { label: PAGE_LABELS.compose, render: () => <ComposePage /> },
  outbox: { label: PAGE_LABELS.outbox, render: () => <OutboxPage /> },
  inbox: { label: PAGE_LABELS.inbox, render: () => <InboxPage /> },
  activity: { label: PAGE_LABELS.activity, render: () => <ActivityPage /> },
  contacts: { label: PAGE_LABELS.contacts, render: () => <ContactsPage /> },
  admin: { label: PAGE_LABELS.admin, render: () => <AdminPage /> },
  settings: { label: PAGE_LABELS.settings, render: () => <SettingsPage /> },
};

const MAIN_ID = 'main-content';

export function App(): JSX.Element {
  const page = useAppStore((s) => s.page);
  const navigate = useAppStore((s) => s.navigate);
  const badge = useAppStore((s) => s.badge);
  useThemeClass();
  useAppEvents();
  useAccountsSync();
  // Sync status for the status bar, window focus to main (fast polling), inbox:changed and ui:print.
  useSyncStatusFeed();
  useWindowFocusSync();
  useInboxEvents();
  usePrintRequests();
  // The Compose draft: restored at start, then saved as the person works.
  useComposeDraft();
  // Admin is listed only when some account has admin credentials (and while it is open).
  const hasAdminAccount = useAccountsStore(selectHasAdminAccount);
  const listed = useMemo(() => PAGE_IDS.filter((id) => id !== 'admin' || hasAdminAccount || page === 'admin'), [hasAdminAccount, page]);
  // Keyboard: shortcuts everywhere (shortcuts/keymap.ts), and the new page's heading focused on a page change.
  useShortcutKeys();
  useAppCommands(listed);
  const main = useRef<HTMLElement>(null);
  usePageHeadingFocus(main, page);

  useWindowTitle(badge);
  // First run (empty data folder): the welcome screen until the person is done with it; the sidebar works meanwhile.
  const welcome = useWelcomeStore((s) => s.show);
  useEffect(() => void useWelcomeStore.getState().load(), []);
  const closeWelcome = useWelcomeStore((s) => s.finish);

  return (
    <div className="app">
      <SkipLink targetId={MAIN_ID} />
      <nav className="sidebar" aria-label="Main">
        <div className="brand" aria-hidden="true">
          Faxdesk
        </div>
        <ul>
          {listed.map((id) => (
            <li key={id}>
              <button
                type="button"
                className={id === page && !welcome ? 'nav-item active' : 'nav-item'}
                aria-current={id === page && !welcome ? 'page' : undefined}
                aria-keyshortcuts={ariaKeyShortcuts(`go-to-${id}`, PLATFORM)}
                onClick={() => {
                  if (welcome) void closeWelcome();
                  navigate({ page: id });
                }}
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
        <button type="button" className="sidebar-shortcuts" aria-haspopup="dialog" onClick={() => commands.run('show-shortcuts')}>
          Keyboard shortcuts <kbd>?</kbd>
        </button>
      </nav>
      <main className="content" id={MAIN_ID} ref={main} aria-label={welcome ? 'Welcome' : PAGES[page].label}>
        {welcome ? <WelcomeScreen /> : welcome === false ? PAGES[page].render() : null}
      </main>
      <StatusBar />
      <Toasts />
      {/* Files dropped anywhere in the window open Compose with them. */}
      <WindowFileDrop />
      <ShortcutsHelp />
    </div>
  );
}
