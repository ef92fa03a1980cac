/**
 * Composes the address book for createCore: the service, its handler slice and its change event.
 * Compose and the outbox use `contacts` (search, markUsed).
 */
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import type { Db } from '../store/database';
import { ContactsService } from './contacts-service';
import { createContactHandlers, type ContactHandlers } from './handlers';

export { ContactsService, contactView, recipientOf, IMPORT_MAX_RECORDS } from './contacts-service';

export interface ContactsModuleDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
  events: EventBus;
}

export interface ContactsModule {
  contacts: ContactsService;
  handlers: ContactHandlers;
}

export function createContactsModule(deps: ContactsModuleDeps): ContactsModule {
  const contacts = new ContactsService(deps);
  contacts.onChange((change) => deps.events.emit('contacts:changed', change));
  return { contacts, handlers: createContactHandlers(contacts) };
}
