/** The contacts slice of the IPC handler table: each handler forwards to the service; inputs were parsed by the gate. */
import type { contactCalls } from '../../shared/ipc/contract/contacts';
import type { Handler } from '../ipc/gate';
import type { ContactsService } from './contacts-service';

export type ContactCallName = keyof typeof contactCalls;
export type ContactHandlers = { [N in ContactCallName]: Handler<N> };

export function createContactHandlers(contacts: ContactsService): ContactHandlers {
  return {
    'contacts:list': (query) => contacts.list(query),
    'contacts:search': ({ text, limit }) => contacts.search(text, limit),
    'contacts:create': (input) => contacts.create(input),
    'contacts:update': (input) => contacts.update(input),
    'contacts:delete': ({ id }) => contacts.delete(id),
    'contacts:markUsed': ({ faxNumbers }) => contacts.markUsed(faxNumbers),
    'contacts:listLists': () => contacts.lists(),
    'contacts:createList': ({ name, memberIds }) => contacts.createList(name, memberIds),
    'contacts:renameList': ({ id, name }) => contacts.renameList(id, name),
    'contacts:setListMembers': ({ id, memberIds }) => contacts.setListMembers(id, memberIds),
    'contacts:deleteList': ({ id }) => contacts.deleteList(id),
    'contacts:importText': ({ format, text }) => contacts.importText(format, text),
    'contacts:export': ({ format }) => contacts.export(format),
  };
}
