/**
 * Instant updates: Faxdesk's webhook receiver. Off by default; started by the core. This composes the
 * parts and serves Settings:
 * - PublicEndpoint and SandboxLink: the two listeners (the person's address; the Sandbox's loopback one);
 * - DeliveryIntake: verify, read, route, record once, answer at once;
 * - EventApplier: apply what was recorded, one at a time, later;
 * - ReceiverRoster: the accounts' keys, and which accounts' webhooks come here;
 * - HealthMonitor: pings, fallback, what polling and the status bar are told;
 * - FailedReconciler: deliveries the service gave up on, after the retry window.
 *
 * Secrets: the HMAC keys and the TLS private key are read from the keychain into memory, registered
 * with the redactor, and never written to SQLite, logs, or IPC results.
 */
import type { ReceiverConfigureInput, ReceiverDelivery, ReceiverTestReport, ReceiverView, ReceiverAccountView } from '../../shared/ipc/contract/webhooks';
import type { AccountView } from '../../shared/ipc/contract/accounts';
import type { SecretStore } from '../accounts/secret-store';
import { AppError } from '../errors';
import type { EventBus } from '../ipc/events';
import type { InternalEvents } from '../platform/internal-events';
import type { Logger } from '../platform/logger';
import type { Timers } from '../platform/timers';
import type { WebhookRepository, ReceiverSettingsRow } from '../store/repositories/webhook-repository';
import type { HistoryStores, OutboundStateRecorder } from '../sync/ports';
import { EventApplier } from './event-applier';
import { FailedReconciler } from './failed-reconciler';
import { HealthMonitor } from './health-monitor';
import { DeliveryIntake, type HeldLimits } from './intake';
import type { ListenerTuning } from './listener';
import type { AccountWebhooks, ReceiverAccounts, ReceiverInbox, ReceiverSandbox, ReceiverSync } from './ports';
import { PublicEndpoint } from './public-endpoint';
import { ReceiverRoster, type DeliveryRoute } from './roster';
import { SANDBOX_ACCOUNT_ID, SANDBOX_WEBHOOK_URL, SandboxLink } from './sandbox-link';

/** Settings' view of the receiver is sent again at most this often (each costs a walk over the accounts). */
const CHANGED_EVERY_MS = 100;

/** A held notification whose fax never became known is dropped after this long. */
export const HOLD_FOR_MS = 7 * 24 * 3600_000;

export interface ReceiverServiceDeps {
  repository: WebhookRepository;
  stores: HistoryStores;
  states: OutboundStateRecorder;
  accounts: ReceiverAccounts;
  sandbox: ReceiverSandbox | null;
  webhooks: AccountWebhooks;
  secrets: SecretStore;
  redactor: { register(value: string | null | undefined): void };
  sync: ReceiverSync;
  inbox: ReceiverInbox;
  /** The page's events: the receiver only tells (receiver:changed, app:notice). */
  events: Pick<EventBus, 'emit'>;
  /** Main's internal events: outbound jobs and received faxes changed (held notifications, health). */
  changes: Pick<InternalEvents, 'on'>;
  logger: Logger;
  now: () => Date;
  timers: Timers;
  /** The person's poll interval (normal polling), in seconds. */
  pollSeconds: () => number;
  /** Tests, benchmarks: listener limits (short deadlines, a small capacity). */
  listenerOptions?: ListenerTuning;
  /** Tests: limits on notifications held for faxes not known here. */
  heldLimits?: HeldLimits;
  /** Tests: where the public listener really binds when its configured port is 8443 (0 = any free port). */
  bindPort?: (configured: number) => number;
}

export class WebhookReceiverService {
  private settings: ReceiverSettingsRow;
  private readonly roster: ReceiverRoster;
  private readonly intake: DeliveryIntake;
  private readonly applier: EventApplier;
  private readonly health: HealthMonitor;
  private readonly reconciler: FailedReconciler;
  private readonly endpoint: PublicEndpoint;
  private readonly sandboxLink: SandboxLink;
  private readonly unsubscribe: (() => void)[] = [];
  private started = false;
  private applying: Promise<void> = Promise.resolve();
  private changedPending = false;
  private lastChangedAt = Number.NEGATIVE_INFINITY;

