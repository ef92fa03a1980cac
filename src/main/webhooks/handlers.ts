/** The receiver's slice of the handler table (contract: src/shared/ipc/contract/webhooks.ts). */
import type { Handler } from '../ipc/gate';
import type { WebhookReceiverService } from './receiver-service';

export interface ReceiverHandlers {
  'receiver:get': Handler<'receiver:get'>;
  'receiver:configure': Handler<'receiver:configure'>;
  'receiver:sandbox': Handler<'receiver:sandbox'>;
  'receiver:test': Handler<'receiver:test'>;
  'receiver:deliveries': Handler<'receiver:deliveries'>;
}

export function createReceiverHandlers(receiver: WebhookReceiverService): ReceiverHandlers {
  return {
    'receiver:get': () => receiver.view(),
    'receiver:configure': (input) => receiver.configure(input),
    'receiver:sandbox': ({ enabled }) => receiver.setSandbox(enabled),
    'receiver:test': ({ accountId }) => receiver.test(accountId),
    'receiver:deliveries': ({ limit }) => receiver.deliveries(limit),
  };
}
