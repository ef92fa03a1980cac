/**
 * Instant updates: Faxdesk's webhook receiver. Off by default; started by the core.
 *
 * A delivery (from a listener: the public one, or the Sandbox's own loopback one) is
 * 1. verified: X-HMAC-Signature against the HMAC key of every account that has one (constant time,
 *    over the raw bytes); unsigned or mis-signed → 401, logged without the body;
 * 2. read: JSON (400 otherwise), tolerant of fields (payload.ts), routed by app_id / user_id to the
 *    account whose key signed it;
 * 3. recorded once: a receipt per (account, notification id) — a replay or a retry of something already
 *    received answers 200 "duplicate" and changes nothing;
 * 4. answered 200 at once (spec rule 6), then applied asynchronously:
 *    - OUTBOUND: a report with source "webhook" through the outbox's one recorder (a final state never
 *      goes back; the same report writes nothing; the final-state notification fires once whoever saw
 *      it first), plus one WEBHOOK_RECEIVED timeline entry. A fax whose POST response is not recorded
 *      yet stays held in webhook_receipts and is applied when the outbox announces a change for the
 *      account (the fax_id then known), or at the next start;
 *    - INBOUND: the received fax is recorded from the announcement and its download starts now (the
 *      inbox raises the one notification when the image is stored), and the received list is read at
 *      once to confirm;
 *    - PING: the round trip of a test.
 * Health (health.ts) decides whether the received/sent/notification lists may be polled slowly; it is
 * kept by periodic test pings, by every verified event, and broken by a failed ping or a fax that
 * polling saw finish with no notification. After the 20-minute retry window, FAILED deliveries in the
 * mirrored notification log are reconciled once each (the lists are read again).
 *
 * Secrets: the HMAC keys and the TLS private key are read from the keychain into memory, registered
 * with the redactor, and never written to SQLite, logs, or IPC results.
 */
import { randomBytes } from 'node:crypto';
import type { FaxDirection } from '../../shared/domain/fax';
import type { FaxRef, SyncFeed } from '../../shared/domain/history';
import { isFinalOutboundState } from '../../shared/domain/sync';
import type { ReceiverConfigureInput, ReceiverDelivery, ReceiverTestReport, ReceiverView } from '../../shared/ipc/contract/webhooks';
import type { AccountView } from '../../shared/ipc/contract/accounts';
import type { SecretStore } from '../accounts/secret-store';
import { RECEIVER_SECRET_OWNER } from '../accounts/secret-store';
import { AppError, isAppError } from '../errors';
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import type { WebhookRepository, ListenerName, ReceiverSettingsRow } from '../store/repositories/webhook-repository';
import type { HistoryStores, OutboundStateRecorder, SyncClient } from '../sync/ports';
import { EVENT_GRACE_MS, PING_WAIT_MS, RELAXED_POLL_MS, RETRY_WINDOW_MS, SELF_CHECK_EVERY_MS, fellBack, instantStatus, isHealthy, newHealth, pingSucceeded, type AccountHealth } from './health';
import { ReceiverListener, type DeliveryAnswer, type IncomingDelivery, type ListenerOptions } from './listener';
import { factsOf, parseWebhookBody, type InboundEvent, type OutboundEvent, type WebhookEvent } from './payload';
import { whichKeySigned } from './signature';
import { SANDBOX_RECEIVER_HOST, makeSandboxCertificate, readCertificateFile, readPrivateKeyFile, secretFragments, type TlsMaterial } from './tls-material';

/** The address the Sandbox posts to (its delivery route maps it to the Sandbox listener's loopback port). */
export const SANDBOX_WEBHOOK_ORIGIN = `https://${SANDBOX_RECEIVER_HOST}:8443`;
export const SANDBOX_WEBHOOK_URL = `${SANDBOX_WEBHOOK_ORIGIN}/faxdesk/webhooks`;
/** The feeds webhooks stand in for while healthy (the active-fax detail keeps showing progress). */
export const RELAXED_FEEDS: readonly SyncFeed[] = ['received', 'sent', 'notifications'];
/** A held notification whose fax never became known is dropped after this long. */
export const HOLD_FOR_MS = 7 * 24 * 3600_000;
const RECONCILE_EVERY_MS = 5 * 60_000;

export interface ReceiverAccounts {
  list(): AccountView[];
  clientFor(accountId: string): Promise<Pick<SyncClient, 'ping'>>;
  readSecret(accountId: string, kind: 'hmacSecret'): Promise<string | null>;
  onChange(listener: () => void): () => void;
}

/** The Sandbox as instant updates need it (SandboxHost fits). */
export interface ReceiverSandbox {
  hmacSecret: string | null;
  credentials(): { baseUrl: string } | null;
  routeWebhooks(origin: string, route: { port: number; ca?: string } | null): boolean;
}

