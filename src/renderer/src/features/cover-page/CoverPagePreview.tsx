import type { JSX } from 'react';
import '../../styles/header-designer.css';
import { coverDate, coverPageCount, type CoverPageOptions, type CoverRecipient } from '../../model/cover-page';

export interface CoverPagePreviewProps {
  cover: CoverPageOptions;
  /** Who the fax goes to; the first is shown, with a count of the others. */
  recipients: readonly CoverRecipient[];
  /** Pages of the documents behind the cover. */
  documentPages: number;
  /** The sender's fax number (the caller ID), when known. */
  fromNumber?: string;
  date: Date;
  timeZone: string;
}

const dash = (text: string | undefined): string => (text && text.trim() !== '' ? text : '—');

/**
 * A fax cover sheet at Letter proportions, filled from the form. An approximation: the fax service
 * lays out the real cover page from from_name, subject and message.
 */
export function CoverPagePreview({ cover, recipients, documentPages, fromNumber, date, timeZone }: CoverPagePreviewProps): JSX.Element {
  const first = recipients[0];
  const others = recipients.length - 1;
  return (
    <figure className="cp-preview">
      <div className="cp-sheet" data-testid="cover-preview">
        <div className="cp-head">
          <span className="cp-title">FAX</span>
          <span className="cp-date">{coverDate(date, timeZone)}</span>
        </div>
        <dl className="cp-grid">
          <div>
            <dt>To</dt>
            <dd data-testid="cover-to">
              {first ? (
                <>
                  {first.name ? <span className="cp-line">{first.name}</span> : null}
                  {first.company ? <span className="cp-line">{first.company}</span> : null}
                  {!first.name && !first.company ? <span className="cp-line">{first.faxNumber}</span> : null}
                </>
              ) : (
                '—'
              )}
              {others > 0 ? <span className="cp-line cp-muted">and {others} more {others === 1 ? 'recipient' : 'recipients'}</span> : null}
            </dd>
          </div>
          <div>
            <dt>Fax</dt>
            <dd>{dash(first?.faxNumber)}</dd>
          </div>
          <div>
            <dt>From</dt>
            <dd data-testid="cover-from">{dash(cover.from_name)}</dd>
          </div>
          {fromNumber ? (
            <div>
              <dt>From fax</dt>
              <dd>{fromNumber}</dd>
            </div>
          ) : null}
          <div>
            <dt>Pages</dt>
            <dd data-testid="cover-pages">{coverPageCount(documentPages)}</dd>
          </div>
          <div>
            <dt>Subject</dt>
            <dd data-testid="cover-subject">{dash(cover.subject)}</dd>
          </div>
        </dl>
        <div className="cp-rule" />
        <div className="cp-message" data-testid="cover-message">
          {cover.message === '' ? <span className="cp-muted">(no message)</span> : cover.message}
        </div>
      </div>
      <figcaption className="hd-hint">Approximate preview: the fax service lays out the real cover page.</figcaption>
    </figure>
  );
}
