/**
 * Composes the compose + outbox area for createCore: the document store, the compose service, the
 * outbox service and their handler slice. See outbox-service.ts for the rules.
 */
import { ComposeService } from './compose-service';
import { createDocumentStore, type DocumentStore } from '../documents/document-store';
import { createOutboxHandlers, type OutboxHandlers } from './handlers';
import { OutboxService, type OutboxDeps } from './outbox-service';

export { OutboxService, DEFAULT_OUTBOX_CONFIG, type OutboxConfig, type OutboxDeps } from './outbox-service';
export { OutboundStates, type OutboundReport, type ApplyResult } from './outbound-states';
export { reportFromDetail, reportFromRecord, attemptEvents } from './outbound-reports';
export { OUTBOX_CHECKPOINTS, type OutboxAccounts, type OutboxCheckpoint, type OutboxClient } from './ports';

export interface OutboxModule {
  store: DocumentStore;
  compose: ComposeService;
  outbox: OutboxService;
  handlers: OutboxHandlers;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createOutboxModule(deps: Omit<OutboxDeps, 'store' | 'compose'> & { store?: DocumentStore }): OutboxModule {
  const store = deps.store ?? createDocumentStore(deps.dataDir);
  const timers = deps.timers;
  const now = deps.now ?? (timers ? () => new Date(timers.now()) : () => new Date());
  const compose = new ComposeService({ store, accounts: deps.accounts, now });
  const outbox = new OutboxService({ ...deps, now, store, compose });
  return {
    store,
    compose,
    outbox,
    handlers: createOutboxHandlers(outbox, compose),
    start: () => outbox.start(),
    stop: () => outbox.stop(),
  };
}
