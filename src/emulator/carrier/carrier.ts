/**
 * The simulated carrier: moves each sent fax through
 *   NEW -> IN PROGRESS -> (PENDING RETRY -> IN PROGRESS)* -> COMPLETED | ERROR   (or CANCELED)
 * on the emulator's clock, with the outcome of each attempt taken from the destination rule
 * (destination-rules.ts). Each fax has at most one pending step (`fax.next`), kept in the record so a
 * restarted emulator picks every fax up where it was.
 *
 * Cancel: POST /faxes/{id}/cancel records the request and the carrier applies it CANCEL_DELAY_MS
 * later, unless the fax reached a final state first (then the cancel silently loses the race, as the
 * spec says: the 202 only acknowledged the request). The control surface can force that race with
 * forceComplete().
 *
 * The image is rendered when the first attempt starts (the service's rasterisation); a document that
 * cannot be rendered ends the fax in ERROR E07.
 */
import type { Scheduler } from '../clock';
import type { ImageService } from '../images/service';
import type { Inbound } from '../inbound';
import type { Store } from '../state/store';
import type { Webhooks } from '../webhooks/webhooks';
import { RenderError } from '../images/documents';
import { FINAL_STATES, type AttemptRecord, type FaxRecord } from '../state/model';
import { RETRY_BUDGET, RETRY_INTERVAL_MS, ruleById, type DestinationRule } from './destination-rules';

/** How long after a cancel request the carrier halts the fax. */
export const CANCEL_DELAY_MS = 1_000;

/** The service's wording of each result code (error_message / error_reason). */
export const RESULT_MESSAGES: Readonly<Record<string, string>> = Object.freeze({
  E06: 'Unspecified system error',
  E07: 'Document conversion failed',
  E33: 'Human answered',
  E41: 'Busy',
  E42: 'No answer',
  E43: 'Human answered',
  E44: 'Transmission interrupted',
  E45: 'Cancelled by sender',
  E46: 'Fax expired',
  E49: 'Communication error',
  E51: 'Destination number format invalid',
  E52: 'High risk destination',
  E53: 'Destination fax number not allowed',
});

/**
 * The emulator parts the carrier uses (the emulator's Core has them all; a narrow type, so the carrier
 * does not import the Core that lists it).
 */
export interface CarrierDeps {
  store: Store;
  scheduler: Scheduler;
  images: ImageService;
  webhooks: Webhooks;
  inbound: Pick<Inbound, 'deliverLoopback'>;
  log(message: string, details?: Record<string, unknown>): void;
}

export const resultMessage = (code: string): string => RESULT_MESSAGES[code] ?? 'Transmission failed';

export class Carrier {
  constructor(private readonly core: CarrierDeps) {}

  /** Starts a new fax on its way (called once the send request is committed). */
  submit(fax: FaxRecord): void {
    const rule = ruleById(fax.ruleId);
    this.setNext(fax, 'start-attempt', fax.createdAt + rule.queuedMs);
  }

  /** After a restart: re-arms every fax that is not final. */
  resume(): void {
    const now = this.core.scheduler.now();
    for (const fax of this.core.store.faxes.values()) {
      if (fax.direction !== 'OUTBOUND' || FINAL_STATES.has(fax.status)) continue;
      if (fax.next) {
        this.arm(fax);
      } else {
        // It stopped mid-step (while rendering): drop the unfinished attempt and start it again.
        const last = fax.attempts[fax.attempts.length - 1];
        if (last && last.endedAt === null) fax.attempts.pop();
        fax.status = fax.attempts.length === 0 ? 'NEW' : 'PENDING RETRY';
        this.setNext(fax, 'start-attempt', now);
      }
      if (fax.cancelRequestedAt !== null) this.armCancel(fax);
    }
  }

  /** POST /faxes/{id}/cancel on a fax that is not final. */
  requestCancel(fax: FaxRecord): void {
    if (fax.cancelRequestedAt !== null) return;
    fax.cancelRequestedAt = this.core.scheduler.now();
    this.core.store.saveFax(fax);
    this.armCancel(fax);
  }

