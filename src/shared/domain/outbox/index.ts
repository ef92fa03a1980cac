/**
 * Compose and Outbox, in src/shared so the renderer and main use the same rules: the draft and its
 * limits (draft.ts), the checks that say whether it can be sent (check.ts), how a job's state reads
 * (statuses.ts), and what the Outbox's calls answer (views.ts).
 */
export * from './draft';
export * from './check';
export * from './statuses';
export * from './views';
