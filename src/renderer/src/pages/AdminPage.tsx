/**
 * Admin: the users and fax numbers of a corporate account, through the Admin API. Shown in the
 * sidebar only when some account has admin credentials; the picker offers only those accounts.
 */
import { useMemo, useRef, useState, type JSX } from 'react';
import { GLOSSARY } from '../../../shared/plain-words/glossary';
import { accountOptionLabel } from '../features/accounts/badges';
import { ConfirmDialog, type ConfirmRequest } from '../components/ConfirmDialog';
import { ReleaseNumbers } from '../features/accounts/admin/ReleaseNumbers';
import { UsersPanel } from '../features/accounts/admin/UsersPanel';
import { selectAdminAccounts, useAccountsStore, useDefaultAccountId } from '../stores/accounts-store';
import { useAppStore } from '../stores/app-store';
import '../styles/lists.css';
import '../styles/accounts.css';

export function AdminPage(): JSX.Element {
  const accounts = useAccountsStore((s) => s.accounts);
  const status = useAccountsStore((s) => s.status);
  const adminAccounts = useMemo(() => selectAdminAccounts({ accounts }), [accounts]);
  const defaultId = useDefaultAccountId();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const [releaseText, setReleaseText] = useState('');
  const [refreshKey, setRefreshKey] = useState(0);
  const releaseInput = useRef<HTMLTextAreaElement>(null);

  const account = adminAccounts.find((a) => a.id === chosenId) ?? adminAccounts.find((a) => a.id === defaultId) ?? adminAccounts[0] ?? null;

  return (
    <section className="page acct-admin-page">
      <h1>Admin</h1>
      <p className="muted">The users and fax numbers of a corporate account, managed through the Admin API. {GLOSSARY.adminCredentials.help}</p>
      {!account ? (
        <div className="card" role="note">
          {status === 'ready' || status === 'error' ? (
            <>
              <p>No account has admin credentials. Add the Admin ID, admin username and admin password to an account in Settings › Accounts to manage its users here.</p>
              <button type="button" onClick={() => useAppStore.getState().navigate({ page: 'settings' })}>
                Open Settings
              </button>
            </>
          ) : (
            <p role="status">Loading accounts…</p>
          )}
        </div>
      ) : (
        <>
          <div className="acct-default">
            <label htmlFor="admin-account">Account</label>
            <select id="admin-account" value={account.id} onChange={(e) => setChosenId(e.target.value)}>
              {adminAccounts.map((a) => (
                <option key={a.id} value={a.id}>
                  {accountOptionLabel(a)}
                </option>
              ))}
            </select>
            {account.isSandbox && (
              <span className="acct-badge acct-badge-sandbox" data-testid="kind-badge">
                Sandbox
              </span>
            )}
            <span className="muted">{account.adminBaseUrl ?? account.baseUrl}</span>
          </div>
          <UsersPanel
            key={`users-${account.id}`}
            accountId={account.id}
            refreshKey={refreshKey}
            onConfirm={setConfirm}
            onReleaseNumbers={(numbers) => {
              setReleaseText(numbers.join('\n'));
              requestAnimationFrame(() => {
                releaseInput.current?.scrollIntoView({ block: 'center' });
                releaseInput.current?.focus();
              });
            }}
          />
          <ReleaseNumbers
            key={`release-${account.id}`}
            accountId={account.id}
            accountLabel={account.displayLabel}
            text={releaseText}
            onText={setReleaseText}
            onConfirm={setConfirm}
            onReleased={() => setRefreshKey((k) => k + 1)}
            inputRef={releaseInput}
          />
        </>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
