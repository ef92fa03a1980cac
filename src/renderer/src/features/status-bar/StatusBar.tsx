/**
 * The status bar along the bottom of the window: per account "Last synced 2 min ago" (renewed every
 * 30 s), a sync error in plain words with "Retry now", the paused state with "Resume" (or "Pause"),
 * image download problems, and the unread count. Errors are an alert, so a screen reader hears them
 * once when they appear; the rest is quiet.
 */
import { useLayoutEffect, useRef, type JSX } from 'react';
import type { AccountSyncStatus } from '../../../../shared/domain/sync';
import { plainText } from '../../../../shared/plain-words/errors';
import { lastSyncedText, pausedText } from '../inbox/format';
import { useAccountsStore } from '../../stores/accounts-store';
import { useAppStore } from '../../stores/app-store';
import { useInboxStore } from '../../stores/inbox-store';
import { useNow, useSyncStore } from '../../stores/sync-store';
import { SANDBOX_WORDS, useSandboxIsDefault } from '../welcome/sandbox-mode';
import { ImportProgress } from '../history-import/ImportProgress';
import { MaintenanceProgress } from '../maintenance/MaintenanceProgress';
import '../../styles/welcome.css';

export function StatusBar(): JSX.Element {
  const { status, error, busy, refresh, setPaused } = useSyncStore();
  const accounts = useAccountsStore((s) => s.accounts);
  const unread = useInboxStore((s) => s.unread);
  const navigate = useAppStore((s) => s.navigate);
  const now = useNow(30_000);
  const labelOf = (account: AccountSyncStatus) => accounts.find((a) => a.id === account.accountId)?.displayLabel ?? account.label;
  const several = (status?.accounts.length ?? 0) > 1;
  const bar = useRef<HTMLElement>(null);
  const sandbox = useSandboxIsDefault();

  // Toasts float above the bar: tell the stylesheet how tall it is (an error can take two lines).
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty('--status-bar-height', `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--status-bar-height');
    };
  }, []);

  return (
    <footer className="status-bar" aria-label="Sync status" ref={bar}>
      <div className="status-bar-accounts">
        {status === null ? <span className="muted">{error ?? 'Reading the sync status…'}</span> : null}
        {status && status.accounts.length === 0 ? <span className="muted">No active account is being synchronised.</span> : null}
        {status?.accounts.map((account) => (
          <span key={account.accountId} className="status-bar-account" data-testid="status-account">
            <span className={account.lastError ? 'status-dot status-dot-error' : 'status-dot'} aria-hidden="true" />
            <span title={account.lastSyncedAt ? new Date(account.lastSyncedAt).toLocaleString() : undefined}>
              {several || accounts.length > 1 ? `${labelOf(account)}: ` : ''}
              {lastSyncedText(account, now)}
            </span>
            {account.lastError ? (
              <span className="status-bar-error" role="alert">
                {several ? `${labelOf(account)}: ` : ''}
                {plainText(account.lastError.message, account.lastError.code)}
                <button type="button" className="status-bar-button" disabled={busy} onClick={() => void refresh(account.accountId)}>
                  Retry now
                </button>
              </span>
            ) : null}
          </span>
        ))}
        {status?.downloads.lastError ? (
          <span className="status-bar-error" role="alert">
            Received faxes cannot be downloaded: {plainText(status.downloads.lastError.message, status.downloads.lastError.code)}
          </span>
        ) : status && status.downloads.failed > 0 ? (
          <span className="status-bar-warning">
            {status.downloads.failed === 1 ? '1 fax could not be downloaded' : `${status.downloads.failed} faxes could not be downloaded`}
          </span>
        ) : null}
        <MaintenanceProgress />
        <ImportProgress />
        {error && status ? (
          <span className="status-bar-error" role="alert">
            {error}
          </span>
        ) : null}
      </div>
      <div className="status-bar-side">
        {sandbox ? (
          <span className="status-bar-sandbox" data-testid="status-sandbox">
            {SANDBOX_WORDS}
          </span>
        ) : null}
        {status?.paused ? (
          <span className="status-bar-paused" data-testid="sync-paused">
            {pausedText(status)}
            {status.pausedByUser ? (
              <button type="button" className="status-bar-button" disabled={busy} onClick={() => void setPaused(false)}>
                Resume
              </button>
            ) : null}
          </span>
        ) : status && status.accounts.length > 0 ? (
          <>
            <button type="button" className="status-bar-button" disabled={busy} onClick={() => void refresh()}>
              Sync now
            </button>
            <button type="button" className="status-bar-button" disabled={busy} onClick={() => void setPaused(true)}>
              Pause sync
            </button>
          </>
        ) : null}
        {unread !== null ? (
          <button type="button" className="status-bar-button status-bar-unread" onClick={() => navigate({ page: 'inbox' })} data-testid="status-unread">
            {unread === 0 ? 'No unread faxes' : `${unread} unread`}
          </button>
        ) : null}
      </div>
    </footer>
  );
}