  constructor(private readonly deps: ReceiverServiceDeps) {
    this.settings = deps.repository.settings();
    const changed = () => this.changed();
    const isOn = () => this.isOn();
    this.roster = new ReceiverRoster({
      accounts: deps.accounts,
      sandboxKey: () => deps.sandbox?.hmacSecret ?? null,
      webhooks: deps.webhooks,
      addressesFor: (account) => this.addressesFor(account),
      reading: isOn,
      redactor: deps.redactor,
      logger: deps.logger,
    });
    this.applier = new EventApplier({ repository: deps.repository, stores: deps.stores, states: deps.states, inbox: deps.inbox, sync: deps.sync, logger: deps.logger, now: deps.now });
    this.health = new HealthMonitor({
      accounts: deps.accounts,
      roster: this.roster,
      receipts: deps.repository,
      stores: deps.stores,
      sync: deps.sync,
      isOn,
      changed,
      pollSeconds: deps.pollSeconds,
      notice: (level, message) => deps.events.emit('app:notice', { level, message, at: deps.now().toISOString() }),
      timers: deps.timers,
      now: deps.now,
      logger: deps.logger,
    });
    this.intake = new DeliveryIntake({
      repository: deps.repository,
      signers: () => this.roster.signers(),
      accepted: (accountId, event) => {
        this.health.noteEvent(accountId, event);
        this.applier.enqueue(accountId, event);
      },
      logged: changed,
      logger: deps.logger,
      now: deps.now,
      ...(deps.heldLimits ? { heldLimits: deps.heldLimits } : {}),
    });
    this.reconciler = new FailedReconciler({
      served: () => this.roster.served().map((s) => ({ accountId: s.accountId, directions: this.roster.directionsHere(s.accountId) })),
      notifications: deps.stores.notifications,
      receipts: deps.repository,
      sync: deps.sync,
      timers: deps.timers,
      logger: deps.logger,
      now: deps.now,
    });
    const listenerOptions = deps.listenerOptions ? { listenerOptions: deps.listenerOptions } : {};
    this.endpoint = new PublicEndpoint({
      secrets: deps.secrets,
      redactor: deps.redactor,
      hooks: this.intake.hooksFor('public'),
      logger: deps.logger,
      ...listenerOptions,
      ...(deps.bindPort ? { bindPort: deps.bindPort } : {}),
    });
    this.sandboxLink = new SandboxLink({
      sandbox: deps.sandbox,
      webhooks: deps.webhooks,
      secrets: deps.secrets,
      redactor: deps.redactor,
      hooks: this.intake.hooksFor('sandbox'),
      logger: deps.logger,
      ...listenerOptions,
    });
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
      this.deps.webhooks.onChange((accountId) => void this.onWebhooksChanged(accountId)),
      this.deps.changes.on('outbound:changed', ({ accountId, ids }) => {
        this.applier.retryHeld(accountId);
        this.health.watchFinished(accountId, ids);
      }),
      this.deps.changes.on('inbound:changed', (change) => {
        if (change.reason === 'arrived' && change.accountId) this.health.watchArrived(change.accountId, change.ids);
      }),
    );
    await this.applySettings();
    for (const account of this.deps.accounts.list()) this.applier.retryHeld(account.id);
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    for (const off of this.unsubscribe.splice(0)) off();
    this.health.stop();
    this.reconciler.stop();
    await Promise.all([this.endpoint.stop(), this.sandboxLink.stop()]);
    await this.applier.drain();
  }

  /** Waits for the notifications being applied (tests, benchmarks). */
  drain(): Promise<void> {
    return this.applier.drain();
  }

  /** Connections open at the public listener now (tests, benchmarks). */
  openConnections(): number {
    return this.endpoint.openConnections;
  }

  /** Reads again where served accounts' webhooks go, as every poll interval does (tests: another desk took them over). */
  checkRoutes(): Promise<void> {
    return this.health.checkRoutes();
  }

  /** FAILED deliveries past their retry window, reconciled once each (tests, benchmarks: at a chosen time). */
  reconcileFailed(now?: Date): number {
    return this.reconciler.reconcile(now);
  }

  // -------------------------------------------------------------------------------------------
  // Settings (IPC)

  view(): ReceiverView {
    return {
      enabled: this.settings.enabled,
      host: this.settings.host,
      port: this.settings.port,
      tls: this.settings.tls,
      certPath: this.settings.certPath,
      hasTlsKey: this.endpoint.hasTlsKey,
      publicUrl: this.settings.publicUrl,
      listening: this.endpoint.address,
      problem: this.settings.enabled ? this.endpoint.problem : null,
      sandbox: { enabled: this.settings.sandbox, url: SANDBOX_WEBHOOK_URL, listening: this.sandboxLink.listening, problem: this.settings.sandbox ? this.sandboxLink.problem : null },
      accounts: this.deps.accounts
        .list()
        .filter((a) => a.enabled)
        .map((a) => this.accountView(a)),
    };
  }

  async configure(input: ReceiverConfigureInput): Promise<ReceiverView> {
    const next = { ...this.settings };
    if (input.enabled !== undefined) next.enabled = input.enabled;
    if (input.host !== undefined) next.host = input.host;
    if (input.port !== undefined) next.port = input.port;
    if (input.tls !== undefined) next.tls = input.tls;
    if (input.certPath !== undefined) next.certPath = input.certPath;
    if (input.publicUrl !== undefined) next.publicUrl = input.publicUrl;
    if (input.forgetKey) await this.endpoint.forgetKey();
    if (input.keyPath !== undefined) await this.endpoint.storeKeyFile(input.keyPath);
    // Checked now, so a wrong file is said at once, next to its field.
    await this.endpoint.check(next);
    this.settings = this.deps.repository.saveSettings(next, this.deps.now());
    this.deps.logger.info('webhook receiver settings changed', { enabled: next.enabled, host: next.host, port: next.port, tls: next.tls });
    await this.applySettings();
    return this.view();
  }

  /** The Sandbox's one switch. */
  async setSandbox(enabled: boolean): Promise<ReceiverView> {
    if (enabled && !this.sandboxLink.available()) {
      throw new AppError('VALIDATION', 'The Sandbox is not running. Make it active in Settings > Accounts first.', { field: 'enabled' });
    }
    if (!enabled && this.settings.sandbox) {
      await this.sandboxLink.unlink();
      this.health.forget(SANDBOX_ACCOUNT_ID);
    }
    this.settings = this.deps.repository.saveSettings({ ...this.settings, sandbox: enabled }, this.deps.now());
    await this.applySettings();
    const failure = enabled ? this.sandboxLink.failure : null;
    if (failure) {
      // It is not on: the switch goes back off, so the box says what is true, and the reason is said once.
      await this.sandboxLink.unlink().catch(() => undefined);
      this.settings = this.deps.repository.saveSettings({ ...this.settings, sandbox: false }, this.deps.now());
      await this.applySettings();
      throw new AppError(failure.code, failure.message);
    }
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

  test(accountId: string): Promise<ReceiverTestReport> {
    return this.health.test(accountId);
  }

  // -------------------------------------------------------------------------------------------

  private accountView(account: AccountView): ReceiverAccountView {
    const hasKey = this.roster.hasKey(account.id);
    return {
      accountId: account.id,
      label: account.displayLabel,
      hasKey,
      delivery: this.deliveryOf(account, hasKey ? this.roster.routeOf(account.id) : null),
      ...this.health.view(account.id),
    };
  }

  /** Whether the account's webhooks come here, in words for Settings. */
  private deliveryOf(account: AccountView, route: DeliveryRoute | null): ReceiverAccountView['delivery'] {
    if (!this.isOn()) return { state: 'off', message: 'The receiver is off.' };
    if (!this.roster.hasKey(account.id)) return { state: 'no-key', message: 'No HMAC key: set one with its webhook address in Settings › Accounts › Webhooks.' };
    if (route === null) return { state: 'unknown', message: 'Checking where its webhooks go…' };
    switch (route.state) {
      case 'here':
        return { state: 'here', directions: [...route.directions], message: route.directions.length === 2 ? 'Its webhooks come here.' : `Its ${route.directions[0]!.toLowerCase()} webhooks come here.` };
      case 'elsewhere': {
        const where = route.destinations.length ? `go to ${route.destinations.join(' and ')}` : 'have no address at the service';
        // Without its public URL the receiver cannot recognise its own address in an account's webhooks.
        const hint = this.settings.enabled && !this.settings.publicUrl ? ' Enter this receiver\'s public URL above if that is where they come in.' : '';
        return { state: 'elsewhere', message: `Not using this receiver: its webhooks ${where}.${hint}` };
      }
      case 'unknown':
        return { state: 'unknown', message: `Faxdesk could not read where its webhooks go: ${route.problem}` };
    }
  }

  /** The addresses at which the service reaches this receiver for an account. */
  private addressesFor(account: Pick<AccountView, 'isSandbox'>): string[] {
    const addresses: string[] = [];
    if (this.settings.enabled && this.settings.publicUrl) addresses.push(this.settings.publicUrl);
    if (account.isSandbox && this.settings.sandbox) addresses.push(SANDBOX_WEBHOOK_URL);
    return addresses;
  }

  private isOn(): boolean {
    return (this.settings.enabled && this.endpoint.address !== null) || (this.settings.sandbox && this.sandboxLink.listening);
  }

  private async onAccountsChanged(): Promise<void> {
    // The Sandbox's emulator restarted (new address): its delivery route went with it.
    if (this.settings.sandbox && this.sandboxLink.stale()) return this.applySettings();
    await this.roster.refresh();
    this.health.publishAll();
  }

  private async onWebhooksChanged(accountId: string): Promise<void> {
    if (!this.isOn()) return;
    // Its key may have changed with it: the keys first, then a read that starts after the change.
    await this.roster.refresh();
    await this.roster.refreshDestinations(accountId);
    this.health.publish(accountId);
  }

  /** One at a time: a change arriving meanwhile is applied after. */
  private applySettings(): Promise<void> {
    const run = this.applying.then(() => this.doApplySettings());
    this.applying = run.catch(() => undefined);
    return run;
  }

  private async doApplySettings(): Promise<void> {
    if (!this.started) return;
    await this.endpoint.apply(this.settings);
    if (this.settings.sandbox) await this.sandboxLink.start();
    else await this.sandboxLink.stop();
    // Keys (the Sandbox's may be new), and where every account's webhooks go now that the addresses may have changed.
    await this.roster.refresh({ destinations: true });
    this.health.publishAll();
    if (this.isOn()) {
      this.health.start();
      this.reconciler.start();
    } else {
      this.health.stop();
      this.reconciler.stop();
    }
    this.changed();
  }

  /** Tells Settings, at most every CHANGED_EVERY_MS: a burst of deliveries is one refresh, not one per delivery. */
  private changed(): void {
    if (!this.started || this.changedPending) return;
    this.changedPending = true;
    const emit = () => {
      this.changedPending = false;
      this.lastChangedAt = performance.now();
      if (this.started) this.deps.events.emit('receiver:changed', this.view());
    };
    const wait = this.lastChangedAt + CHANGED_EVERY_MS - performance.now();
    if (wait <= 0) queueMicrotask(emit);
    else setTimeout(emit, wait).unref();
  }
}
