/**
 * Whether the webhooks of each served account demonstrably work, and what the sync engine and the
 * status bar are told about it (the policy itself is health.ts):
 * - proven by a test ping's round trip (a Test click, or the self-check every SELF_CHECK_EVERY_MS while
 *   the receiver is on) and kept by every verified notification;
 * - broken by a ping that does not come back, or by a fax that polling saw finish (or arrive) whose
 *   notification did not come within EVENT_GRACE_MS;
 * - published per account: while healthy the lists of the directions that come here (and the
 *   notification log) are polled only every RELAXED_POLL_MS; otherwise normally, and the status bar says
 *   why. An account whose webhooks go elsewhere is not monitored at all (no pings, no status);
 * - taken over: the service keeps one webhook address per application, and another desk on the same
 *   account may save its own. While an account's webhooks come here, where they go is read again every
 *   normal poll interval (one request, instead of the three lists webhooks stand in for), so within one
 *   poll a desk whose address was replaced says so plainly ("Front desk now receives…"), once as a notice
 *   and in the status bar, and goes back to normal polling.
 */
import type { FaxDirection } from '../../shared/domain/fax';
import type { SyncFeed } from '../../shared/domain/history';
import { isFinalOutboundState } from '../../shared/domain/sync';
import type { ReceiverTestReport } from '../../shared/ipc/contract/webhooks';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import type { WebhookRepository } from '../store/repositories/webhook-repository';
import type { HistoryStores } from '../sync/ports';
import { EVENT_GRACE_MS, PING_WAIT_MS, RELAXED_POLL_MS, SELF_CHECK_EVERY_MS, fellBack, instantStatus, isHealthy, newHealth, pingSucceeded, type AccountHealth } from './health';
import type { WebhookEvent } from './payload';
import { PingProbe } from './ping-probe';
import type { ReceiverAccounts, ReceiverSync } from './ports';
import type { ReceiverRoster } from './roster';
import { safely } from './safely';

/** What an account's health looks like in Settings. */
export interface HealthView {
  instant: ReturnType<typeof instantStatus> | null;
  lastPing: { at: string; roundTripMs: number } | null;
  lastEventAt: string | null;
}

export interface HealthMonitorDeps {
  accounts: Pick<ReceiverAccounts, 'clientFor'>;
  roster: Pick<ReceiverRoster, 'hasKey' | 'directionsHere' | 'served' | 'signers' | 'refresh' | 'refreshDestinations'>;
  receipts: Pick<WebhookRepository, 'receiptsForFax'>;
  stores: Pick<HistoryStores, 'outbound' | 'received'>;
  sync: Pick<ReceiverSync, 'setInstantUpdates'>;
  /** A listener is up: the receiver can receive at all. */
  isOn: () => boolean;
  /** Something Settings shows changed. */
  changed: () => void;
  /** The person's poll interval (normal polling), in seconds. */
  pollSeconds: () => number;
  /** Says something to the person once (an app notice). */
  notice?: (level: 'info' | 'warning', message: string) => void;
  timers: Timers;
  now: () => Date;
  logger: Logger;
}

export class HealthMonitor {
  private readonly health = new Map<string, AccountHealth>();
  /** Accounts told a status, so they are told again when they stop being served. */
  private readonly published = new Set<string>();
  private readonly probe: PingProbe;
  private readonly watches = new Set<unknown>();
  /** Faxes whose notification is being waited for (account, kind, fax id). */
  private readonly expected = new Set<string>();
  private selfCheckTimer: unknown = null;
  private routeTimer: unknown = null;
  /** Accounts whose webhooks came here and were then pointed elsewhere: what the status bar says. */
  private readonly takenOver = new Map<string, string>();
  private running = false;

  constructor(private readonly deps: HealthMonitorDeps) {
    this.probe = new PingProbe(deps.accounts, PING_WAIT_MS);
  }

  /** (Re)starts the self-check: the first one now, with where the webhooks go as the roster just read it. */
  start(): void {
    this.running = true;
    this.scheduleSelfCheck(0, false);
    this.scheduleRouteCheck();
  }