  /**
   * Control surface: the fax completes now, before any pending cancel takes effect (the cancel race).
   * Returns false when the fax is already final.
   */
  async forceComplete(fax: FaxRecord): Promise<boolean> {
    if (FINAL_STATES.has(fax.status)) return false;
    fax.forcedComplete = true;
    fax.next = null;
    this.core.store.saveFax(fax);
    const at = this.core.scheduler.now();
    if (!fax.image) {
      fax.headerDate ??= at;
      try {
        await this.render(fax);
      } catch {
        // Forced completion does not depend on the documents.
      }
      if (this.core.store.faxes.get(fax.faxId) !== fax || FINAL_STATES.has(fax.status)) return true;
    }
    let attempt = fax.attempts[fax.attempts.length - 1];
    if (!attempt || attempt.endedAt !== null) {
      attempt = this.newAttempt(fax, at);
      fax.attempts.push(attempt);
    }
    this.complete(fax, attempt, this.core.scheduler.now());
    return true;
  }

  // Steps ----------------------------------------------------------------------------------------

  private setNext(fax: FaxRecord, kind: 'start-attempt' | 'end-attempt', at: number): void {
    fax.next = { kind, at };
    this.core.store.saveFax(fax);
    this.arm(fax);
  }

  private arm(fax: FaxRecord): void {
    const step = fax.next!;
    this.core.scheduler.schedule(step.at, `${step.kind} ${fax.faxId}`, async (dueAt) => {
      const current = this.core.store.faxes.get(fax.faxId);
      // Superseded (cancelled, forced, deleted or rescheduled): nothing to do.
      if (current !== fax || fax.next !== step) return;
      if (step.kind === 'start-attempt') await this.startAttempt(fax, dueAt);
      else this.endAttempt(fax, dueAt);
    });
  }

  private armCancel(fax: FaxRecord): void {
    const requestedAt = fax.cancelRequestedAt!;
    this.core.scheduler.schedule(requestedAt + CANCEL_DELAY_MS, `cancel ${fax.faxId}`, (dueAt) => {
      if (this.core.store.faxes.get(fax.faxId) !== fax || fax.cancelRequestedAt !== requestedAt) return;
      this.applyCancel(fax, dueAt);
    });
  }

  private newAttempt(fax: FaxRecord, at: number): AttemptRecord {
    return {
      attemptNumber: fax.attempts.length + 1,
      status: 'IN PROGRESS',
      startedAt: at,
      endedAt: null,
      duration: 0,
      errorCode: null,
      errorMessage: null,
      pagesSent: 0,
    };
  }

  private scriptFor(rule: DestinationRule, attemptNumber: number): string {
    return rule.attempts[Math.min(attemptNumber - 1, rule.attempts.length - 1)]!;
  }

  private async startAttempt(fax: FaxRecord, at: number): Promise<void> {
    const rule = ruleById(fax.ruleId);
    const attempt = this.newAttempt(fax, at);
    fax.attempts.push(attempt);
    fax.status = 'IN PROGRESS';
    fax.next = null;
    fax.headerDate ??= at;
    this.core.store.saveFax(fax);
    const result = this.scriptFor(rule, attempt.attemptNumber);

    if (!fax.image && result !== 'E07') {
      try {
        await this.render(fax);
      } catch (error) {
        if (this.core.store.faxes.get(fax.faxId) !== fax || FINAL_STATES.has(fax.status)) return;
        const reason = error instanceof RenderError ? error.message : String(error);
        this.core.log('A fax image could not be rendered', { faxId: fax.faxId, reason });
        this.fail(fax, attempt, at, 'E07', `${resultMessage('E07')}: ${reason}`);
        return;
      }
      // A cancel, a forced completion or a delete may have happened while rendering.
      if (this.core.store.faxes.get(fax.faxId) !== fax || FINAL_STATES.has(fax.status)) return;
    }
    if (fax.forcedComplete) {
      this.complete(fax, attempt, this.core.scheduler.now());
      return;
    }
    const duration = result === 'OK' ? rule.attemptMs + rule.perPageMs * fax.imagePages : rule.failMs;
    this.setNext(fax, 'end-attempt', at + duration);
  }

