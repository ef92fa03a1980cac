import { Fragment, useEffect, useId, useRef, useState, type JSX } from 'react';
import { formatFaxNumber } from '../../../../shared/fax-number';
import type { OutboxDetail, OutboxItem } from '../../../../shared/domain/outbox';
import { badgeFor } from './badges';
import { optionsSummary, recipientLine, senderOf } from './rows';
import { showTime } from '../../model/times';
import { formatBytes, plural } from '../../model/words';
import { StateBadge } from './StateBadge';
import { Time } from './Time';
import type { ActionNotice, DeliveredImage as Image, JobAction } from '../../stores/outbox-store';
import { ConfirmDialog, type ConfirmRequest } from '../../components/ConfirmDialog';
import { Confirmation } from './Confirmation';
import { DeliveredImage } from './DeliveredImage';
import { JobResult } from './JobResult';
import { JobTimeline } from './JobTimeline';
import { JobAttempts } from './JobAttempts';
import { RescheduleForm } from './RescheduleForm';

export interface JobDetailProps {
  detail: OutboxDetail;
  attemptsLoading: boolean;
  busy: Partial<Record<JobAction, boolean>>;
  notice: ActionNotice | null;
  /** A read of the job failed (shown, the last good detail stays). */
  error: string | null;
  /** Shown when there are several accounts. */
  accountLabel: string | null;
  onCancel(): void;
  onResend(scope: 'job' | 'compose'): void;
  onEdit(): void;
  onReschedule(scheduledAt: string | null): void;
  onReconcile(): void;
  onReport(): void;
  onOpenJob(jobId: string): void;
  onDismissNotice(): void;
  /** The delivered image of this job, when asked for (see DeliveredImage). */
  image: Image | null;
  onShowImage(): void;
  onHideImage(): void;
  onSaveImage(): void;
}

const RECONCILE_HINT = "Looks this fax up in the fax service's list of sent faxes now. It never sends the fax again.";

/** "Now delivered", said once when the open job's state changes (not when another job is opened). */
function useStateAnnouncement(job: OutboxItem): string {
  const [said, setSaid] = useState('');
  const last = useRef<{ id: string; status: string } | null>(null);
  useEffect(() => {
    const before = last.current;
    last.current = { id: job.id, status: job.status };
    if (before && before.id === job.id && before.status !== job.status) setSaid(`Fax to ${job.destinationDisplay}: ${job.statusLabel}.`);
    else if (!before || before.id !== job.id) setSaid('');
  }, [job.id, job.status, job.statusLabel, job.destinationDisplay]);
  return said;
}

