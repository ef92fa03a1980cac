/**
 * The "Delivered image" section of the open fax: the pages as the fax service sent them (header line
 * and cover page stamped), in FaxViewer. A finished fax is fetched when the person asks (it is a
 * download); for any other, main says at once why there is no image yet, and that sentence is shown.
 * The same button shows and hides the image, so the focus stays where it was.
 */
import { useEffect, type JSX } from 'react';
import type { OutboxItem } from '../../../../shared/domain/outbox';
import type { DeliveredImage as Image } from '../../stores/outbox-store';
import { FaxViewer } from '../viewer';
import { currentImage, imageIsDownload } from './delivered-image';

export interface DeliveredImageProps {
  job: OutboxItem;
  image: Image | null;
  headingId: string;
  onShow(): void;
  onHide(): void;
  onSave(): void;
}

export function DeliveredImage({ job, image, headingId, onShow, onHide, onSave }: DeliveredImageProps): JSX.Element {
  const current = currentImage(job, image);
  const download = imageIsDownload(job);
  // Nothing to download yet: main answers at once why (no network), and again when the state moves on.
  const askWhy = !current && !download;
  useEffect(() => {
    if (askWhy) onShow();
  }, [askWhy, job.id, job.state, onShow]);

  const showing = current !== null && current.status !== 'unavailable' && current.status !== 'error';
  return (
    <section className="outbox-section outbox-image" aria-labelledby={headingId} data-testid="outbox-image">
      <div className="outbox-image-head">
        <h3 id={headingId}>Delivered image</h3>
        {download ? (
          <button
            type="button"
            aria-expanded={showing}
            title="The pages as the fax service sent them, with the header line it printed."
            onClick={() => (showing ? onHide() : current?.status === 'loading' ? undefined : onShow())}
          >
            {current?.status === 'loading' ? 'Fetching the image…' : showing ? 'Hide the delivered image' : 'Show the delivered image'}
          </button>
        ) : null}
      </div>
      {current?.status === 'loading' ? (
        <p className="muted" role="status">
          {download ? 'Fetching the delivered image from the fax service…' : 'Checking for the delivered image…'}
        </p>
      ) : current?.status === 'unavailable' ? (
        <p className="muted" data-testid="outbox-image-unavailable">
          {current.message}
        </p>
      ) : current?.status === 'error' ? (
        <p className="error" role="alert">
          The delivered image could not be fetched: {current.message}
        </p>
      ) : current?.status === 'ready' ? (
        <div className="outbox-image-viewer">
          <FaxViewer document={current.document} title={`Delivered fax to ${job.destinationDisplay}`} onSave={onSave} />
        </div>
      ) : (
        <p className="muted">See the pages exactly as the fax service sent them, with the header line it printed.</p>
      )}
    </section>
  );
}
