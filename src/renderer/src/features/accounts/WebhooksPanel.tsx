/**
 * One account's webhook settings: the inbound and outbound addresses the service posts notifications
 * to, the HMAC secret it signs them with (write-only: only whether one was set from here is known),
 * and "Send test ping" with the delivery as the service's notification log reports it.
 */
import { GLOSSARY } from '../../../../shared/plain-words/glossary';
import { useEffect, useId, useState, type JSX } from 'react';
import type { FaxDirection, NotificationRecord } from '../../../../shared/domain/fax';
import type { AccountView } from '../../../../shared/ipc/contract/accounts';
import type { WebhookPingReport, WebhookSettingsView } from '../../../../shared/ipc/contract/webhooks';
import { faxdesk, FaxdeskError, unwrap } from '../../api';
import type { ConfirmRequest } from '../../components/ConfirmDialog';
import { TableHead } from '../../components/TableHead';
import { SubmitButton } from './AcctForm';
import { Outcome, TextField } from './Field';
import { formErrorOf } from './form-errors';
import { useDraftForm } from './use-draft';
import { DIRECTION_FIELD, draftFromWebhooks, planWebhookSave, webhookFieldOf, type WebhookDraft, type WebhookField } from './webhook-draft';

const DIRECTION_WORD: Record<FaxDirection, string> = { INBOUND: 'Inbound', OUTBOUND: 'Outbound' };