/** Sets the Sandbox's webhook addresses and key at its emulator (the accounts area's WebhookService fits). */
export interface SandboxWebhookConfig {
  set(input: { accountId: string; direction: FaxDirection; url: string; hmacSecret?: string }): Promise<unknown>;
  remove(accountId: string, direction: FaxDirection): Promise<unknown>;
}

export interface ReceiverSync {
  runNow(accountId?: string, feeds?: readonly SyncFeed[]): void;
  setInstantUpdates(accountId: string, floor: { feeds: readonly SyncFeed[]; floorMs: number }, status: ReturnType<typeof instantStatus> | null): void;
}

export interface ReceiverInbox {
  receivedChanged(accountId: string, created: readonly string[], changed: readonly string[]): void;
}

export interface ReceiverServiceDeps {
  repository: WebhookRepository;
  stores: HistoryStores;
  states: OutboundStateRecorder;
  accounts: ReceiverAccounts;
  sandbox: ReceiverSandbox | null;
  sandboxConfig: SandboxWebhookConfig;
  secrets: SecretStore;
  redactor: { register(value: string | null | undefined): void };
  sync: ReceiverSync;
  inbox: ReceiverInbox;
  events: EventBus;
  logger: Logger;
  now: () => Date;
  timers: Timers;
  /** The person's poll interval (normal polling), in seconds. */
  pollSeconds: () => number;
  /** Tests: listener options (short slow-client limits). */
  listenerOptions?: Partial<Pick<ListenerOptions, 'bodyTimeoutMs' | 'headersTimeoutMs'>>;
  /** Tests: where the public listener really binds when its configured port is 8443 (0 = any free port). */
  bindPort?: (configured: number) => number;
}

interface Signer {
  accountId: string;
  appId: string;
  userId: string;
  key: string;
}

export class WebhookReceiverService {
  private settings: ReceiverSettingsRow;
  private readonly publicListener: ReceiverListener;
  private readonly sandboxListener: ReceiverListener;
  private publicProblem: string | null = null;
  private sandboxProblem: string | null = null;
  private signers: Signer[] = [];
  private readonly health = new Map<string, AccountHealth>();
  /** PING notification id → when it arrived (performance time), for tests' round trips. */
  private readonly pingArrivals = new Map<string, number>();
  private readonly pingWaiters = new Map<string, () => void>();
  private readonly unsubscribe: (() => void)[] = [];
  private readonly timers = new Set<unknown>();
  private selfCheckTimer: unknown = null;
  private reconcileTimer: unknown = null;
  private sandboxCert: TlsMaterial | null = null;
  private sandboxBaseUrl: string | null = null;
  private work: Promise<void> = Promise.resolve();
  private started = false;
  private refreshing: Promise<void> | null = null;

  constructor(private readonly deps: ReceiverServiceDeps) {
    this.settings = deps.repository.settings();
    const hooks = (listener: ListenerName) => ({
      onDelivery: (delivery: IncomingDelivery) => this.receive(listener, delivery),
      onRefused: (status: number, outcome: string, remote: string) => this.refused(listener, status, outcome, remote),
    });
    this.publicListener = new ReceiverListener(hooks('public'));
    this.sandboxListener = new ReceiverListener(hooks('sandbox'));
  }

