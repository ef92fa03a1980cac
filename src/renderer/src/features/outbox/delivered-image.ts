/** Rules of the "Delivered image" section (DeliveredImage.tsx), kept apart so they can be tested without a DOM. */
import type { OutboxItem } from '../../../../shared/domain/outbox';
import type { DeliveredImage as Image } from '../../stores/outbox-store';

/** What is known about this job's image now: a loaded image stays; a "why not" holds for the state it was asked in. */
export function currentImage(job: Pick<OutboxItem, 'id' | 'state'>, image: Image | null): Image | null {
  if (!image || image.jobId !== job.id) return null;
  return image.status === 'ready' || image.status === 'loading' || image.forState === job.state ? image : null;
}

/** A finished fax the service took: its image is a download, made when asked. */
export function imageIsDownload(job: Pick<OutboxItem, 'faxId' | 'phase'>): boolean {
  return job.faxId !== null && job.phase !== 'active';
}
