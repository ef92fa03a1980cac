/**
 * The status bar's line while an account's older faxes are imported: "Importing your fax history:
 * 12,400 of about 100,000", with Pause / Resume. Nothing once every import is done. Mounted once in
 * the status bar.
 */
import type { JSX } from 'react';
import { importLine, importTotals } from '../../../../shared/domain/history-import';
import { useHistoryImportFeed, useHistoryImportStore } from '../../stores/history-import-store';
import '../../styles/history-import.css';

export function ImportProgress(): JSX.Element | null {
  useHistoryImportFeed();
  const { status, busy, setPaused } = useHistoryImportStore();
  if (!status) return null;
  const line = importLine(status);
  if (!line) return null;
  const { read, total } = importTotals(status);
  const problem = status.paused ? null : (status.accounts.find((a) => a.state !== 'done' && a.problem)?.problem ?? null);
  return (
    <span className={problem ? 'status-bar-warning' : 'status-bar-progress'} data-testid="import-progress" title={problem ?? 'The newest faxes are already here; older ones are added as they are read.'}>
      {total ? <progress max={total} value={Math.min(read, total)} aria-hidden="true" /> : null}
      {line}
      <button type="button" className="status-bar-button" disabled={busy} onClick={() => void setPaused(!status.paused)}>
        {status.paused ? 'Resume' : 'Pause'}
      </button>
    </span>
  );
}
