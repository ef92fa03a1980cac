import type { JSX } from 'react';
import type { OutboxDetail } from '../../../../shared/domain/outbox';
import { TableHead } from '../../components/TableHead';
import { attemptRows } from './timeline';
import { Time } from './Time';

/** The delivery attempts as the service reports them (read from it when the job opens). */
export function JobAttempts({ detail, loading }: { detail: OutboxDetail; loading: boolean }): JSX.Element {
  if (detail.attempts === null) {
    if (loading) return <p className="muted">Reading the delivery attempts from the fax service…</p>;
    return <p className="muted">{detail.attemptsNote ?? 'No delivery attempts yet.'}</p>;
  }
  if (detail.attempts.length === 0) return <p className="muted">The service has not made a delivery attempt yet.</p>;
  const rows = attemptRows(detail.attempts);
  return (
    <table className="outbox-attempts" data-testid="outbox-attempts">
      <TableHead columns={['#', 'Result', 'Duration', 'Started', 'Code']} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <td>{r.number}</td>
            <td>
              <span className={`outbox-attempt-status outbox-text-${r.tone}`}>{r.status}</span>
            </td>
            <td>{r.duration}</td>
            <td>{r.started ? <Time time={r.started} /> : '—'}</td>
            <td>
              {r.code ? (
                <span title={r.code.advice}>
                  <span className="outbox-code-id">{r.code.code}</span> {r.code.meaning}
                </span>
              ) : r.serviceMessage ? (
                r.serviceMessage
              ) : (
                <span className="muted">—</span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
