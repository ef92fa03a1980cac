/**
 * Delivery intake: what happens to a request between the listener and the answer, at once (spec
 * rule 6: verification is a few HMACs, recording a few INSERTs; the work happens later):
 * 1. verified: X-HMAC-Signature against the key of every account that has one (constant time, over the
 *    raw bytes); unsigned or mis-signed → 401, logged without the body;
 * 2. read: JSON (400 otherwise), tolerant of fields (payload.ts), routed by app_id / user_id to the
 *    account(s) whose key signed it;
 * 3. recorded once: a receipt per (account, notification id), held until applied — a replay or a retry
 *    of something already received answers 200 "duplicate" and changes nothing; a receipt that cannot
 *    be written answers 503, the one answer the service retries;
 * 4. handed on: each fresh (account, event) goes to `accepted`, which applies it later.
 * Outbound notifications for faxes not known here are held (see EventApplier) within HeldLimits: past
 * them the oldest held ones are dropped, and the delivery log says so in the entry that caused it.
 * Every request, refused ones too, goes into the delivery log Settings shows.
 *
 * Group commit: what the deliveries read in one turn of the event loop write (receipts, log entries)
 * commits in one transaction at the end of that turn, and each is answered once its writes are
 * committed. A commit costs more than the inserts it carries (about 4x here), and a burst of deliveries
 * arrives in the same few turns; a lone delivery waits one setImmediate.
 */
import type { ListenerName, NewDeliveryLogEntry, WebhookRepository } from '../store/repositories/webhook-repository';
import type { Logger } from '../platform/logger';
import type { DeliveryAnswer, IncomingDelivery, ListenerHooks } from './listener';
import { factsOf, parseWebhookBody, type WebhookEvent } from './payload';
import type { Signer } from './roster';
import { safely } from './safely';
import { whichKeySigned } from './signature';

/**
 * How many outbound notifications for faxes not known here are kept, and how many bytes of them. A
 * notification arrives before its send's answer is recorded for a moment at most; one held for long is
 * for a fax sent elsewhere with the same App ID, and polling reports those faxes anyway. 2,000 is more
 * than a day of a busy office's faxes; the facts of one are a few hundred bytes (2 MiB is ~4,000 of them,
 * or 32 of the largest body a delivery may have).
 */
export interface HeldLimits {
  count: number;
  bytes: number;
}

export const DEFAULT_HELD_LIMITS: HeldLimits = Object.freeze({ count: 2_000, bytes: 2 * 1024 * 1024 });

export interface IntakeDeps {
  repository: Pick<WebhookRepository, 'addReceipt' | 'logDeliveries' | 'trimHeld' | 'atomically'>;
  /** The accounts whose keys may have signed a delivery. */
  signers: () => readonly Signer[];
  /** A verified notification recorded for the first time for this account. */
  accepted: (accountId: string, event: WebhookEvent) => void;
  /** The delivery log has a new entry. */
  logged: () => void;
  logger: Logger;
  now: () => Date;
  /** Tests: other limits than DEFAULT_HELD_LIMITS. */
  heldLimits?: HeldLimits;
}

/** One delivery's (or refusal's) writes, run inside the turn's transaction; `after` runs once it committed. */
interface Pending {
  work: () => { answer: DeliveryAnswer; after?: () => void };
  resolve: (answer: DeliveryAnswer) => void;
}

interface LogEntry {
  status: number;
  verified: boolean;
  outcome: string;
  event?: WebhookEvent;
  accountId?: string | null;
}

export class DeliveryIntake {
  private pending: Pending[] = [];
  /** The delivery log entries of the turn being committed (written together at its end). */
  private entries: NewDeliveryLogEntry[] = [];

  constructor(private readonly deps: IntakeDeps) {}

  /** The hooks of one listener: its deliveries come through here, logged under its name. */
  hooksFor(listener: ListenerName): ListenerHooks {
    return {
      onDelivery: (delivery) => this.receive(listener, delivery),
      onRefused: (status, outcome, remote) => this.refused(listener, status, outcome, remote),
    };
  }