  // -------------------------------------------------------------------------------------------
  // Life cycle

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    const dropped = this.deps.repository.dropHeldBefore(new Date(this.deps.now().getTime() - HOLD_FOR_MS));
    if (dropped > 0) this.deps.logger.info('webhook notifications held too long were dropped', { count: dropped });
    this.unsubscribe.push(
      this.deps.accounts.onChange(() => void this.onAccountsChanged()),
      this.deps.events.subscribe((name, payload) => this.onAppEvent(name, payload)),
    );
    await this.refreshSigners();
    await this.applySettings();
    for (const account of this.deps.accounts.list()) this.retryHeld(account.id);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const off of this.unsubscribe.splice(0)) off();
    for (const t of this.timers) this.deps.timers.clearTimeout(t);
    this.timers.clear();
    this.deps.timers.clearTimeout(this.selfCheckTimer);
    this.deps.timers.clearTimeout(this.reconcileTimer);
    await Promise.all([this.publicListener.stop(), this.sandboxListener.stop()]);
    await this.work.catch(() => undefined);
  }

  /** Waits for the notifications being applied (tests, benchmarks). */
  async drain(): Promise<void> {
    for (;;) {
      const current = this.work;
      await current.catch(() => undefined);
      if (current === this.work) return;
    }
  }

  // -------------------------------------------------------------------------------------------
  // Settings (IPC)

  view(): ReceiverView {
    const now = this.deps.now().getTime();
    const signerIds = new Set(this.signers.map((s) => s.accountId));
    const active = this.isOn();
    return {
      enabled: this.settings.enabled,
      host: this.settings.host,
      port: this.settings.port,
      tls: this.settings.tls,
      certPath: this.settings.certPath,
      hasTlsKey: this.hasTlsKey,
      publicUrl: this.settings.publicUrl,
      listening: this.publicListener.address,
      problem: this.settings.enabled ? this.publicProblem : null,
      sandbox: { enabled: this.settings.sandbox, url: SANDBOX_WEBHOOK_URL, listening: this.sandboxListener.address !== null, problem: this.settings.sandbox ? this.sandboxProblem : null },
      accounts: this.deps.accounts
        .list()
        .filter((a) => a.enabled)
        .map((a) => {
          const health = this.health.get(a.id);
          return {
            accountId: a.id,
            label: a.displayLabel,
            hasKey: signerIds.has(a.id),
            instant: active && signerIds.has(a.id) ? instantStatus(health ?? newHealth(), now, this.deps.pollSeconds()) : null,
            lastPing:
              health?.lastPingOkAt != null && health.lastPingRoundTripMs !== null
                ? { at: new Date(health.lastPingOkAt).toISOString(), roundTripMs: health.lastPingRoundTripMs }
                : null,
            lastEventAt: health?.lastEventAt != null ? new Date(health.lastEventAt).toISOString() : null,
          };
        }),
    };
  }

  private hasTlsKey = false;

  async configure(input: ReceiverConfigureInput): Promise<ReceiverView> {
    const next = { ...this.settings };
    if (input.enabled !== undefined) next.enabled = input.enabled;
    if (input.host !== undefined) next.host = input.host;
    if (input.port !== undefined) next.port = input.port;
    if (input.tls !== undefined) next.tls = input.tls;
    if (input.certPath !== undefined) next.certPath = input.certPath;
    if (input.publicUrl !== undefined) next.publicUrl = input.publicUrl;
    if (input.forgetKey) {
      await this.deps.secrets.delete(RECEIVER_SECRET_OWNER, 'tlsPrivateKey');
      this.hasTlsKey = false;
    }
    if (input.keyPath !== undefined) {
      const pem = await readPrivateKeyFile(input.keyPath);
      for (const fragment of secretFragments(pem)) this.deps.redactor.register(fragment);
      await this.deps.secrets.set(RECEIVER_SECRET_OWNER, 'tlsPrivateKey', pem);
      this.hasTlsKey = true;
    }
    if (next.enabled && next.tls) {
      // Checked now, so a wrong file is said at once, next to its field.
      if (!next.certPath) throw new AppError('VALIDATION', 'Choose the certificate file for HTTPS (or turn HTTPS off behind a reverse proxy).', { field: 'certPath' });
      const key = await this.tlsKey();
      if (!key) throw new AppError('VALIDATION', 'Choose the private key file for HTTPS.', { field: 'keyPath' });
      await readCertificateFile(next.certPath, key);
    }
    this.settings = this.deps.repository.saveSettings(next, this.deps.now());
    this.deps.logger.info('webhook receiver settings changed', { enabled: next.enabled, host: next.host, port: next.port, tls: next.tls });
    await this.applySettings();
    return this.view();
  }

  /** The Sandbox's one switch. */
  async setSandbox(enabled: boolean): Promise<ReceiverView> {
    if (enabled && !this.deps.sandbox?.credentials()) {
      throw new AppError('VALIDATION', 'The Sandbox is not running. Make it active in Settings > Accounts first.', { field: 'enabled' });
    }
    if (!enabled && this.settings.sandbox) await this.unlinkSandbox();
    this.settings = this.deps.repository.saveSettings({ ...this.settings, sandbox: enabled }, this.deps.now());
    await this.applySettings();
    if (enabled && this.sandboxProblem) throw new AppError('INTERNAL', this.sandboxProblem);
    return this.view();
  }

  deliveries(limit: number): ReceiverDelivery[] {
    return this.deps.repository.deliveries(limit).map((d) => ({
      seq: d.seq,
      at: d.at,
      listener: d.listener,
      eventType: d.eventType,
      accountId: d.accountId,
      faxId: d.faxId,
      verified: d.verified,
      httpStatus: d.httpStatus,
      outcome: d.outcome,
    }));
  }

  /** Asks the service for a test notification and waits for it here: the round trip. */
  async test(accountId: string): Promise<ReceiverTestReport> {
    if (!this.isOn()) return { ok: false, roundTripMs: null, message: 'Turn the receiver on (or the Sandbox\'s instant updates) first.' };
    if (!this.signers.some((s) => s.accountId === accountId)) {
      return { ok: false, roundTripMs: null, message: 'This account has no webhook HMAC key yet: set one with its webhook address in Settings > Accounts > Webhooks.' };
    }
    const report = await this.pingRoundTrip(accountId);
    this.publishHealth(accountId);
    return report;
  }

  // -------------------------------------------------------------------------------------------
  // Receiving (synchronous: the answer goes out at once)

  private receive(listener: ListenerName, delivery: IncomingDelivery): DeliveryAnswer {
    const at = this.deps.now();
    const log = (entry: { status: number; verified: boolean; outcome: string; event?: WebhookEvent; accountId?: string | null }) => {
      this.safely('log a webhook delivery', () =>
        this.deps.repository.logDelivery({
          at: at.toISOString(),
          listener,
          eventType: entry.event?.kind ?? null,
          accountId: entry.accountId ?? null,
          notificationId: entry.event?.notificationId ?? null,
          faxId: entry.event && entry.event.kind !== 'PING' ? entry.event.faxId : null,
          verified: entry.verified,
          httpStatus: entry.status,
          outcome: entry.outcome,
        }),
      );
      this.changed();
    };
    const signerIndex = whichKeySigned(delivery.body, delivery.signature, this.signers.map((s) => s.key));
    if (signerIndex < 0) {
      const outcome = delivery.signature === undefined ? 'Refused: no X-HMAC-Signature header.' : 'Refused: the signature does not match any account\'s key.';
      // The attempt is logged; its body never is.
      this.deps.logger.warn('webhook refused', { listener, remote: delivery.remote, bytes: delivery.body.length, reason: delivery.signature === undefined ? 'unsigned' : 'bad signature' });
      log({ status: 401, verified: false, outcome });
      return { status: 401, body: { status: 'unauthorized' } };
    }
    let json: unknown;
    try {
      json = JSON.parse(delivery.body.toString('utf8'));
    } catch {
      log({ status: 400, verified: true, outcome: 'Refused: the body is not JSON.' });
      return { status: 400, body: { status: 'bad request', reason: 'not JSON' } };
    }
    const parsed = parseWebhookBody(json);
    if (!parsed.ok) {
      log({ status: 400, verified: true, outcome: `Refused: ${parsed.problem}` });
      return { status: 400, body: { status: 'bad request', reason: parsed.problem } };
    }
    const event = parsed.event;
    const key = this.signers[signerIndex]!.key;
    const targets = this.route(event, key);
    if (targets.length === 0) {
      log({ status: 200, verified: true, outcome: 'Ignored: no active account here has this App ID and user-id.', event });
      return { status: 200, body: { status: 'ignored' } };
    }
    let fresh = 0;
    for (const accountId of targets) {
      const added = this.safely('record a webhook receipt', () =>
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
        return { status: 503, body: { status: 'retry later' } };
      }
      if (!added) continue;
      fresh++;
      this.noteEvent(accountId, event);
      this.enqueue(() => this.apply(accountId, event));
    }
    if (fresh === 0) {
      log({ status: 200, verified: true, outcome: 'Duplicate: already received; nothing changed.', event, accountId: targets[0] });
      return { status: 200, body: { status: 'duplicate' } };
    }
    log({ status: 200, verified: true, outcome: 'Accepted.', event, accountId: targets[0] });
    return { status: 200, body: { status: 'received' } };
  }

  private refused(listener: ListenerName, status: number, outcome: string, remote: string): void {
    this.deps.logger.warn('webhook refused', { listener, remote, status, reason: outcome });
    this.safely('log a webhook delivery', () =>
      this.deps.repository.logDelivery({
        at: this.deps.now().toISOString(),
        listener,
        eventType: null,
        accountId: null,
        notificationId: null,
        faxId: null,
        verified: false,
        httpStatus: status,
        outcome: `Refused: ${outcome}`,
      }),
    );
    this.changed();
  }

  /** The accounts the event is for: those the signing key belongs to, by App ID and user-id. */
  private route(event: WebhookEvent, key: string): string[] {
    const signers = this.signers.filter((s) => s.key === key);
    const byApp = event.appId ? signers.filter((s) => s.appId === event.appId) : signers;
    if (event.kind === 'PING') return byApp.map((s) => s.accountId);
    const userId = event.userId;
    const byUser = userId ? byApp.filter((s) => s.userId === userId) : byApp;
    if (byUser.length > 0) return byUser.map((s) => s.accountId).slice(0, userId ? undefined : 1);
    return [];
  }

  private noteEvent(accountId: string, event: WebhookEvent): void {
    const now = this.deps.timers.now();
    if (event.kind === 'PING') {
      this.pingArrivals.set(event.notificationId, performance.now());
      this.pingWaiters.get(event.notificationId)?.();
      if (this.pingArrivals.size > 200) this.pingArrivals.delete(this.pingArrivals.keys().next().value!);
    }
    const health = this.health.get(accountId) ?? newHealth();
    this.health.set(accountId, { ...health, lastEventAt: now });
  }

  // -------------------------------------------------------------------------------------------
  // Applying (asynchronous, one at a time)

  private enqueue(task: () => Promise<void> | void): void {
    this.work = this.work.then(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
      try {
        await task();
      } catch (error) {
        this.deps.logger.error('a webhook notification could not be applied', { error: isAppError(error) ? `${error.code}: ${error.message}` : String((error as Error)?.stack ?? error) });
      }
    });
  }

  private apply(accountId: string, event: WebhookEvent): void {
    if (event.kind === 'OUTBOUND') this.applyOutbound(accountId, event);
    else if (event.kind === 'INBOUND') this.applyInbound(accountId, event);
  }

  /** Applies an outbound notification if its fax is known here; true when it was (or had been) applied. */
  private applyOutbound(accountId: string, event: OutboundEvent): boolean {
    const { stores, repository } = this.deps;
    const now = this.deps.now();
    const job = stores.outbound.getByFaxId(accountId, event.faxId);
    if (!job) {
      this.deps.logger.info('webhook for a fax not known yet: held until its send is recorded', { accountId, faxId: event.faxId });
      return false;
    }
    const at = event.completedAt ?? now.toISOString();
    const ref: FaxRef = { direction: 'OUTBOUND', outboundId: job.id };
    this.deps.states.apply(
      job.id,
      {
        state: event.state,
        rawStatus: event.rawStatus,
        at,
        source: 'webhook',
        result: {
          completedAt: event.completedAt,
          durationSeconds: event.durationSeconds,
          pages: event.pages,
          billableRetries: event.billableRetries,
          ...(event.state !== 'COMPLETED' ? { errorCode: event.errorCode, errorReason: event.errorReason } : {}),
        },
        detail: { notificationId: event.notificationId, ...(event.errorCode && event.state !== 'COMPLETED' ? { errorCode: event.errorCode } : {}) },
      },
      [{ ref, at, source: 'webhook', status: 'WEBHOOK_RECEIVED', detail: { status: event.rawStatus } }],
    );
    repository.applied(accountId, event.notificationId, now);
    return true;
  }

  private applyInbound(accountId: string, event: InboundEvent): void {
    const { stores, repository } = this.deps;
    const now = this.deps.now();
    const completedAt = event.completedAt ?? now.toISOString();
    const created: string[] = [];
    const changed: string[] = [];
    stores.db.transaction(() => {
      const upsert = stores.received.upsertFromService(
        accountId,
        { faxId: event.faxId, completedAt, pages: event.pages, faxStatus: event.faxStatus, originatingNumber: event.from, destinationNumber: event.destination, originatingTsid: event.tsid },
        now,
      );
      const ref: FaxRef = { direction: 'INBOUND', receivedId: upsert.id };
      if (upsert.created) {
        created.push(upsert.id);
        stores.events.record({ ref, at: completedAt, source: 'webhook', status: 'RECEIVED', detail: { ...(event.pages !== null ? { pages: event.pages } : {}), ...(event.from ? { from: event.from } : {}) } }, now);
      } else if (upsert.changed) changed.push(upsert.id);
      stores.events.record({ ref, at: completedAt, source: 'webhook', status: 'WEBHOOK_RECEIVED', detail: {} }, now);
      repository.applied(accountId, event.notificationId, now);
    })();
    // The download starts now; the inbox notifies once when the image is stored, whichever path found it.
    if (created.length || changed.length) this.deps.inbox.receivedChanged(accountId, created, changed);
    this.deps.sync.runNow(accountId, ['received']);
  }

  /** Held outbound notifications of the account whose fax is known now. */
  private retryHeld(accountId: string): void {
    let held;
    try {
      held = this.deps.repository.held(accountId);
    } catch {
      return;
    }
    for (const receipt of held) {
      if (receipt.kind !== 'OUTBOUND' || !receipt.faxId) continue;
      if (!this.deps.stores.outbound.getByFaxId(accountId, receipt.faxId)) continue;
      const event = { kind: 'OUTBOUND', notificationId: receipt.notificationId, ...receipt.facts } as OutboundEvent;
      this.enqueue(() => void this.applyOutbound(accountId, event));
    }
  }

  private onAppEvent(name: string, payload: unknown): void {
    if (name === 'outbox:changed') {
      const { accountId, ids } = payload as { accountId: string; ids: string[] };
      this.retryHeld(accountId);
      this.watchFinished(accountId, ids);
    } else if (name === 'inbox:changed') {
      const change = payload as { accountId: string | null; ids: string[]; reason: string };
      if (change.reason === 'arrived' && change.accountId) this.watchArrived(change.accountId, change.ids);
    }
  }

  // -------------------------------------------------------------------------------------------
  // Health: polling slows down only while the webhooks demonstrably work

  /** A fax polling saw finish: if its notification does not come within the grace time, fall back. */
  private watchFinished(accountId: string, ids: readonly string[]): void {
    if (!this.isHealthyNow(accountId)) return;
    const recent = this.deps.now().getTime() - 10 * 60_000;
    for (const id of ids) {
      const job = this.deps.stores.outbound.get(id);
      if (!job?.faxId || !isFinalOutboundState(job.state) || job.state === 'REJECTED') continue;
      if (job.completedAt && Date.parse(job.completedAt) < recent) continue;
      const faxId = job.faxId;
      this.later(EVENT_GRACE_MS, () => {
        if (!this.hasReceipt(accountId, faxId, 'OUTBOUND')) this.fallBack(accountId, 'a sent fax finished and its webhook notification did not arrive.');
      });
    }
  }

  private watchArrived(accountId: string, ids: readonly string[]): void {
    if (!this.isHealthyNow(accountId)) return;
    for (const id of ids) {
      const fax = this.deps.stores.received.get(id);
      if (!fax) continue;
      this.later(EVENT_GRACE_MS, () => {
        if (!this.hasReceipt(accountId, fax.faxId, 'INBOUND')) this.fallBack(accountId, 'a fax arrived and its webhook notification did not.');
      });
    }
  }

  private hasReceipt(accountId: string, faxId: string, kind: 'OUTBOUND' | 'INBOUND'): boolean {
    return this.deps.repository.receiptsForFax(accountId, faxId).some((r) => r.kind === kind);
  }

  private isHealthyNow(accountId: string): boolean {
    const health = this.health.get(accountId);
    return this.isOn() && health !== undefined && isHealthy(health, this.deps.timers.now());
  }

  private fallBack(accountId: string, reason: string): void {
    const health = this.health.get(accountId) ?? newHealth();
    if (health.fallback) return;
    this.health.set(accountId, fellBack(health, reason, this.deps.timers.now()));
    this.deps.logger.warn('instant updates fell back to polling', { accountId, reason });
    this.publishHealth(accountId);
  }

  private publishHealth(accountId: string): void {
    const on = this.isOn() && this.signers.some((s) => s.accountId === accountId);
    const health = this.health.get(accountId) ?? newHealth();
    const now = this.deps.timers.now();
    const healthy = on && isHealthy(health, now);
    this.deps.sync.setInstantUpdates(
      accountId,
      { feeds: RELAXED_FEEDS, floorMs: healthy ? RELAXED_POLL_MS : 0 },
      on ? instantStatus(health, now, this.deps.pollSeconds()) : null,
    );
    this.changed();
  }

  private async pingRoundTrip(accountId: string): Promise<ReceiverTestReport> {
    const started = performance.now();
    let ids: string[];
    try {
      const client = await this.deps.accounts.clientFor(accountId);
      let results;
      try {
        results = await client.ping('OUTBOUND');
      } catch (error) {
        if (!isAppError(error) || error.code !== 'NOT_FOUND') throw error;
        results = await client.ping('INBOUND');
      }
      ids = results.map((r) => r.notifyId);
    } catch (error) {
      const message = isAppError(error) ? error.message : 'The service could not be asked for a test notification.';
      this.fallBack(accountId, `the test notification could not be requested (${message.replace(/[.\s]+$/, '')}).`);
      return { ok: false, roundTripMs: null, message: `The service could not send a test notification: ${message}` };
    }
    if (ids.length === 0) return { ok: false, roundTripMs: null, message: 'The service has no webhook address for this account; set one in Settings > Accounts > Webhooks.' };
    const arrivedAt = await this.waitForPing(ids, PING_WAIT_MS);
    if (arrivedAt === null) {
      this.fallBack(accountId, `the test notification did not arrive within ${PING_WAIT_MS / 1000} s.`);
      return { ok: false, roundTripMs: null, message: `The test notification did not arrive within ${PING_WAIT_MS / 1000} s. Check the webhook address at the service and that it reaches this receiver.` };
    }
    const roundTripMs = Math.max(0, Math.round(arrivedAt - started));
    this.health.set(accountId, pingSucceeded(this.health.get(accountId) ?? newHealth(), this.deps.timers.now(), roundTripMs));
    return { ok: true, roundTripMs, message: `The test notification came back in ${roundTripMs} ms.` };
  }

  private waitForPing(ids: readonly string[], timeoutMs: number): Promise<number | null> {
    const arrived = () => ids.map((id) => this.pingArrivals.get(id)).find((t) => t !== undefined) ?? null;
    const already = arrived();
    if (already !== null) return Promise.resolve(already);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        for (const id of ids) this.pingWaiters.delete(id);
        resolve(arrived());
      };
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      for (const id of ids) this.pingWaiters.set(id, done);
    });
  }

  private async selfCheck(): Promise<void> {
    for (const signer of [...this.signers]) {
      if (!this.started || !this.isOn()) return;
      await this.pingRoundTrip(signer.accountId).catch(() => undefined);
      this.publishHealth(signer.accountId);
    }
  }

  private scheduleSelfCheck(delayMs: number): void {
    this.deps.timers.clearTimeout(this.selfCheckTimer);
    this.selfCheckTimer = null;
    if (!this.started || !this.isOn()) return;
    this.selfCheckTimer = this.deps.timers.setTimeout(() => {
      void this.selfCheck().finally(() => this.scheduleSelfCheck(SELF_CHECK_EVERY_MS));
    }, delayMs);
  }

  // -------------------------------------------------------------------------------------------
  // Reconciling deliveries the service gave up on (spec, delivery rules 7 and 8)

  /**
   * FAILED entries of the mirrored notification log, once their 20-minute retry window is over, that
   * this receiver never got: each is reconciled once (the lists are read again), never earlier (rule 8).
   */
  reconcileFailed(now: Date = this.deps.now()): number {
    let count = 0;
    for (const signer of this.signers) {
      const page = this.deps.stores.notifications.page({ accountId: signer.accountId, sentStatus: 'FAILED', limit: 200 });
      const feeds = new Set<SyncFeed>();
      for (const record of page.items) {
        if (!record.faxId || Date.parse(record.completedAt) > now.getTime() - RETRY_WINDOW_MS) continue;
        if (Date.parse(record.firstSeenAt) < now.getTime() - 2 * 24 * 3600_000) continue;
        if (this.deps.repository.receiptsForFax(signer.accountId, record.faxId).some((r) => r.kind !== 'RECONCILED' && r.kind !== 'PING')) continue;
        const added = this.deps.repository.addReceipt({
          accountId: signer.accountId,
          notificationId: `reconciled:${record.notifyId}`,
          kind: 'RECONCILED',
          faxId: record.faxId,
          facts: { notifyId: record.notifyId, direction: record.direction },
          state: 'applied',
          receivedAt: now.toISOString(),
          appliedAt: now.toISOString(),
        });
        if (!added) continue;
        count++;
        if (record.direction === 'INBOUND') feeds.add('received');
        else feeds.add('sent').add('active');
      }
      if (feeds.size > 0) {
        this.deps.logger.info('reconciling webhook notifications the service could not deliver', { accountId: signer.accountId, feeds: [...feeds] });
        this.deps.sync.runNow(signer.accountId, [...feeds]);
      }
    }
    return count;
  }

  private scheduleReconcile(): void {
    this.deps.timers.clearTimeout(this.reconcileTimer);
    this.reconcileTimer = null;
    if (!this.started || !this.isOn()) return;
    this.reconcileTimer = this.deps.timers.setTimeout(() => {
      this.safely('reconcile failed webhook deliveries', () => this.reconcileFailed());
      this.scheduleReconcile();
    }, RECONCILE_EVERY_MS);
  }

  // -------------------------------------------------------------------------------------------
  // Keys, listeners, the Sandbox

  private isOn(): boolean {
    return (this.settings.enabled && this.publicListener.address !== null) || (this.settings.sandbox && this.sandboxListener.address !== null);
  }

  private async tlsKey(): Promise<string | null> {
    const key = await this.deps.secrets.get(RECEIVER_SECRET_OWNER, 'tlsPrivateKey');
    if (key) for (const fragment of secretFragments(key)) this.deps.redactor.register(fragment);
    this.hasTlsKey = key !== null;
    return key;
  }

  /** The HMAC key of every active account that has one (keychain; the Sandbox's from its host). */
  private async refreshSigners(): Promise<void> {
    this.refreshing ??= (async () => {
      const signers: Signer[] = [];
      for (const account of this.deps.accounts.list()) {
        if (!account.enabled) continue;
        let key: string | null = null;
        try {
          key = account.isSandbox ? (this.deps.sandbox?.hmacSecret ?? null) : account.hasHmacSecret ? await this.deps.accounts.readSecret(account.id, 'hmacSecret') : null;
        } catch (error) {
          this.deps.logger.warn('the webhook HMAC key could not be read', { accountId: account.id, code: isAppError(error) ? error.code : 'INTERNAL' });
        }
        if (!key) continue;
        this.deps.redactor.register(key);
        signers.push({ accountId: account.id, appId: account.appId, userId: account.userId, key });
      }
      this.signers = signers;
    })().finally(() => {
      this.refreshing = null;
    });
    await this.refreshing;
  }

  private async onAccountsChanged(): Promise<void> {
    await this.refreshSigners();
    // The Sandbox's emulator restarted (new address): its delivery route went with it.
    const baseUrl = this.deps.sandbox?.credentials()?.baseUrl ?? null;
    if (this.settings.sandbox && baseUrl !== this.sandboxBaseUrl) await this.applySettings();
    else for (const signer of this.signers) this.publishHealth(signer.accountId);
  }

  /** One at a time: a change arriving meanwhile is applied after. */
  private applySettings(): Promise<void> {
    const run = this.applying.then(() => this.doApplySettings());
    this.applying = run.catch(() => undefined);
    return run;
  }

  private applying: Promise<void> = Promise.resolve();

  private async doApplySettings(): Promise<void> {
    if (!this.started) return;
    await this.tlsKey().catch(() => null);
    await this.startPublic();
    await this.startSandbox();
    await this.refreshSigners();
    for (const account of this.deps.accounts.list()) this.publishHealth(account.id);
    this.scheduleSelfCheck(0);
    this.scheduleReconcile();
    this.changed();
  }

  private async startPublic(): Promise<void> {
    this.publicProblem = null;
    if (!this.settings.enabled) {
      await this.publicListener.stop();
      return;
    }
    try {
      let tls: TlsMaterial | null = null;
      if (this.settings.tls) {
        const key = await this.tlsKey();
        if (!key || !this.settings.certPath) throw new AppError('VALIDATION', 'HTTPS needs a certificate and a private key; choose both, or turn HTTPS off behind a reverse proxy.');
        tls = { cert: await readCertificateFile(this.settings.certPath, key), key };
      }
      const port = this.deps.bindPort ? this.deps.bindPort(this.settings.port) : this.settings.port;
      await this.publicListener.start({ host: this.settings.host, port, tls, ...this.deps.listenerOptions });
      this.deps.logger.info('webhook receiver listening', { ...this.publicListener.address, tls: tls !== null });
    } catch (error) {
      await this.publicListener.stop();
      this.publicProblem = listenProblem(error, this.settings.host, this.settings.port);
      this.deps.logger.warn('webhook receiver could not start', { problem: this.publicProblem });
    }
  }

  /**
   * The Sandbox's instant updates: an HMAC key (keychain), a self-signed certificate (memory), a
   * listener on a free loopback port, the emulator's delivery route from SANDBOX_WEBHOOK_ORIGIN to it,
   * and the Sandbox's inbound and outbound webhook addresses.
   */
  private async startSandbox(): Promise<void> {
    this.sandboxProblem = null;
    const sandbox = this.deps.sandbox;
    if (!this.settings.sandbox || !sandbox) {
      await this.sandboxListener.stop();
      return;
    }
    const credentials = sandbox.credentials();
    if (!credentials) {
      await this.sandboxListener.stop();
      this.sandboxProblem = 'The Sandbox is not running; instant updates start with it.';
      return;
    }
    try {
      let key = await this.deps.secrets.get('sandbox', 'hmacSecret');
      if (!key) {
        key = randomBytes(32).toString('hex');
        await this.deps.secrets.set('sandbox', 'hmacSecret', key);
      }
      this.deps.redactor.register(key);
      this.sandboxCert ??= await makeSandboxCertificate();
      for (const fragment of secretFragments(this.sandboxCert.key)) this.deps.redactor.register(fragment);
      const address = await this.sandboxListener.start({ host: '127.0.0.1', port: 0, tls: this.sandboxCert, ...this.deps.listenerOptions });
      if (!sandbox.routeWebhooks(SANDBOX_WEBHOOK_ORIGIN, { port: address.port, ca: this.sandboxCert.cert })) throw new Error('the Sandbox stopped');
      sandbox.hmacSecret = key;
      this.sandboxBaseUrl = credentials.baseUrl;
      for (const direction of ['OUTBOUND', 'INBOUND'] as const) {
        await this.deps.sandboxConfig.set({ accountId: 'sandbox', direction, url: SANDBOX_WEBHOOK_URL, hmacSecret: key });
      }
      this.deps.logger.info('Sandbox instant updates on', { port: address.port });
    } catch (error) {
      await this.sandboxListener.stop();
      this.sandboxProblem = `Instant updates for the Sandbox could not start: ${(error instanceof Error ? error.message : String(error)).replace(/[.\s]+$/, '')}.`;
      this.deps.logger.warn('Sandbox instant updates could not start', { problem: this.sandboxProblem });
    }
  }

  private async unlinkSandbox(): Promise<void> {
    const sandbox = this.deps.sandbox;
    if (!sandbox) return;
    for (const direction of ['OUTBOUND', 'INBOUND'] as const) {
      await this.deps.sandboxConfig.remove('sandbox', direction).catch(() => undefined);
    }
    sandbox.routeWebhooks(SANDBOX_WEBHOOK_ORIGIN, null);
    sandbox.hmacSecret = null;
    await this.deps.secrets.delete('sandbox', 'hmacSecret').catch(() => undefined);
    this.health.delete('sandbox');
    this.sandboxBaseUrl = null;
  }

  // -------------------------------------------------------------------------------------------

  private later(ms: number, fn: () => void): void {
    const handle = this.deps.timers.setTimeout(() => {
      this.timers.delete(handle);
      if (this.started) this.safely('check a webhook', fn);
    }, ms);
    this.timers.add(handle);
  }

  private changed(): void {
    if (!this.started) return;
    this.changedPending ||= (queueMicrotask(() => {
      this.changedPending = false;
      if (this.started) this.deps.events.emit('receiver:changed', this.view());
    }), true);
  }

  private changedPending = false;

  private safely<T>(what: string, fn: () => T): T | undefined {
    try {
      return fn();
    } catch (error) {
      this.deps.logger.error(`could not ${what}`, { error: isAppError(error) ? `${error.code}: ${error.message}` : String(error) });
      return undefined;
    }
  }
}

function listenProblem(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'EADDRINUSE') return `Port ${port} on ${host} is already in use by another program. Choose another port (and point the reverse proxy at it).`;
  if (code === 'EACCES') return `This user may not listen on port ${port}. Choose a port above 1024 and let the reverse proxy forward 443 to it.`;
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') return `${host} is not an address of this computer.`;
  if (isAppError(error)) return error.message;
  return `The receiver could not start: ${error instanceof Error ? error.message : String(error)}`;
}
