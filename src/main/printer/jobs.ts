/**
 * The printer's jobs, in memory: what Get-Job-Attributes, Get-Jobs and Cancel-Job read. A job ends
 * completed once its document is a PDF handed to Compose, canceled, or aborted with the reason.
 * Finished jobs are kept for an hour (at most 200), so a client polling for the result finds it.
 */
import type { IppAttribute } from './ipp/encoding';
import { dateTime, enumAttr, integer, JobState, keyword, mimeType, nameAttr, noValue, text, uri } from './ipp/values';
import type { PrinterService } from './printer-description';
import type { PrintedRecipient } from './destinations';

export type JobStateValue = (typeof JobState)[keyof typeof JobState];

export interface PrintJob {
  id: number;
  service: PrinterService;
  uri: string;
  printerUri: string;
  name: string;
  user: string;
  state: JobStateValue;
  reasons: string[];
  message: string | null;
  createdAt: Date;
  processingAt: Date | null;
  completedAt: Date | null;
  /** Bytes of document data received. */
  octets: number;
  pages: number;
  format: string | null;
  recipients: PrintedRecipient[];
  /** Job template attributes as sent (media, page-ranges…). */
  template: IppAttribute[];
  /** Create-Job: the Send-Document for it is in progress or done. */
  documentStarted: boolean;
  /** Aborts a document in progress (Cancel-Job while receiving). */
  abort: (() => void) | null;
}

const KEEP_FINISHED_MS = 60 * 60 * 1000;
const KEEP_FINISHED_COUNT = 200;

export function isFinished(job: PrintJob): boolean {
  return job.state === JobState.canceled || job.state === JobState.aborted || job.state === JobState.completed;
}

export class JobTable {
  private readonly jobs = new Map<number, PrintJob>();
  private nextId: number;

  constructor(
    private readonly now: () => Date,
    firstId = 1,
  ) {
    this.nextId = firstId;
  }

  create(fields: Pick<PrintJob, 'service' | 'printerUri' | 'name' | 'user' | 'template' | 'recipients'>): PrintJob {
    this.prune();
    const id = this.nextId++;
    const job: PrintJob = {
      id,
      uri: `${fields.printerUri}/${id}`,
      state: JobState.pending,
      reasons: ['job-incoming'],
      message: null,
      createdAt: this.now(),
      processingAt: null,
      completedAt: null,
      octets: 0,
      pages: 0,
      format: null,
      documentStarted: false,
      abort: null,
      ...fields,
    };
    this.jobs.set(id, job);
    return job;
  }

  get(id: number): PrintJob | undefined {
    return this.jobs.get(id);
  }

  list(): PrintJob[] {
    this.prune();
    return [...this.jobs.values()];
  }

  get active(): number {
    let n = 0;
    for (const job of this.jobs.values()) if (!isFinished(job)) n++;
    return n;
  }

  processing(job: PrintJob): void {
    job.state = JobState.processing;
    job.reasons = ['job-printing'];
    job.processingAt ??= this.now();
  }

  finish(job: PrintJob, state: typeof JobState.completed | typeof JobState.canceled | typeof JobState.aborted, reason: string, message: string | null): void {
    job.state = state;
    job.reasons = [reason];
    job.message = message;
    job.completedAt = this.now();
    job.processingAt ??= job.completedAt;
    job.abort = null;
  }

  private prune(): void {
    const cutoff = this.now().getTime() - KEEP_FINISHED_MS;
    const finished = [...this.jobs.values()].filter(isFinished);
    for (const job of finished) if (job.completedAt && job.completedAt.getTime() < cutoff) this.jobs.delete(job.id);
    const left = finished.filter((j) => this.jobs.has(j.id));
    for (const job of left.slice(0, Math.max(0, left.length - KEEP_FINISHED_COUNT))) this.jobs.delete(job.id);
  }
}

/** Job attributes by name (RFC 8011 section 5.3), as Get-Job-Attributes and Get-Jobs return them. */
export function jobAttributes(job: PrintJob, upTime: (d: Date) => number): IppAttribute[] {
  const out: IppAttribute[] = [
    integer('job-id', job.id),
    uri('job-uri', job.uri),
    uri('job-printer-uri', job.printerUri),
    nameAttr('job-name', job.name),
    nameAttr('job-originating-user-name', job.user),
    enumAttr('job-state', job.state),
    keyword('job-state-reasons', job.reasons),
    integer('job-k-octets', Math.ceil(job.octets / 1024)),
    integer('job-impressions-completed', job.state === JobState.completed ? job.pages : 0),
    integer('job-media-sheets-completed', job.state === JobState.completed ? job.pages : 0),
    integer('job-printer-up-time', upTime(new Date())),
    integer('number-of-documents', job.format ? 1 : 0),
    integer('time-at-creation', upTime(job.createdAt)),
    job.processingAt ? integer('time-at-processing', upTime(job.processingAt)) : noValue('time-at-processing'),
    job.completedAt ? integer('time-at-completed', upTime(job.completedAt)) : noValue('time-at-completed'),
    dateTime('date-time-at-creation', job.createdAt),
  ];
  if (job.processingAt) out.push(dateTime('date-time-at-processing', job.processingAt));
  if (job.completedAt) out.push(dateTime('date-time-at-completed', job.completedAt));
  if (job.message) out.push(text('job-state-message', job.message.slice(0, 1023)));
  if (job.format) out.push(mimeType('document-format', job.format));
  if (job.pages) out.push(integer('job-impressions', job.pages));
  return out;
}

/** The attributes named in requested-attributes ('all' and 'job-description' / 'job-template' expand). */
export function selectJobAttributes(all: IppAttribute[], requested: readonly string[] | undefined, fallback: readonly string[]): IppAttribute[] {
  const names = requested ?? fallback;
  if (names.includes('all') || names.includes('job-description')) return all;
  return all.filter((a) => names.includes(a.name));
}
