/**
 * The Admin page's users: the list from the Admin API, opening one by customer key, and the
 * create/edit form. Every result or error is shown here, where the action was.
 */
import { useCallback, useEffect, useId, useRef, useState, type JSX } from 'react';
import type { AdminUser } from '../../../../../shared/domain/fax';
import { faxdesk, unwrap } from '../../../api';
import type { ConfirmRequest } from '../../../components/ConfirmDialog';
import { TableHead } from '../../../components/TableHead';
import { Outcome, TextField } from '../Field';
import { formErrorOf } from '../form-errors';
import { UserForm } from './UserForm';

type Mode = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; user: AdminUser };

export interface UsersPanelProps {
  accountId: string;
  /** Bumped by the page after numbers were released, so the list shows who lost them. */
  refreshKey: number;
  onConfirm(request: ConfirmRequest): void;
  onReleaseNumbers(numbers: string[]): void;
}

export function UsersPanel({ accountId, refreshKey, onConfirm, onReleaseNumbers }: UsersPanelProps): JSX.Element {
  const prefix = useId();
  const [users, setUsers] = useState<AdminUser[] | null>(null);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>({ kind: 'none' });
  const [outcome, setOutcome] = useState<string | null>(null);
  const [findKey, setFindKey] = useState('');
  const [findError, setFindError] = useState<string | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      setUsers(await unwrap(faxdesk.admin.listUsers({ accountId })));
    } catch (error) {
      setLoadError(formErrorOf(error).message);
    } finally {
      setLoading(false);
    }
  }, [accountId]);

  useEffect(() => {
    void load();
  }, [load, refreshKey]);

  const open = async () => {
    setFindError(null);
    const key = findKey.trim();
    if (!key) {
      setFindError('Enter the customer key of the user to open.');
      return;
    }
    try {
      setMode({ kind: 'edit', user: await unwrap(faxdesk.admin.getUser({ accountId, customerKey: key })) });
      setOutcome(null);
    } catch (error) {
      setFindError(formErrorOf(error).message);
    }
  };

  const closeForm = () => {
    setMode({ kind: 'none' });
    requestAnimationFrame(() => newButton.current?.focus());
  };

  return (
    <section className="card" aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>Users</h2>
      <div className="acct-toolbar">
        <button type="button" onClick={() => void load()} disabled={loading}>
          {loading ? 'Loading…' : 'Refresh'}
        </button>
        <button
          type="button"
          ref={newButton}
          className="primary"
          onClick={() => {
            setMode({ kind: 'create' });
            setOutcome(null);
          }}
        >
          New user
        </button>
        <form
          className="acct-find"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void open();
          }}
        >
          <TextField id={`${prefix}-find`} label="Open a user by customer key" value={findKey} onChange={setFindKey} error={findError} />
          <button type="submit">Open</button>
        </form>
      </div>
      {outcome && (
        <Outcome kind="ok" testId="users-outcome">
          {outcome}
        </Outcome>
      )}
      {mode.kind !== 'none' && (
        <UserForm
          key={mode.kind === 'edit' ? mode.user.customerKey : 'new'}
          accountId={accountId}
          user={mode.kind === 'edit' ? mode.user : null}
          onConfirm={onConfirm}
          onReleaseNumbers={onReleaseNumbers}
          onCancel={closeForm}
          onSaved={(user, verb) => {
            setOutcome(
              verb === 'created'
                ? `User ${user.customerKey} created${user.numbers.length ? ` with fax number ${user.numbers.map((n) => n.faxNumber).join(', ')}` : ''}.`
                : verb === 'saved'
                  ? `User ${user.customerKey} saved.`
                  : `Nothing changed for user ${user.customerKey}.`,
            );
            setUsers((list) => (list ? (list.some((u) => u.customerKey === user.customerKey) ? list.map((u) => (u.customerKey === user.customerKey ? user : u)) : [...list, user]) : list));
            closeForm();
          }}
        />
      )}
      {loadError && <Outcome kind="error">The users could not be read: {loadError}</Outcome>}
      {users && (
        <table className="acct-table" aria-describedby={`${prefix}-count`}>
          <caption id={`${prefix}-count`}>
            {users.length} user{users.length === 1 ? '' : 's'}
          </caption>
          <TableHead
            columns={['Customer key', 'Name', 'Email', 'Status', 'Fax numbers', 'Time zone', <span className="sr-only">Actions</span>]}
          />
          <tbody>
            {users.map((u) => (
              <tr key={u.customerKey}>
                <td>{u.customerKey}</td>
                <td>{[u.firstName, u.lastName].filter(Boolean).join(' ') || '—'}</td>
                <td>{u.email ?? '—'}</td>
                <td>{u.status ?? '—'}</td>
                <td>{u.numbers.map((n) => n.faxNumber).join(', ') || '—'}</td>
                <td>{u.timeZone ?? '—'}</td>
                <td>
                  <button
                    type="button"
                    aria-label={`Edit user ${u.customerKey}`}
                    onClick={() => {
                      setMode({ kind: 'edit', user: u });
                      setOutcome(null);
                    }}
                  >
                    Edit
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
