/**
 * What the Outbox writes out: the CSV export of a list, a final fax's delivered image, and the
 * transmission report or delivery confirmation (PDF). Files go where the person chose (a full path
 * with the right extension) or, by default, into the data folder.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { OutboxDetail, OutboxPage, ReportResult } from '../../shared/domain/outbox';
import type { OutboundJob, OutboundPhase } from '../../shared/domain/history';
import type { CsvExport, OutboxImage } from '../../shared/ipc/contract/outbox';
import { AppError } from '../errors';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import { csvText, writeCsv } from './csv';
import type { OutboxAccounts } from './ports';
import type { SentImages } from './sent-images';

type ListQuery = { accountId?: string | undefined; phase?: OutboundPhase | undefined; search?: string | undefined };

export interface OutboxExportsDeps {
  dataDir: string;
  outbound: OutboundRepository;
  accounts: OutboxAccounts;
  sentImages: SentImages;
  now: () => Date;
  /** The job by id (NOT_FOUND, in words, when it is gone). */
  job: (jobId: string) => OutboundJob;
  /** The Outbox list, as the page shows it (the export writes what the person sees). */
  list: (query: ListQuery & { cursor: string | null; limit: number }) => OutboxPage;
  /** The job's detail, its delivery attempts read now. */
  detail: (jobId: string) => Promise<OutboxDetail>;
}

export class OutboxExports {
  constructor(private readonly deps: OutboxExportsDeps) {}

  /** outbox:exportCsv: the CSV as text for the page to download, or written to `destination`. */
  async exportCsv(input: ListQuery & { destination?: string | undefined }): Promise<CsvExport> {
    const fileName = `outbox-${stamp(this.deps.now())}.csv`;
    if (input.destination === undefined) return { kind: 'text', fileName, ...(await csvText(this.csvPages(input))) };
    const file = this.outputPath(input.destination, 'exports', fileName, '.csv');
    const written = await writeCsv(file, this.csvPages(input));
    return { kind: 'file', path: file, fileName: path.basename(file), ...written };
  }

  /** outbox:image: the delivered image of a final fax, or why there is none (yet). */
  async image(jobId: string): Promise<OutboxImage> {
    return this.deps.sentImages.image(this.deps.job(jobId));
  }

  /**
   * A delivered fax's confirmation (PDF): its transmission report with page 1 of the fax as the service
   * delivered it (the delivered image, fetched once and kept). Only a delivered fax has one.
   */
  async confirmation(jobId: string, destination?: string): Promise<ReportResult> {
    const job = this.deps.job(jobId);
    if (job.state !== 'COMPLETED') {
      throw new AppError('CONFLICT', 'Only a delivered fax has a delivery confirmation. The transmission report says what happened to this one.', { field: 'jobId' });
    }
    const image = await this.deps.sentImages.image(job);
    const confirmation = image.kind === 'pdf' ? { deliveredPdf: Buffer.from(image.base64, 'base64') } : { missing: image.message };
    return this.report(jobId, destination, confirmation);
  }

  async report(jobId: string, destination?: string, confirmation?: { deliveredPdf: Uint8Array } | { missing: string }): Promise<ReportResult> {
    const detail = await this.deps.detail(jobId);
    const job = this.deps.job(jobId);
    const account = this.deps.accounts.describe(job.accountId);
    // pdf-lib is loaded when the first report is made, not at start-up.
    const { buildTransmissionReport } = await import('./report');
    const { pdf: bytes, missingCharacters } = await buildTransmissionReport({
      ...(confirmation ? { confirmation } : {}),
      job,
      accountLabel: account?.label ?? job.accountId,
      practice: account?.sandbox === true,
      timeline: detail.timeline,
      attempts: detail.attempts,
      attemptsNote: detail.attemptsNote,
      resolution: detail.options?.resolution ?? null,
      generatedAt: this.deps.now(),
    });
    const file = this.outputPath(destination, 'reports', `fax-${confirmation ? 'confirmation' : 'report'}-${job.faxId ?? job.id}.pdf`, '.pdf');
    try {
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.writeFile(file, bytes);
    } catch (error) {
      throw new AppError('FILE', `Could not write the report ${file} (${error instanceof Error ? error.message : String(error)}). Choose another folder, or check that the disk is not full.`, { cause: error });
    }
    return { file, bytes: bytes.byteLength, base64: Buffer.from(bytes).toString('base64'), missingCharacters };
  }

  private *csvPages(input: ListQuery): Generator<OutboundJob[]> {
    let cursor: string | null = null;
    for (;;) {
      const page: OutboxPage = this.deps.list({ accountId: input.accountId, phase: input.phase, search: input.search, cursor, limit: 500 });
      yield page.items.map((i) => this.deps.outbound.get(i.id)).filter((j): j is OutboundJob => j !== undefined);
      if (!page.next) return;
      cursor = page.next;
    }
  }

  private outputPath(destination: string | undefined, folder: string, name: string, extension: string): string {
    if (destination === undefined) return path.join(this.deps.dataDir, folder, name);
    if (!path.isAbsolute(destination)) throw new AppError('VALIDATION', `Choose where to save the file: "${destination.slice(0, 200)}" is not a full path.`, { field: 'destination' });
    if (!destination.toLowerCase().endsWith(extension)) {
      throw new AppError('VALIDATION', `The file name must end in ${extension}.`, { field: 'destination' });
    }
    return destination;
  }
}

function stamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}Z$/, 'Z').replace('T', '-');
}