export function WebhooksPanel({ account, id, onConfirm }: { account: AccountView; id: string; onConfirm(request: ConfirmRequest): void }): JSX.Element {
  const prefix = useId();
  const [view, setView] = useState<WebhookSettingsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const { draft, setDraft, errors, setErrors, idOf, set, focusField, showFieldError } = useDraftForm<WebhookDraft>(prefix, () => draftFromWebhooks(null));
  const [outcome, setOutcome] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const headingId = `${prefix}-heading`;

  const apply = (next: WebhookSettingsView) => {
    setView(next);
    setDraft(draftFromWebhooks(next));
  };

  useEffect(() => {
    let live = true;
    unwrap(faxdesk.webhooks.get({ accountId: account.id }))
      .then((v) => live && apply(v))
      .catch((error) => live && setLoadError(formErrorOf(error).message));
    return () => {
      live = false;
    };
  }, [account.id]);

  // replace: the person chose Replace after being told another installation receives these webhooks
  // (several desks on one account; main refuses without it, naming that desk).
  const save = async (replace = false) => {
    setOutcome(null);
    const plan = planWebhookSave(account.id, view, draft);
    if (!plan.ok) {
      setErrors(plan.errors);
      const first = (['inbound', 'outbound', 'hmacSecret'] as const).find((f) => plan.errors[f]);
      if (first) focusField(first);
      return;
    }
    setErrors({});
    if (plan.calls.length === 0) {
      setOutcome({ kind: 'ok', text: 'Nothing to save: the addresses are as the service has them.' });
      return;
    }
    setBusy(true);
    const saved: string[] = [];
    try {
      for (const input of plan.calls) {
        try {
          apply(await unwrap(faxdesk.webhooks.set(replace ? { ...input, replace: true } : input)));
          saved.push(DIRECTION_WORD[input.direction].toLowerCase());
        } catch (error) {
          if (!replace && error instanceof FaxdeskError && error.info.code === 'CONFLICT') {
            const word = DIRECTION_WORD[input.direction].toLowerCase();
            setOutcome({ kind: 'error', text: `${saved.length ? `The ${saved.join(' and ')} address was saved; the ` : 'The '}${word} address was not: ${error.message}` });
            onConfirm({
              title: `Replace the ${word} webhook of “${account.displayLabel}”?`,
              body: error.message,
              confirmLabel: 'Replace',
              onConfirm: () => void save(true),
            });
            return;
          }
          const { field, message } = formErrorOf(error, (path) => webhookFieldOf(path, input.direction));
          if (field) showFieldError(field as WebhookField, message);
          setOutcome({ kind: 'error', text: `${saved.length ? `The ${saved.join(' and ')} address was saved, but the ` : 'The '}${DIRECTION_WORD[input.direction].toLowerCase()} address was not: ${message}` });
          return;
        }
      }
      setOutcome({ kind: 'ok', text: `Saved: the service now posts ${saved.join(' and ')} notifications to the address${saved.length > 1 ? 'es' : ''} shown.` });
    } finally {
      setBusy(false);
    }
  };

  const remove = (direction: FaxDirection) =>
    onConfirm({
      title: `Remove the ${direction.toLowerCase()} webhook of “${account.displayLabel}”?`,
      body: <p>The service stops posting {direction.toLowerCase()} notifications to {(direction === 'INBOUND' ? view?.inbound : view?.outbound)?.url}.</p>,
      confirmLabel: 'Remove webhook',
      onConfirm: () => {
        setBusy(true);
        unwrap(faxdesk.webhooks.remove({ accountId: account.id, direction, confirm: true }))
          .then((next) => {
            apply(next);
            setOutcome({ kind: 'ok', text: `The ${direction.toLowerCase()} webhook was removed.` });
          })
          .catch((error) => setOutcome({ kind: 'error', text: formErrorOf(error).message }))
          .finally(() => setBusy(false));
      },
    });

  const urlField = (direction: FaxDirection) => {
    const field = DIRECTION_FIELD[direction];
    const current = direction === 'INBOUND' ? view?.inbound : view?.outbound;
    return (
      <div className="acct-webhook-row">
        <TextField
          id={idOf(field)}
          label={`${DIRECTION_WORD[direction]} webhook URL`}
          value={draft[field]}
          onChange={(v) => set(field, v)}
          error={errors[field]}
          placeholder="https://example.com/faxdesk/webhook"
          hint={
            current
              ? `${GLOSSARY.webhookUrl.help} Set at the service${current.setBy ? (current.setBy.thisDesk ? ' by this desk' : ` by “${current.setBy.deskName}”, another desk on this account`) : ''}${current.enabled ? '' : ' (turned off there; saving turns it on)'}. HTTPS on port 443 or 8443 only.`
              : `${GLOSSARY.webhookUrl.help} Not set: the service posts no ${direction.toLowerCase()} notifications. HTTPS on port 443 or 8443 only.`
          }
        />
        {current && (
          <button type="button" className="danger-outline" disabled={busy} onClick={() => remove(direction)}>
            Remove {direction.toLowerCase()}…
          </button>
        )}
      </div>
    );
  };

  return (
    <section className="acct-webhooks" id={id} aria-labelledby={headingId}>
      <h4 id={headingId}>Webhooks of {account.displayLabel}</h4>
      {loadError ? (
        <Outcome kind="error">The webhook settings could not be read: {loadError}</Outcome>
      ) : !view ? (
        <p role="status">Reading the webhook settings from the service…</p>
      ) : (
        <>
          <form
            noValidate
            aria-labelledby={headingId}
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            {urlField('INBOUND')}
            {urlField('OUTBOUND')}
            <TextField
              id={idOf('hmacSecret')}
              label="HMAC secret"
              type="password"
              autoComplete="new-password"
              value={draft.hmacSecret}
              onChange={(v) => set('hmacSecret', v)}
              error={errors.hmacSecret}
              hint={`${GLOSSARY.hmac.help} ${view.hasHmacSecret ? 'Set — leave empty to keep it.' : 'Not set from this computer (optional, at least 16 characters).'}`}
            />
            <div className="acct-actions">
              <SubmitButton kind="primary" busy={busy} label="Save webhooks" busyLabel="Saving…" />
            </div>
          </form>
          {outcome && (
            <Outcome kind={outcome.kind} testId="webhooks-outcome">
              {outcome.text}
            </Outcome>
          )}
          <PingPanel account={account} view={view} />
        </>
      )}
    </section>
  );
}

