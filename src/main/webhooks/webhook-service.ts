/**
 * Webhook settings of an account: the App ID's inbound/outbound webhook addresses and HMAC secret
 * through the service's notification-configuration endpoints, and the "send test ping" button.
 * Addresses the service would never deliver to (not https, or a port other than 443/8443) are
 * refused before anything is sent. The HMAC secret is write-only: it goes to the service and to the
 * keychain (the Sandbox's: memory), never back to the renderer.
 *
 * Several desks on one account: the service keeps one address per direction for the whole application,
 * so saving here replaces whatever desk received them before. Before saving, the current address is
 * read: when it is enabled and another installation's (named in it: desks/webhook-owner.ts), or an
 * address no desk named, saving is refused with a message naming who receives them now, unless the
 * person confirms (`replace`). The address saved names this desk, so the next desk can say the same.
 */
import { webhookUrlProblem, type FaxDirection, type NotificationConfig, type NotificationRecord } from '../../shared/domain/fax';
import type { WebhookPingReport, WebhookSettingsView, WebhookView } from '../../shared/ipc/contract/webhooks';
import type { NotificationFilter } from '../../shared/domain/fax';
import { AppError } from '../errors';
import type { Logger } from '../platform/logger';
import { ownerOf, withOwner, withoutOwner, type WebhookOwner } from '../desks/webhook-owner';
import type { AccountService } from '../accounts/account-service';
import type { SandboxHost } from '../accounts/sandbox';

export class WebhookService {
  private readonly listeners = new Set<(accountId: string) => void>();

  constructor(
    private readonly accounts: AccountService,
    private readonly sandbox: SandboxHost | null,
    private readonly logger: Logger,
    /** This desk, as saved addresses name it (absent: addresses are saved as entered). */
    private readonly desk: (() => WebhookOwner) | null = null,
  ) {}

  /** An account's webhook addresses were changed from here (the receiver re-reads where they go). */
  onChange(listener: (accountId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async get(accountId: string): Promise<WebhookSettingsView> {
    const client = await this.accounts.clientFor(accountId);
    return this.viewOf(accountId, await client.listNotificationConfigs());
  }

  async set(input: { accountId: string; direction: FaxDirection; url: string; hmacSecret?: string | undefined; replace?: true | undefined }): Promise<WebhookSettingsView> {
    const entered = input.url.trim();
    const problem = webhookUrlProblem(entered) ?? urlClassProblem(entered);
    if (problem) throw new AppError('VALIDATION', problem, { field: 'url' });
    const record = this.accounts.record(input.accountId);
    this.accounts.secretSeen(input.hmacSecret);
    const client = await this.accounts.clientFor(input.accountId);
    const existing = pick(await client.listNotificationConfigs(), input.direction);
    if (existing && input.replace !== true) {
      const taking = this.takeOverProblem(existing, withoutOwner(entered), input.direction);
      if (taking) throw new AppError('CONFLICT', taking, { field: 'url' });
    }
    const desk = this.desk?.() ?? null;
    const url = desk ? withOwner(withoutOwner(entered), desk) : entered;

    // The secret is kept first, so that a secret the service accepts is never one Faxdesk lost.
    let restoreSecret: (() => Promise<void>) | null = null;
    if (input.hmacSecret !== undefined) {
      if (record.kind === 'sandbox') {
        const previous = this.sandbox?.hmacSecret ?? null;
        if (this.sandbox) this.sandbox.hmacSecret = input.hmacSecret;
        restoreSecret = async () => {
          if (this.sandbox) this.sandbox.hmacSecret = previous;
        };
      } else {
        const previous = await this.accounts.readSecret(record.id, 'hmacSecret');
        await this.accounts.setSecretFlag(record.id, 'hmacSecret', input.hmacSecret);
        restoreSecret = () => this.accounts.setSecretFlag(record.id, 'hmacSecret', previous);
      }
    }
    try {
      if (existing) {
        await client.updateNotificationConfig(existing.notificationId, {
          url,
          ...(input.hmacSecret !== undefined ? { hmacSecret: input.hmacSecret } : {}),
          ...(existing.enabled ? {} : { enabled: true }),
        });
      } else {
        await client.createNotificationConfig({ direction: input.direction, url, ...(input.hmacSecret !== undefined ? { hmacSecret: input.hmacSecret } : {}) });
      }
    } catch (error) {
      if (restoreSecret) {
        await restoreSecret().catch((restoreError: unknown) =>
          this.logger.error('could not restore the previous webhook secret', { accountId: record.id, error: String(restoreError) }),
        );
      }
      throw error;
    }
    this.logger.info('webhook address set', { accountId: record.id, direction: input.direction, secretChanged: input.hmacSecret !== undefined });
    if (input.hmacSecret !== undefined && record.kind === 'sandbox') this.accounts.notifyChanged();
    this.changed(record.id);
    return this.get(input.accountId);
  }

  async remove(accountId: string, direction: FaxDirection): Promise<WebhookSettingsView> {
    const client = await this.accounts.clientFor(accountId);
    const existing = pick(await client.listNotificationConfigs(), direction);
    if (!existing) {
      throw new AppError('NOT_FOUND', `There is no ${direction.toLowerCase()} webhook to remove.`, { field: 'direction' });
    }
    await client.deleteNotificationConfig(existing.notificationId);
    this.logger.info('webhook address removed', { accountId, direction });
    this.changed(accountId);
    return this.get(accountId);
  }

  /** Sends a PING webhook, then looks for its delivery in the service's notification log. */
  async ping(accountId: string, direction: FaxDirection): Promise<WebhookPingReport> {
    const client = await this.accounts.clientFor(accountId);
    const configs = await client.listNotificationConfigs();
    if (!pick(configs, direction)) {
      throw new AppError('VALIDATION', `Set an ${direction.toLowerCase()} webhook address first: the test ping is delivered there.`, { field: 'direction' });
    }
    const ping = await client.ping(direction);
    const ids = new Set(ping.map((p) => p.notifyId));
    let delivery: NotificationRecord | null = null;
    try {
      const log = await client.listNotifications({ direction, limit: 50 });
      delivery = log.find((n) => ids.has(n.notifyId)) ?? null;
    } catch (error) {
      this.logger.warn('could not read the notification log after a ping', { accountId, error: error instanceof Error ? error.message : String(error) });
    }
    return { direction, ping, delivery, message: pingMessage(direction, ping.length, delivery) };
  }

  async log(accountId: string, filter: NotificationFilter): Promise<NotificationRecord[]> {
    const client = await this.accounts.clientFor(accountId);
    return client.listNotifications(filter);
  }

  /**
   * Why saving `url` would take this account's webhooks from another installation, or null: the current
   * address is on and is not this desk's, and not the same address.
   */
  private takeOverProblem(existing: NotificationConfig, url: string, direction: FaxDirection): string | null {
    if (!existing.enabled) return null;
    const current = withoutOwner(existing.notifyDestination);
    if (sameAddress(current, url)) return null;
    const owner = ownerOf(existing.notifyDestination);
    const own = this.desk?.().installationId ?? null;
    if (owner && own !== null && owner.installationId === own) return null;
    const who = owner ? `another Faxdesk desk, “${owner.deskName}”, receives them at ${current}` : `they go to ${current}`;
    return (
      `The service keeps one ${direction.toLowerCase()} webhook address for the whole account, and ${who}. ` +
      'Saving this address sends them here instead: that desk stops getting instant updates and goes back to checking the service on its own schedule. ' +
      'In an office, one desk (or a reverse proxy) receives the webhooks and the other desks poll. Choose "Replace" to save anyway.'
    );
  }

  private changed(accountId: string): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(accountId);
      } catch (error) {
        this.logger.warn('webhook change listener failed', { error: String(error) });
      }
    }
  }

  private viewOf(accountId: string, configs: NotificationConfig[]): WebhookSettingsView {
    const record = this.accounts.record(accountId);
    const own = this.desk?.().installationId ?? null;
    return {
      accountId,
      inbound: toView(pick(configs, 'INBOUND'), own),
      outbound: toView(pick(configs, 'OUTBOUND'), own),
      hasHmacSecret: record.kind === 'sandbox' ? (this.sandbox?.hmacSecret ?? null) !== null : record.hasHmacSecret,
    };
  }
}

