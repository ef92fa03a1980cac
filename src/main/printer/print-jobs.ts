/**
 * The printer's job life cycle: a job's document received as it streams (decompressed, bounded,
 * converted to PDF), then handed to Compose (the `onJob` port), held until Close-Job or its time-out
 * when it came by Create-Job and Send-Document without last-document, or canceled. The one owner of
 * the job table, the held documents, their time-outs and the spool's `.incoming` folder; the
 * operations decide what a request asks for, this part does it to the job.
 */
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable, pipeline, type Transform } from 'node:stream';
import { createGunzip, createInflateRaw } from 'node:zlib';
import type { Logger } from '../platform/logger';
import { GroupTag, type IppAttribute } from './ipp/encoding';
import { JobState, Status } from './ipp/values';
import { createDocumentSink, DocumentError, type ACCEPTED_FORMATS, type FinishedDocument } from './documents/job-document';
import type { PrintedRecipient } from './destinations';
import { isFinished, JobTable, jobAttributes, selectJobAttributes, type PrintJob } from './jobs';
import { paperOf, type PrinterService } from './printer-description';
import { chunks, ReplyError, RequestTooLarge, tooLargeMessage, type Body, type Reply } from './ipp-request';

export interface FinishedPrintJob {
  jobId: number;
  service: PrinterService;
  /** job-name, else document-name, as the client sent it (may be empty). */
  name: string;
  user: string;
  pdfPath: string;
  /** null: a PDF passed through (Compose counts its pages). */
  pages: number | null;
  format: FinishedDocument['format'];
  recipients: PrintedRecipient[];
}

/** Thrown by `onJob` when the document cannot be taken after all (the job is aborted with this message). */
export class JobRefused extends Error {}

export interface PrintJobsOptions {
  /** Folder for documents while they arrive (the service's spool). */
  spoolDir: string;
  maxJobBytes: number;
  /** The finished PDF: take it (move or copy `pdfPath`) before returning. */
  onJob: (job: FinishedPrintJob) => Promise<void>;
  logger: Logger;
  now: () => Date;
  /** When the printer started: job times are seconds of printer up-time. */
  startedAt: Date;
  /** Documents received at once; more get server-error-busy. */
  maxConcurrentDocuments?: number;
  /** Create-Job waits this long for its Send-Document (multiple-operation-time-out). */
  documentTimeoutMs?: number;
  /** The printer started or stopped receiving (its printer-state changed). */
  onProcessingChange: () => void;
}

interface HeldDocument {
  doc: FinishedDocument;
}

export class PrintJobs {
  readonly table: JobTable;
  private receiving = 0;
  private readonly held = new Map<number, HeldDocument>();
  private readonly timers = new Map<number, NodeJS.Timeout>();

  constructor(private readonly options: PrintJobsOptions) {
    // Job ids continue across restarts within a day, so a client still polling an old id is not told about a new job.
    this.table = new JobTable(options.now, 1 + (Math.floor(options.startedAt.getTime() / 1000) % 86_400) * 10);
  }

  /** Whether a document is being received now (printer-state processing). */
  get processing(): boolean {
    return this.receiving > 0;
  }

  /** Whether the job's document came and waits for Close-Job or a closing Send-Document. */
  isHeld(job: PrintJob): boolean {
    return this.held.has(job.id);
  }

  async openSpool(): Promise<void> {
    await fsp.mkdir(this.incomingDir(), { recursive: true });
  }

  /** Stops every job in progress and removes the held documents (the printer is closing). */
  async stop(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    for (const job of this.table.list()) if (!isFinished(job)) job.abort?.();
    for (const held of this.held.values()) await fsp.rm(held.doc.pdfPath, { force: true });
    this.held.clear();
  }

  async removeSpool(): Promise<void> {
    await fsp.rm(this.incomingDir(), { recursive: true, force: true });
  }

  private incomingDir(): string {
    return path.join(this.options.spoolDir, '.incoming');
  }

  /** Reads the document into a PDF; on `last`, hands the job over. */
  async receive(
    job: PrintJob,
    format: (typeof ACCEPTED_FORMATS)[number],
    compression: string,
    media: string | undefined,
    pageRanges: { lower: number; upper: number }[] | undefined,
    rest: Uint8Array,
    body: Body,
    last: boolean,
  ): Promise<Reply> {
    const limit = this.options.maxConcurrentDocuments ?? 4;
    if (this.receiving >= limit) {
      this.table.finish(job, JobState.aborted, 'aborted-by-system', 'Faxdesk\'s printer was busy.');
      return { status: Status.busy, message: 'Faxdesk\'s printer is receiving other jobs; try again in a moment.', close: true };
    }
    job.documentStarted = true;
    job.format = format;
    this.table.processing(job);
    this.receiving++;
    if (this.receiving === 1) this.options.onProcessingChange();
    const tag = `job-${job.id}-${randomBytes(6).toString('hex')}`;
    const incoming = this.incomingDir();
    const sink = createDocumentSink(format, {
      pdfPath: path.join(incoming, `${tag}.pdf`),
      partPath: path.join(incoming, `${tag}.part`),
      name: job.name || 'the printed document',
      paper: paperOf(media),
      ...(pageRanges ? { pageRanges } : {}),
    });
    let canceled = false;
    const source = Readable.from(chunks(rest, body));
    const decoded: Readable | Transform = compression === 'gzip' ? pipeline(source, createGunzip(), () => undefined) : compression === 'deflate' ? pipeline(source, createInflateRaw(), () => undefined) : source;
    job.abort = () => {
      canceled = true;
      decoded.destroy();
    };
    try {
      let total = 0;
      for await (const chunk of decoded) {
        total += (chunk as Buffer).byteLength;
        job.octets = total;
        if (total > this.options.maxJobBytes) throw new RequestTooLarge();
        await sink.write(chunk as Buffer);
      }
      if (canceled) throw new ReplyError({ status: Status.jobCanceled, message: `Job ${job.id} was canceled.` });
      const doc = await sink.finish();
      job.pages = doc.pages ?? 0;
      job.format = doc.format;
      if (!last) {
        this.held.set(job.id, { doc });
        this.armDocumentTimeout(job);
        return { status: Status.ok, groups: [{ tag: GroupTag.job, attributes: this.summary(job) }] };
      }
      return await this.handOver(job, doc);
    } catch (error) {
      await sink.abort();
      if (canceled || job.state === JobState.canceled) {
        return { status: Status.jobCanceled, message: `Job ${job.id} was canceled.`, close: true, groups: [{ tag: GroupTag.job, attributes: this.summary(job) }] };
      }
      const reply = this.documentFailure(error);
      this.table.finish(job, JobState.aborted, reply.status === Status.requestEntityTooLarge ? 'job-canceled-at-device' : 'document-format-error', reply.message ?? null);
      this.options.logger.warn('fax printer: job refused', { job: job.id, status: reply.status, reason: reply.message });
      return { ...reply, close: true, groups: [{ tag: GroupTag.job, attributes: this.summary(job) }] };
    } finally {
      job.abort = null;
      this.receiving--;
      if (this.receiving === 0) this.options.onProcessingChange();
    }
  }

