import type { JSX } from 'react';
import type { OutboxDetail } from '../../../../shared/domain/outbox';
import { badgeFor } from './badges';
import { billableText, formatDuration } from './timeline';
import { showTime } from '../../model/times';
import { plural } from '../../model/words';
import { Time } from './Time';

/** The outcome in words: delivered (pages, time), the result code explained, the refusal, the hold. */
export function JobResult({ detail }: { detail: OutboxDetail }): JSX.Element | null {
  const job = detail.job;
  const code = detail.code;
  const parts: JSX.Element[] = [];

  if (detail.cancelTooLate) {
    parts.push(
      <p key="late" className="outbox-result-line">
        <strong>The cancel came too late:</strong> the service had already delivered the fax when it got the request.
      </p>,
    );
  }
  if (job.status === 'delivered') {
    const pages = job.pages ?? job.pageCount;
    parts.push(
      <p key="ok" className="outbox-result-line">
        Delivered{pages ? ` ${plural(pages, 'page')}` : ''}
        {job.durationSeconds !== null ? ` in ${formatDuration(job.durationSeconds)}` : ''}
        {job.completedAt ? (
          <>
            {' '}
            on <Time time={showTime(job.completedAt)} />
          </>
        ) : null}
        .
      </p>,
    );
  }
  if (code && !code.success) {
    parts.push(
      <div key="code" className="outbox-code" data-testid="outbox-result-code">
        <p>
          <span className="outbox-code-id">{code.code}</span> <strong>{code.meaning}</strong>
        </p>
        <p>{code.advice}</p>
        <p className="muted">
          {billableText(code)}
          {code.known ? '' : ' · Faxdesk does not know this code'}
          {job.errorReason && job.errorReason.toLowerCase() !== code.meaning.toLowerCase() ? ` · The service said: “${job.errorReason}”` : ''}
        </p>
      </div>,
    );
  } else if (job.status === 'failed' && job.errorReason) {
    parts.push(
      <p key="reason" className="outbox-result-line">
        The service said: “{job.errorReason}”
      </p>,
    );
  }
  if (job.status === 'rejected' && job.rejection) {
    parts.push(
      <div key="rejected" className="outbox-code" data-testid="outbox-rejection">
        <p>
          <strong>The fax service refused this fax.</strong>
        </p>
        <p>{job.rejection}</p>
        {job.canEdit ? <p className="muted">Use “Edit and resend” to correct it in Compose.</p> : null}
      </div>,
    );
  }
  if (job.hold) {
    parts.push(
      <p key="hold" className="outbox-result-line">
        Waiting: {job.hold.reason} Next try <Time time={showTime(job.hold.retryAt)} />.
      </p>,
    );
  }
  if (parts.length === 0) return null;
  return (
    <section className={`outbox-result outbox-result-${badgeFor(job).tone}`} aria-label="Result">
      {parts}
    </section>
  );
}
