/**
 * Add or edit one account. Secrets are write-only: the API key and admin password fields start empty,
 * and on edit an empty field keeps what is stored (the hint says whether something is). Main checks
 * every value; its error is shown next to the field it names, and that field gets the focus.
 */
import { GLOSSARY } from '../../../../shared/plain-words/glossary';
import { useId, useState, type JSX } from 'react';
import type { AccountView } from '../../../../shared/ipc/contract/accounts';
import { faxdesk, unwrap } from '../../api';
import { accountFieldOf, addInputOf, draftFromAccount, emptyDraft, testInputOf, updateInputOf, type AccountDraft, type AccountField } from './account-draft';
import { AcctForm } from './AcctForm';
import { CheckField, Outcome, TextField } from './Field';
import { formErrorOf } from './form-errors';
import { TestReport, type TestState } from './TestReport';
import { useDraftForm } from './use-draft';

export interface AccountFormProps {
  /** null: a new account. */
  account: AccountView | null;
  onSaved(account: AccountView, verb: 'added' | 'saved'): void;
  onCancel(): void;
}

export function AccountForm({ account, onSaved, onCancel }: AccountFormProps): JSX.Element {
  const prefix = useId();
  const { draft, setDraft, errors, setErrors, idOf, set, showFieldError } = useDraftForm<AccountDraft>(prefix, () => (account ? draftFromAccount(account) : emptyDraft()));
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'test' | null>(null);
  const [test, setTest] = useState<TestState | null>(null);
  const isSandbox = account?.isSandbox ?? false;
  const heading = account ? `Edit ${account.displayLabel}` : 'Add an account';
  const headingId = `${prefix}-heading`;

  const showError = (error: unknown) => {
    const { field, message } = formErrorOf(error, accountFieldOf);
    if (field) {
      const target = field as AccountField;
      // A field inside the admin part is shown even when the part was folded.
      if (target.startsWith('admin') && !draft.useAdmin) set('useAdmin', true);
      showFieldError(target, message);
      setFormError(null);
    } else {
      setErrors({});
      setFormError(message);
    }
  };

  const save = async () => {
    setBusy('save');
    setFormError(null);
    try {
      const saved = account ? await unwrap(faxdesk.accounts.update(updateInputOf(account, draft))) : await unwrap(faxdesk.accounts.add(addInputOf(draft)));
      // The typed secrets are not kept once main has them.
      setDraft((d) => ({ ...d, apiKey: '', adminPassword: '' }));
      onSaved(saved, account ? 'saved' : 'added');
    } catch (error) {
      showError(error);
    } finally {
      setBusy(null);
    }
  };

  const runTest = async () => {
    setBusy('test');
    setTest({ phase: 'running' });
    try {
      setTest({ phase: 'done', report: await unwrap(faxdesk.accounts.test(testInputOf(draft, account))) });
    } catch (error) {
      setTest({ phase: 'error', message: formErrorOf(error).message });
    } finally {
      setBusy(null);
    }
  };

  const secretHint = (isSet: boolean, what: string) => (account ? (isSet ? `Set — leave empty to keep the saved ${what}.` : `Not set: enter the ${what}.`) : undefined);

  return (
    <AcctForm headingId={headingId} heading={heading} onSubmit={() => void save()}>
      <TextField id={idOf('label')} label="Name" required value={draft.label} onChange={(v) => set('label', v)} error={errors.label} placeholder="e.g. Front office" />
      {isSandbox ? (
        <p className="muted">The Sandbox’s connection settings are built in: only its name can change here. Use “Active” to turn it on or off.</p>
      ) : (
        <>
          <TextField
            id={idOf('baseUrl')}
            label="Base URL"
            required
            value={draft.baseUrl}
            onChange={(v) => set('baseUrl', v)}
            error={errors.baseUrl}
            placeholder="https://api.securedocex.com"
            hint="The address of the Fax Services API, from your administrator."
          />
          <TextField id={idOf('appId')} label="App ID" required value={draft.appId} onChange={(v) => set('appId', v)} error={errors.appId} hint={GLOSSARY.appId.help} />
          <TextField
            id={idOf('apiKey')}
            label="API key"
            type="password"
            autoComplete="new-password"
            required={!account}
            value={draft.apiKey}
            onChange={(v) => set('apiKey', v)}
            error={errors.apiKey}
            hint={secretHint(account?.hasApiKey ?? false, 'API key') ?? `${GLOSSARY.apiKey.help} It is never shown again.`}
          />
          <TextField id={idOf('userId')} label="User-id" required value={draft.userId} onChange={(v) => set('userId', v)} error={errors.userId} placeholder="12345678-87654321" hint={GLOSSARY.userId.help} />
          <CheckField
            id={idOf('useAdmin')}
            label="This account has Admin API credentials (optional)"
            checked={draft.useAdmin}
            onChange={(v) => set('useAdmin', v)}
            error={errors.useAdmin}
            hint={account && !draft.useAdmin && account.adminAvailable ? 'Unticked: the saved admin credentials are removed when you save.' : GLOSSARY.adminCredentials.help}
          />
          {draft.useAdmin && (
            <fieldset className="acct-fieldset">
              <legend>Admin API</legend>
              <TextField
                id={idOf('adminBaseUrl')}
                label="Admin base URL"
                value={draft.adminBaseUrl}
                onChange={(v) => set('adminBaseUrl', v)}
                error={errors.adminBaseUrl}
                hint="Leave empty to use the base URL."
              />
              <TextField id={idOf('adminId')} label="Admin ID" required value={draft.adminId} onChange={(v) => set('adminId', v)} error={errors.adminId} />
              <TextField id={idOf('adminUsername')} label="Admin username" required value={draft.adminUsername} onChange={(v) => set('adminUsername', v)} error={errors.adminUsername} autoComplete="off" />
              <TextField
                id={idOf('adminPassword')}
                label="Admin password"
                type="password"
                autoComplete="new-password"
                required={!account?.hasAdminPassword}
                value={draft.adminPassword}
                onChange={(v) => set('adminPassword', v)}
                error={errors.adminPassword}
                hint={secretHint(account?.hasAdminPassword ?? false, 'admin password') ?? 'Kept in the system keychain, never shown again.'}
              />
            </fieldset>
          )}
        </>
      )}
      {formError && (
        <Outcome kind="error" testId="account-form-error">
          {formError}
        </Outcome>
      )}
      <div className="acct-actions">
        <button type="submit" className="primary" disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : account ? 'Save changes' : 'Add account'}
        </button>
        {!isSandbox && (
          <button type="button" disabled={busy !== null} onClick={() => void runTest()}>
            {busy === 'test' ? 'Testing…' : 'Test these settings'}
          </button>
        )}
        <button type="button" disabled={busy === 'save'} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {test && <TestReport state={test} id={`${prefix}-test`} />}
    </AcctForm>
  );
}