/** The configuration the service uses for a direction: the enabled one, else the first. */
function pick(configs: NotificationConfig[], direction: FaxDirection): NotificationConfig | null {
  const mine = configs.filter((c) => c.direction === direction);
  return mine.find((c) => c.enabled) ?? mine[0] ?? null;
}

function toView(config: NotificationConfig | null, ownInstallation: string | null): WebhookView | null {
  if (!config) return null;
  const owner = ownerOf(config.notifyDestination);
  return {
    notificationId: config.notificationId,
    direction: config.direction,
    url: withoutOwner(config.notifyDestination),
    enabled: config.enabled,
    setBy: owner ? { deskName: owner.deskName, thisDesk: owner.installationId === ownInstallation } : null,
  };
}

/** The same webhook address, as the service would reach it (host case, default port, trailing slash). */
function sameAddress(a: string, b: string): boolean {
  const key = (value: string) => {
    try {
      const u = new URL(value);
      return `${u.protocol}//${u.hostname.toLowerCase()}:${u.port || '443'}${u.pathname.replace(/\/+$/, '') || '/'}${u.search}`;
    } catch {
      return value;
    }
  };
  return key(a) === key(b);
}

/** What the WHATWG URL parser (the service's view of an address) adds to the shared check. */
function urlClassProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url.slice(0, 200)}" is not a web address. It should look like https://example.com/faxdesk/webhook.`;
  }
  if (parsed.username || parsed.password) return 'The webhook address must not contain a user name or password.';
  if (parsed.port && parsed.port !== '8443') return `The service delivers notifications only to port 443 (the default) or 8443, not ${parsed.port}.`;
  return null;
}

function pingMessage(direction: FaxDirection, count: number, delivery: NotificationRecord | null): string {
  const accepted = `The service accepted the test ${direction.toLowerCase()} ping${count > 1 ? 's' : ''}.`;
  if (!delivery) return `${accepted} Its delivery is not in the notification log yet; refresh the log in a moment.`;
  switch (delivery.sentStatus) {
    case 'SUCCESSFUL':
      return `${accepted} It was delivered to ${delivery.notifyDestination ?? 'the webhook address'}.`;
    case 'FAILED':
      return `${accepted} Delivery to ${delivery.notifyDestination ?? 'the webhook address'} failed: check that the address is reachable from the internet over HTTPS and answers 200.`;
    default:
      return `${accepted} Delivery is queued; the service retries for up to 20 minutes. Refresh the log to follow it.`;
  }
}
