/**
 * With the Sandbox chosen to send from, Compose teaches it: its test numbers (each gives one outcome;
 * one click puts it in the recipients), a sample document to attach, and a test fax that arrives in
 * the Inbox. The numbers come from main (sandbox:testNumbers: the emulator's own rules).
 */
import { useEffect, useState, type JSX } from 'react';
import type { SandboxTestNumber } from '../../../../shared/ipc/contract/sandbox';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { useAppStore } from '../../stores/app-store';
import { useComposeStore } from '../../stores/compose-store';

type Notice = { kind: 'ok' | 'error'; text: string; inbox?: boolean } | null;

let cachedNumbers: SandboxTestNumber[] | null = null;

export function SandboxPanel(): JSX.Element {
  const [numbers, setNumbers] = useState<SandboxTestNumber[] | null>(cachedNumbers);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'sample' | 'receive' | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const navigate = useAppStore((s) => s.navigate);

  useEffect(() => {
    if (cachedNumbers) return;
    let live = true;
    unwrap(faxdesk.sandbox.testNumbers())
      .then((result) => {
        cachedNumbers = result.numbers;
        if (live) setNumbers(result.numbers);
      })
      .catch((error) => live && setLoadError(`The test numbers could not be read: ${errorMessage(error)}`));
    return () => {
      live = false;
    };
  }, []);

  const addSample = async () => {
    setBusy('sample');
    try {
      const document = await unwrap(faxdesk.sandbox.sampleDocument());
      const compose = useComposeStore.getState();
      if (compose.documents.some((d) => d.document?.id === document.id)) {
        setNotice({ kind: 'ok', text: `"${document.name}" is already in this fax.` });
      } else {
        compose.addPrepared(document);
        setNotice({ kind: 'ok', text: `Added "${document.name}" to the documents.` });
      }
    } catch (error) {
      setNotice({ kind: 'error', text: `The sample document could not be added: ${errorMessage(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const receive = async () => {
    setBusy('receive');
    try {
      const arrival = await unwrap(faxdesk.sandbox.receiveTestFax());
      setNotice({ kind: 'ok', text: `A test fax from ${arrival.from} has arrived in the Sandbox. It shows in your Inbox in a moment, with a notification.`, inbox: true });
    } catch (error) {
      setNotice({ kind: 'error', text: `No test fax arrived: ${errorMessage(error)}` });
    } finally {
      setBusy(null);
    }
  };

  const use = (n: SandboxTestNumber) => {
    useComposeStore.getState().addRecipientsFrom([{ number: n.number, name: n.name, label: n.display }], 'the Sandbox test numbers');
  };

  return (
    <section className="card cx-sandbox" aria-labelledby="compose-sandbox-heading" data-testid="sandbox-panel">
      <h2 id="compose-sandbox-heading">
        Practice with the Sandbox <span className="sandbox-tag">Practice</span>
      </h2>
      <p className="cx-hint">
        Nothing is really faxed. Each test number gives one outcome, so you can see how Faxdesk shows it: use one as a recipient, add the sample document,
        and send.
      </p>
      <div className="cx-sandbox-actions">
        <button type="button" aria-disabled={busy !== null || undefined} onClick={() => busy === null && void addSample()}>
          {busy === 'sample' ? 'Adding the sample…' : 'Add a sample document'}
        </button>
        <button type="button" aria-disabled={busy !== null || undefined} onClick={() => busy === null && void receive()}>
          {busy === 'receive' ? 'Receiving…' : 'Receive a test fax'}
        </button>
      </div>
      <div aria-live="polite" data-testid="sandbox-notice">
        {notice && (
          <p className={notice.kind === 'error' ? 'cx-error' : 'cx-ok'}>
            {notice.text}{' '}
            {notice.inbox ? (
              <button type="button" className="link-button cx-link" onClick={() => navigate({ page: 'inbox' })}>
                Open the Inbox
              </button>
            ) : null}
          </p>
        )}
      </div>
      {loadError && <p className="cx-error">{loadError}</p>}
      {numbers && (
        <details className="cx-test-numbers" open>
          <summary>Test numbers ({numbers.length})</summary>
          <ul data-testid="sandbox-numbers">
            {numbers.map((n) => (
              <li key={n.number} data-testid="sandbox-number" data-number={n.number}>
                <span className="cx-test-number">{n.display}</span>
                <span className="cx-test-what">
                  <strong>{n.name}</strong>
                  <span className={n.result === 'delivered' ? 'cx-test-result cx-test-ok' : 'cx-test-result cx-test-failed'}>
                    {n.result === 'delivered' ? 'Delivered' : `Fails with ${n.errorCode}`}
                  </span>
                  <span className="cx-hint">{n.outcome}</span>
                </span>
                <button type="button" aria-label={`Use ${n.display} (${n.name})`} onClick={() => use(n)}>
                  Use
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}
