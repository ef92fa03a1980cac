/**
 * The first-run screen: what the Sandbox is and a practice fax to try it, or "Connect your fax
 * account" with a connection test that names exactly what is wrong; the account (and its API key,
 * in the system keychain) is saved only once the test has passed.
 */
import { GLOSSARY } from '../../../../shared/plain-words/glossary';
import { useId, useState, type FormEvent, type JSX } from 'react';
import type { AccountAddInput } from '../../../../shared/ipc/contract/accounts';
import { formatFaxNumber } from '../../../../shared/fax-number';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { useAccountsStore } from '../../stores/accounts-store';
import { useAppStore } from '../../stores/app-store';
import { useComposeStore } from '../../stores/compose-store';
import { describedBy, Field, TextField } from '../accounts/Field';
import { TestReport, type TestState } from '../accounts/TestReport';
import { useWelcomeStore } from '../../stores/welcome-store';
import '../../styles/welcome.css';

/** The regions Faxdesk knows the address of; anything else is typed in. */
export const REGIONS = [{ id: 'us', label: 'eFax Corporate (United States)', baseUrl: 'https://api.securedocex.com' }] as const;
const OTHER = 'other';
const REGION_HINT = 'Where your fax service account is; choose “Another address” for a test or private installation.';

interface ConnectDraft {
  label: string;
  appId: string;
  apiKey: string;
  userId: string;
  region: string;
  baseUrl: string;
}

const EMPTY: ConnectDraft = { label: 'My fax account', appId: '', apiKey: '', userId: '', region: REGIONS[0].id, baseUrl: '' };

export function WelcomeScreen(): JSX.Element {
  const finish = useWelcomeStore((s) => s.finish);
  const sandbox = useAccountsStore((s) => s.accounts.find((a) => a.kind === 'sandbox') ?? null);
  const navigate = useAppStore((s) => s.navigate);

  const practice = async () => {
    const compose = useComposeStore.getState();
    if (!compose.hasContent()) compose.reset();
    useComposeStore.getState().setAccount(sandbox!.id);
    if (sandbox?.faxNumber) {
      useComposeStore.getState().addRecipientsFrom([{ number: sandbox.faxNumber, name: 'Practice (Sandbox inbox)', label: 'the Sandbox' }], 'the practice fax');
    }
    // A practice fax needs something to send: the Sandbox's sample document (the person may add their own too).
    try {
      const sample = await unwrap(faxdesk.sandbox.sampleDocument());
      if (!useComposeStore.getState().documents.some((d) => d.document?.id === sample.id)) useComposeStore.getState().addPrepared(sample);
    } catch {
      // Without it, Compose asks for a document as it always does.
    }
    await finish();
    navigate({ page: 'compose' });
  };

  return (
    <div className="page welcome" data-testid="welcome">
      <h1 tabIndex={-1}>Welcome to Faxdesk</h1>
      <p className="welcome-lead">Send faxes by dropping documents here, watch each one go through, and get a notification when one arrives.</p>
      <div className="welcome-grid">
        <section className="card welcome-card welcome-sandbox" aria-labelledby="welcome-sandbox-heading">
          <h2 id="welcome-sandbox-heading">
            Try it in the Sandbox <span className="sandbox-tag">Practice</span>
          </h2>
          <p>
            <strong>The Sandbox is a practice account on this computer: nothing is really faxed.</strong> It behaves like the fax service: faxes go through
            their states, some fail on purpose, and faxes arrive in your Inbox.
          </p>
          <p className="muted">
            A practice fax carries a sample document and goes to the Sandbox’s own number{sandbox?.faxNumber ? ` (${formatFaxNumber(sandbox.faxNumber)})` : ''}, so
            you will also see it arrive.
          </p>
          <button type="button" className="primary" onClick={() => void practice()} disabled={!sandbox} data-testid="welcome-practice">
            Send a practice fax
          </button>
          {!sandbox ? <p className="muted">The Sandbox is not available in this window.</p> : null}
        </section>
        <ConnectAccount />
      </div>
      <p className="welcome-skip">
        <button type="button" className="link-button" onClick={() => void finish()} data-testid="welcome-skip">
          Skip for now
        </button>{' '}
        <span className="muted">You can connect an account later in Settings › Accounts.</span>
      </p>
    </div>
  );
}

