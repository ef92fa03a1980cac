/**
 * Send now or later, what will be sent, every problem (each a button to its field), and the Send
 * button. The button does nothing while a send runs (a double click or Enter pressed twice makes one
 * job; main's idempotency on the compose id makes sure of it too).
 */
import { useMemo, useState, type JSX, type ReactNode } from 'react';
import { useAppStore } from '../../stores/app-store';
import { useComposeStore } from '../../stores/compose-store';
import { documentTotals } from '../../model/compose/documents';
import { FieldMessages, messagesIdFor } from './FieldMessages';
import { PROBLEMS_ID, focusField } from './focus';
import { domIdFor } from '../../model/compose/problems';
import { isBlankRow } from '../../model/compose/recipients';
import { describeSendTime, localInputToIso, scheduleProblem, suggestedSendTime, toLocalInput } from '../../model/compose/schedule';

/** `children`: notes shown under the summary (the header line's, the draft's). */
export function SendPanel({ accountId, children }: { accountId: string; children?: ReactNode }): JSX.Element {
  const sendMode = useComposeStore((s) => s.sendMode);
  const scheduledLocal = useComposeStore((s) => s.scheduledLocal);
  const phase = useComposeStore((s) => s.phase);
  const problems = useComposeStore((s) => s.problems);
  const sendError = useComposeStore((s) => s.sendError);
  const documents = useComposeStore((s) => s.documents);
  const recipients = useComposeStore((s) => s.recipients.filter((r) => !isBlankRow(r)).length);
  const hasCover = useComposeStore((s) => s.coverPage !== null);
  const store = useComposeStore.getState;
  const totals = useMemo(() => documentTotals(documents), [documents]);
  const busy = phase !== 'editing';
  const [confirmNew, setConfirmNew] = useState(false);

  const iso = sendMode === 'later' ? localInputToIso(scheduledLocal) : null;
  const when = iso ? describeSendTime(iso) : null;
  const liveProblem = sendMode === 'later' && scheduledLocal !== '' ? scheduleProblem(scheduledLocal, new Date()) : null;

  const pages = totals.pages + (hasCover ? 1 : 0);
  const summary =
    `${recipients} ${recipients === 1 ? 'recipient' : 'recipients'} · ${totals.count} ${totals.count === 1 ? 'document' : 'documents'} · ` +
    `${pages} ${pages === 1 ? 'page' : 'pages'}${totals.converted > 0 ? ` + ${totals.converted} converted` : ''}${hasCover ? ' (with the cover page)' : ''}`;

  const label = phase === 'validating' ? 'Checking…' : phase === 'sending' ? 'Sending…' : sendMode === 'later' ? 'Schedule fax' : 'Send fax';

  return (
    <section className="card cx-send" aria-labelledby="compose-send-heading">
      <h2 id="compose-send-heading">Send</h2>
      <fieldset className="cx-when">
        <legend>When</legend>
        <label className="cx-radio">
          <input type="radio" name="compose-when" checked={sendMode === 'now'} onChange={() => store().setSendMode('now')} />
          Send now
        </label>
        <label className="cx-radio">
          <input
            type="radio"
            name="compose-when"
            checked={sendMode === 'later'}
            onChange={() => {
              store().setSendMode('later');
              if (store().scheduledLocal === '') store().setScheduledLocal(suggestedSendTime(new Date()));
            }}
          />
          Send later
        </label>
        {sendMode === 'later' && (
          <div className="cx-field cx-schedule">
            <label htmlFor={domIdFor('scheduledAt')}>Send at (your time)</label>
            <input
              id={domIdFor('scheduledAt')}
              type="datetime-local"
              value={scheduledLocal}
              min={toLocalInput(new Date())}
              title={when ? when.utc : undefined}
              aria-invalid={liveProblem !== null || undefined}
              aria-describedby={`compose-scheduledAt-when ${messagesIdFor('scheduledAt')}`}
              onChange={(e) => store().setScheduledLocal(e.target.value)}
            />
            <span id="compose-scheduledAt-when" className="cx-hint" title={when ? when.utc : undefined} data-testid="schedule-when">
              {when && !liveProblem ? `Faxdesk sends it ${when.local} (${when.utc}). Faxdesk must be running then.` : ''}
            </span>
            <FieldMessages field="scheduledAt" extra={liveProblem ? [liveProblem] : []} />
          </div>
        )}
      </fieldset>

      <p className="cx-summary" data-testid="compose-summary">
        {summary}
      </p>
      {children ? <div className="cx-send-extra">{children}</div> : null}

      {problems.length > 0 && (
        <div id={PROBLEMS_ID} className="cx-problems" role="alert" tabIndex={-1} data-testid="compose-problems">
          <p>
            <strong>Not sent.</strong> {problems.length === 1 ? 'One thing needs fixing:' : `${problems.length} things need fixing:`}
          </p>
          <ul>
            {problems.map((p, i) => (
              <li key={`${p.key}-${i}`}>
                {p.key === 'general' ? (
                  p.message
                ) : (
                  <button type="button" className="link-button cx-link" onClick={() => focusField(p.key)}>
                    {p.message}
                  </button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {sendError && (
        <p className="cx-error" role="alert" data-testid="compose-send-error">
          {sendError}
        </p>
      )}

      <div className="cx-send-actions">
        <button
          type="button"
          className="primary cx-send-button"
          data-testid="compose-send"
          aria-disabled={busy || undefined}
          onClick={() => {
            if (!busy) void store().send(accountId);
          }}
        >
          {label}
        </button>
        {confirmNew ? (
          <span className="cx-confirm" role="group" aria-label="Discard this fax?">
            <span>Discard this fax&apos;s recipients, documents and options?</span>
            <button
              type="button"
              className="danger-outline"
              onClick={() => {
                setConfirmNew(false);
                store().reset();
              }}
            >
              Discard and start over
            </button>
            <button type="button" autoFocus onClick={() => setConfirmNew(false)}>
              Keep editing
            </button>
          </span>
        ) : (
          <button
            type="button"
            aria-disabled={busy || undefined}
            onClick={() => {
              if (busy) return;
              if (store().hasContent()) setConfirmNew(true);
              else store().reset();
            }}
          >
            New fax
          </button>
        )}
      </div>
    </section>
  );
}

/** The outcome of the last send: one job per destination, with its state as it changes. */
export function SentPanel(): JSX.Element | null {
  const sent = useComposeStore((s) => s.lastSent);
  const navigate = useAppStore((s) => s.navigate);
  if (!sent) return null;
  const when = sent.scheduledAt ? describeSendTime(sent.scheduledAt) : null;
  const count = sent.jobs.length;
  const title = !sent.created ? 'This fax was already queued' : when ? `Fax scheduled for ${when.local}` : 'Fax queued';
  return (
    <section className="card cx-sent" aria-labelledby="compose-sent-heading" data-testid="send-outcome">
      <h2 id="compose-sent-heading" title={when?.utc}>
        {title}
      </h2>
      <p>
        {sent.created
          ? `${count} ${count === 1 ? 'fax' : 'faxes'}, one per recipient. Faxdesk keeps ${count === 1 ? 'it' : 'each'} in the Outbox and follows it until the service reports the result.`
          : 'Nothing new was sent: these are the faxes the first send made.'}
      </p>
      <ul className="cx-sent-jobs">
        {sent.jobs.map((job) => (
          <li key={job.id} data-testid="sent-job" data-job-id={job.id}>
            <span className="cx-sent-dest">
              {job.destinationDisplay}
              {job.toName ? ` · ${job.toName}` : ''}
              {job.toCompany ? ` · ${job.toCompany}` : ''}
            </span>
            <span className={`cx-status cx-status-${job.status}`} title={job.statusDetail} data-testid="sent-job-status">
              {job.statusLabel}
            </span>
            <button type="button" className="link-button cx-link" onClick={() => navigate({ page: 'outbox', jobId: job.id })}>
              Open in Outbox
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => useComposeStore.getState().dismissSent()}>
        Dismiss
      </button>
    </section>
  );
}
