/**
 * What the Outbox reads: its list pages (plain or searched, with cursors the page hands back), one
 * job's detail (timeline, delivery attempts read now, the other destinations of its compose), and every
 * document the jobs refer to, read in pieces so a big history never holds the window's calls.
 */
import { displayDestination, NOT_SENT_CODE, outboxStatusOf, OUTBOX_STATUS_LABELS, type OutboxDetail, type OutboxItem, type OutboxPage } from '../../shared/domain/outbox';
import type { TransmissionAttempt } from '../../shared/domain/fax';
import type { OutboundJob, OutboundJobSummary, OutboundPhase } from '../../shared/domain/history';
import { describeTransmissionCode } from '../../shared/domain/transmission-codes';
import { AppError } from '../errors';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import { DeliveryTracker } from './delivery-tracker';
import { normalizedOptionsOf, readStoredOptions } from './stored-compose';

/** Jobs read per piece by referencedDocumentIdsInPieces (~5-10 ms of JSON on an office PC). */
const REFERENCE_PIECE = 2_000;

type ListQuery = { accountId?: string | undefined; phase?: OutboundPhase | undefined; search?: string | undefined };

export interface OutboxReadingDeps {
  outbound: OutboundRepository;
  events: FaxEventsRepository;
  tracker: DeliveryTracker;
  /** The job by id (NOT_FOUND, in words, when it is gone). */
  job: (jobId: string) => OutboundJob;
  item: (job: OutboundJob | OutboundJobSummary) => OutboxItem;
}

export class OutboxReading {
  constructor(private readonly deps: OutboxReadingDeps) {}

  list(query: ListQuery & { cursor?: string | null | undefined; limit?: number | undefined }): OutboxPage {
    const search = query.search?.trim();
    if (search) {
      const before = query.cursor ? Number(/^s:(\d+)$/.exec(query.cursor)?.[1] ?? NaN) : null;
      if (before !== null && Number.isNaN(before)) throw new AppError('VALIDATION', 'The page position is not valid; start again from the first page.', { field: 'cursor' });
      const page = this.deps.outbound.search({ text: search, accountId: query.accountId, phase: query.phase, before, limit: query.limit });
      return { items: page.items.map((j) => this.deps.item(j)), next: page.next === null ? null : `s:${page.next}` };
    }
    let after = null;
    if (query.cursor) {
      const m = /^p:(\d+):(.+)$/.exec(query.cursor);
      if (!m) throw new AppError('VALIDATION', 'The page position is not valid; start again from the first page.', { field: 'cursor' });
      after = { seq: Number(m[1]), key: m[2]! };
    }
    const page = this.deps.outbound.page({ accountId: query.accountId, phase: query.phase, after, limit: query.limit });
    return { items: page.items.map((j) => this.deps.item(j)), next: page.next ? `p:${page.next.seq}:${page.next.key}` : null };
  }

  /** outbox:get: the job, its timeline and (read now, when it has a fax_id) its delivery attempts. */
  async get(jobId: string, refresh = true): Promise<OutboxDetail> {
    let job = this.deps.job(jobId);
    let attempts: TransmissionAttempt[] | null = null;
    let attemptsNote: string | null = job.faxId ? null : DeliveryTracker.notAccepted;
    if (refresh && job.faxId) {
      const r = await this.deps.tracker.refresh(job, 10_000);
      attempts = r.attempts;
      attemptsNote = r.note;
      job = this.deps.job(jobId);
    }
    const timeline = this.deps.events.timeline({ direction: 'OUTBOUND', outboundId: job.id });
    const stored = readStoredOptions(job);
    const siblings = job.composeId
      ? this.deps.outbound
          .listByCompose(job.composeId)
          .filter((j) => j.id !== job.id)
          .map((j) => {
            const status = outboxStatusOf(j);
            return { id: j.id, destination: j.destination, destinationDisplay: displayDestination(j.destination), status, statusLabel: OUTBOX_STATUS_LABELS[status] };
          })
      : [];
    return {
      job: this.deps.item(job),
      timeline,
      attempts,
      attemptsNote,
      code: job.errorCode && job.errorCode !== NOT_SENT_CODE ? describeTransmissionCode(job.errorCode) : null,
      documents: job.documents,
      options: stored ? normalizedOptionsOf(stored) : null,
      siblings,
      cancelTooLate: job.state === 'COMPLETED' && timeline.some((e) => e.status === 'CANCEL_REQUESTED'),
    };
  }

  /**
   * The same, read in pieces of REFERENCE_PIECE jobs with a turn of the event loop between them, so a
   * big history never holds the window's calls (the collector's pass). A job created or changed during
   * the read refers to documents younger than the collector's grace period, which are never removed.
   */
  async referencedDocumentIdsInPieces(): Promise<Set<string>> {
    const ids = new Set<string>();
    let after: number | null = 0;
    while (after !== null) {
      const piece = this.deps.outbound.referencedDocumentsAfter(after, REFERENCE_PIECE);
      for (const id of piece.sha256s) ids.add(id);
      after = piece.lastSeq;
      if (after !== null) await new Promise<void>((resolve) => setImmediate(resolve));
    }
    return ids;
  }
}
