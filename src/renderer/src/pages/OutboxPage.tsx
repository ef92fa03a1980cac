import { useCallback, useEffect, useRef, type JSX } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useFaxFormatChoice } from '../features/files/FaxFormatDialog';
import { JobDetail } from '../features/outbox/JobDetail';
import { OutboxFilters } from '../features/outbox/OutboxFilters';
import { SearchIndexNotice } from '../features/maintenance/SearchIndexNotice';
import { OutboxList } from '../features/outbox/OutboxList';
import { PHASE_TABS } from '../model/outbox/phases';
import { useAccountsStore } from '../stores/accounts-store';
import { useAppStore } from '../stores/app-store';
import { useOutboxEvents, useOutboxStore, type OutboxFilters as Filters } from '../stores/outbox-store';
import { steppedIndex } from '../shortcuts/step';
import { focusSearchBox, useCommand } from '../shortcuts/use-shortcuts';
import '../styles/lists.css';
import '../styles/outbox.css';

const LIST_ID = 'outbox-list';
/** Navigation targets already acted on. */
const handledTargets = new WeakSet<object>();

function emptyText(filters: Filters): string {
  const search = filters.search.trim();
  if (search) return `No faxes match “${search}”${filters.phase !== 'all' ? ' in this tab' : ''}.`;
  switch (filters.phase) {
    case 'active':
      return 'Nothing is being sent right now.';
    case 'completed':
      return 'No delivered faxes yet.';
    case 'failed':
      return 'No failed faxes.';
    case 'canceled':
      return 'No cancelled faxes.';
    default:
      return 'No faxes yet. Faxes you send from Compose appear here with their live status.';
  }
}

/**
 * Outbox & Sent: every fax sent from here (and those found on the service), live. Left, the list with
 * tabs, search and account filter; right, the open fax with its timeline, attempts, result and actions.
 */
