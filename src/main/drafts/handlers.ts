/** The drafts:* calls (contract: src/shared/ipc/contract/drafts.ts). */
import type { Handler } from '../ipc/gate';
import type { DraftsService } from './drafts-service';

type DraftCallName = 'drafts:get' | 'drafts:save' | 'drafts:discard';
export type DraftHandlers = { [N in DraftCallName]: Handler<N> };

export function createDraftHandlers(drafts: DraftsService): DraftHandlers {
  return {
    'drafts:get': () => drafts.get(),
    'drafts:save': ({ draft }) => drafts.save(draft),
    'drafts:discard': ({ composeId }) => drafts.discard(composeId),
  };
}
