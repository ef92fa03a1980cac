/**
 * The webhooks:* calls (an account's webhook addresses at the service) and the receiver:* calls
 * (Faxdesk's own receiver); contract: src/shared/ipc/contract/webhooks.ts.
 */
import type { Handler } from '../ipc/gate';
import type { WebhookReceiverService } from './receiver-service';
import type { WebhookService } from './webhook-service';

type WebhookCallName =
  | 'webhooks:get'
  | 'webhooks:set'
  | 'webhooks:remove'
  | 'webhooks:ping'
  | 'webhooks:log'
  | 'receiver:get'
  | 'receiver:configure'
  | 'receiver:sandbox'
  | 'receiver:test'
  | 'receiver:deliveries';
export type WebhookHandlers = { [N in WebhookCallName]: Handler<N> };

export function createWebhookHandlers(webhooks: WebhookService, receiver: WebhookReceiverService): WebhookHandlers {
  return {
    'webhooks:get': ({ accountId }) => webhooks.get(accountId),
    'webhooks:set': (input) => webhooks.set(input),
    'webhooks:remove': ({ accountId, direction }) => webhooks.remove(accountId, direction),
    'webhooks:ping': ({ accountId, direction }) => webhooks.ping(accountId, direction),
    'webhooks:log': ({ accountId, direction, sentStatus, limit }) =>
      webhooks.log(accountId, { limit, ...(direction ? { direction } : {}), ...(sentStatus ? { sentStatus } : {}) }),

    'receiver:get': () => receiver.view(),
    'receiver:configure': (input) => receiver.configure(input),
    'receiver:sandbox': ({ enabled }) => receiver.setSandbox(enabled),
    'receiver:test': ({ accountId }) => receiver.test(accountId),
    'receiver:deliveries': ({ limit }) => receiver.deliveries(limit),
  };
}