  stop(): void {
    this.running = false;
    this.deps.timers.clearTimeout(this.selfCheckTimer);
    this.selfCheckTimer = null;
    this.deps.timers.clearTimeout(this.routeTimer);
    this.routeTimer = null;
    for (const t of this.watches) this.deps.timers.clearTimeout(t);
    this.watches.clear();
    this.expected.clear();
  }

  /** A verified notification arrived for the account. */
  noteEvent(accountId: string, event: WebhookEvent): void {
    if (event.kind === 'PING') this.probe.arrived(event.notificationId);
    const health = this.health.get(accountId) ?? newHealth();
    this.health.set(accountId, { ...health, lastEventAt: this.deps.timers.now() });
  }

  forget(accountId: string): void {
    this.health.delete(accountId);
    this.takenOver.delete(accountId);
  }

  /**
   * Reads again where the webhooks of every account that receives them here go (and of those taken
   * over, to notice them coming back). An account whose address another desk replaced falls back to
   * normal polling at once, and says who took it over. Runs every normal poll interval; tests call it.
   */
  async checkRoutes(): Promise<void> {
    const ids = new Set([...this.deps.roster.served().map((s) => s.accountId), ...this.takenOver.keys()]);
    for (const accountId of ids) {
      if (!this.running || !this.deps.isOn()) return;
      const before = this.deps.roster.directionsHere(accountId);
      const route = await this.deps.roster.refreshDestinations(accountId).catch(() => null);
      if (!this.running) return;
      if (route?.state === 'elsewhere' && (before.length > 0 || this.takenOver.has(accountId))) this.noteTakenOver(accountId, route);
      else if (route?.state === 'here') this.takenOver.delete(accountId);
      this.publish(accountId);
    }
  }

  private noteTakenOver(accountId: string, route: { destinations: readonly string[]; setBy?: readonly string[] }): void {
    const who = route.setBy?.length ? `${route.setBy.map((n) => `“${n}”`).join(' and ')} now receive${route.setBy.length === 1 ? 's' : ''}` : 'another address now receives';
    const where = route.destinations.length ? ` (${route.destinations.join(' and ')})` : '';
    const message = route.destinations.length
      ? `Instant updates off: ${who} this account's webhooks${where}. This desk checks the service every ${this.deps.pollSeconds()} s instead.`
      : `Instant updates off: this account's webhook address was removed at the service. This desk checks the service every ${this.deps.pollSeconds()} s instead.`;
    const first = !this.takenOver.has(accountId);
    this.takenOver.set(accountId, message);
    const health = this.health.get(accountId) ?? newHealth();
    this.health.set(accountId, fellBack(health, 'its webhooks go elsewhere now.', this.deps.timers.now()));
    if (first) {
      this.deps.logger.warn('webhooks taken over by another address', { accountId });
      this.deps.notice?.('warning', message);
    }
  }

  private scheduleRouteCheck(): void {
    this.deps.timers.clearTimeout(this.routeTimer);
    this.routeTimer = null;
    if (!this.running) return;
    this.routeTimer = this.deps.timers.setTimeout(() => {
      this.routeTimer = null;
      void this.checkRoutes()
        .catch((error: unknown) => this.deps.logger.warn('could not check where webhooks go', { error: String(error) }))
        .finally(() => this.scheduleRouteCheck());
    }, Math.max(15, this.deps.pollSeconds()) * 1000);
  }

  view(accountId: string): HealthView {
    const health = this.health.get(accountId);
    return {
      instant: this.statusOf(accountId),
      lastPing: health?.lastPingOkAt != null && health.lastPingRoundTripMs !== null ? { at: this.wallTime(health.lastPingOkAt), roundTripMs: health.lastPingRoundTripMs } : null,
      lastEventAt: health?.lastEventAt != null ? this.wallTime(health.lastEventAt) : null,
    };
  }

