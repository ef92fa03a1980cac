/**
 * Create a user, or view and edit one (by customer key), through the Admin API. Only changed fields
 * are sent on edit; turning a user off is confirmed first. Errors sit next to the field they name.
 */
import { useId, useState, type JSX } from 'react';
import type { AdminUser } from '../../../../../shared/domain/fax';
import { faxdesk, unwrap } from '../../../api';
import { createInputOf, disablesUser, draftFromUser, emptyUserDraft, updateInputOf, userFieldOf, type UserDraft, type UserField } from '../admin-draft';
import type { ConfirmRequest } from '../../../components/ConfirmDialog';
import { AcctForm, SubmitButton } from '../AcctForm';
import { CheckField, Field, Outcome, TextField, describedBy } from '../Field';
import { formErrorOf } from '../form-errors';
import { useDraftForm } from '../use-draft';

export interface UserFormProps {
  accountId: string;
  /** null: a new user. */
  user: AdminUser | null;
  onSaved(user: AdminUser, verb: 'created' | 'saved' | 'unchanged'): void;
  onCancel(): void;
  onConfirm(request: ConfirmRequest): void;
  onReleaseNumbers(numbers: string[]): void;
}

export function UserForm({ accountId, user, onSaved, onCancel, onConfirm, onReleaseNumbers }: UserFormProps): JSX.Element {
  const prefix = useId();
  const { draft, errors, setErrors, idOf, set, showFieldError } = useDraftForm<UserDraft>(prefix, () => (user ? draftFromUser(user) : emptyUserDraft()));
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = `${prefix}-heading`;

  const send = async () => {
    setBusy(true);
    setFormError(null);
    try {
      if (!user) {
        onSaved(await unwrap(faxdesk.admin.createUser(createInputOf(accountId, draft))), 'created');
        return;
      }
      const input = updateInputOf(accountId, user, draft);
      if (!input) {
        onSaved(user, 'unchanged');
        return;
      }
      onSaved(await unwrap(faxdesk.admin.updateUser(input)), 'saved');
    } catch (error) {
      const { field, message } = formErrorOf(error, userFieldOf);
      if (field && field !== 'customerKey') {
        showFieldError(field as UserField, message);
      } else {
        setErrors({});
        setFormError(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    if (user && disablesUser(user, draft)) {
      onConfirm({
        title: `Turn off user ${user.customerKey}?`,
        body: <p>{[user.firstName, user.lastName].filter(Boolean).join(' ') || user.customerKey} can no longer send or receive faxes until the user is turned on again.</p>,
        confirmLabel: 'Turn off user',
        onConfirm: () => void send(),
      });
      return;
    }
    void send();
  };

  const numbers = user?.numbers ?? [];
  return (
    <AcctForm headingId={headingId} heading={user ? `User ${user.customerKey}` : 'New user'} onSubmit={submit}>
      <TextField
        id={idOf('customerKey')}
        label="Customer key"
        value={draft.customerKey}
        onChange={(v) => set('customerKey', v)}
        readOnly={user !== null}
        error={errors.customerKey}
        hint={user ? 'The Admin API’s identifier of the user; it cannot change.' : 'Optional: leave empty and the service chooses one.'}
      />
      <TextField id={idOf('firstName')} label="First name" required={!user} value={draft.firstName} onChange={(v) => set('firstName', v)} error={errors.firstName} />
      <TextField id={idOf('lastName')} label="Last name" required={!user} value={draft.lastName} onChange={(v) => set('lastName', v)} error={errors.lastName} />
      <TextField id={idOf('email')} label="Email" type="email" required={!user} value={draft.email} onChange={(v) => set('email', v)} error={errors.email} />
      <TextField
        id={idOf('timeZone')}
        label="Time zone"
        value={draft.timeZone}
        onChange={(v) => set('timeZone', v)}
        error={errors.timeZone}
        placeholder="Europe/London"
        hint="The time zone the date in the fax header is printed in."
      />
      <CheckField id={idOf('customFaxHeaders')} label="Custom fax headers allowed" checked={draft.customFaxHeaders} onChange={(v) => set('customFaxHeaders', v)} error={errors.customFaxHeaders} />
      {!user && (
        <TextField
          id={idOf('faxNumber')}
          label="Fax number"
          type="tel"
          value={draft.faxNumber}
          onChange={(v) => set('faxNumber', v)}
          error={errors.faxNumber}
          hint="Optional: leave empty and the service allocates one. Digits with the country code, e.g. 15222051030."
        />
      )}
      {user && (
        <Field id={idOf('status')} label="Status" error={errors.status}>
          <select id={idOf('status')} value={draft.status} onChange={(e) => set('status', e.target.value as UserDraft['status'])} {...describedBy({ id: idOf('status'), error: errors.status })}>
            <option value="ACTIVE">Active</option>
            <option value="DISABLED">Turned off</option>
          </select>
        </Field>
      )}
      {user && (
        <div className="acct-numbers">
          <h4>Fax numbers</h4>
          {numbers.length === 0 ? (
            <p className="muted">No numbers.</p>
          ) : (
            <ul>
              {numbers.map((n) => (
                <li key={n.faxNumber}>
                  {n.faxNumber}
                  {n.userId ? <span className="muted"> — user-id {n.userId}</span> : null}
                  {n.csid ? <span className="muted"> — CSID {n.csid}</span> : null}
                </li>
              ))}
            </ul>
          )}
          {numbers.length > 0 && (
            <button type="button" onClick={() => onReleaseNumbers(numbers.map((n) => n.faxNumber))}>
              Release these numbers…
            </button>
          )}
        </div>
      )}
      {formError && (
        <Outcome kind="error" testId="user-form-error">
          {formError}
        </Outcome>
      )}
      <div className="acct-actions">
        <SubmitButton kind="primary" busy={busy} label={user ? 'Save user' : 'Create user'} busyLabel="Saving…" />
        <button type="button" disabled={busy} onClick={onCancel}>
          {user ? 'Close' : 'Cancel'}
        </button>
      </div>
    </AcctForm>
  );
}
