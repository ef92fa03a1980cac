/**
 * The Inbox: received faxes in a virtualised list (left) and the open fax in the viewer (right).
 * A notification click (ui:navigate / a toast with {page:'inbox', faxId, accountId}) opens that fax.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { errorMessage, faxdesk, unwrap } from '../api';
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog';
import { useFaxFormatChoice } from '../features/files/FaxFormatDialog';
import { InboxDetail } from '../features/inbox/InboxDetail';
import { InboxFilters } from '../features/inbox/InboxFilters';
import { InboxList } from '../features/inbox/InboxList';
import { cancelPrint } from '../features/inbox/print-requests';
import { SearchIndexNotice } from '../features/maintenance/SearchIndexNotice';
import { hasFilters } from '../model/inbox/paging';
import { useAccountsStore } from '../stores/accounts-store';
import { useAppStore } from '../stores/app-store';
import { useInboxStore } from '../stores/inbox-store';
import { useNow } from '../stores/sync-store';
import { steppedIndex } from '../shortcuts/step';
import { focusSearchBox, useCommand } from '../shortcuts/use-shortcuts';
import type { NavTarget } from '../../../shared/domain/navigation';
import '../styles/inbox.css';

export const DELETE_QUESTION = 'Delete this fax from the service and from this computer?';

/** Navigation targets already acted on, so coming back to the page does not reopen an old one. */
const handledTargets = new WeakSet<NavTarget>();

