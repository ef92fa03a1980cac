/**
 * Settings › Fax history: how far back the older faxes of an account are imported when it is first
 * connected (all, one year, 90 days), where each import stands, and Pause / Resume. Mounted with one
 * line in the Settings page.
 */
import { useState, type JSX } from 'react';
import {
  HISTORY_IMPORT_RANGES,
  HISTORY_IMPORT_RANGE_LABELS,
  type HistoryImportAccountStatus,
  type HistoryImportListStatus,
  type HistoryImportRange,
} from '../../../../shared/domain/history-import';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { useAppStore } from '../../stores/app-store';
import { useHistoryImportStore } from '../../stores/history-import-store';
import '../../styles/history-import.css';

const number = (n: number) => n.toLocaleString('en-US');

function listLine(what: string, list: HistoryImportListStatus): string {
  if (list.total === null) return `${what}: ${number(list.read)} so far`;
  return `${what}: ${number(Math.min(list.read, list.total))} of ${list.done ? '' : 'about '}${number(list.total)}`;
}

const STATE_WORDS: Record<HistoryImportAccountStatus['state'], string> = {
  importing: 'Importing',
  paused: 'Paused',
  waiting: 'Waiting',
  done: 'Done',
};

export function HistoryImportSection(): JSX.Element {
  const settings = useAppStore((s) => s.settings);
  const { status, busy, error, setPaused } = useHistoryImportStore();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const range = settings?.values.historyImportRange ?? 'all';
  const going = status?.accounts.filter((a) => a.state !== 'done') ?? [];

  const choose = async (value: HistoryImportRange) => {
    setSaving(true);
    setSaveError(null);
    try {
      useAppStore.getState().setSettings(await unwrap(faxdesk.settings.set({ historyImportRange: value })));
    } catch (e) {
      setSaveError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card" aria-labelledby="history-import-heading" data-testid="history-import-section">
      <h2 id="history-import-heading">Fax history</h2>
      <p className="muted">
        When you connect an account that already holds faxes, its newest faxes show at once and the older ones are brought in the background. Their
        images stay on the fax service until you open, print or save one. Nothing old is announced.
      </p>
      <div className="form-grid">
        <label htmlFor="setting-history-range">Bring in faxes from</label>
        <select id="setting-history-range" value={range} disabled={saving || !settings} onChange={(e) => void choose(e.target.value as HistoryImportRange)}>
          {HISTORY_IMPORT_RANGES.map((r) => (
            <option key={r} value={r}>
              {HISTORY_IMPORT_RANGE_LABELS[r]}
            </option>
          ))}
        </select>
      </div>
      <p className="muted">A wider range brings in more from where the import stands; a narrower one stops it sooner. Faxes already brought in stay.</p>
      {saveError ? (
        <p className="error" role="alert">
          {saveError}
        </p>
      ) : null}

      {status && status.accounts.length > 0 ? (
        <ul className="history-import-accounts" aria-label="Imports">
          {status.accounts.map((account) => (
            <li key={account.accountId} data-testid="history-import-account">
              <strong>{account.label}</strong> <span className={`history-import-state history-import-${account.state}`}>{STATE_WORDS[account.state]}</span>
              <span className="history-import-lists">
                {listLine('Received', account.received)} · {listLine('Sent', account.sent)} · {number(account.requests)} requests
              </span>
              {account.problem ? <span className="history-import-problem">{account.problem}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">No account's history is being imported.</p>
      )}
      {going.length > 0 && status ? (
        <button type="button" disabled={busy} onClick={() => void setPaused(!status.paused)}>
          {status.paused ? 'Resume importing' : 'Pause importing'}
        </button>
      ) : null}
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
