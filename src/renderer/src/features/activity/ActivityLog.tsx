/**
 * The webhook delivery log as a table, newest first, with its filters; "Load more" reads the next
 * keyset page.
 */
import { useId, type JSX } from 'react';
import { formatFaxNumber } from '../../../../shared/fax-number';
import { fullLocalLabel, utcLabel } from '../inbox/format';
import { useActivityStore, type DirectionFilter, type SentStatusFilter } from '../../stores/activity-store';
import { notificationKey } from '../../model/activity-list';
import { directionLabel, sentStatusLabel, sentStatusTone, subjectLabel } from './format';
import { AccountSelect } from '../../components/AccountSelect';
import { TableHead } from '../../components/TableHead';

export function ActivityLog({ accounts }: { accounts: readonly { id: string; label: string }[] }): JSX.Element {
  const id = useId();
  const { filters, items, next, status, error, loadingMore, setFilters, loadMore, reload } = useActivityStore();
  const labelOf = (accountId: string) => accounts.find((a) => a.id === accountId)?.label ?? accountId;
  const several = accounts.length > 1;

  return (
    <section className="card activity-log" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Notification log</h2>
      <div className="activity-filters" role="group" aria-label="Filter the log">
        <div className="activity-field">
          <label htmlFor={`${id}-status`}>Status</label>
          <select id={`${id}-status`} value={filters.sentStatus} onChange={(event) => setFilters({ sentStatus: event.currentTarget.value as SentStatusFilter })}>
            <option value="">All</option>
            <option value="SUCCESSFUL">Delivered</option>
            <option value="FAILED">Failed</option>
            <option value="QUEUED">Queued</option>
          </select>
        </div>
        <div className="activity-field">
          <label htmlFor={`${id}-direction`}>Direction</label>
          <select id={`${id}-direction`} value={filters.direction} onChange={(event) => setFilters({ direction: event.currentTarget.value as DirectionFilter })}>
            <option value="">Both</option>
            <option value="INBOUND">Inbound</option>
            <option value="OUTBOUND">Outbound</option>
          </select>
        </div>
        {several ? (
          <div className="activity-field">
            <label htmlFor={`${id}-account`}>Account</label>
            <AccountSelect id={`${id}-account`} accounts={accounts} value={filters.accountId} onChange={(accountId) => setFilters({ accountId })} />
          </div>
        ) : null}
      </div>
      {status === 'error' ? (
        <div className="inbox-notice notice notice-error" role="alert">
          <span>The log could not be read: {error}</span>
          <button type="button" onClick={() => void reload()}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' && items.length === 0 ? (
        <p className="muted" role="status">
          {filters.sentStatus || filters.direction || filters.accountId
            ? 'No entry matches these filters.'
            : 'No notifications yet. The service logs one each time it calls a webhook address (a fax arrived or finished, or a ping).'}
        </p>
      ) : null}
      {status === 'loading' && items.length === 0 ? (
        <p className="muted" role="status">
          Loading the log…
        </p>
      ) : null}
      {items.length > 0 ? (
        <div className="activity-table-wrap">
          <table className="activity-table">
            <TableHead columns={['When', 'Direction', 'About', 'Status', 'Sent to', several ? 'Account' : null]} />
            <tbody>
              {items.map((n) => (
                <tr key={notificationKey(n)} data-testid="activity-row">
                  <td>
                    <time dateTime={n.completedAt} title={utcLabel(n.completedAt)}>
                      {fullLocalLabel(n.completedAt)}
                    </time>
                  </td>
                  <td>{directionLabel(n.direction)}</td>
                  <td title={n.faxId ?? undefined}>{subjectLabel(n)}</td>
                  <td>
                    <span className={`activity-status activity-status-${sentStatusTone(n.sentStatus)}`}>{sentStatusLabel(n.sentStatus)}</span>
                  </td>
                  <td className="activity-destination">{n.destination ? (/^\+?\d{7,15}$/.test(n.destination) ? formatFaxNumber(n.destination) : n.destination) : '—'}</td>
                  {several ? <td>{labelOf(n.accountId)}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {next ? (
        <button type="button" className="activity-more" disabled={loadingMore} onClick={() => void loadMore()}>
          {loadingMore ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
      {status === 'ready' && error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