  private documentFailure(error: unknown): Reply {
    if (error instanceof RequestTooLarge) return { status: Status.requestEntityTooLarge, message: tooLargeMessage(this.options.maxJobBytes) };
    if (error instanceof DocumentError) return { status: Status.documentFormatError, message: error.message };
    if (error instanceof ReplyError) return error.reply;
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('Z_') || code === 'ERR_BUFFER_TOO_LARGE') return { status: Status.compressionError, message: 'The document\'s compressed data is damaged. Print it again.' };
    if (code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || (error as Error).message === 'aborted') {
      return { status: Status.badRequest, message: 'The document stopped arriving before it was complete.' };
    }
    throw error;
  }

  private async handOver(job: PrintJob, doc: FinishedDocument): Promise<Reply> {
    try {
      await this.options.onJob({ jobId: job.id, service: job.service, name: job.name, user: job.user, pdfPath: doc.pdfPath, pages: doc.pages, format: doc.format, recipients: job.recipients });
    } catch (error) {
      await fsp.rm(doc.pdfPath, { force: true });
      const refused = error instanceof JobRefused;
      if (!refused) this.options.logger.error('fax printer: handing the job to Compose failed', { job: job.id, error: String(error) });
      const message = refused ? error.message : 'Faxdesk could not open the printed document. Print it again.';
      this.table.finish(job, JobState.aborted, 'aborted-by-system', message);
      return { status: refused ? Status.notAcceptingJobs : Status.internalError, message, groups: [{ tag: GroupTag.job, attributes: this.summary(job) }] };
    }
    this.table.finish(job, JobState.completed, 'job-completed-successfully', doc.pages === null ? 'Opened in Faxdesk\'s Compose.' : `Opened in Faxdesk's Compose (${doc.pages} ${doc.pages === 1 ? 'page' : 'pages'}).`);
    this.options.logger.info('fax printer: job completed', { job: job.id, service: job.service, pages: doc.pages, format: doc.format });
    return { status: Status.ok, groups: [{ tag: GroupTag.job, attributes: this.summary(job) }] };
  }

  /** Hands over the held document (Close-Job, a closing Send-Document, the time-out); without one the job is aborted. */
  async completeHeld(job: PrintJob): Promise<Reply> {
    const held = this.held.get(job.id);
    this.held.delete(job.id);
    this.clearDocumentTimeout(job);
    if (!held) {
      this.table.finish(job, JobState.aborted, 'aborted-by-system', 'No document was sent for this job.');
      return { status: Status.ok, groups: [{ tag: GroupTag.job, attributes: this.summary(job) }] };
    }
    return this.handOver(job, held.doc);
  }

  cancel(job: PrintJob): void {
    const abort = job.abort;
    this.clearDocumentTimeout(job);
    const held = this.held.get(job.id);
    this.held.delete(job.id);
    if (held) void fsp.rm(held.doc.pdfPath, { force: true });
    this.table.finish(job, JobState.canceled, 'job-canceled-by-user', 'Canceled.');
    abort?.();
    this.options.logger.info('fax printer: job canceled', { job: job.id });
  }

  /** The attributes every job answer carries. */
  summary(job: PrintJob): IppAttribute[] {
    return selectJobAttributes(this.attributes(job), ['job-id', 'job-uri', 'job-state', 'job-state-reasons', 'job-state-message'], []);
  }

  attributes(job: PrintJob): IppAttribute[] {
    return jobAttributes(job, (d) => Math.max(1, Math.round((d.getTime() - this.options.startedAt.getTime()) / 1000) + 1));
  }

  /** A Create-Job (or a held document) waits this long for what comes next, then is completed with what it has. */
  armDocumentTimeout(job: PrintJob): void {
    this.clearDocumentTimeout(job);
    const timer = setTimeout(() => {
      this.timers.delete(job.id);
      if (isFinished(job) || (job.state === JobState.processing && !this.held.has(job.id))) return;
      this.options.logger.warn('fax printer: job timed out waiting for its document', { job: job.id });
      void this.completeHeld(job);
    }, this.options.documentTimeoutMs ?? 300_000);
    timer.unref();
    this.timers.set(job.id, timer);
  }

  clearDocumentTimeout(job: PrintJob): void {
    const timer = this.timers.get(job.id);
    if (timer) clearTimeout(timer);
    this.timers.delete(job.id);
  }
}
