/** What a job's row and its detail say about it: recipient, pages, time, send options, sender. Pure (unit-tested). */
import type { OutboundPhase, OutboundState } from '../../../../shared/domain/history';
import { CLIENT_DATA_LABELS, type NormalizedOptions, type OutboxItem } from '../../../../shared/domain/outbox';
import { plural } from '../../model/words';


/** "Ada Lovelace · Analytical Engines", or whichever of the two there is. */
export function recipientLine(item: { toName: string; toCompany: string }): string {
  return [item.toName.trim(), item.toCompany.trim()].filter(Boolean).join(' · ');
}

/**
 * "3 pages" (sent, else counted), or "2 documents" when no page count is known; '' when nothing is known
 * (another desk's fax not sent yet: its documents are not here and the service has counted no page).
 */
export function pagesText(item: { pages: number | null; pageCount: number | null; documentCount: number; phase: OutboundPhase }): string {
  if (item.phase === 'completed' && item.pages) return plural(item.pages, 'page');
  if (item.pageCount !== null) return plural(item.pageCount, 'page');
  if (item.pages) return plural(item.pages, 'page');
  return item.documentCount > 0 ? plural(item.documentCount, 'document') : '';
}

/** The time a row shows: when it finished, else when it is due, else when it was made. */
export function rowTimeOf(item: { completedAt: string | null; scheduledAt: string | null; submittedAt: string | null; createdAt: string; state: OutboundState }): string {
  if (item.completedAt) return item.completedAt;
  if (item.state === 'SCHEDULED' && item.scheduledAt) return item.scheduledAt;
  return item.submittedAt ?? item.createdAt;
}


export interface SummaryLine {
  label: string;
  value: string;
}

/** The stored send options as short lines ("Resolution: Fine"); null options (a fax found on the service): none. */
export function optionsSummary(options: NormalizedOptions | null, formatNumber: (n: string) => string = (n) => n): SummaryLine[] {
  if (!options) return [];
  const lines: SummaryLine[] = [];
  lines.push({ label: 'Resolution', value: options.resolution === 'FINE' ? 'Fine (204 × 196 dpi)' : 'Standard (204 × 98 dpi)' });
  const retries = (n: number | null) => (n === null ? 'default' : String(n));
  lines.push({
    label: 'Retries',
    value:
      options.billableRetries === null && options.nonBillableRetries === null
        ? "The service's default"
        : `${retries(options.billableRetries)} charged, ${retries(options.nonBillableRetries)} free`,
  });
  lines.push({ label: 'Caller ID', value: options.callerId ? formatNumber(options.callerId) : "The account's number" });
  lines.push({ label: 'Station ID (CSID)', value: options.csid ?? "The account's own" });
  lines.push({
    label: 'Cover page',
    value: options.coverPage ? (options.coverPage.subject ? `Yes: “${options.coverPage.subject}”` : 'Yes') : 'No',
  });
  lines.push({
    label: 'Header',
    value: options.header ? options.header.line_1.join(' | ') + (options.header.line_2?.length ? ` / ${options.header.line_2.join(' | ')}` : '') : "The service's default",
  });
  for (const [key, value] of Object.entries(options.clientData)) {
    if (value) lines.push({ label: CLIENT_DATA_LABELS[key as keyof typeof CLIENT_DATA_LABELS] ?? key, value });
  }
  return lines;
}

/**
 * Who sent a fax found on the service (origin 'service'): another Faxdesk desk on the account, named by
 * the marker it put in the fax's client data ("Front desk (maria)"), or other software; null for a fax
 * sent here.
 */
export function senderOf(job: Pick<OutboxItem, 'origin' | 'sentBy'>): { label: string; text: string; short: string } | null {
  if (job.origin !== 'service') return null;
  if (job.sentBy) return { label: 'Sent by', text: `${job.sentBy}, another desk on this account`, short: `Sent by ${job.sentBy}` };
  return { label: 'Sent from', text: 'Another program or device (found on the service)', short: 'Sent from elsewhere' };
}
