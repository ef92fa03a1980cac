/**
 * What the crash-points parent and its core child (core-child.ts) agree on: the child's spec, the
 * kill points it carries out itself, its report, and the files it keeps in its data folder.
 */

export interface ChildCompose {
  composeId: string;
  numbers: string[];
  files: string[];
}

export type SelfKill =
  | { kind: 'checkpoint'; name: 'persisted' | 'payload-built' | 'claimed' | 'response-received' | 'stored' }
  /** Dies once `fraction` of the POST /faxes body has been handed to the socket (1: just after all of it). */
  | { kind: 'post-body'; fraction: number }
  | { kind: 'post-answer' }
  /** The nth sync read of this life (sent, received, notifications, transmission detail). */
  | { kind: 'sync-read'; nth: number; when: 'before' | 'after' }
  | { kind: 'image-answer' };

export interface ChildSpec {
  dataDir: string;
  account: { label: string; baseUrl: string; appId: string; apiKey: string; userId: string };
  composes: ChildCompose[];
  kill: SelfKill | null;
  /** The last life: settle, report, exit. */
  settle: { expectedInbound: number; timeoutMs: number } | null;
}

export interface ChildReport {
  settled: boolean;
  waitedMs: number;
  /** Jobs found by searching the Outbox for the word the harness put in historic rows (migration runs). */
  historySearchHits: number;
  errors: string[];
}

export const JOURNAL_FILE = 'journal.log';
export const NOTIFICATIONS_FILE = 'notifications.log';
export const SECRETS_FILE = 'secrets.json';
export const ERRORS_FILE = 'errors.log';
/** One line per POST /faxes the child sent: the client_reference_id it carried. */
export const POSTS_FILE = 'posts.log';
export const HISTORY_WORD = 'Historyco';