  receive(listener: ListenerName, delivery: IncomingDelivery): Promise<DeliveryAnswer> {
    const at = this.deps.now();
    const log = (entry: LogEntry) => this.log(listener, at, entry);
    const answered = (entry: LogEntry, answer: DeliveryAnswer) => this.commit(() => (log(entry), { answer }));
    const signers = this.deps.signers();
    const signerIndex = whichKeySigned(delivery.body, delivery.signature, signers.map((s) => s.key));
    if (signerIndex < 0) {
      const outcome = delivery.signature === undefined ? 'Refused: no X-HMAC-Signature header.' : 'Refused: the signature does not match any account\'s key.';
      // The attempt is logged; its body never is.
      this.deps.logger.warn('webhook refused', { listener, remote: delivery.remote, bytes: delivery.body.length, reason: delivery.signature === undefined ? 'unsigned' : 'bad signature' });
      return answered({ status: 401, verified: false, outcome }, { status: 401, body: { status: 'unauthorized' } });
    }
    let json: unknown;
    try {
      json = JSON.parse(delivery.body.toString('utf8'));
    } catch {
      return answered({ status: 400, verified: true, outcome: 'Refused: the body is not JSON.' }, { status: 400, body: { status: 'bad request', reason: 'not JSON' } });
    }
    const parsed = parseWebhookBody(json);
    if (!parsed.ok) {
      return answered({ status: 400, verified: true, outcome: `Refused: ${parsed.problem}` }, { status: 400, body: { status: 'bad request', reason: parsed.problem } });
    }
    const event = parsed.event;
    const targets = routeEvent(event, signers, signers[signerIndex]!.key);
    if (targets.length === 0) {
      return answered({ status: 200, verified: true, outcome: 'Ignored: no active account here has this App ID and user-id.', event }, { status: 200, body: { status: 'ignored' } });
    }
    return this.commit(() => this.record(event, targets, at, log));
  }

  /** The receipts of a verified event (one per target account), its trim and its log entry; handed on once committed. */
  private record(event: WebhookEvent, targets: string[], at: Date, log: (entry: LogEntry) => void): { answer: DeliveryAnswer; after?: () => void } {
    const fresh: string[] = [];
    for (const accountId of targets) {
      const added = safely(this.deps.logger, 'record a webhook receipt', () =>
        this.deps.repository.addReceipt({
          accountId,
          notificationId: event.notificationId,
          kind: event.kind,
          faxId: event.kind === 'PING' ? null : event.faxId,
          facts: factsOf(event),
          state: event.kind === 'PING' ? 'applied' : 'held',
          receivedAt: at.toISOString(),
          appliedAt: event.kind === 'PING' ? at.toISOString() : null,
        }),
      );
      if (added === undefined) {
        // Could not record it: let the service retry (5xx is the one answer it retries).
        log({ status: 503, verified: true, outcome: 'Could not record it (storage problem); the service will retry.', event, accountId });
        return { answer: { status: 503, body: { status: 'retry later' } } };
      }
      if (added) fresh.push(accountId);
    }
    if (fresh.length === 0) {
      log({ status: 200, verified: true, outcome: 'Duplicate: already received; nothing changed.', event, accountId: targets[0] });
      return { answer: { status: 200, body: { status: 'duplicate' } } };
    }
    const dropped = event.kind === 'OUTBOUND' ? this.trimHeld() : '';
    log({ status: 200, verified: true, outcome: `Accepted.${dropped}`, event, accountId: targets[0] });
    return {
      answer: { status: 200, body: { status: 'received' } },
      after: () => {
        for (const accountId of fresh) this.deps.accepted(accountId, event);
      },
    };
  }