export function OutboxPage(): JSX.Element {
  const s = useOutboxStore(
    useShallow((st) => ({
      filters: st.filters,
      items: st.items,
      next: st.next,
      listStatus: st.listStatus,
      listError: st.listError,
      loadingMore: st.loadingMore,
      selectedId: st.selectedId,
      detail: st.detail,
      detailStatus: st.detailStatus,
      detailError: st.detailError,
      attemptsLoading: st.attemptsLoading,
      busy: st.busy,
      notice: st.notice,
      exporting: st.exporting,
      listNotice: st.listNotice,
      image: st.image,
    })),
  );
  const actions = useOutboxStore.getState();
  const accounts = useAccountsStore((st) => st.accounts);
  const target = useAppStore((st) => st.target);
  const navigate = useAppStore((st) => st.navigate);

  useEffect(() => {
    const store = useOutboxStore.getState();
    void store.load();
    void store.refreshOpen();
  }, []);
  useOutboxEvents();

  // A notification or the tray opens a fax here (once per navigation, not again when the page comes back).
  useEffect(() => {
    if (!target || target.page !== 'outbox' || !('jobId' in target) || handledTargets.has(target)) return;
    handledTargets.add(target);
    void useOutboxStore.getState().select(target.jobId);
  }, [target]);

  // The account filter only makes sense while that account exists.
  useEffect(() => {
    const { filters, setFilters } = useOutboxStore.getState();
    if (filters.accountId && accounts.length > 0 && !accounts.some((a) => a.id === filters.accountId)) setFilters({ accountId: null });
  }, [accounts]);

  const onFilters = useCallback((patch: Partial<Filters>) => useOutboxStore.getState().setFilters(patch), []);
  const onLoadMore = useCallback(() => void useOutboxStore.getState().loadMore(), []);
  const onOpen = useCallback((jobId: string) => void useOutboxStore.getState().select(jobId), []);
  const onShowImage = useCallback(() => void useOutboxStore.getState().loadImage(), []);
  const formatChoice = useFaxFormatChoice();
  const onSaveImage = () =>
    void formatChoice.ask().then((format) => {
      if (format !== null) return useOutboxStore.getState().saveImage(format);
    });

  // Shortcuts (shortcuts/keymap.ts), from anywhere on the page: find, next/previous fax (Print is the delivered image viewer's).
  const searchRef = useRef<HTMLInputElement>(null);
  useCommand('search', () => focusSearchBox(searchRef.current));
  const step = (delta: 1 | -1) => {
    const { items, selectedId } = useOutboxStore.getState();
    const index = steppedIndex(selectedId ? items.findIndex((i) => i.id === selectedId) : -1, items.length, delta);
    const item = index === null ? undefined : items[index];
    if (item) onOpen(item.id);
  };
  useCommand('next-fax', () => step(1));
  useCommand('previous-fax', () => step(-1));

  const tabLabel = PHASE_TABS.find((t) => t.id === s.filters.phase)?.label ?? 'All';

  return (
    <div className="outbox-page">
      <header className="outbox-header">
        <h1>Outbox &amp; Sent</h1>
        <div className="outbox-header-actions">
          {s.exporting ? (
            <span className="muted" role="status">
              Exporting…
            </span>
          ) : null}
          <button type="button" disabled={s.exporting} onClick={() => void actions.exportCsv()} title="Downloads the faxes of this tab and search as a CSV file.">
            Export CSV
          </button>
        </div>
      </header>
      {s.listNotice ? (
        <div className={`outbox-notice outbox-notice-${s.listNotice.kind} outbox-list-notice`} role={s.listNotice.kind === 'error' ? 'alert' : 'status'} data-testid="outbox-list-notice">
          <span>{s.listNotice.text}</span>
          <button type="button" className="outbox-notice-close" aria-label="Dismiss" onClick={actions.dismissListNotice}>
            ×
          </button>
        </div>
      ) : null}
      <div className="outbox-split">
        <section className="outbox-left" aria-label="Faxes">
          <OutboxFilters
            searchRef={searchRef}
            listId={LIST_ID}
            phase={s.filters.phase}
            search={s.filters.search}
            accountId={s.filters.accountId}
            accounts={accounts}
            onChange={onFilters}
          />
          <SearchIndexNotice scope="outbound" searching={s.filters.search.trim() !== ''} />
          {s.listError ? (
            <p className="error outbox-list-error" role="alert">
              {s.listError}{' '}
              <button type="button" onClick={() => void actions.load()}>
                Try again
              </button>
            </p>
          ) : null}
          <OutboxList
            id={LIST_ID}
            label={`Faxes: ${tabLabel}`}
            items={s.items}
            hasMore={s.next !== null}
            loading={s.listStatus === 'loading' || s.listStatus === 'idle'}
            loadingMore={s.loadingMore}
            selectedId={s.selectedId}
            emptyText={emptyText(s.filters)}
            onLoadMore={onLoadMore}
            onOpen={onOpen}
          />
        </section>
        <section className="outbox-detail" aria-label="Fax details">
          {s.detail ? (
            <JobDetail
              detail={s.detail}
              attemptsLoading={s.attemptsLoading}
              busy={s.busy}
              notice={s.notice}
              error={s.detailError}
              accountLabel={accounts.length > 1 ? (accounts.find((a) => a.id === s.detail!.job.accountId)?.displayLabel ?? s.detail.job.accountId) : null}
              onCancel={() => void actions.cancel()}
              onResend={(scope) => void actions.resend(scope)}
              onEdit={() => navigate({ page: 'compose', fromJobId: s.detail!.job.id })}
              onReschedule={(at) => void actions.reschedule(at)}
              onReconcile={() => void actions.reconcile()}
              onReport={() => void actions.report()}
              image={s.image}
              onShowImage={onShowImage}
              onHideImage={actions.hideImage}
              onSaveImage={onSaveImage}
              onOpenJob={onOpen}
              onDismissNotice={actions.dismissNotice}
            />
          ) : s.detailStatus === 'loading' ? (
            <p className="muted outbox-detail-empty" role="status">
              Opening the fax…
            </p>
          ) : s.detailStatus === 'error' ? (
            <p className="error outbox-detail-empty" role="alert">
              {s.detailError}
            </p>
          ) : (
            <p className="muted outbox-detail-empty">Choose a fax on the left (or press Enter in the list) to see its timeline, delivery attempts and result.</p>
          )}
        </section>
      </div>
      {formatChoice.dialog}
    </div>
  );
}
