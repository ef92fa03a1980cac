/** The inbox:* calls of the IPC contract. */
import type { Handler } from '../ipc/gate';
import type { InboxService } from './inbox-service';

type InboxCallName =
  | 'inbox:list'
  | 'inbox:get'
  | 'inbox:image'
  | 'inbox:retryDownload'
  | 'inbox:markRead'
  | 'inbox:markUnread'
  | 'inbox:setNote'
  | 'inbox:delete'
  | 'inbox:print';
export type InboxHandlers = { [N in InboxCallName]: Handler<N> };

export function createInboxHandlers(inbox: InboxService): InboxHandlers {
  return {
    'inbox:list': (input) => inbox.list(input),
    'inbox:get': (input) => inbox.get(input),
    'inbox:image': ({ id }) => inbox.image(id),
    'inbox:retryDownload': ({ id }) => inbox.retryDownload(id),
    'inbox:markRead': ({ ids }) => inbox.markRead(ids),
    'inbox:markUnread': ({ ids }) => inbox.markUnread(ids),
    'inbox:setNote': ({ id, note }) => inbox.setNote(id, note),
    'inbox:delete': ({ id }) => inbox.delete(id),
    'inbox:print': ({ id }) => inbox.print(id),
  };
}
