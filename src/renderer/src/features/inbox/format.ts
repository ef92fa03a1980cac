/**
 * How a received fax is described in the Inbox: the sender, the received time (local, with UTC for the
 * tooltip), the download state, and the status bar's "Last synced 2 min ago". Pure functions (time and locale are
 * passed in), so they are unit-tested without a browser.
 */
import type { InboxFax } from '../../../../shared/domain/history';
import type { AccountSyncStatus, SyncStatus } from '../../../../shared/domain/sync';
import { formatFaxNumber } from '../../../../shared/fax-number';
import { dateTimeFormat } from '../../date-time-format';

export const UNKNOWN_SENDER = 'Unknown sender';

/** The sender's number as a person reads it: formatted, or "Unknown sender" (the service's UNKNOWN, empty). */
export function senderNumberLabel(fax: Pick<InboxFax, 'originatingNumber'>): string {
  const number = fax.originatingNumber?.trim();
  if (!number || /^unknown$/i.test(number)) return UNKNOWN_SENDER;
  return formatFaxNumber(number);
}

/** The sender as a person reads it: the address book's name for the number, else the number. */
export function senderLabel(fax: Pick<InboxFax, 'originatingNumber'> & Partial<Pick<InboxFax, 'senderName'>>): string {
  return fax.senderName?.trim() || senderNumberLabel(fax);
}

/** "Ada Lovelace (+1 312 555 0170)" for a known sender, the number alone otherwise. */
export function senderWithNumber(fax: Pick<InboxFax, 'originatingNumber'> & Partial<Pick<InboxFax, 'senderName'>>): string {
  const name = fax.senderName?.trim();
  const number = senderNumberLabel(fax);
  return name ? `${name} (${number})` : number;
}

/** A note in one line, for the list row (the viewer shows it whole). */
export function noteLine(note: string | undefined): string | null {
  const line = (note ?? '').replace(/\s+/g, ' ').trim();
  return line || null;
}

/** "1 page", "3 pages", or null when the service did not say. */
export function pagesLabel(pages: number | null): string | null {
  if (pages === null || !Number.isFinite(pages) || pages <= 0) return null;
  return `${pages} ${pages === 1 ? 'page' : 'pages'}`;
}

/** The sender's station id, when it says something the number does not. */
export function tsidLabel(fax: Pick<InboxFax, 'tsid' | 'originatingNumber'>): string | null {
  const tsid = fax.tsid?.trim();
  if (!tsid) return null;
  const digits = tsid.replace(/\D/g, '');
  const number = (fax.originatingNumber ?? '').replace(/\D/g, '');
  if (digits.length > 0 && digits === number && /^[\d\s+().-]+$/.test(tsid)) return null;
  return tsid;
}

export type DownloadState =
  | { kind: 'stored' }
  | { kind: 'downloading'; label: string }
  | { kind: 'failed'; label: string; reason: string }
  /** Imported history: the image is fetched when the fax is opened, printed or saved (nothing to say in the list). */
  | { kind: 'on-demand'; label: string }
  | { kind: 'gone'; label: string; reason: string };


/**
 * What the row says about the fax's image: nothing once stored, "Downloading…", "Download failed", or
 * "Deleted at the service" (another desk or the web portal deleted it first: nothing to download again).
 */
