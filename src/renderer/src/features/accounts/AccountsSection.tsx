/**
 * Settings › Accounts: every account with its kind, status and secrets-set flags; the Active toggle
 * (several may be active at once); the default account; Add, Edit, Remove (confirmed), Test
 * connection, and each account's webhook settings.
 */
import { useId, useRef, useState, type JSX } from 'react';
import type { AccountView } from '../../../../shared/ipc/contract/accounts';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { useAccountsStore, useDefaultAccountId } from '../../stores/accounts-store';
import { useAppStore } from '../../stores/app-store';
import { AccountForm } from './AccountForm';
import { KindBadge, StatusBadge } from './badges';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Outcome } from './Field';
import { formErrorOf } from './form-errors';
import { TestReport, type TestState } from './TestReport';
import { WebhooksPanel } from './WebhooksPanel';
import '../../styles/lists.css';
import '../../styles/accounts.css';

type Notice = { kind: 'ok' | 'error'; text: string };

export function AccountsSection(): JSX.Element {
  const accounts = useAccountsStore((s) => s.accounts);
  const status = useAccountsStore((s) => s.status);
  const loadError = useAccountsStore((s) => s.error);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  return (
    <section className="card acct-section" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Accounts</h2>
      <p className="muted">
        Each account is one App ID and user-id of the fax service. Several can be active at once: Faxdesk checks every active account for new faxes and can send from any of them. API keys and passwords are kept in
        the system keychain and never shown again.
      </p>
      {status === 'loading' && <p role="status">Loading accounts…</p>}
      {status === 'error' && (
        <Outcome kind="error">
          The accounts could not be read: {loadError}{' '}
          <button type="button" onClick={() => void useAccountsStore.getState().load()}>
            Try again
          </button>
        </Outcome>
      )}
      <DefaultAccountPicker accounts={accounts} />
      {notice && (
        <Outcome kind={notice.kind} testId="accounts-notice">
          {notice.text}
        </Outcome>
      )}
      <ul className="acct-list" aria-label="Accounts">
        {accounts.map((account) => (
          <li key={account.id}>
            <AccountCard
              account={account}
              onNotice={setNotice}
              onConfirm={setConfirm}
              // The removed card took the focused button with it: focus goes on to "Add account".
              onRemoved={() => requestAnimationFrame(() => addButton.current?.focus())}
            />
          </li>
        ))}
      </ul>
      {adding ? (
        <AccountForm
          account={null}
          onSaved={(view) => {
            useAccountsStore.getState().upsert(view);
            setAdding(false);
            setNotice({ kind: 'ok', text: `Account “${view.displayLabel}” added. Use “Test connection” to check it.` });
            requestAnimationFrame(() => addButton.current?.focus());
          }}
          onCancel={() => {
            setAdding(false);
            requestAnimationFrame(() => addButton.current?.focus());
          }}
        />
      ) : (
        <button type="button" ref={addButton} className="primary" onClick={() => setAdding(true)}>
          Add account
        </button>
      )}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}

function DefaultAccountPicker({ accounts }: { accounts: AccountView[] }): JSX.Element | null {
  const defaultId = useDefaultAccountId();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (accounts.length === 0) return null;
  const known = accounts.some((a) => a.id === defaultId);
  const chosen = accounts.find((a) => a.id === defaultId);
  return (
    <div className="acct-default">
      <label htmlFor="acct-default-select">Default account (for new faxes)</label>
      <select
        id="acct-default-select"
        value={known ? defaultId : ''}
        disabled={saving}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'acct-default-error' : chosen && !chosen.enabled ? 'acct-default-hint' : undefined}
        onChange={(e) => {
          setSaving(true);
          setError(null);
          unwrap(faxdesk.settings.set({ defaultAccountId: e.target.value }))
            .then((snapshot) => useAppStore.getState().setSettings(snapshot))
            .catch((err) => setError(errorMessage(err)))
            .finally(() => setSaving(false));
        }}
      >
        {!known && <option value="">The first active account</option>}
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.displayLabel}
            {a.enabled ? '' : ' (inactive)'}
          </option>
        ))}
      </select>
      {chosen && !chosen.enabled && (
        <p id="acct-default-hint" className="acct-hint">
          This account is inactive: new faxes go from the first active account until you turn it on.
        </p>
      )}
      {error && (
        <p id="acct-default-error" className="acct-field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

interface CardProps {
  account: AccountView;
  onNotice(notice: Notice | null): void;
  onConfirm(request: ConfirmRequest): void;
  onRemoved(): void;
}

function AccountCard({ account, onNotice, onConfirm, onRemoved }: CardProps): JSX.Element {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [test, setTest] = useState<TestState | null>(null);
  const [toggleError, setToggleError] = useState<string | null>(null);
  // The state asked for while main applies it: the box follows the click at once, not the round trip.
  const [pendingEnabled, setPendingEnabled] = useState<boolean | null>(null);
  const [showWebhooks, setShowWebhooks] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const headingId = `${id}-name`;

  const runTest = async () => {
    setTest({ phase: 'running' });
    try {
      setTest({ phase: 'done', report: await unwrap(faxdesk.accounts.test({ id: account.id })) });
    } catch (error) {
      setTest({ phase: 'error', message: errorMessage(error) });
    }
  };

  const setEnabled = async (enabled: boolean) => {
    setPendingEnabled(enabled);
    setToggleError(null);
    try {
      useAccountsStore.getState().upsert(await unwrap(faxdesk.accounts.update({ id: account.id, enabled })));
    } catch (error) {
      setToggleError(errorMessage(error));
    } finally {
      setPendingEnabled(null);
    }
  };

  const remove = () =>
    onConfirm({
      title: `Remove account “${account.displayLabel}”?`,
      body: (
        <>
          <p>
            Faxdesk stops using <strong>{account.displayLabel}</strong> ({account.baseUrl}, App ID {account.appId}) and deletes its API key and passwords from the system keychain.
          </p>
          <p>If faxes of this account are in the history, the account is archived instead so they keep their owner. Nothing changes at the fax service.</p>
        </>
      ),
      confirmLabel: 'Remove account',
      onConfirm: () => {
        setRemoveError(null);
        unwrap(faxdesk.accounts.remove({ id: account.id }))
          .then((result) => {
            useAccountsStore.getState().drop(result.id);
            onRemoved();
            onNotice({ kind: 'ok', text: result.archived ? `Account “${account.displayLabel}” archived: its faxes stay in the history; its secrets were deleted.` : `Account “${account.displayLabel}” removed.` });
          })
          .catch((error) => setRemoveError(formErrorOf(error).message));
      },
    });

  const statusId = `${id}-status`;
  return (
    <article className={`acct-card${account.isSandbox ? ' acct-card-sandbox' : ''}`} aria-labelledby={headingId} data-account-id={account.id}>
      <header className="acct-card-head">
        <h3 id={headingId}>{account.displayLabel}</h3>
        <KindBadge account={account} />
        <StatusBadge status={account.status} id={statusId} />
      </header>
      {account.status.message && <p className="acct-status-message">{account.status.message}</p>}
      {account.isSandbox && <p className="muted acct-sandbox-note">A practice account running on this computer: faxes sent here go nowhere real.</p>}
      <dl className="acct-facts">
        <dt>Base URL</dt>
        <dd>{account.baseUrl}</dd>
        <dt>App ID</dt>
        <dd>{account.appId}</dd>
        <dt>User-id</dt>
        <dd>{account.userId}</dd>
        <dt>API key</dt>
        <dd>{account.hasApiKey ? 'set' : 'not set'}</dd>
        <dt>Admin API</dt>
        <dd>{account.adminAvailable ? `set (${account.adminUsername ?? 'admin'}${account.adminBaseUrl && account.adminBaseUrl !== account.baseUrl ? ` at ${account.adminBaseUrl}` : ''})` : account.adminId || account.adminUsername ? 'incomplete' : 'not set'}</dd>
        {account.faxNumber && (
          <>
            <dt>Fax number</dt>
            <dd>{account.faxNumber}</dd>
          </>
        )}
      </dl>
      <div className="acct-actions">
        <span className="acct-check acct-active">
          <input id={`${id}-active`} type="checkbox" checked={pendingEnabled ?? account.enabled} disabled={pendingEnabled !== null} onChange={(e) => void setEnabled(e.target.checked)} aria-describedby={statusId} />
          <label htmlFor={`${id}-active`}>Active</label>
        </span>
        <button type="button" onClick={() => void runTest()} disabled={test?.phase === 'running'} aria-controls={test ? `${id}-test` : undefined}>
          {test?.phase === 'running' ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" ref={editButton} aria-expanded={editing} onClick={() => setEditing((v) => !v)}>
          Edit
        </button>
        <button type="button" aria-expanded={showWebhooks} aria-controls={`${id}-webhooks`} onClick={() => setShowWebhooks((v) => !v)}>
          Webhooks
        </button>
        {account.isSandbox ? (
          <span className="muted acct-hint-inline">Built in: cannot be removed (make it inactive instead).</span>
        ) : (
          <button type="button" className="danger-outline" onClick={remove}>
            Remove…
          </button>
        )}
      </div>
      {toggleError && <Outcome kind="error">{toggleError}</Outcome>}
      {removeError && <Outcome kind="error">{removeError}</Outcome>}
      {test && <TestReport state={test} id={`${id}-test`} />}
      {editing && (
        <AccountForm
          account={account}
          onSaved={(view) => {
            useAccountsStore.getState().upsert(view);
            setEditing(false);
            setTest(null);
            onNotice({ kind: 'ok', text: `Changes to “${view.displayLabel}” saved.` });
            requestAnimationFrame(() => editButton.current?.focus());
          }}
          onCancel={() => {
            setEditing(false);
            requestAnimationFrame(() => editButton.current?.focus());
          }}
        />
      )}
      {showWebhooks && <WebhooksPanel account={account} id={`${id}-webhooks`} onConfirm={onConfirm} />}
    </article>
  );
}
