/**
 * Importing the history of an account that already holds faxes (first sync of a big account): the
 * newest page comes with the first sync, the older faxes follow in the background, as far back as the
 * person chose. What the status bar and Settings show about it. Pure.
 */

/** How far back to import an account's older faxes. */
export const HISTORY_IMPORT_RANGES = ['all', 'year', '90days'] as const;
export type HistoryImportRange = (typeof HISTORY_IMPORT_RANGES)[number];

export const HISTORY_IMPORT_RANGE_LABELS: Record<HistoryImportRange, string> = {
  all: 'All of it',
  year: 'The last year',
  '90days': 'The last 90 days',
};

const DAY_MS = 24 * 3600_000;

/** The oldest completion time a range asks for (ISO UTC), or null for all. */
export function importSince(range: HistoryImportRange, now: Date): string | null {
  switch (range) {
    case 'all':
      return null;
    case 'year':
      return new Date(now.getTime() - 365 * DAY_MS).toISOString();
    case '90days':
      return new Date(now.getTime() - 90 * DAY_MS).toISOString();
  }
}

export interface HistoryImportListStatus {
  /** Faxes of this list read so far (the first sync's page included). */
  read: number;
  /** How many the list holds in the range, as the service last said; null when it does not say. */
  total: number | null;
  done: boolean;
}

export interface HistoryImportAccountStatus {
  accountId: string;
  label: string;
  /** importing; paused by the person; waiting (sync paused, offline, or after an error); done. */
  state: 'importing' | 'paused' | 'waiting' | 'done';
  received: HistoryImportListStatus;
  sent: HistoryImportListStatus;
  /** List requests made for the import so far. */
  requests: number;
  /** Why it waits, in a sentence a person can act on; null when it does not. */
  problem: string | null;
}

export interface HistoryImportStatus {
  range: HistoryImportRange;
  /** The person paused the import (every account). */
  paused: boolean;
  /** Accounts whose history is being (or was) imported. */
  accounts: HistoryImportAccountStatus[];
}

/** The imports still going (not done), summed: what the status bar line counts. */
export function importTotals(status: HistoryImportStatus): { read: number; total: number | null; active: number } {
  const going = status.accounts.filter((a) => a.state !== 'done');
  let read = 0;
  let total: number | null = 0;
  for (const account of going) {
    for (const list of [account.received, account.sent]) {
      read += list.read;
      total = total === null || list.total === null ? null : total + Math.max(list.total, list.read);
    }
  }
  return { read, total, active: going.length };
}

const number = (n: number) => n.toLocaleString('en-US');

/**
 * "Importing your fax history: 12,400 of about 100,000", or "... 12,400 so far" when the service does
 * not say how many there are; null when nothing is being imported.
 */
export function importLine(status: HistoryImportStatus): string | null {
  const { read, total, active } = importTotals(status);
  if (active === 0) return null;
  const what = status.paused ? 'Importing your fax history (paused)' : 'Importing your fax history';
  return total === null ? `${what}: ${number(read)} so far` : `${what}: ${number(read)} of about ${number(total)}`;
}