  private async render(fax: FaxRecord): Promise<void> {
    const sender = this.core.store.numberByUserId(fax.userId);
    const user = sender ? this.core.store.users.get(sender.customerKey) : undefined;
    const image = await this.core.images.renderOutbound(fax, user?.timeZone ?? 'UTC', sender?.faxNumber ?? '');
    if (this.core.store.faxes.get(fax.faxId) !== fax) return;
    fax.image = image.hash;
    fax.imagePages = image.pages;
    fax.imageBytes = image.bytes;
    this.core.store.saveFax(fax);
  }

  private endAttempt(fax: FaxRecord, at: number): void {
    const rule = ruleById(fax.ruleId);
    const attempt = fax.attempts[fax.attempts.length - 1]!;
    const result = fax.forcedComplete ? 'OK' : this.scriptFor(rule, attempt.attemptNumber);
    if (result === 'OK') {
      this.complete(fax, attempt, at);
      return;
    }
    const budget = RETRY_BUDGET[result];
    const options = fax.options!;
    const canRetry =
      (budget === 'billable' && fax.billableRetriesUsed < options.billableRetries) ||
      (budget === 'non-billable' && fax.nonBillableRetriesUsed < options.nonBillableRetries) ||
      (budget === 'human-answer' && fax.humanAnswersUsed + 1 < options.humanAnswerAttempts);
    if (!canRetry) {
      this.fail(fax, attempt, at, result, resultMessage(result));
      return;
    }
    this.endAttemptRecord(attempt, at, 'ERROR', result, resultMessage(result));
    if (budget === 'billable') fax.billableRetriesUsed += 1;
    else if (budget === 'non-billable') fax.nonBillableRetriesUsed += 1;
    else fax.humanAnswersUsed += 1;
    fax.status = 'PENDING RETRY';
    this.setNext(fax, 'start-attempt', at + RETRY_INTERVAL_MS);
  }

  private endAttemptRecord(attempt: AttemptRecord, at: number, status: AttemptRecord['status'], code: string | null, message: string | null): void {
    attempt.status = status;
    attempt.endedAt = at;
    attempt.duration = Math.round((at - attempt.startedAt) / 1000);
    attempt.errorCode = code;
    attempt.errorMessage = message;
  }

  private complete(fax: FaxRecord, attempt: AttemptRecord, at: number): void {
    this.endAttemptRecord(attempt, at, 'COMPLETED', null, null);
    attempt.pagesSent = fax.imagePages;
    fax.status = 'COMPLETED';
    fax.completedAt = at;
    fax.pages = fax.imagePages;
    fax.duration = attempt.duration;
    fax.errorCode = null;
    fax.errorMessage = null;
    fax.next = null;
    fax.destinationFaxCsid = this.core.store.numbers.get(fax.destinationFaxNumber.replace(/^\+/, ''))?.csid ?? fax.destinationFaxNumber.replace(/^\+/, '');
    this.core.store.saveFax(fax);
    this.core.webhooks.notifyOutbound(fax);
    if (fax.ruleId === -1) this.core.inbound.deliverLoopback(fax, at);
  }

  private fail(fax: FaxRecord, attempt: AttemptRecord, at: number, code: string, message: string): void {
    this.endAttemptRecord(attempt, at, 'ERROR', code, message);
    fax.status = 'ERROR';
    fax.completedAt = at;
    fax.pages = 0;
    fax.duration = 0;
    fax.errorCode = code;
    fax.errorMessage = message;
    fax.next = null;
    this.core.store.saveFax(fax);
    this.core.webhooks.notifyOutbound(fax);
  }

  private applyCancel(fax: FaxRecord, at: number): void {
    if (FINAL_STATES.has(fax.status) || fax.forcedComplete) return;
    const attempt = fax.attempts[fax.attempts.length - 1];
    if (attempt && attempt.endedAt === null) this.endAttemptRecord(attempt, at, 'CANCELED', 'E45', resultMessage('E45'));
    fax.status = 'CANCELED';
    fax.completedAt = at;
    fax.pages = 0;
    fax.duration = 0;
    fax.errorCode = 'E45';
    fax.errorMessage = resultMessage('E45');
    fax.next = null;
    this.core.store.saveFax(fax);
    this.core.webhooks.notifyOutbound(fax);
  }
}
