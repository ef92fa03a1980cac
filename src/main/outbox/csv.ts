/**
 * The Outbox as CSV (RFC 4180: comma-separated, CRLF, UTF-8 with a BOM so spreadsheet programs read
 * accents right). Each cell goes through the one CSV field rule (src/shared/csv.ts, which the address
 * book export uses too): quoted when needed, and a cell a spreadsheet would run as a formula (starting
 * with = + - @ or a tab/CR) is prefixed with an apostrophe: a recipient's name must never execute.
 * The Outbox page downloads the text outbox:exportCsv returns.
 */
import fs from 'node:fs';
import path from 'node:path';
import { csvField } from '../../shared/csv';
import type { OutboundJob } from '../../shared/domain/history';
import { OUTBOX_STATUS_LABELS, outboxStatusOf } from '../../shared/domain/outbox';
import { describeTransmissionCode } from '../../shared/domain/transmission-codes';
import { AppError } from '../errors';

export const CSV_COLUMNS = [
  'Job ID',
  'Compose ID',
  'Account',
  'Created (UTC)',
  'Scheduled (UTC)',
  'Submitted (UTC)',
  'Completed (UTC)',
  'Status',
  'State',
  'Destination',
  'To name',
  'To company',
  'Subject',
  'Documents',
  'Pages counted',
  'Pages sent',
  'Duration (s)',
  'Result code',
  'Result meaning',
  'Reason',
  'Billable retries',
  'Fax ID',
  'Client code',
  'Client ID',
  'Client matter',
  'Client name',
  'Client reference',
  'Billing code',
] as const;

export function csvCell(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : csvField(String(value));
}

export function csvRow(job: OutboundJob): string {
  const info = job.errorCode ? describeTransmissionCode(job.errorCode) : null;
  const c = job.clientData;
  const values: (string | number | null)[] = [
    job.id,
    job.composeId,
    job.accountId,
    job.createdAt,
    job.scheduledAt,
    job.submittedAt,
    job.completedAt,
    OUTBOX_STATUS_LABELS[outboxStatusOf(job)],
    job.state,
    job.destination,
    job.toName,
    job.toCompany,
    job.subject,
    job.documents.map((d) => d.name).join('; '),
    job.pageCount,
    job.pages,
    job.durationSeconds,
    job.errorCode,
    info && job.errorCode !== 'NOT_SENT' ? info.meaning : null,
    job.rejection ?? job.errorReason,
    job.billableRetries,
    job.faxId,
    c.clientCode ?? null,
    c.clientId ?? null,
    c.clientMatter ?? null,
    c.clientName ?? null,
    c.clientReferenceId ?? null,
    c.billingCode ?? null,
  ];
  return values.map(csvCell).join(',');
}

type JobPages = AsyncIterable<OutboundJob[]> | Iterable<OutboundJob[]>;

/** The header line (with the byte order mark), then one chunk of CRLF-ended lines per page of jobs. */
async function* csvChunks(pages: JobPages, count: (rows: number) => void): AsyncGenerator<string> {
  yield `\ufeff${CSV_COLUMNS.map(csvCell).join(',')}\r\n`;
  for await (const page of pages) {
    if (page.length === 0) continue;
    count(page.length);
    yield page.map((job) => `${csvRow(job)}\r\n`).join('');
  }
}

/** A text export larger than this is refused (it is held in memory, then handed to the page whole). */
export const MAX_CSV_TEXT_BYTES = 100 * 1024 * 1024;

/** The rows as one CSV text, for a download. Returns the text, the row count and its size in UTF-8. */
export async function csvText(pages: JobPages, maxBytes = MAX_CSV_TEXT_BYTES): Promise<{ text: string; rows: number; bytes: number }> {
  let rows = 0;
  let bytes = 0;
  const parts: string[] = [];
  for await (const chunk of csvChunks(pages, (n) => (rows += n))) {
    bytes += Buffer.byteLength(chunk, 'utf8');
    if (bytes > maxBytes) {
      throw new AppError(
        'VALIDATION',
        `This list is too long to export in one download (over ${Math.round(maxBytes / (1024 * 1024))} MB of CSV). Narrow it with the tabs, the search or the account filter, and export the parts one by one.`,
      );
    }
    parts.push(chunk);
  }
  return { text: parts.join(''), rows, bytes };
}

/** Writes the rows to `file` (through a temp file, synced, renamed into place). Returns the row count and size. */
export async function writeCsv(file: string, pages: JobPages): Promise<{ rows: number; bytes: number }> {
  const temp = `${file}.${process.pid}.part`;
  try {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    const handle = await fs.promises.open(temp, 'w');
    let rows = 0;
    let bytes = 0;
    try {
      for await (const chunk of csvChunks(pages, (n) => (rows += n))) {
        const buffer = Buffer.from(chunk, 'utf8');
        await handle.write(buffer);
        bytes += buffer.byteLength;
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, file);
    return { rows, bytes };
  } catch (error) {
    await fs.promises.rm(temp, { force: true }).catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new AppError('FILE', `Could not write the CSV file ${file} (${reason}). Choose another folder, or check that the disk is not full.`, { cause: error });
  }
}