function ConnectAccount(): JSX.Element {
  const id = useId();
  const idOf = (field: string) => `${id}-${field}`;
  const [draft, setDraft] = useState<ConnectDraft>(EMPTY);
  const [test, setTest] = useState<TestState | null>(null);
  const [missing, setMissing] = useState<Partial<Record<keyof ConnectDraft, string>>>({});
  const finish = useWelcomeStore((s) => s.finish);
  const navigate = useAppStore((s) => s.navigate);
  const pushToast = useAppStore((s) => s.pushToast);
  const set = (field: keyof ConnectDraft, value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setMissing((m) => ({ ...m, [field]: undefined }));
  };
  const baseUrl = draft.region === OTHER ? draft.baseUrl.trim() : (REGIONS.find((r) => r.id === draft.region)?.baseUrl ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const required: [keyof ConnectDraft, string, string][] = [
      ['appId', draft.appId, 'Enter the App ID.'],
      ['apiKey', draft.apiKey, 'Enter the API key.'],
      ['userId', draft.userId, 'Enter the user-id.'],
      ['baseUrl', baseUrl, 'Enter the address of the fax service.'],
    ];
    const empty = Object.fromEntries(required.filter(([, value]) => value.trim() === '').map(([field, , message]) => [field, message]));
    setMissing(empty);
    if (Object.keys(empty).length > 0) {
      document.getElementById(idOf(Object.keys(empty)[0]!))?.focus();
      return;
    }
    const input: AccountAddInput = { label: draft.label.trim() || 'My fax account', baseUrl, appId: draft.appId.trim(), apiKey: draft.apiKey.trim(), userId: draft.userId.trim(), enabled: true };
    setTest({ phase: 'running' });
    try {
      const outcome = await unwrap(faxdesk.welcome.connect(input));
      setTest({ phase: 'done', report: outcome.report });
      if (outcome.account) {
        pushToast({ title: 'Fax account connected', body: `“${outcome.account.displayLabel}” is connected and new faxes go out from it. Its API key is in the system keychain.`, level: 'info' });
        await finish();
        navigate({ page: 'inbox' });
      }
    } catch (error) {
      setTest({ phase: 'error', message: errorMessage(error) });
    }
  };

  return (
    <section className="card welcome-card" aria-labelledby="welcome-connect-heading">
      <h2 id="welcome-connect-heading">Connect your fax account</h2>
      <p className="muted">Faxdesk tests the connection first and saves the account only when it works. The API key is kept in the system keychain.</p>
      <form className="welcome-form" aria-labelledby="welcome-connect-heading" onSubmit={(e) => void submit(e)} noValidate>
        <TextField id={idOf('appId')} label="App ID" required value={draft.appId} onChange={(v) => set('appId', v)} error={missing.appId} hint={GLOSSARY.appId.help} />
        <TextField id={idOf('apiKey')} label="API key" required type="password" value={draft.apiKey} onChange={(v) => set('apiKey', v)} error={missing.apiKey} autoComplete="off" hint={GLOSSARY.apiKey.help} />
        <TextField id={idOf('userId')} label="User-id" required value={draft.userId} onChange={(v) => set('userId', v)} error={missing.userId} placeholder="12345678-87654321" hint={GLOSSARY.userId.help} />
        <Field id={idOf('region')} label="Region" hint={REGION_HINT}>
          <select id={idOf('region')} value={draft.region} onChange={(e) => set('region', e.target.value)} {...describedBy({ id: idOf('region'), hint: REGION_HINT })}>
            {REGIONS.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
            <option value={OTHER}>Another address…</option>
          </select>
        </Field>
        {draft.region === OTHER ? (
          <TextField id={idOf('baseUrl')} label="Base URL" required type="url" value={draft.baseUrl} onChange={(v) => set('baseUrl', v)} error={missing.baseUrl} placeholder="https://api.example.com" />
        ) : null}
        <TextField id={idOf('label')} label="Name in Faxdesk" value={draft.label} onChange={(v) => set('label', v)} />
        <div className="welcome-actions">
          <button type="submit" className="primary" disabled={test?.phase === 'running'} data-testid="welcome-connect">
            {test?.phase === 'running' ? 'Testing the connection…' : 'Test and connect'}
          </button>
        </div>
      </form>
      {test ? <TestReport state={test} id={idOf('report')} /> : null}
    </section>
  );
}
