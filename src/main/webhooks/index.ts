/**
 * Composes instant updates for createCore: the receiver service (off by default), its repository and
 * its handler slice. See receiver-service.ts for the parts and how they fit.
 */
import { realTimers } from '../platform/timers';
import { WebhookRepository } from '../store/repositories/webhook-repository';
import { createReceiverHandlers, type ReceiverHandlers } from './handlers';
import { WebhookReceiverService, type ReceiverServiceDeps } from './receiver-service';

export { WebhookReceiverService } from './receiver-service';
export { SANDBOX_WEBHOOK_URL, SANDBOX_WEBHOOK_ORIGIN } from './sandbox-link';
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
