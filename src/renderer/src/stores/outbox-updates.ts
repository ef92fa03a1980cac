/**
 * The Outbox store's state changes, as pure functions (unit-tested): what each answer from main does to
 * the list, the open job and its notice. stores/outbox-store.ts calls main and applies these.
 */
import type { OutboundState } from '../../../shared/domain/history';
import type { CancelOutcome, OutboxDetail, OutboxItem } from '../../../shared/domain/outbox';
import type { FaxDocument } from '../model/fax-document';
import { replaceItem } from '../model/outbox/list-merge';
import type { PhaseFilter } from '../model/outbox/phases';
import { showTime } from '../model/times';
import { plural } from '../model/words';

export interface OutboxFilters {
  phase: PhaseFilter;
  /** As typed; the page debounces it before it gets here. */
  search: string;
  /** null: every account. */
  accountId: string | null;
}

export type JobAction = 'cancel' | 'resend' | 'resendAll' | 'reschedule' | 'reconcile' | 'report';

export interface ActionNotice {
  jobId: string;
  kind: 'info' | 'ok' | 'error';
  text: string;
  /** A job the notice points to (the new fax of a resend). */
  open?: { jobId: string; label: string };
  /** The notice holds only while the job is in this state ("Cancel requested…" goes once it is Cancelled). */
  whileState?: OutboundState;
}

/** The delivered image of the open job; `forState` is the job's state when it was asked for. */
export type DeliveredImage = { jobId: string; forState: OutboundState } & (
  | { status: 'loading' }
  | { status: 'ready'; document: FaxDocument; data: Uint8Array<ArrayBuffer>; fileName: string }
  | { status: 'unavailable' | 'error'; message: string }
);

/** The part of the store's state these functions read and change. */
export interface OutboxView {
  filters: OutboxFilters;
  items: OutboxItem[];
  detail: OutboxDetail | null;
  notice: ActionNotice | null;
}

/** The notice, unless it was about a state the job has left. */
export function noticeFor(notice: ActionNotice | null, job: OutboxItem): ActionNotice | null {
  if (!notice || notice.jobId !== job.id || notice.whileState === undefined) return notice;
  return job.state === notice.whileState ? notice : null;
}

export function sameFilters(a: OutboxFilters, b: OutboxFilters): boolean {
  return a.phase === b.phase && a.search === b.search && a.accountId === b.accountId;
}

/** The page's filters as outbox:list and outbox:exportCsv take them. */
export function filterInput(filters: OutboxFilters) {
  const search = filters.search.trim();
  return {
    ...(filters.phase !== 'all' ? { phase: filters.phase } : {}),
    ...(search ? { search } : {}),
    ...(filters.accountId ? { accountId: filters.accountId } : {}),
  };
}

export function listInput(filters: OutboxFilters, cursor: string | null, limit: number) {
  return { ...filterInput(filters), cursor, limit };
}

/**
 * The open job as just read. A read of stored facts only (`refresh` false) says nothing about the
 * attempts: those of the previous read of the same job are kept.
 */
export function mergedDetail(previous: OutboxDetail | null, fresh: OutboxDetail, refresh: boolean): OutboxDetail {
  const samePrevious = previous && previous.job.id === fresh.job.id ? previous : null;
  const keepAttempts = !refresh && fresh.attempts === null && fresh.job.faxId !== null && samePrevious?.attempts != null;
  return keepAttempts ? { ...fresh, attempts: samePrevious!.attempts, attemptsNote: samePrevious!.attemptsNote } : fresh;
}

/** The open job's detail replaced: its row in the list too, and a notice about a state it has left goes. */
export function withDetail(state: OutboxView, detail: OutboxDetail): Pick<OutboxView, 'detail' | 'items' | 'notice'> {
  return { detail, items: replaceItem(state.items, detail.job, state.filters.phase), notice: noticeFor(state.notice, detail.job) };
}

/** Jobs main answered with (an action's result): their rows, and the open job when it is one of them. */
export function withItems(state: OutboxView, updated: readonly OutboxItem[]): Partial<OutboxView> {
  let items = state.items;
  for (const item of updated) items = replaceItem(items, item, state.filters.phase);
  const job = state.detail ? (updated.find((i) => i.id === state.detail!.job.id) ?? null) : null;
  return { items, ...(job && state.detail ? { detail: { ...state.detail, job }, notice: noticeFor(state.notice, job) } : {}) };
}

/** After a cancel: "Cancelled." at once, or "Cancel requested…" while the job stays in the state it is in. */
export function cancelNotice(jobId: string, outcome: CancelOutcome): ActionNotice {
  const kind = outcome.outcome === 'canceled-locally' ? 'ok' : 'info';
  const whileState = outcome.outcome === 'cancel-requested' ? { whileState: outcome.job.state } : {};
  return { jobId, kind, text: outcome.message, ...whileState };
}

/** After a resend: where the new fax (or faxes) went, with a way to open it; null when nothing was made. */
export function resendNotice(jobId: string, jobs: readonly OutboxItem[]): ActionNotice | null {
  const first = jobs[0];
  if (!first) return null;
  const where = jobs.length === 1 ? `to ${first.destinationDisplay}` : `to ${plural(jobs.length, 'recipient')} (${jobs.map((j) => j.destinationDisplay).join(', ')})`;
  return {
    jobId,
    kind: 'ok',
    text: `Sent again as a new fax ${where}: ${first.statusLabel.toLowerCase()}. This fax stays as it was.`,
    open: { jobId: first.id, label: jobs.length === 1 ? 'Open the new fax' : 'Open the first new fax' },
  };
}

/** After a reschedule (`scheduledAt` null: send now). */
export function rescheduleText(jobId: string, items: readonly OutboxItem[], scheduledAt: string | null): string {
  if (scheduledAt === null) return 'Sending now: the fax was moved out of the schedule.';
  return `Will be sent at ${showTime(items.find((i) => i.id === jobId)?.scheduledAt ?? scheduledAt).local}.`;
}

/** After "Check with the service" on an unconfirmed fax. */
export function reconcileText(job: OutboxItem | undefined): string {
  if (!job) return 'Checked.';
  if (job.status === 'unknown') {
    return "Still unconfirmed: the fax is not in the service's sent list yet, or the list could not be read just now. Faxdesk keeps checking and never sends it again by itself.";
  }
  if (job.status === 'not-sent') return `Checked: ${job.statusDetail}`;
  return `Found at the service: ${job.statusLabel.toLowerCase()}.`;
}

/** What the page holds of the open job when another one is selected (or none). */
export function selection(jobId: string | null) {
  return {
    selectedId: jobId,
    detail: null,
    detailStatus: jobId ? ('loading' as const) : ('idle' as const),
    detailError: null,
    busy: {},
    notice: null,
    attemptsLoading: false,
    image: null,
  };
}