export function downloadState(fax: Pick<InboxFax, 'imageState' | 'imageError' | 'goneAt'>): DownloadState {
  if (fax.goneAt !== null && fax.imageState !== 'stored') {
    return { kind: 'gone', label: 'Deleted at the service', reason: fax.imageError?.trim() || 'This fax was deleted at the service before this desk downloaded it.' };
  }
  switch (fax.imageState) {
    case 'stored':
      return { kind: 'stored' };
    case 'failed':
      return { kind: 'failed', label: 'Download failed', reason: fax.imageError?.trim() || 'The image of this fax could not be downloaded.' };
    case 'downloading':
      return { kind: 'downloading', label: 'Downloading…' };
    case 'pending':
      return { kind: 'downloading', label: 'Waiting to download' };
    case 'remote':
      return { kind: 'on-demand', label: 'Downloaded when opened' };
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** "2026-03-01 09:00 UTC": the exact time, for the tooltip. */
export function utcLabel(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/**
 * The received time in local time, short: the time of day for today, "Yesterday 16:05", the day and
 * month this year, the full date otherwise.
 */
export function receivedLabel(iso: string, now: Date, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const local = { locale, timeZone };
  const time = dateTimeFormat(local, { hour: '2-digit', minute: '2-digit' }).format(date);
  const keyFormat = dateTimeFormat({ locale: 'en-CA', timeZone }, { year: 'numeric', month: '2-digit', day: '2-digit' });
  const dayKey = (d: Date) => keyFormat.format(d);
  const today = dayKey(now);
  if (dayKey(date) === today) return time;
  if (dayKey(new Date(now.getTime() - 86_400_000)) === dayKey(date)) return `Yesterday ${time}`;
  const sameYear = dayKey(date).slice(0, 4) === today.slice(0, 4);
  const day = dateTimeFormat(local, sameYear ? { day: 'numeric', month: 'short' } : { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
  return `${day}, ${time}`;
}

/** The full local date and time, for accessible names and the viewer's title. */
export function fullLocalLabel(iso: string, locale?: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat({ locale, timeZone }, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/**
 * "just now", "2 min ago", "3 h ago", "yesterday", "4 days ago"; a time in the future (clocks a little
 * apart) reads "just now".
 */
export function relativeTime(iso: string | null, now: Date): string {
  if (!iso) return 'never';
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return 'never';
  const seconds = Math.floor((now.getTime() - then) / 1000);
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  if (days === 1) return 'yesterday';
  return `${days} days ago`;
}

export interface InboxRowModel {
  id: string;
  sender: string;
  /** The number, when the sender shows as a name. */
  number: string | null;
  /** The note in one line. */
  note: string | null;
  tsid: string | null;
  pages: string | null;
  received: string;
  receivedUtc: string;
  account: string | null;
  unread: boolean;
  download: DownloadState;
  /** What a screen reader says for the row. */
  label: string;
}

/** Everything a row shows, worked out once. `accountLabel` is given only when several accounts exist. */
export function inboxRowModel(fax: InboxFax, now: Date, accountLabel: string | null, locale?: string, timeZone?: string): InboxRowModel {
  const sender = senderLabel(fax);
  const number = fax.senderName?.trim() ? senderNumberLabel(fax) : null;
  const tsid = tsidLabel(fax);
  const pages = pagesLabel(fax.pages);
  const note = noteLine(fax.note);
  const unread = fax.readAt === null;
  const download = downloadState(fax);
  const received = receivedLabel(fax.completedAt, now, locale, timeZone);
  // The words on the row, in the row's order (speech control users say what they see), then the full date.
  const label = [
    unread ? 'Unread' : null,
    `from ${sender}`,
    received,
    number,
    note ? `note: ${note}` : null,
    tsid,
    pages,
    accountLabel,
    download.kind === 'stored' ? null : download.label,
    `received ${fullLocalLabel(fax.completedAt, locale, timeZone)}`,
  ]
    .filter(Boolean)
    .join(', ');
  return { id: fax.id, sender, number, note, tsid, pages, received, receivedUtc: utcLabel(fax.completedAt), account: accountLabel, unread, download, label: upperFirst(label) };
}

/** The viewer's title: "Fax from +1 312 555 0170, 2 pages", "Fax from Ada Lovelace (+1 312 555 0170), 2 pages". */
export function viewerTitle(fax: InboxFax): string {
  const sender = senderWithNumber(fax);
  const pages = pagesLabel(fax.pages);
  return [sender === UNKNOWN_SENDER ? 'Fax from an unknown sender' : `Fax from ${sender}`, pages].filter(Boolean).join(', ');
}

function upperFirst(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

// ---------------------------------------------------------------------------------------------
// Status bar

const PAUSE_WORDS: Record<SyncStatus['pauseReasons'][number], string> = {
  user: 'you paused it',
  offline: 'this computer is offline',
  suspend: 'this computer is asleep',
};

/** "Sync paused: you paused it, this computer is offline." */
export function pausedText(status: Pick<SyncStatus, 'pauseReasons'>): string {
  const reasons = status.pauseReasons.map((r) => PAUSE_WORDS[r]);
  return reasons.length > 0 ? `Sync paused: ${reasons.join(', ')}.` : 'Sync paused.';
}

/** "Last synced 2 min ago", "Syncing…" (the first cycle is running), "Not synced yet". */
export function lastSyncedText(account: Pick<AccountSyncStatus, 'lastSyncedAt' | 'feeds'>, now: Date): string {
  if (account.lastSyncedAt) return `Last synced ${relativeTime(account.lastSyncedAt, now)}`;
  return account.feeds.some((f) => f.running) ? 'Syncing…' : 'Not synced yet';
}
