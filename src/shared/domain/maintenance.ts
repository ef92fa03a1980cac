/**
 * Derived data being rebuilt after an upgrade (a search index), as the UI shows it: "Updating the
 * search index: 41 %", and which searches may miss older faxes until it is done. Pure.
 */

/** The lists whose search reads a search index. */
export type SearchScope = 'outbound' | 'received' | 'contacts';

export interface MaintenanceTask {
  /** What is being rebuilt. */
  id: 'search-index';
  /** What the status bar says, e.g. "Updating the search index". */
  label: string;
  /** Whole percent done, 0-99 while it runs. */
  percent: number;
  /**
   * Lists whose search finds only part of the history until this finishes (the newest faxes are
   * indexed first, so what is missing is the oldest).
   */
  incomplete: SearchScope[];
  /** Why it is held up (disk full, ...), in a sentence; null while it goes well. */
  problem: string | null;
}

export interface MaintenanceStatus {
  /** Empty when nothing is being rebuilt. */
  tasks: MaintenanceTask[];
}

/** "Updating the search index: 41 %". */
export function maintenanceLine(task: MaintenanceTask): string {
  return `${task.label}: ${task.percent} %`;
}

const MAY_BE_MISSING: Record<SearchScope, string> = { received: 'older faxes', outbound: 'older faxes', contacts: 'some contacts' };

/**
 * What a search box says while its list's index is being rebuilt (the search reads only the rows
 * indexed so far, newest first); null when `scope`'s search is whole.
 */
export function searchIndexNotice(status: MaintenanceStatus, scope: SearchScope): string | null {
  const task = status.tasks.find((t) => t.id === 'search-index' && t.incomplete.includes(scope));
  if (!task) return null;
  return `The search index is being updated (${task.percent} %): ${MAY_BE_MISSING[scope]} may be missing from these results until it is done.`;
}