export function JobDetail(props: JobDetailProps): JSX.Element {
  const { detail, busy, notice } = props;
  const job = detail.job;
  const sender = senderOf(job);
  const badge = badgeFor(job);
  const announcement = useStateAnnouncement(job);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const headingId = useId();
  const who = recipientLine(job);
  const localOnly = job.state === 'QUEUED' || job.state === 'SCHEDULED';

  const askCancel = () =>
    setConfirm({
      title: `Cancel the fax to ${job.destinationDisplay}?`,
      body: localOnly ? (
        <p>It has not been sent yet: Faxdesk takes it out of the queue and nothing reaches the fax service.</p>
      ) : (
        <p>
          Faxdesk asks the fax service to stop it. A fax that is already going through may still be delivered; the Outbox shows what really happened once the
          service confirms.
        </p>
      ),
      confirmLabel: 'Cancel the fax',
      cancelLabel: 'Keep it',
      onConfirm: props.onCancel,
    });

  return (
    <article className="outbox-detail-body" aria-labelledby={headingId} data-testid="outbox-detail" data-job-id={job.id}>
      <p className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="outbox-announcement">
        {announcement}
      </p>
      <header className="outbox-detail-head">
        <div>
          <h2 id={headingId}>{job.destinationDisplay}</h2>
          {who ? <p className="outbox-detail-who">{who}</p> : null}
        </div>
        <StateBadge badge={badge} large />
      </header>
      {/* A failure's code and a refusal's reason are explained in the result box below; not twice. */}
      {(job.status === 'failed' && detail.code) || (job.status === 'rejected' && job.rejection) ? null : (
        <p className="outbox-status-detail" data-testid="outbox-status-detail">
          {job.statusDetail}
        </p>
      )}

      <div className="outbox-actions" role="group" aria-label="Actions on this fax">
        {job.canCancel ? (
          <button type="button" className="outbox-danger-outline" disabled={busy.cancel} onClick={askCancel}>
            {busy.cancel ? 'Cancelling…' : 'Cancel fax'}
          </button>
        ) : null}
        {job.canResend ? (
          <button type="button" className="primary" disabled={busy.resend} title="Sends the same documents to the same number as a new fax; this one stays as it is." onClick={() => props.onResend('job')}>
            {busy.resend ? 'Sending again…' : 'Send again'}
          </button>
        ) : null}
        {job.canResend && detail.siblings.length > 0 ? (
          <button type="button" disabled={busy.resendAll} onClick={() => props.onResend('compose')}>
            {busy.resendAll ? 'Sending again…' : `Send again to all ${detail.siblings.length + 1} recipients`}
          </button>
        ) : null}
        {job.canEdit ? (
          <button type="button" onClick={props.onEdit} title="Opens this fax in Compose with its recipients, documents and options, to change and send.">
            {job.state === 'SCHEDULED' ? 'Edit in Compose' : 'Edit and resend'}
          </button>
        ) : null}
        {job.canReconcile ? (
          <button type="button" disabled={busy.reconcile} title={RECONCILE_HINT} aria-describedby={`${headingId}-reconcile`} onClick={props.onReconcile}>
            {busy.reconcile ? 'Checking…' : 'Check now'}
          </button>
        ) : null}
        <button type="button" disabled={busy.report} title="A PDF with the recipient, pages, timeline, attempts and result." onClick={props.onReport}>
          {busy.report ? 'Making the report…' : 'Transmission report'}
        </button>
        {job.canReconcile ? (
          <span id={`${headingId}-reconcile`} className="sr-only">
            {RECONCILE_HINT}
          </span>
        ) : null}
      </div>

      {notice && notice.jobId === job.id ? (
        <div className={`outbox-notice outbox-notice-${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="outbox-notice">
          <span>{notice.text}</span>
          {notice.open ? (
            <button type="button" className="outbox-link" onClick={() => props.onOpenJob(notice.open!.jobId)}>
              {notice.open.label}
            </button>
          ) : null}
          <button type="button" className="outbox-notice-close" aria-label="Dismiss" onClick={props.onDismissNotice}>
            ×
          </button>
        </div>
      ) : null}
      {props.error ? (
        <p className="error" role="alert">
          {props.error}
        </p>
      ) : null}

      {job.canReschedule ? <RescheduleForm key={`${job.id}-${job.scheduledAt ?? ''}`} job={job} busy={!!busy.reschedule} onReschedule={props.onReschedule} /> : null}

      <JobResult detail={detail} />

      <section className="outbox-section" aria-labelledby={`${headingId}-timeline`}>
        <h3 id={`${headingId}-timeline`}>Status timeline</h3>
        <JobTimeline detail={detail} />
      </section>

      <section className="outbox-section" aria-labelledby={`${headingId}-attempts`}>
        <h3 id={`${headingId}-attempts`}>Delivery attempts</h3>
        <JobAttempts detail={detail} loading={props.attemptsLoading} />
      </section>

      {job.state === 'COMPLETED' ? <Confirmation job={job} headingId={`${headingId}-confirmation`} onShowImage={props.onShowImage} /> : null}

      <DeliveredImage
        job={job}
        image={props.image}
        headingId={`${headingId}-image`}
        onShow={props.onShowImage}
        onHide={props.onHideImage}
        onSave={props.onSaveImage}
      />

      <section className="outbox-section" aria-labelledby={`${headingId}-recipient`}>
        <h3 id={`${headingId}-recipient`}>Recipient and fax</h3>
        <dl className="outbox-facts">
          <dt>Fax number</dt>
          <dd>{job.destinationDisplay}</dd>
          {job.toName ? (
            <>
              <dt>Name</dt>
              <dd>{job.toName}</dd>
            </>
          ) : null}
          {job.toCompany ? (
            <>
              <dt>Company</dt>
              <dd>{job.toCompany}</dd>
            </>
          ) : null}
          {job.subject ? (
            <>
              <dt>Subject</dt>
              <dd>{job.subject}</dd>
            </>
          ) : null}
          {props.accountLabel ? (
            <>
              <dt>Account</dt>
              <dd>{props.accountLabel}</dd>
            </>
          ) : null}
          <dt>Fax ID</dt>
          <dd>{job.faxId ?? <span className="muted">Not given by the service yet</span>}</dd>
          <dt>Created</dt>
          <dd>
            <Time time={showTime(job.createdAt)} />
          </dd>
          {job.scheduledAt ? (
            <>
              <dt>Scheduled for</dt>
              <dd>
                <Time time={showTime(job.scheduledAt)} />
              </dd>
            </>
          ) : null}
          {job.submittedAt ? (
            <>
              <dt>Handed to the service</dt>
              <dd>
                <Time time={showTime(job.submittedAt)} />
              </dd>
            </>
          ) : null}
          {job.completedAt ? (
            <>
              <dt>Finished</dt>
              <dd>
                <Time time={showTime(job.completedAt)} />
              </dd>
            </>
          ) : null}
          {sender ? (
            <>
              <dt>{sender.label}</dt>
              <dd>{sender.text}</dd>
            </>
          ) : null}
        </dl>
        {detail.siblings.length > 0 ? (
          <div className="outbox-siblings">
            <h4>Also sent with this fax</h4>
            <ul>
              {detail.siblings.map((s) => (
                <li key={s.id}>
                  <button type="button" className="outbox-link" onClick={() => props.onOpenJob(s.id)}>
                    {s.destinationDisplay}
                  </button>{' '}
                  <span className="muted">{s.statusLabel}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </section>

      <section className="outbox-section" aria-labelledby={`${headingId}-documents`}>
        <h3 id={`${headingId}-documents`}>Documents</h3>
        {detail.documents.length === 0 ? (
          <p className="muted">{sender ? `${sender.short}: the documents are not on this computer.` : 'No documents.'}</p>
        ) : (
          <ul className="outbox-documents">
            {detail.documents.map((d, i) => (
              <li key={`${d.sha256}-${i}`}>
                <span className="outbox-doc-name">{d.name}</span>{' '}
                <span className="muted">
                  {d.type} · {d.pages !== null ? `${plural(d.pages, 'page')} · ` : ''}
                  {formatBytes(d.size)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {job.pageCount !== null ? (
          <p className="muted">
            {plural(job.pageCount, 'page')} in all{detail.options?.coverPage ? ', cover page included' : ''}.
          </p>
        ) : null}
      </section>

      {detail.options ? (
        <section className="outbox-section" aria-labelledby={`${headingId}-options`}>
          <h3 id={`${headingId}-options`}>Options</h3>
          <dl className="outbox-facts">
            {optionsSummary(detail.options, formatFaxNumber).map((line) => (
              <Fragment key={line.label}>
                <dt>{line.label}</dt>
                <dd>{line.value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ) : null}

      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </article>
  );
}
