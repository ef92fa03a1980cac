/**
 * The right-hand pane of the Inbox: what is known about the open fax, its read state (opening marks it
 * read, and says so, with "Mark unread"), Delete and "Download again", and the fax itself in FaxViewer,
 * whose Print and Save as… buttons go through main (inbox:print; files:saveAs or files:download).
 */
import type { JSX } from 'react';
import type { OpenedFax, InboxNotice, PrintProgress } from '../../stores/inbox-store';
import { HelpTip } from '../../components/HelpTip';
import { FaxViewer } from '../viewer';
import { downloadState, fullLocalLabel, pagesLabel, senderLabel, senderNumberLabel, tsidLabel, utcLabel, viewerTitle } from './format';
import { NoteEditor } from './NoteEditor';

export interface InboxDetailProps {
  opened: OpenedFax | null;
  notice: InboxNotice | null;
  printing: PrintProgress | null;
  /** Faxes whose print is on its way (their Print button waits). */
  printingIds: ReadonlySet<string>;
  accountLabel: string | null;
  onMarkRead(id: string): void;
  onMarkUnread(id: string): void;
  onDelete(id: string): void;
  onRetry(id: string): void;
  onPrint(id: string): void;
  onCancelPrint(): void;
  onSave(id: string): void;
  /** Resolves with null when the note was saved, or why not. */
  onSaveNote(id: string, note: string): Promise<string | null>;
  onDismissNotice(): void;
}

export function InboxDetail(props: InboxDetailProps): JSX.Element {
  const { opened, printing, accountLabel } = props;
  // A message about one fax shows only beside that fax (not on the next one opened).
  const notice = props.notice && (!props.notice.faxId || props.notice.faxId === opened?.fax.id) ? props.notice : null;
  const noticeView = notice ? (
    <div className={`inbox-notice notice ${notice.kind === 'error' ? 'notice-error' : 'notice-ok'}`} role={notice.kind === 'error' ? 'alert' : 'status'} data-testid="inbox-notice">
      <span>{notice.text}</span>
      <button type="button" className="link-button inbox-link" aria-label="Dismiss message" onClick={props.onDismissNotice}>
        Dismiss
      </button>
    </div>
  ) : null;
  // The print under way names its fax when another one is open.
  const printingThis = printing !== null && opened !== null && printing.accountId === opened.fax.accountId && printing.faxId === opened.fax.faxId;
  const printingView = printing ? (
    <div className="inbox-notice notice notice-ok" role="status" data-testid="inbox-printing">
      <span>{printingThis ? printing.text : `${printing.title}: ${printing.text}`}</span>
      <button type="button" onClick={props.onCancelPrint}>
        Cancel printing
      </button>
    </div>
  ) : null;

  if (!opened) {
    return (
      <section className="inbox-detail inbox-detail-empty" aria-label="Fax">
        {noticeView}
        {printingView}
        <p className="muted">Choose a fax in the list to see it here. Use ↑ and ↓ (or j and k) to move, Enter to open, Delete to delete.</p>
      </section>
    );
  }

  const { fax, image } = opened;
  const unread = fax.readAt === null;
  const tsid = tsidLabel(fax);
  const pages = pagesLabel(fax.pages);
  const download = downloadState(fax);
  const canRetry = (image.status === 'unavailable' && image.canRetry) || download.kind === 'failed';
  const title = viewerTitle(fax);

  return (
    <section className="inbox-detail" aria-label="Fax">
      <div className="inbox-detail-head">
        <dl className="inbox-facts">
          <div>
            <dt>From</dt>
            <dd data-testid="inbox-sender">
              {senderLabel(fax)}
              {fax.senderName ? <span className="muted"> · {senderNumberLabel(fax)}</span> : null}
            </dd>
          </div>
          {tsid ? (
            <div>
              <dt>
                Station ID <HelpTip id="tsid" />
              </dt>
              <dd>{tsid}</dd>
            </div>
          ) : null}
          <div>
            <dt>Received</dt>
            <dd>
              <time dateTime={fax.completedAt} title={utcLabel(fax.completedAt)}>
                {fullLocalLabel(fax.completedAt)}
              </time>
            </dd>
          </div>
          {pages ? (
            <div>
              <dt>Pages</dt>
              <dd>{pages}</dd>
            </div>
          ) : null}
          {accountLabel ? (
            <div>
              <dt>Account</dt>
              <dd>{accountLabel}</dd>
            </div>
          ) : null}
        </dl>
        <div className="inbox-actions" role="group" aria-label="Fax actions">
          <span className="inbox-read-state" data-testid="read-state">
            {unread ? 'Unread.' : opened.markedRead ? 'Marked as read when opened.' : 'Read.'}
          </span>
          {unread ? (
            <button type="button" onClick={() => props.onMarkRead(fax.id)}>
              Mark read
            </button>
          ) : (
            <button type="button" onClick={() => props.onMarkUnread(fax.id)}>
              Mark unread
            </button>
          )}
          {canRetry ? (
            <button type="button" onClick={() => props.onRetry(fax.id)}>
              Download again
            </button>
          ) : null}
          <button type="button" className="danger-outline" onClick={() => props.onDelete(fax.id)}>
            Delete…
          </button>
        </div>
      </div>
      {noticeView}
      {printingView}
      <NoteEditor faxId={fax.id} note={fax.note} onSave={(note) => props.onSaveNote(fax.id, note)} />
      <div className="inbox-viewer">
        <FaxViewer
          document={image.status === 'ready' ? image.document : null}
          title={title}
          loading={image.status === 'loading'}
          error={image.status === 'unavailable' || image.status === 'error' ? image.message : null}
          onPrint={() => props.onPrint(fax.id)}
          printing={printingThis || props.printingIds.has(fax.id) ? 'Printing…' : null}
          onSave={() => props.onSave(fax.id)}
        />
      </div>
    </section>
  );
}
