/**
 * Composes instant updates for createCore: the receiver service (off by default), its repository and
 * its handler slice. See receiver-service.ts for what it does.
 */
import { realTimers } from '../platform/timers';
import { WebhookRepository } from '../store/repositories/webhook-repository';
import { createReceiverHandlers, type ReceiverHandlers } from './handlers';
import { WebhookReceiverService, type ReceiverServiceDeps } from './receiver-service';

export { WebhookReceiverService, SANDBOX_WEBHOOK_URL, SANDBOX_WEBHOOK_ORIGIN, RELAXED_FEEDS } from './receiver-service';
export { MAX_BODY_BYTES } from './listener';

export type WebhooksModuleDeps = Omit<ReceiverServiceDeps, 'repository' | 'timers'> & Partial<Pick<ReceiverServiceDeps, 'timers'>>;

export interface WebhooksModule {
  receiver: WebhookReceiverService;
  handlers: ReceiverHandlers;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createWebhooksModule(deps: WebhooksModuleDeps): WebhooksModule {
  const receiver = new WebhookReceiverService({ ...deps, timers: deps.timers ?? realTimers, repository: new WebhookRepository(deps.stores.db) });
  return {
    receiver,
    handlers: createReceiverHandlers(receiver),
    start: () => receiver.start(),
    stop: () => receiver.stop(),
  };
}
