/**
 * The accounts the receiver serves. For each active account it knows
 * - the HMAC key that verifies its notifications (keychain; the Sandbox's from its host), and
 * - where the service posts its notifications (its webhook configuration, read from the service), judged
 *   against the addresses that reach this receiver (its public URL; the Sandbox link's address): the
 *   directions that come here, or that they go elsewhere, or that this could not be read yet.
 * Only an account whose notifications come here is pinged, watched and polled slowly; one whose
 * webhooks point elsewhere is plainly "not using this receiver", never a receiver in fallback.
 *
 * Keys are re-read when the accounts change; destinations when the receiver's addresses or an
 * account's webhooks change, at each self-check, and before a Test (one request per account).
 */
import type { FaxDirection } from '../../shared/domain/fax';
import type { AccountView } from '../../shared/ipc/contract/accounts';
import type { WebhookSettingsView } from '../../shared/ipc/contract/webhooks';
import { addressKey } from '../api/webhook-address';
import { isAppError } from '../errors';
import type { Logger } from '../platform/logger';

export { addressKey };

export interface Signer {
  accountId: string;
  appId: string;
  userId: string;
  key: string;
}

/** Where an account's notifications go, as far as this receiver knows. */
export type DeliveryRoute =
  | { state: 'here'; directions: readonly FaxDirection[] }
  | { state: 'elsewhere'; destinations: readonly string[]; /** The Faxdesk desks those addresses name (desks/webhook-owner.ts). */ setBy?: readonly string[] }
  | { state: 'unknown'; problem: string };

/** The accounts area as the roster needs it (AccountService fits). */
export interface RosterAccounts {
  list(): AccountView[];
  readSecret(accountId: string, kind: 'hmacSecret'): Promise<string | null>;
}

/** An account's webhook configuration at the service (the accounts area's WebhookService fits). */
export interface RosterWebhooks {
  get(accountId: string): Promise<Pick<WebhookSettingsView, 'inbound' | 'outbound'>>;
}

export interface RosterDeps {
  accounts: RosterAccounts;
  /** The Sandbox's key lives with its host, not in the keychain. */
  sandboxKey: () => string | null;
  webhooks: RosterWebhooks;
  /** The addresses that reach this receiver for an account now (public URL, the Sandbox link). */
  addressesFor: (account: Pick<AccountView, 'id' | 'isSandbox'>) => readonly string[];
  /** Destinations are read only while this holds (the receiver is on): no requests for a receiver that is off. */
  reading: () => boolean;
  redactor: { register(value: string | null | undefined): void };
  logger: Logger;
}

export class ReceiverRoster {
  private current: Signer[] = [];
  private readonly routes = new Map<string, DeliveryRoute>();
  private loading: Promise<void> | null = null;
  private again = false;
  private rereadAll = false;
  /** Per account, the latest read started: an older read that ends later does not overwrite it. */
  private readonly reads = new Map<string, number>();

  constructor(private readonly deps: RosterDeps) {}

  /** Every active account with a key (verifying does not depend on where its webhooks point). */
  signers(): readonly Signer[] {
    return this.current;
  }

  hasKey(accountId: string): boolean {
    return this.current.some((s) => s.accountId === accountId);
  }

  routeOf(accountId: string): DeliveryRoute | null {
    return this.hasKey(accountId) ? (this.routes.get(accountId) ?? null) : null;
  }

  /** The directions whose notifications come here (none when the account has no key). */
  directionsHere(accountId: string): readonly FaxDirection[] {
    const route = this.routeOf(accountId);
    return route?.state === 'here' ? route.directions : [];
  }

  /** The accounts with a key whose notifications (some direction) come here. */
  served(): readonly Signer[] {
    return this.current.filter((s) => this.directionsHere(s.accountId).length > 0);
  }

  /**
   * Re-reads the keys, and the destinations of accounts whose key is new (all of them with
   * `destinations: true`). A call while one runs is folded into one more run after it.
   */
  refresh(options: { destinations?: boolean } = {}): Promise<void> {
    if (options.destinations) this.rereadAll = true;
    if (this.loading) {
      this.again = true;
      return this.loading;
    }
    this.loading = (async () => {
      do {
        this.again = false;
        await this.load();
      } while (this.again);
    })().finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  /** Reads one account's webhook configuration again (after it changed; before a Test). */
  async refreshDestinations(accountId: string): Promise<DeliveryRoute | null> {
    const account = this.deps.accounts.list().find((a) => a.id === accountId);
    if (!account || !this.hasKey(accountId) || !this.deps.reading()) return this.routeOf(accountId);
    await this.read(account);
    return this.routeOf(accountId);
  }

  private async load(): Promise<void> {
    const rereadAll = this.rereadAll;
    this.rereadAll = false;
    const stale = new Set<string>();
    const signers: Signer[] = [];
    const accounts = this.deps.accounts.list().filter((a) => a.enabled);
    for (const account of accounts) {
      let key: string | null = null;
      try {
        key = account.isSandbox ? this.deps.sandboxKey() : account.hasHmacSecret ? await this.deps.accounts.readSecret(account.id, 'hmacSecret') : null;
      } catch (error) {
        this.deps.logger.warn('the webhook HMAC key could not be read', { accountId: account.id, code: isAppError(error) ? error.code : 'INTERNAL' });
      }
      if (!key) continue;
      this.deps.redactor.register(key);
      const previous = this.current.find((s) => s.accountId === account.id);
      if (rereadAll || previous?.key !== key || !this.routes.has(account.id)) stale.add(account.id);
      signers.push({ accountId: account.id, appId: account.appId, userId: account.userId, key });
    }
    this.current = signers;
    for (const id of [...this.routes.keys()]) if (!signers.some((s) => s.accountId === id)) this.routes.delete(id);
    if (!this.deps.reading()) return;
    for (const account of accounts) {
      if (stale.has(account.id)) await this.read(account);
    }
  }

  private async read(account: AccountView): Promise<void> {
    const ticket = (this.reads.get(account.id) ?? 0) + 1;
    this.reads.set(account.id, ticket);
    let route: DeliveryRoute;
    try {
      route = routeFrom(await this.deps.webhooks.get(account.id), this.deps.addressesFor(account));
    } catch (error) {
      const problem = isAppError(error) ? error.message : 'the service could not be asked.';
      this.deps.logger.warn('could not read where an account\'s webhooks go', { accountId: account.id, code: isAppError(error) ? error.code : 'INTERNAL' });
      const known = this.routes.get(account.id);
      route = known && known.state !== 'unknown' ? known : { state: 'unknown', problem };
    }
    if (this.reads.get(account.id) === ticket) this.routes.set(account.id, route);
  }
}

/** Which directions of a webhook configuration are addressed to one of `here`. */
export function routeFrom(config: Pick<WebhookSettingsView, 'inbound' | 'outbound'>, here: readonly string[]): DeliveryRoute {
  const wanted = new Set(here.map(addressKey).filter((k): k is string => k !== null));
  const directions: FaxDirection[] = [];
  const destinations: string[] = [];
  const setBy: string[] = [];
  for (const hook of [config.outbound, config.inbound]) {
    if (!hook?.enabled) continue;
    const key = addressKey(hook.url);
    if (key !== null && wanted.has(key)) directions.push(hook.direction);
    else {
      destinations.push(hook.url);
      if (hook.setBy && !hook.setBy.thisDesk && !setBy.includes(hook.setBy.deskName)) setBy.push(hook.setBy.deskName);
    }
  }
  return directions.length > 0 ? { state: 'here', directions } : { state: 'elsewhere', destinations, ...(setBy.length ? { setBy } : {}) };
}
