/**
 * A finished print job → Compose, the way "Open with" does it: the PDF gets a file of its own named
 * from the job's name (`<data>/printed/<job>/<name>.pdf`) and is handed to the Compose hand-off,
 * with the FaxOut recipients (or the optional "Fax: …" line's number). Compose reads and stores it
 * like any document; nothing is ever sent from here.
 *
 * The spool keeps a printed PDF only until Compose has had it: at start, everything left from an
 * earlier run goes (its hand-off queue did not survive), and every minute a file no longer waiting
 * in the hand-off for a minute goes. Turning the printer off clears the spool of all but what is
 * still waiting.
 */
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PendingRecipient } from '../../shared/ipc/contract/desktop';
import type { ComposeHandoff } from '../desktop/compose-handoff';
import type { Logger } from '../platform/logger';
import { findFaxLine, pdfTextLines } from './fax-line';
import type { FinishedPrintJob } from './ipp-printer';

export interface PrintedJobsDeps {
  spoolDir: string;
  handoff: Pick<ComposeHandoff, 'offer' | 'isPending'>;
  logger: Logger;
  /** The "Fax: …" line setting, read for each job. */
  readFaxLine: () => boolean;
  now?: () => number;
}

const GRACE_MS = 60_000;
const FALLBACK_NAME = 'Printed document';

/**
 * The document's file name from the job's name: the last path part, without control characters or
 * characters file systems refuse, its extension replaced by .pdf ("notes.txt" → "notes.pdf",
 * "Microsoft Word - Offer.docx" → "Microsoft Word - Offer.pdf").
 */
export function documentFileName(jobName: string): string {
  // eslint-disable-next-line no-control-regex -- job names come from any program: control characters go
  let base = (jobName.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f<>:"|?*]/g, ' ').replace(/\s+/g, ' ').trim();
  base = base.replace(/^\.+/, '').replace(/[. ]+$/, '');
  if (!base) base = FALLBACK_NAME;
  const stem = /\.[A-Za-z0-9]{1,5}$/.test(base) ? base.replace(/\.[A-Za-z0-9]{1,5}$/, '') : base;
  return `${(stem || FALLBACK_NAME).slice(0, 200)}.pdf`;
}

export class PrintedJobs {
  private readonly now: () => number;
  /** Files handed over → when they were first seen no longer pending. */
  private readonly handed = new Map<string, number | null>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: PrintedJobsDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Clears what an earlier run left, and starts the minute sweep. */
  async start(): Promise<void> {
    await fsp.rm(this.deps.spoolDir, { recursive: true, force: true });
    await fsp.mkdir(this.deps.spoolDir, { recursive: true });
    this.timer ??= setInterval(() => void this.sweep(), GRACE_MS);
    this.timer.unref();
  }

  /** Stops the sweep and removes every file not still waiting for Compose (all of them with `everything`). */
  async stop(everything = false): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.sweep(everything ? Infinity : 0);
    if (everything || this.handed.size === 0) await fsp.rm(this.deps.spoolDir, { recursive: true, force: true }).catch(() => undefined);
  }

  /** The IPP printer's `onJob`: moves the PDF to its named file and hands it to Compose. */
  readonly accept = async (job: FinishedPrintJob): Promise<void> => {
    const folder = path.join(this.deps.spoolDir, `${job.jobId}-${randomBytes(4).toString('hex')}`);
    await fsp.mkdir(folder, { recursive: true });
    const file = path.join(folder, documentFileName(job.name));
    await fsp.rename(job.pdfPath, file);
    let recipients: PendingRecipient[] = job.recipients.map((r) => ({ number: r.number, ...(r.name ? { name: r.name } : {}) }));
    let source = 'the fax printer';
    if (recipients.length === 0 && this.deps.readFaxLine()) {
      const number = findFaxLine(await pdfTextLines(await fsp.readFile(file)));
      if (number) {
        recipients = [{ number }];
        source = `the "Fax:" line in "${path.basename(file)}"`;
      }
    } else if (recipients.length) source = `the fax job "${path.basename(file)}"`;
    this.handed.set(file, null);
    this.deps.handoff.offer([file], 'printer', recipients.length ? { recipients, recipientsFrom: source } : undefined);
    this.deps.logger.info('fax printer: handed to Compose', { job: job.jobId, pages: job.pages, recipients: recipients.length });
  };

  /** Removes handed-over files Compose took more than `graceMs` ago. */
  async sweep(graceMs = GRACE_MS): Promise<void> {
    const now = this.now();
    for (const [file, takenAt] of [...this.handed]) {
      if (this.deps.handoff.isPending(file) && graceMs !== Infinity) continue;
      if (takenAt === null && graceMs > 0 && graceMs !== Infinity) {
        this.handed.set(file, now);
        continue;
      }
      if (takenAt !== null && now - takenAt < graceMs && graceMs !== Infinity) continue;
      this.handed.delete(file);
      await fsp.rm(path.dirname(file), { recursive: true, force: true }).catch((error: unknown) => this.deps.logger.warn('fax printer: could not remove a printed file', { error: String(error) }));
    }
  }
}