  /** Asks the service for a test notification and waits for it here: the round trip. */
  async test(accountId: string): Promise<ReceiverTestReport> {
    if (!this.deps.isOn()) return { ok: false, roundTripMs: null, message: 'Turn the receiver on (or the Sandbox\'s instant updates) first.' };
    if (!this.deps.roster.hasKey(accountId)) {
      return { ok: false, roundTripMs: null, message: 'This account has no webhook HMAC key yet: set one with its webhook address in Settings > Accounts > Webhooks.' };
    }
    // Where its webhooks go may have changed at the service since it was last read.
    const route = await this.deps.roster.refreshDestinations(accountId);
    this.publish(accountId);
    if (route?.state === 'elsewhere') {
      const where = route.destinations.length ? `go to ${route.destinations.join(' and ')}` : 'have no address at the service';
      return { ok: false, roundTripMs: null, message: `Not using this receiver: this account's webhooks ${where}. Point them at this receiver's public URL in Settings > Accounts > Webhooks.` };
    }
    if (route?.state === 'unknown') return { ok: false, roundTripMs: null, message: `Faxdesk could not read where this account's webhooks go: ${route.problem}` };
    const report = await this.pingRoundTrip(accountId);
    this.publish(accountId);
    return report;
  }

  /** Jobs that changed: one that finished without its notification must see it within the grace time. */
  watchFinished(accountId: string, jobIds: readonly string[]): void {
    if (!this.isHealthyNow(accountId) || !this.deps.roster.directionsHere(accountId).includes('OUTBOUND')) return;
    const recent = this.deps.now().getTime() - 10 * 60_000;
    for (const id of jobIds) {
      const job = this.deps.stores.outbound.get(id);
      if (!job?.faxId || !isFinalOutboundState(job.state) || job.state === 'REJECTED') continue;
      if (job.completedAt && Date.parse(job.completedAt) < recent) continue;
      this.expect(accountId, job.faxId, 'OUTBOUND', 'a sent fax finished and its webhook notification did not arrive.');
    }
  }

  /** Received faxes that arrived: each must see its notification within the grace time. */
  watchArrived(accountId: string, receivedIds: readonly string[]): void {
    if (!this.isHealthyNow(accountId) || !this.deps.roster.directionsHere(accountId).includes('INBOUND')) return;
    for (const id of receivedIds) {
      const fax = this.deps.stores.received.get(id);
      if (fax) this.expect(accountId, fax.faxId, 'INBOUND', 'a fax arrived and its webhook notification did not.');
    }
  }

  /** Tells the sync engine (and so the status bar) every account's state. */
  publishAll(): void {
    for (const id of new Set([...this.published, ...this.deps.roster.signers().map((s) => s.accountId)])) this.publish(id);
  }

  publish(accountId: string): void {
    const directions = this.deps.roster.directionsHere(accountId);
    const status = this.statusOf(accountId);
    const healthy = status?.state === 'active';
    this.deps.sync.setInstantUpdates(accountId, { feeds: relaxedFeeds(directions), floorMs: healthy ? RELAXED_POLL_MS : 0 }, status);
    if (status) this.published.add(accountId);
    else this.published.delete(accountId);
    this.deps.changed();
  }

  // -------------------------------------------------------------------------------------------

  private statusOf(accountId: string): ReturnType<typeof instantStatus> | null {
    const directions = this.deps.roster.directionsHere(accountId);
    if (!this.deps.isOn()) return null;
    if (directions.length === 0) {
      const taken = this.takenOver.get(accountId);
      return taken ? { state: 'fallback', message: taken, pollSeconds: this.deps.pollSeconds() } : null;
    }
    return instantStatus(this.health.get(accountId) ?? newHealth(), this.deps.timers.now(), this.deps.pollSeconds(), directions);
  }

  private isHealthyNow(accountId: string): boolean {
    const health = this.health.get(accountId);
    return this.deps.isOn() && health !== undefined && isHealthy(health, this.deps.timers.now());
  }

  private hasReceipt(accountId: string, faxId: string, kind: 'OUTBOUND' | 'INBOUND'): boolean {
    return this.deps.receipts.receiptsForFax(accountId, faxId).some((r) => r.kind === kind);
  }

