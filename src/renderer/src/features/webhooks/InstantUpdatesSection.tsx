/**
 * Settings › Instant updates: Faxdesk's webhook receiver. The Sandbox's one switch; the receiver's
 * address, port, HTTPS certificate and key (the key file is read into the keychain by main; only
 * "a key is stored" comes back), the public URL to give the service; per account the instant-updates
 * state, the last ping round trip and a Test button; the recent deliveries. In the desktop app the
 * certificate and key files can also be chosen with the system's Open dialog (files:openTlsFile); the
 * browser harness has none, so there the paths are typed.
 */
import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import type { TlsFileKind } from '../../../../shared/ipc/contract/files';
import type { ReceiverDelivery, ReceiverTestReport, ReceiverView } from '../../../../shared/ipc/contract/webhooks';
import { errorMessage, faxdesk, FaxdeskError, unwrap } from '../../api';
import { HelpTip } from '../../components/HelpTip';
import { TableHead } from '../../components/TableHead';
import { hasNativeFileDialogs } from '../../files/native-files';
import '../../styles/instant-updates.css';

interface Draft {
  enabled: boolean;
  host: string;
  port: string;
  tls: boolean;
  certPath: string;
  keyPath: string;
  publicUrl: string;
}

function draftOf(view: ReceiverView): Draft {
  return {
    enabled: view.enabled,
    host: view.host,
    port: String(view.port),
    tls: view.tls,
    certPath: view.certPath ?? '',
    keyPath: '',
    publicUrl: view.publicUrl ?? '',
  };
}

