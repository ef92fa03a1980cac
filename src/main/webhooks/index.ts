/**
 * Composes the webhooks area for createCore: an account's webhook addresses at the service
 * (WebhookService), Faxdesk's own receiver (off by default) with its repository, and the area's
 * handler slice. See receiver-service.ts for the receiver's parts and how they fit.
 */
import type { AccountService } from '../accounts/account-service';
import type { SandboxHost } from '../accounts/sandbox';
import type { WebhookOwner } from '../desks/webhook-owner';
import { realTimers } from '../platform/timers';
import { WebhookRepository } from '../store/repositories/webhook-repository';
import { createWebhookHandlers, type WebhookHandlers } from './handlers';
import { WebhookReceiverService, type ReceiverServiceDeps } from './receiver-service';
import { WebhookService } from './webhook-service';

export { WebhookReceiverService } from './receiver-service';
export { WebhookService } from './webhook-service';
export { SANDBOX_WEBHOOK_URL, SANDBOX_WEBHOOK_ORIGIN } from './sandbox-link';
export { MAX_BODY_BYTES } from './listener';

export type WebhooksModuleDeps = Omit<ReceiverServiceDeps, 'repository' | 'timers' | 'webhooks' | 'accounts' | 'sandbox'> &
  Partial<Pick<ReceiverServiceDeps, 'timers'>> & {
    accounts: AccountService;
    sandbox: SandboxHost | null;
    /** This desk, as the webhook addresses it saves name it (several desks on one account). */
    desk?: () => WebhookOwner;
  };

export interface WebhooksModule {
  /** An account's webhook addresses at the service (Settings › Accounts › Webhooks). */
  webhooks: WebhookService;
  receiver: WebhookReceiverService;
  handlers: WebhookHandlers;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createWebhooksModule(deps: WebhooksModuleDeps): WebhooksModule {
  const { desk, ...receiverDeps } = deps;
  const webhooks = new WebhookService(deps.accounts, deps.sandbox, deps.logger, desk ?? null);
  const receiver = new WebhookReceiverService({ ...receiverDeps, webhooks, timers: deps.timers ?? realTimers, repository: new WebhookRepository(deps.stores.db) });
  return {
    webhooks,
    receiver,
    handlers: createWebhookHandlers(webhooks, receiver),
    start: () => receiver.start(),
    stop: () => receiver.stop(),
  };
}
