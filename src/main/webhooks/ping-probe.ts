/**
 * A test ping's round trip: asks the service for a test notification (POST /notifications/ping) in a
 * direction whose webhooks come here, and times it until the intake reports its arrival.
 */
import type { FaxDirection } from '../../shared/domain/fax';
import { isAppError } from '../errors';
import type { ReceiverAccounts } from './ports';

export type PingOutcome =
  | { ok: true; roundTripMs: number }
  /** The service could not be asked (its message), or had no address to post to. */
  | { ok: false; reason: 'request-failed'; message: string }
  | { ok: false; reason: 'no-address' }
  | { ok: false; reason: 'timeout'; waitedMs: number };

/** Arrivals remembered for a ping whose waiter is not registered yet (the notification can beat the POST's answer). */
const REMEMBERED_ARRIVALS = 200;

export class PingProbe {
  /** PING notification id → when it arrived (performance time). */
  private readonly arrivals = new Map<string, number>();
  private readonly waiters = new Map<string, () => void>();

  constructor(
    private readonly accounts: Pick<ReceiverAccounts, 'clientFor'>,
    private readonly waitMs: number,
  ) {}

  /** A verified PING arrived. */
  arrived(notificationId: string): void {
    this.arrivals.set(notificationId, performance.now());
    this.waiters.get(notificationId)?.();
    if (this.arrivals.size > REMEMBERED_ARRIVALS) this.arrivals.delete(this.arrivals.keys().next().value!);
  }

  async roundTrip(accountId: string, directions: readonly FaxDirection[]): Promise<PingOutcome> {
    const started = performance.now();
    let ids: string[] = [];
    try {
      const client = await this.accounts.clientFor(accountId);
      // A ping goes to every enabled address of its direction: ask in a direction that comes here.
      for (const direction of directions) {
        try {
          ids = (await client.ping(direction)).map((r) => r.notifyId);
          break;
        } catch (error) {
          if (!isAppError(error) || error.code !== 'NOT_FOUND' || direction === directions.at(-1)) throw error;
        }
      }
    } catch (error) {
      return { ok: false, reason: 'request-failed', message: isAppError(error) ? error.message : 'The service could not be asked for a test notification.' };
    }
    if (ids.length === 0) return { ok: false, reason: 'no-address' };
    const arrivedAt = await this.waitFor(ids);
    if (arrivedAt === null) return { ok: false, reason: 'timeout', waitedMs: this.waitMs };
    return { ok: true, roundTripMs: Math.max(0, Math.round(arrivedAt - started)) };
  }

  private waitFor(ids: readonly string[]): Promise<number | null> {
    const arrived = () => ids.map((id) => this.arrivals.get(id)).find((t) => t !== undefined) ?? null;
    const already = arrived();
    if (already !== null) return Promise.resolve(already);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const id of ids) this.waiters.delete(id);
        resolve(arrived());
      };
      const timer = setTimeout(done, this.waitMs);
      timer.unref();
      for (const id of ids) this.waiters.set(id, done);
    });
  }
}
