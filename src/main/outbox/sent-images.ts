/**
 * The delivered image of a sent fax (outbox:image): the PDF the service made of it, header lines and
 * cover page stamped, from GET /faxes/{id}/image?desired_format=PDF through the account's client.
 *
 * Only a final fax is fetched (a fax still being sent may not have an image yet, and its pages are not
 * settled); the file is then kept in the data folder, <dataDir>/sent/<account>/<faxId>.pdf, written the
 * way the inbox writes received faxes (temporary file, fsync, rename: whole or nothing), and read from
 * there next time. A kept file that is missing or damaged is fetched again. Keeping it is a
 * convenience: when it cannot be written (disk full), the image is still shown, and the failure logged.
 *
 * No image (yet) is an answer, not an error: `unavailable` with a sentence saying why (not accepted
 * yet, still being sent, failed before any page was rendered (E07), gone from the service).
 */
import path from 'node:path';
import type { FaxImage } from '../../shared/domain/fax';
import type { OutboundJob } from '../../shared/domain/history';
import { NOT_SENT_CODE } from '../../shared/domain/outbox';
import type { OutboxImage } from '../../shared/ipc/contract/outbox';
import { checkPdf } from '../documents/formats/pdf';
import { AppError, isAppError } from '../errors';
import { FaxImageFiles, safeName, type FaxFileSystem } from '../store/fax-image-files';
import type { Logger } from '../platform/logger';
import type { OutboxAccounts } from './ports';

export const SENT_FOLDER = 'sent';

/** The inbox's whole-or-nothing files, rooted at <dataDir>/sent instead of <dataDir>/inbox. */
class SentImageFiles extends FaxImageFiles {
  override get root(): string {
    return path.join(this.dataDir, SENT_FOLDER);
  }
}

export interface SentImagesDeps {
  dataDir: string;
  accounts: OutboxAccounts;
  logger: Logger;
  /** Tests pass a file system that fails on purpose. */
  fs?: FaxFileSystem;
}

/** Why a job has no image to fetch; null when the service should have one. */
export function whyNoImage(job: OutboundJob): string | null {
  if (!job.faxId) {
    switch (job.state) {
      case 'SCHEDULED':
      case 'QUEUED':
        return 'This fax has not been sent yet, so there is no delivered image. It can be opened here once the fax service has sent it.';
      case 'SUBMITTING':
        return 'Faxdesk is handing this fax to the fax service right now. Its delivered image can be opened here once the service has sent it.';
      case 'UNKNOWN':
        return "Faxdesk does not know yet whether the fax service has this fax (it is checking the service's sent list), so there is no image to show yet.";
      case 'CANCELED':
        return 'This fax was cancelled before it reached the fax service, so there is no delivered image.';
      case 'REJECTED':
        return job.errorCode === NOT_SENT_CODE
          ? 'The fax service never received this fax, so there is no delivered image.'
          : 'The fax service refused this fax before sending it, so there is no delivered image.';
      default:
        return 'The fax service has not given this fax an ID, so Faxdesk cannot fetch its image.';
    }
  }
  if (job.phase === 'active') return 'This fax is still being sent. Its delivered image can be opened here once the fax service has finished with it.';
  if (job.errorCode === 'E07') {
    return 'The fax service could not turn the documents into fax pages (E07), so no image of this fax exists. Check the documents, then send it again.';
  }
  return null;
}

/** The service answered 404 for the image of a final fax. */
function goneFromService(job: OutboundJob): string {
  switch (job.state) {
    case 'ERROR':
      return 'The fax service kept no image of this fax: it failed before any page was transmitted.';
    case 'CANCELED':
      return 'The fax service kept no image of this fax: it was cancelled before any page was transmitted.';
    default:
      return 'The fax service has no image of this fax any more (it may have been deleted there).';
  }
}

/** e.g. fax-2026-03-01-0900-to-12125550100.pdf (the time is UTC, like the inbox's names). */
export function sentFileName(job: OutboundJob): string {
  const at = job.completedAt ?? job.submittedAt ?? job.createdAt;
  const when = at.slice(0, 16).replace('T', '-').replace(':', '');
  const to = job.destination.replace(/[^0-9A-Za-z]+/g, '') || 'unknown';
  return `fax-${when}-to-${to}.pdf`;
}

export class SentImages {
  private readonly files: SentImageFiles;
  /** One fetch per fax at a time: a second call waits for the first one's answer. */
  private readonly inflight = new Map<string, Promise<Buffer | string>>();

  constructor(private readonly deps: SentImagesDeps) {
    this.files = new SentImageFiles(deps.dataDir, deps.fs ? { fs: deps.fs } : {});
  }

  /** Where the image of this fax is kept, relative to the data folder. */
  relativePathFor(accountId: string, faxId: string): string {
    return path.join(SENT_FOLDER, safeName(accountId), `${safeName(faxId)}.pdf`);
  }

  async image(job: OutboundJob): Promise<OutboxImage> {
    const why = whyNoImage(job);
    if (why !== null) return { kind: 'unavailable', jobId: job.id, message: why };
    const faxId = job.faxId!;
    const key = this.relativePathFor(job.accountId, faxId);
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.load(job, faxId, key).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    const result = await pending;
    if (typeof result === 'string') return { kind: 'unavailable', jobId: job.id, message: result };
    return { kind: 'pdf', jobId: job.id, faxId, fileName: sentFileName(job), bytes: result.byteLength, base64: result.toString('base64') };
  }

  /** The PDF's bytes (kept, or fetched and kept), or the sentence saying why there is none. */
  private async load(job: OutboundJob, faxId: string, relative: string): Promise<Buffer | string> {
    const kept = await this.kept(relative);
    if (kept) return kept;
    const client = await this.deps.accounts.clientFor(job.accountId);
    let image: FaxImage;
    try {
      image = await client.getImage(faxId, 'PDF');
    } catch (error) {
      if (isAppError(error) && error.code === 'NOT_FOUND') return goneFromService(job);
      throw error;
    }
    const bytes = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    const check = await checkPdf(bytes);
    if (!check.ok) {
      throw new AppError('BAD_RESPONSE', `The fax service sent an image of this fax that is not a readable PDF (${check.reason}). Try again in a while.`);
    }
    try {
      await this.files.write(relative, bytes);
    } catch (error) {
      this.deps.logger.warn('outbox: the delivered image could not be kept in the data folder; it is fetched again next time', {
        faxId,
        error: error instanceof Error ? error.message : String(error),
      });
    }
    return bytes;
  }

  /** The kept file when it is there and a whole PDF; anything else means fetching it again. */
  private async kept(relative: string): Promise<Buffer | null> {
    try {
      const bytes = await this.files.read(relative);
      if (bytes && (await checkPdf(bytes)).ok) return bytes;
    } catch (error) {
      this.deps.logger.warn('outbox: a kept delivered image could not be read; fetching it again', { error: error instanceof Error ? error.message : String(error) });
    }
    return null;
  }
}