  /** Queues writes for this turn's transaction (see the header); the answer comes once they committed. */
  private commit(work: Pending['work']): Promise<DeliveryAnswer> {
    return new Promise((resolve) => {
      if (this.pending.push({ work, resolve }) === 1) setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    let results: ReturnType<Pending['work']>[];
    try {
      results = this.deps.repository.atomically(() => {
        this.entries = [];
        const out = batch.map((item) => {
          try {
            return item.work();
          } catch (error) {
            this.deps.logger.error('could not record a webhook delivery', { error: String(error) });
            return { answer: { status: 503, body: { status: 'retry later' } } };
          }
        });
        const entries = this.entries;
        this.entries = [];
        safely(this.deps.logger, 'log webhook deliveries', () => this.deps.repository.logDeliveries(entries));
        return out;
      });
    } catch (error) {
      // Nothing was committed: every delivery of the turn is asked again (5xx is what the service retries).
      this.deps.logger.error('could not record webhook deliveries', { count: batch.length, error: String(error) });
      for (const item of batch) item.resolve({ status: 503, body: { status: 'retry later' } });
      return;
    }
    batch.forEach((item, i) => {
      const result = results[i]!;
      try {
        result.after?.();
      } catch (error) {
        this.deps.logger.error('a webhook notification could not be handed on', { error: String(error) });
      }
      item.resolve(result.answer);
    });
    this.deps.logged();
  }

  /** Keeps the held notifications within their limits; says what was dropped, in words for the log ('' when nothing). */
  private trimHeld(): string {
    const limits = this.deps.heldLimits ?? DEFAULT_HELD_LIMITS;
    const trim = safely(this.deps.logger, 'limit the held webhook notifications', () => this.deps.repository.trimHeld(limits));
    if (!trim?.dropped) return '';
    this.deps.logger.info('held webhook notifications dropped to stay within the limit', { dropped: trim.dropped, limit: limits.count, bytes: limits.bytes });
    const what = trim.dropped === 1 ? 'the oldest held notification' : `the ${trim.dropped} oldest held notifications`;
    return (
      ` To keep at most ${limits.count.toLocaleString('en-US')} notifications (${formatBytes(limits.bytes)}) for faxes not known on this computer, ` +
      `${what} (received up to ${trim.newestDroppedAt}) ${trim.dropped === 1 ? 'was' : 'were'} dropped; polling still reports those faxes.`
    );
  }

  refused(listener: ListenerName, status: number, outcome: string, remote: string): void {
    this.deps.logger.warn('webhook refused', { listener, remote, status, reason: outcome });
    const at = this.deps.now();
    void this.commit(() => {
      this.log(listener, at, { status, verified: false, outcome: `Refused: ${outcome}` });
      return { answer: { status, body: {} } };
    });
  }

  /** A delivery log entry, written with the rest of the turn's writes (inside flush). */
  private log(listener: ListenerName, at: Date, entry: LogEntry): void {
    this.entries.push({
      at: at.toISOString(),
      listener,
      eventType: entry.event?.kind ?? null,
      accountId: entry.accountId ?? null,
      notificationId: entry.event?.notificationId ?? null,
      faxId: entry.event && entry.event.kind !== 'PING' ? entry.event.faxId : null,
      verified: entry.verified,
      httpStatus: entry.status,
      outcome: entry.outcome,
    });
  }
}

/**
 * The accounts an event is for: those the signing key belongs to, by App ID and user-id. A PING is
 * for every account of the App ID; a fax event without a user-id for the first one only.
 */
export function routeEvent(event: WebhookEvent, signers: readonly Signer[], key: string): string[] {
  const byKey = signers.filter((s) => s.key === key);
  const byApp = event.appId ? byKey.filter((s) => s.appId === event.appId) : byKey;
  if (event.kind === 'PING') return byApp.map((s) => s.accountId);
  const userId = event.userId;
  const byUser = userId ? byApp.filter((s) => s.userId === userId) : byApp;
  return byUser.map((s) => s.accountId).slice(0, userId ? undefined : 1);
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB` : `${Math.round(bytes / 1024)} KiB`;
}
