/** The compose:* and outbox:* slice of the handler table. */
import type { HandlerTable } from '../ipc/gate';
import type { ComposeService } from './compose-service';
import type { OutboxService } from './outbox-service';

export type OutboxHandlers = Pick<
  HandlerTable,
  | 'compose:addFiles'
  | 'compose:addBytes'
  | 'compose:validate'
  | 'compose:send'
  | 'outbox:list'
  | 'outbox:get'
  | 'outbox:cancel'
  | 'outbox:resend'
  | 'outbox:draft'
  | 'outbox:reschedule'
  | 'outbox:reconcile'
  | 'outbox:exportCsv'
  | 'outbox:image'
  | 'outbox:report'
>;

export function createOutboxHandlers(outbox: OutboxService, compose: ComposeService): OutboxHandlers {
  return {
    'compose:addFiles': (input) => compose.addFiles(input),
    'compose:addBytes': (input) => compose.addBytes(input),
    'compose:validate': (input) => compose.validate(input.draft),
    'compose:send': (input) => outbox.send(input),
    'outbox:list': (input) => outbox.list(input),
    'outbox:get': (input) => outbox.get(input.jobId, input.refresh),
    'outbox:cancel': (input) => outbox.cancel(input.jobId),
    'outbox:resend': (input) => outbox.resend(input.jobId, input.composeId, input.scope),
    'outbox:draft': (input) => outbox.draft(input.jobId, input.scope),
    'outbox:reschedule': (input) => outbox.reschedule(input.jobId, input.scheduledAt),
    'outbox:reconcile': (input) => outbox.reconcileJob(input.jobId),
    'outbox:exportCsv': (input) => outbox.exportCsv(input),
    'outbox:image': (input) => outbox.image(input.jobId),
    'outbox:report': (input) => outbox.report(input.jobId),
  };
}