export function InstantUpdatesSection(): JSX.Element {
  const [view, setView] = useState<ReceiverView | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deliveries, setDeliveries] = useState<ReceiverDelivery[]>([]);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [tests, setTests] = useState<Record<string, ReceiverTestReport | 'running'>>({});
  const [nativeDialogs, setNativeDialogs] = useState(false);

  const loadDeliveries = useCallback(async () => {
    try {
      setDeliveries(await unwrap(faxdesk.receiver.deliveries({ limit: 20 })));
    } catch {
      // The list is informative; the next change reloads it.
    }
  }, []);

  useEffect(() => {
    let live = true;
    void unwrap(faxdesk.receiver.get()).then(
      (v) => {
        if (!live) return;
        setView(v);
        setDraft(draftOf(v));
      },
      (e: unknown) => live && setError({ message: errorMessage(e) }),
    );
    void loadDeliveries();
    void hasNativeFileDialogs().then((native) => live && setNativeDialogs(native));
    const off = faxdesk.on('receiver:changed', (v) => {
      setView(v);
      void loadDeliveries();
    });
    return () => {
      live = false;
      off();
    };
  }, [loadDeliveries]);

  const run = async (work: () => Promise<ReceiverView>, errorField?: string) => {
    setBusy(true);
    setError(null);
    try {
      const next = await work();
      setView(next);
      setDraft(draftOf(next));
    } catch (e) {
      const field = errorField ?? (e instanceof FaxdeskError && e.info.field ? e.info.field : undefined);
      setError({ message: errorMessage(e), ...(field ? { field } : {}) });
      // The switch shows what main has (a Sandbox link that could not start is off again).
      void unwrap(faxdesk.receiver.get()).then(setView, () => undefined);
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const port = Number(draft.port);
    void run(() =>
      unwrap(
        faxdesk.receiver.configure({
          enabled: draft.enabled,
          host: draft.host,
          port: Number.isInteger(port) ? port : -1,
          tls: draft.tls,
          certPath: draft.certPath.trim() ? draft.certPath : null,
          ...(draft.keyPath.trim() ? { keyPath: draft.keyPath } : {}),
          publicUrl: draft.publicUrl.trim() ? draft.publicUrl : null,
        }),
      ),
    );
  };

  /** The system's Open dialog for the certificate or key file; the chosen path goes into the field, saved with the rest. */
  const choose = async (what: TlsFileKind) => {
    setError(null);
    try {
      const { path } = await unwrap(faxdesk.files.openTlsFile({ what }));
      if (path !== null) setDraft((d) => (d ? { ...d, [what === 'certificate' ? 'certPath' : 'keyPath']: path } : d));
    } catch (e) {
      setError({ field: what === 'certificate' ? 'certPath' : 'keyPath', message: errorMessage(e) });
    }
  };

  const chooseButton = (what: TlsFileKind) =>
    nativeDialogs ? (
      <button type="button" disabled={busy} onClick={() => void choose(what)} aria-label={what === 'certificate' ? 'Choose the certificate file' : 'Choose the private key file'}>
        Choose…
      </button>
    ) : null;

  const test = async (accountId: string) => {
    setTests((t) => ({ ...t, [accountId]: 'running' }));
    try {
      const report = await unwrap(faxdesk.receiver.test({ accountId }));
      setTests((t) => ({ ...t, [accountId]: report }));
    } catch (e) {
      setTests((t) => ({ ...t, [accountId]: { ok: false, roundTripMs: null, message: errorMessage(e) } }));
    }
  };

  if (!view || !draft) {
    return (
      <section className="card" aria-labelledby="instant-heading">
        <h2 id="instant-heading">Instant updates</h2>
        <p>{error ? error.message : 'Loading…'}</p>
      </section>
    );
  }

  const fieldError = (field: string) =>
    error?.field === field ? (
      <p className="error" role="alert" id={`instant-${field}-error`}>
        {error.message}
      </p>
    ) : null;

  return (
    <section className="card instant-updates" aria-labelledby="instant-heading">
      <h2 id="instant-heading">Instant updates</h2>
      <p className="muted">
        The service can tell Faxdesk at once when a sent fax finishes or a fax arrives, instead of Faxdesk asking every minute: these instant updates are what
        the service calls webhooks <HelpTip id="webhook" />, each signed with your signing key (HMAC key) <HelpTip id="hmac" />. Faxdesk keeps checking the
        lists too, less often while the instant updates arrive.
      </p>

      <div className="instant-sandbox">
        <label>
          <input
            type="checkbox"
            checked={view.sandbox.enabled}
            disabled={busy}
            onChange={(e) => void run(() => unwrap(faxdesk.receiver.sandbox({ enabled: e.target.checked })), 'sandbox')}
            aria-describedby={error?.field === 'sandbox' ? 'instant-sandbox-error' : undefined}
            data-testid="instant-sandbox"
          />{' '}
          Instant updates for the Sandbox
        </label>
        {error?.field === 'sandbox' ? (
          <p className="error" role="alert" id="instant-sandbox-error" data-testid="instant-sandbox-error">
            {error.message}
          </p>
        ) : null}
        <p className="muted">
          {view.sandbox.enabled
            ? view.sandbox.listening
              ? `On: the Sandbox posts to ${view.sandbox.url} over HTTPS with a certificate only it trusts.`
              : (view.sandbox.problem ?? 'Starting…')
            : 'Off: the Sandbox is checked by polling.'}
        </p>
      </div>

      <form className="form-grid" onSubmit={save} aria-label="Webhook receiver">
        <label htmlFor="instant-enabled">Receive webhooks (instant updates)</label>
        <input id="instant-enabled" type="checkbox" checked={draft.enabled} onChange={(e) => setDraft({ ...draft, enabled: e.target.checked })} />

        <label htmlFor="instant-host">Listen on address</label>
        <div>
          <input id="instant-host" value={draft.host} onChange={(e) => setDraft({ ...draft, host: e.target.value })} aria-invalid={error?.field === 'host'} />
          {fieldError('host')}
        </div>

        <label htmlFor="instant-port">Port</label>
        <div>
          <input id="instant-port" inputMode="numeric" value={draft.port} onChange={(e) => setDraft({ ...draft, port: e.target.value })} aria-invalid={error?.field === 'port'} />
          {fieldError('port')}
        </div>

        <label htmlFor="instant-tls">HTTPS here (no reverse proxy)</label>
        <input id="instant-tls" type="checkbox" checked={draft.tls} onChange={(e) => setDraft({ ...draft, tls: e.target.checked })} />

        {draft.tls ? (
          <>
            <label htmlFor="instant-cert">Certificate file (PEM)</label>
            <div>
              <input id="instant-cert" value={draft.certPath} placeholder="/etc/faxdesk/cert.pem" onChange={(e) => setDraft({ ...draft, certPath: e.target.value })} />
              {chooseButton('certificate')}
              {fieldError('certPath')}
            </div>
            <label htmlFor="instant-key">Private key file (PEM)</label>
            <div>
              <input
                id="instant-key"
                value={draft.keyPath}
                placeholder={view.hasTlsKey ? 'A key is stored in the keychain; choose a file to replace it' : '/etc/faxdesk/key.pem'}
                onChange={(e) => setDraft({ ...draft, keyPath: e.target.value })}
              />
              {chooseButton('key')}
              {fieldError('keyPath')}
              {view.hasTlsKey ? (
                <button type="button" disabled={busy} onClick={() => void run(() => unwrap(faxdesk.receiver.configure({ forgetKey: true, tls: false })))}>
                  Forget the stored key
                </button>
              ) : null}
            </div>
          </>
        ) : null}

        <label htmlFor="instant-url">Public URL (give this to the service)</label>
        <div>
          <input id="instant-url" value={draft.publicUrl} placeholder="https://fax.example.com/faxdesk/webhooks" onChange={(e) => setDraft({ ...draft, publicUrl: e.target.value })} />
          {fieldError('publicUrl')}
          <p className="muted">https on port 443 or 8443 only. Set it, with your HMAC key, in Settings › Accounts › Webhooks.</p>
        </div>

        <div />
        <div>
          <button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save receiver settings'}
          </button>
        </div>
      </form>

      <p role="status" data-testid="instant-listening">
        {view.enabled ? (view.listening ? `Listening on ${view.listening.host}:${view.listening.port}${view.tls ? ' (HTTPS)' : ' (HTTP, behind your reverse proxy)'}.` : '') : 'The receiver is off.'}
      </p>
      {view.problem ? (
        <p className="banner banner-warning" role="alert">
          {view.problem}
        </p>
      ) : null}
      {error && !error.field ? (
        <p className="error" role="alert">
          {error.message}
        </p>
      ) : null}

      <h3>Accounts</h3>
      <table className="instant-table">
        <TableHead
          columns={[
            'Account',
            <>
              Signing key (HMAC) <HelpTip id="hmac" />
            </>,
            'State',
            'Last round trip',
            <span className="sr-only">Test</span>,
          ]}
        />
        <tbody>
          {view.accounts.map((account) => {
            const outcome = tests[account.accountId];
            return (
              <tr key={account.accountId} data-testid="instant-account">
                <td>{account.label}</td>
                <td>{account.hasKey ? 'Set' : 'None'}</td>
                <td data-testid="instant-state">{account.instant ? account.instant.message : account.delivery.message}</td>
                <td>{account.lastPing ? `${account.lastPing.roundTripMs} ms at ${new Date(account.lastPing.at).toLocaleTimeString()}` : '—'}</td>
                <td>
                  <button type="button" disabled={outcome === 'running'} onClick={() => void test(account.accountId)} aria-label={`Test instant updates of ${account.label}`}>
                    {outcome === 'running' ? 'Testing…' : 'Test'}
                  </button>
                  {outcome && outcome !== 'running' ? (
                    <span role={outcome.ok ? 'status' : 'alert'} className={outcome.ok ? 'instant-test-ok' : 'instant-test-failed'} data-testid="instant-test-result">
                      {' '}
                      {outcome.message}
                    </span>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>

      <h3>Recent deliveries</h3>
      {deliveries.length === 0 ? (
        <p className="muted">Nothing received yet.</p>
      ) : (
        <table className="instant-table" data-testid="instant-deliveries">
          <TableHead columns={['Time', 'Type', 'Verified', 'Result']} />
          <tbody>
            {deliveries.map((d) => (
              <tr key={d.seq}>
                <td>{new Date(d.at).toLocaleTimeString()}</td>
                <td>{d.eventType ?? '—'}</td>
                <td>{d.verified ? 'Yes' : 'No'}</td>
                <td>
                  {d.httpStatus} {d.outcome}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