export function InboxPage(): JSX.Element {
  const store = useInboxStore();
  const { filters, window: listWindow, items, status, error, loadingMore, activeId, opened, notice, printing, printingIds, unread } = store;
  const accounts = useAccountsStore((s) => s.accounts);
  const target = useAppStore((s) => s.target);
  const autoPrint = useAppStore((s) => s.settings?.values.autoPrintInbound ?? false);
  const now = useNow(30_000);
  const [question, setQuestion] = useState<ConfirmRequest | null>(null);
  const formatChoice = useFaxFormatChoice();
  const [settingError, setSettingError] = useState<string | null>(null);

  const accountLabels = useMemo(() => (accounts.length > 1 ? new Map(accounts.map((a) => [a.id, a.displayLabel])) : null), [accounts]);
  const accountChoices = useMemo(() => accounts.map((a) => ({ id: a.id, label: a.displayLabel })), [accounts]);

  useEffect(() => {
    void useInboxStore.getState().reload();
  }, []);

  // A notification (or tray) click: open that fax.
  useEffect(() => {
    if (!target || target.page !== 'inbox' || !('faxId' in target) || handledTargets.has(target)) return;
    handledTargets.add(target);
    void useInboxStore.getState().openByRef(target.accountId, target.faxId);
  }, [target]);

  const showRows = useCallback((first: number, last: number) => useInboxStore.getState().showRows(first, last), []);
  const activate = useCallback((id: string) => useInboxStore.getState().setActive(id), []);
  const open = useCallback((id: string) => {
    const state = useInboxStore.getState();
    if (state.opened?.fax.id === id) return;
    void state.open(id);
  }, []);
  const askDelete = useCallback((id: string) => {
    setQuestion({
      title: 'Delete this fax?',
      body: DELETE_QUESTION,
      confirmLabel: 'Delete',
      onConfirm: () =>
        void useInboxStore
          .getState()
          .remove(id)
          .then(() =>
            // The button that asked (Delete…) goes with the fax: once it has, the list takes the focus, not the page.
            setTimeout(() => {
              if (!document.activeElement || document.activeElement === document.body) document.querySelector<HTMLElement>('.inbox-list')?.focus();
            }, 0),
          ),
    });
  }, []);

  // Shortcuts (shortcuts/keymap.ts), from anywhere on the page: find, next/previous fax (Print is the viewer's).
  const searchRef = useRef<HTMLInputElement>(null);
  useCommand('search', () => focusSearchBox(searchRef.current));
  const step = (delta: 1 | -1) => {
    const { items, opened: current, activeId: active } = useInboxStore.getState();
    const from = current?.fax.id ?? active;
    const index = steppedIndex(from ? items.findIndex((fax) => fax.id === from) : -1, items.length, delta);
    const fax = index === null ? undefined : items[index];
    if (!fax) return;
    activate(fax.id);
    open(fax.id);
  };
  useCommand('next-fax', () => step(1));
  useCommand('previous-fax', () => step(-1));

  const setAutoPrint = async (value: boolean) => {
    setSettingError(null);
    try {
      useAppStore.getState().setSettings(await unwrap(faxdesk.settings.set({ autoPrintInbound: value })));
    } catch (e) {
      setSettingError(errorMessage(e));
    }
  };

  const listLabel = hasFilters(filters) ? 'Received faxes (filtered)' : 'Received faxes';
  const openedAccount = opened && accountLabels ? (accountLabels.get(opened.fax.accountId) ?? opened.fax.accountId) : null;

  return (
    <section className="inbox-page">
      <header className="inbox-header">
        <h1>Inbox</h1>
        <span className="muted inbox-count" data-testid="inbox-unread-count">
          {unread === null ? '' : unread === 0 ? 'No unread faxes' : `${unread} unread`}
        </span>
        <label className="inbox-check inbox-autoprint">
          <input type="checkbox" checked={autoPrint} onChange={(event) => void setAutoPrint(event.currentTarget.checked)} />
          Print new faxes automatically
        </label>
        {settingError ? (
          <span className="error" role="alert">
            {settingError}
          </span>
        ) : null}
      </header>
      <div className="inbox-panes">
        <div className="inbox-list-pane">
          <InboxFilters searchRef={searchRef} filters={filters} accounts={accountChoices} onChange={(patch) => useInboxStore.getState().setFilters(patch)} onClear={() => useInboxStore.getState().clearFilters()} />
          <SearchIndexNotice scope="received" searching={filters.search.trim() !== '' || filters.number.trim() !== ''} />
          {status === 'error' ? (
            <div className="inbox-notice notice notice-error" role="alert">
              <span>{error}</span>
              <button type="button" onClick={() => void useInboxStore.getState().reload()}>
                Try again
              </button>
            </div>
          ) : null}
          {status === 'loading' && items.length === 0 ? (
            <p className="muted inbox-empty" role="status">
              Loading faxes…
            </p>
          ) : null}
          {status === 'ready' && listWindow.total === 0 ? (
            <p className="muted inbox-empty" role="status">
              {hasFilters(filters) ? 'No fax matches these filters.' : 'No faxes received yet. New faxes show up here as soon as they arrive.'}
            </p>
          ) : null}
          <InboxList
            position={listWindow}
            items={items}
            loadingMore={loadingMore}
            activeId={activeId}
            selectedId={opened?.fax.id ?? null}
            accountLabels={accountLabels}
            now={now}
            label={listLabel}
            onShowRows={showRows}
            onActivate={activate}
            onOpen={open}
            onDelete={askDelete}
          />
        </div>
        <InboxDetail
          opened={opened}
          notice={notice}
          printing={printing}
          printingIds={printingIds}
          accountLabel={openedAccount}
          onMarkRead={(id) => void useInboxStore.getState().markRead(id)}
          onMarkUnread={(id) => void useInboxStore.getState().markUnread(id)}
          onDelete={askDelete}
          onRetry={(id) => void useInboxStore.getState().retryDownload(id)}
          onPrint={(id) => void useInboxStore.getState().print(id)}
          onCancelPrint={cancelPrint}
          onSaveNote={(id, note) => useInboxStore.getState().setNote(id, note)}
          onSave={(id) =>
            void formatChoice.ask().then((format) => {
              if (format !== null) return useInboxStore.getState().saveAs(id, format);
            })
          }
          onDismissNotice={() => useInboxStore.getState().dismissNotice()}
        />
      </div>
      <ConfirmDialog request={question} onClose={() => setQuestion(null)} />
      {formatChoice.dialog}
    </section>
  );
}