  /**
   * Falls back unless the fax's notification is here within EVENT_GRACE_MS. Nothing to wait for when it
   * already is (the webhook usually comes first), and one wait per fax however often it changes.
   */
  private expect(accountId: string, faxId: string, kind: 'OUTBOUND' | 'INBOUND', reason: string): void {
    const key = `${accountId} ${kind} ${faxId}`;
    if (this.expected.has(key) || this.hasReceipt(accountId, faxId, kind)) return;
    this.expected.add(key);
    this.later(EVENT_GRACE_MS, () => {
      this.expected.delete(key);
      if (!this.hasReceipt(accountId, faxId, kind)) this.fallBack(accountId, reason);
    });
  }

  private fallBack(accountId: string, reason: string): void {
    const health = this.health.get(accountId) ?? newHealth();
    if (health.fallback) return;
    this.health.set(accountId, fellBack(health, reason, this.deps.timers.now()));
    this.deps.logger.warn('instant updates fell back to polling', { accountId, reason });
    this.publish(accountId);
  }

  private async pingRoundTrip(accountId: string): Promise<ReceiverTestReport> {
    const outcome = await this.probe.roundTrip(accountId, this.deps.roster.directionsHere(accountId));
    if (outcome.ok) {
      this.health.set(accountId, pingSucceeded(this.health.get(accountId) ?? newHealth(), this.deps.timers.now(), outcome.roundTripMs));
      return { ok: true, roundTripMs: outcome.roundTripMs, message: `The test notification came back in ${outcome.roundTripMs} ms.` };
    }
    switch (outcome.reason) {
      case 'request-failed':
        this.fallBack(accountId, `the test notification could not be requested (${outcome.message.replace(/[.\s]+$/, '')}).`);
        return { ok: false, roundTripMs: null, message: `The service could not send a test notification: ${outcome.message}` };
      case 'no-address':
        return { ok: false, roundTripMs: null, message: 'The service has no webhook address for this account; set one in Settings > Accounts > Webhooks.' };
      case 'timeout': {
        const seconds = outcome.waitedMs / 1000;
        this.fallBack(accountId, `the test notification did not arrive within ${seconds} s.`);
        return { ok: false, roundTripMs: null, message: `The test notification did not arrive within ${seconds} s. Check the webhook address at the service and that it reaches this receiver.` };
      }
    }
  }

  /** Re-reads where the accounts' webhooks go (unless just read), then pings each served account once. */
  private async selfCheck(reread: boolean): Promise<void> {
    // Each await may outlast stop() (the app quitting closes the database): nothing is published after.
    if (reread) {
      await this.deps.roster.refresh({ destinations: true });
      if (!this.running) return;
      this.publishAll();
    }
    for (const signer of this.deps.roster.served()) {
      if (!this.running || !this.deps.isOn()) return;
      await this.pingRoundTrip(signer.accountId).catch(() => undefined);
      if (!this.running) return;
      this.publish(signer.accountId);
    }
  }

  private scheduleSelfCheck(delayMs: number, reread: boolean): void {
    this.deps.timers.clearTimeout(this.selfCheckTimer);
    this.selfCheckTimer = null;
    if (!this.running || !this.deps.isOn()) return;
    this.selfCheckTimer = this.deps.timers.setTimeout(() => {
      void this.selfCheck(reread)
        .catch((error: unknown) => this.deps.logger.warn('the webhook self-check failed', { error: String(error) }))
        .finally(() => this.scheduleSelfCheck(SELF_CHECK_EVERY_MS, true));
    }, delayMs);
  }

  private later(ms: number, fn: () => void): void {
    const handle = this.deps.timers.setTimeout(() => {
      this.watches.delete(handle);
      if (this.running) safely(this.deps.logger, 'check a webhook', fn);
    }, ms);
    this.watches.add(handle);
  }

  /** A time of the injectable clock (timers.now) as the wall-clock ISO time it stands for. */
  private wallTime(at: number): string {
    return new Date(this.deps.now().getTime() - (this.deps.timers.now() - at)).toISOString();
  }
}

/** The feeds webhooks stand in for while healthy: the lists of the directions that come here, and the notification log. */
export function relaxedFeeds(directions: readonly FaxDirection[]): SyncFeed[] {
  const feeds: SyncFeed[] = [];
  if (directions.includes('INBOUND')) feeds.push('received');
  if (directions.includes('OUTBOUND')) feeds.push('sent');
  if (feeds.length > 0) feeds.push('notifications');
  return feeds;
}
