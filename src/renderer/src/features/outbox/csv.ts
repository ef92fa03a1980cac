/**
 * The Outbox list as CSV for a download. outbox:exportCsv writes its file in main (the data folder, or
 * a path the person chose) and answers only where it is, which a browser cannot fetch; so the page
 * builds the download from the same list calls it shows (outbox:list with the page's filters).
 * RFC 4180 (commas, CRLF, quotes when needed), a UTF-8 byte order mark for spreadsheet programs, and a
 * cell a spreadsheet would run as a formula (= + - @ tab CR) prefixed with an apostrophe, as main does.
 */
import type { OutboxItem } from '../../../../shared/domain/outbox';
import { describeTransmissionCode } from '../../../../shared/domain/transmission-codes';
import { NOT_SENT_CODE } from '../../../../shared/domain/outbox';

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
  'Fax ID',
] as const;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let cell = String(value);
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

export function csvRow(item: OutboxItem): string {
  const info = item.errorCode && item.errorCode !== NOT_SENT_CODE ? describeTransmissionCode(item.errorCode) : null;
  const values: (string | number | null)[] = [
    item.id,
    item.composeId,
    item.accountId,
    item.createdAt,
    item.scheduledAt,
    item.submittedAt,
    item.completedAt,
    item.statusLabel,
    item.state,
    item.destination,
    item.toName,
    item.toCompany,
    item.subject,
    item.documentCount,
    item.pageCount,
    item.pages,
    item.durationSeconds,
    item.errorCode,
    info?.meaning ?? null,
    item.rejection ?? item.errorReason,
    item.faxId,
  ];
  return values.map(csvCell).join(',');
}

export const CSV_HEADER = `\ufeff${CSV_COLUMNS.map(csvCell).join(',')}\r\n`;

/** Header plus rows, ready for a Blob. */
export function csvText(items: readonly OutboxItem[]): string {
  return CSV_HEADER + items.map((i) => `${csvRow(i)}\r\n`).join('');
}

/** `outbox-20240510-1507.csv` in local time. */
export function exportFileName(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `outbox-${now.getFullYear()}${p(now.getMonth() + 1)}${p(now.getDate())}-${p(now.getHours())}${p(now.getMinutes())}.csv`;
}
