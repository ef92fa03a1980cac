/**
 * Composes the address book and the header templates for createCore: services, the handler slices,
 * and their change events. Compose and the outbox use `contacts` (search, markUsed) and `templates`.
 */
import type { EventBus } from '../ipc/events';
import type { Logger } from '../platform/logger';
import type { Db } from '../store/database';
import { createTemplateHandlers, TemplatesService, type TemplateHandlers } from '../templates';
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
  templates: TemplatesService;
  handlers: ContactHandlers & TemplateHandlers;
}

export function createContactsModule(deps: ContactsModuleDeps): ContactsModule {
  const contacts = new ContactsService(deps);
  const templates = new TemplatesService(deps);
  contacts.onChange((change) => deps.events.emit('contacts:changed', change));
  templates.onChange((list) => deps.events.emit('templates:changed', list));
  return { contacts, templates, handlers: { ...createContactHandlers(contacts), ...createTemplateHandlers(templates) } };
}
