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