function PingPanel({ account, view }: { account: AccountView; view: WebhookSettingsView }): JSX.Element {
  const prefix = useId();
  const [direction, setDirection] = useState<FaxDirection>(view.inbound || !view.outbound ? 'INBOUND' : 'OUTBOUND');
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<WebhookPingReport | null>(null);
  const [log, setLog] = useState<NotificationRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ping = async () => {
    setBusy(true);
    setError(null);
    setReport(null);
    setLog(null);
    try {
      setReport(await unwrap(faxdesk.webhooks.ping({ accountId: account.id, direction })));
    } catch (e) {
      setError(formErrorOf(e).message);
    } finally {
      setBusy(false);
    }
  };

  const refresh = async () => {
    setBusy(true);
    setError(null);
    try {
      setLog(await unwrap(faxdesk.webhooks.log({ accountId: account.id, direction: report?.direction ?? direction, limit: 5 })));
    } catch (e) {
      setError(formErrorOf(e).message);
    } finally {
      setBusy(false);
    }
  };

  const pingIds = new Set(report?.ping.map((p) => p.notifyId) ?? []);
  const delivery = log?.find((n) => pingIds.has(n.notifyId)) ?? report?.delivery ?? null;

  return (
    <div className="acct-ping">
      <fieldset className="acct-fieldset acct-inline-fieldset">
        <legend>Send a test ping</legend>
        {(['INBOUND', 'OUTBOUND'] as const).map((d) => (
          <span key={d} className="acct-check">
            <input id={`${prefix}-${d}`} type="radio" name={`${prefix}-direction`} value={d} checked={direction === d} onChange={() => setDirection(d)} />
            <label htmlFor={`${prefix}-${d}`}>{DIRECTION_WORD[d]}</label>
          </span>
        ))}
        <button type="button" disabled={busy} onClick={() => void ping()}>
          {busy && !report ? 'Sending…' : 'Send test ping'}
        </button>
        {report && (
          <button type="button" disabled={busy} onClick={() => void refresh()}>
            Refresh delivery log
          </button>
        )}
      </fieldset>
      {error && (
        <Outcome kind="error" testId="ping-result">
          {error}
        </Outcome>
      )}
      {report && (
        <Outcome kind="info" testId="ping-result">
          <p>{report.message}</p>
          <p className="muted">
            Ping{report.ping.length > 1 ? 's' : ''} sent: {report.ping.map((p) => p.notifyId).join(', ') || 'none'}.
          </p>
          {delivery ? <DeliveryEntry entry={delivery} /> : <p className="muted">Its delivery is not in the service’s notification log yet.</p>}
        </Outcome>
      )}
      {log && (
        <table className="acct-table acct-log">
          <caption>Latest {DIRECTION_WORD[report?.direction ?? direction].toLowerCase()} deliveries</caption>
          <TableHead columns={['Notification', 'Event', 'Destination', 'Result']} />
          <tbody>
            {log.length === 0 ? (
              <tr>
                <td colSpan={4}>The log is empty.</td>
              </tr>
            ) : (
              log.map((n) => (
                <tr key={n.notifyId} aria-current={pingIds.has(n.notifyId) ? 'true' : undefined}>
                  <td>{n.notifyId}</td>
                  <td>{n.eventType ?? n.notifyType ?? '—'}</td>
                  <td>{n.notifyDestination ?? '—'}</td>
                  <td>{sentStatusWord(n.sentStatus)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </div>
  );
}

function sentStatusWord(status: NotificationRecord['sentStatus']): string {
  switch (status) {
    case 'SUCCESSFUL':
      return 'Delivered';
    case 'FAILED':
      return 'Failed';
    case 'QUEUED':
      return 'Queued (the service retries)';
    default:
      return 'Unknown';
  }
}

function DeliveryEntry({ entry }: { entry: NotificationRecord }): JSX.Element {
  return (
    <dl className="acct-facts" data-testid="ping-delivery">
      <dt>Log entry</dt>
      <dd>{entry.notifyId}</dd>
      <dt>Event</dt>
      <dd>{entry.eventType ?? entry.notifyType ?? '—'}</dd>
      <dt>Destination</dt>
      <dd>{entry.notifyDestination ?? '—'}</dd>
      <dt>Result</dt>
      <dd>{sentStatusWord(entry.sentStatus)}</dd>
    </dl>
  );
}
