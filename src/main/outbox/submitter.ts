/**
 * One submission: the QUEUED rows of one compose become one POST /faxes.
 *
 * 1. The request is built first (documents read from the store), so the time between the claim and
 *    the POST is as short as it can be. A document gone from the store fails the job here, before any
 *    network call (REJECTED, with what to do).
 * 2. Claim: every QUEUED row of the compose moves to SUBMITTING (compare-and-set from QUEUED, with
 *    submitted_at) in one transaction, with a timeline event. A row another worker claimed, or that
 *    the person cancelled meanwhile, is not in the POST.
 * 3. POST once (never retried here or by the client, except the client's one retry after a 401).
 * 4. 2xx: each destination gets its fax_id (matched by number, then by order) and becomes SUBMITTED;
 *    a destination the answer does not cover becomes UNKNOWN. Failure: see classify.ts (hold → back
 *    to QUEUED; rejected → REJECTED; anything ambiguous → UNKNOWN).
 */
import type { SendRequest, SendResult } from '../../shared/domain/fax';
import type { OutboundJob } from '../../shared/domain/history';
import { isAppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { Db } from '../store/database';
import type { FaxEventsRepository } from '../store/repositories/fax-events-repository';
import type { OutboundRepository } from '../store/repositories/outbound-repository';
import type { DocumentStore } from '../documents/document-store';
import { classifySendFailure } from './classify';
import type { OutboxAccounts, OutboxCheckpoint, OutboxClient } from './ports';
import { markOutcomeUnknown, moveLocally } from './outbound-states';
import { linkFaxId } from './reconciler';
import { sendRequestFor } from './stored-compose';

export interface SubmitterDeps {
  db: Db;
  outbound: OutboundRepository;
  events: FaxEventsRepository;
  store: DocumentStore;
  accounts: OutboxAccounts;
  now: () => Date;
  logger: Logger;
  submitTimeoutMs: number;
  checkpoint?: (name: OutboxCheckpoint) => void;
  changed: (jobIds: string[]) => void;
}

export type SubmitOutcome =
  | { kind: 'nothing' }
  | { kind: 'done'; jobIds: string[] }
  | { kind: 'hold'; reason: string; retryAfterMs: number | null };

const digits = (n: string | null | undefined) => (n ?? '').replace(/\D/g, '');

/** Which fax_id of the answer belongs to each claimed row: by destination number first, then by position. */
export function assignFaxIds(rows: readonly OutboundJob[], result: SendResult): (string | null)[] {
  const used = new Set<number>();
  const out: (string | null)[] = rows.map((row) => {
    const at = result.faxes.findIndex((f, i) => !used.has(i) && f.destinationFaxNumber !== null && digits(f.destinationFaxNumber) === digits(row.destination));
    if (at < 0) return null;
    used.add(at);
    return result.faxes[at]!.faxId;
  });
  rows.forEach((row, position) => {
    if (out[position] !== null) return;
    const candidate = result.faxes[position];
    if (candidate && !used.has(position) && (candidate.destinationFaxNumber === null || digits(candidate.destinationFaxNumber) === digits(row.destination))) {
      used.add(position);
      out[position] = candidate.faxId;
    }
  });
  return out;
}

export class Submitter {
  constructor(private readonly deps: SubmitterDeps) {}

  async submit(composeId: string, signal?: AbortSignal): Promise<SubmitOutcome> {
    const { outbound, logger } = this.deps;
    const queued = outbound.listByCompose(composeId).filter((j) => j.state === 'QUEUED');
    if (queued.length === 0) return { kind: 'nothing' };
    const accountId = queued[0]!.accountId;

    let client: OutboxClient;
    try {
      client = await this.deps.accounts.clientFor(accountId);
    } catch (error) {
      const reason = isAppError(error) ? error.message : `The account cannot be used right now (${String(error)}).`;
      return { kind: 'hold', reason, retryAfterMs: null };
    }

    let request: SendRequest;
    try {
      request = await sendRequestFor(queued, this.deps.store);
    } catch (error) {
      const reason =
        isAppError(error) && (error.code === 'NOT_FOUND' || error.code === 'STORAGE')
          ? `Not sent: ${error.message} Open the fax in Compose, add the document again and send it.`
          : `Not sent: Faxdesk could not read this fax's documents (${error instanceof Error ? error.message : String(error)}). Open it in Compose, add the documents again and send it.`;
      const ids = this.fail(queued, ['QUEUED'], 'REJECTED', reason, { code: 'DOCUMENT' });
      return { kind: 'done', jobIds: ids };
    }
    this.deps.checkpoint?.('payload-built');

    const claimed = this.claim(queued);
    if (claimed.length === 0) return { kind: 'nothing' };
    if (claimed.length < queued.length) {
      const keep = new Set(claimed.map((j) => j.id));
      request = { ...request, destinations: request.destinations.filter((_, i) => keep.has(queued[i]!.id)) };
    }
    this.deps.changed(claimed.map((j) => j.id));
    this.deps.checkpoint?.('claimed');

    let result: SendResult;
    try {
      result = await client.send(request, { timeoutMs: this.deps.submitTimeoutMs, ...(signal ? { signal } : {}) });
    } catch (error) {
      const failure = classifySendFailure(error);
      logger.info('outbox: POST /faxes failed', { composeId, kind: failure.kind, code: isAppError(error) ? error.code : 'INTERNAL', status: isAppError(error) ? error.httpStatus : undefined });
      if (failure.kind === 'hold') {
        this.fail(claimed, ['SUBMITTING'], 'QUEUED', null, { held: failure.reason });
        return { kind: 'hold', reason: failure.reason, retryAfterMs: failure.retryAfterMs };
      }
      if (failure.kind === 'rejected') {
        const ids = this.fail(claimed, ['SUBMITTING'], 'REJECTED', failure.reason, failure.httpStatus !== null ? { httpStatus: String(failure.httpStatus) } : {});
        return { kind: 'done', jobIds: ids };
      }
      const ids = this.fail(claimed, ['SUBMITTING'], 'UNKNOWN', null, { reason: failure.reason });
      return { kind: 'done', jobIds: ids };
    }
    this.deps.checkpoint?.('response-received');

    const ids = this.store(claimed, result);
    this.deps.checkpoint?.('stored');
    return { kind: 'done', jobIds: ids };
  }

  /** QUEUED -> SUBMITTING for every row still QUEUED, all in one transaction. */
  private claim(rows: readonly OutboundJob[]): OutboundJob[] {
    const { db, outbound, events } = this.deps;
    const now = this.deps.now();
    const at = now.toISOString();
    return db.transaction(() => {
      const claimed: OutboundJob[] = [];
      for (const row of rows) {
        const step = { from: ['QUEUED'] as const, patch: { state: 'SUBMITTING' as const, submittedAt: at }, status: 'SUBMITTING', detail: { destinations: rows.length } };
        if (!moveLocally({ outbound, events }, row.id, step, now)) continue;
        claimed.push({ ...row, state: 'SUBMITTING', submittedAt: at });
      }
      return claimed;
    })();
  }

  private store(claimed: readonly OutboundJob[], result: SendResult): string[] {
    const { db, outbound, events } = this.deps;
    const faxIds = assignFaxIds(claimed, result);
    const now = this.deps.now();
    db.transaction(() => {
      claimed.forEach((row, i) => {
        const faxId = faxIds[i];
        const linked = faxId ? linkFaxId(this.deps, row, faxId, ['SUBMITTING'], {}) : { ok: false };
        if (linked.ok) return;
        // The answer names no fax for this destination (or one another job holds): find it in the sent list.
        markOutcomeUnknown({ outbound, events }, row.id, now, "The service accepted the request but its answer named no fax for this destination; Faxdesk checks the service's sent list.");
      });
    })();
    const ids = claimed.map((r) => r.id);
    this.deps.changed(ids);
    return ids;
  }

  /** Moves rows to `state` (from `from`) with one event each; REJECTED carries the reason shown to the person. */
  private fail(rows: readonly OutboundJob[], from: OutboundJob['state'][], state: 'QUEUED' | 'REJECTED' | 'UNKNOWN', rejection: string | null, facts: Record<string, string>): string[] {
    const { db, outbound, events } = this.deps;
    const now = this.deps.now();
    const ids = db.transaction(() => {
      const moved: string[] = [];
      for (const row of rows) {
        const patch = state === 'REJECTED' ? { state, rejection, errorCode: null, errorReason: null } : { state };
        const detail: Record<string, string> = { ...facts };
        if (rejection) detail.reason = rejection;
        if (moveLocally({ outbound, events }, row.id, { from, patch, status: state, detail }, now)) moved.push(row.id);
      }
      return moved;
    })();
    if (ids.length) this.deps.changed(ids);
    return ids;
  }
}
