/**
 * Saves the compose in main as the person works: a moment after the last change (debounced, so typing
 * a name costs one save, not one per key), and at once when the page is hidden or closed. What is saved
 * is model/compose/saved-draft.ts's picture of the compose; an unchanged picture is not sent again.
 * A compose with nothing of the person's in it (a new fax, or the one just sent) forgets the draft.
 * Started by the app once the saved draft has been restored (so an empty start never erases it).
 */
import { useEffect } from 'react';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { useComposeStore, type ComposeState } from '../../stores/compose-store';
import { isWorthKeeping, savedDraftOf } from '../../model/compose/saved-draft';

/** How long after the last change the draft is saved. */
export const DRAFT_SAVE_DELAY_MS = 800;

function pictureOf(s: ComposeState): string | null {
  return isWorthKeeping(s) ? JSON.stringify(savedDraftOf(s)) : null;
}

export function startDraftAutosave(): () => void {
  const store = useComposeStore;
  let timer: ReturnType<typeof setTimeout> | null = null;
  // What main holds: the restored draft's picture, or nothing.
  let saved: string | null = store.getState().restored ? pictureOf(store.getState()) : null;
  let writing: Promise<void> = Promise.resolve();

  const setStatus = (patch: Partial<ComposeState['draftSave']>) => store.setState((s) => ({ draftSave: { ...s.draftSave, ...patch } }));

  const write = (): Promise<void> => {
    // One write at a time, in order: the last picture always lands last.
    writing = writing.then(async () => {
      const picture = pictureOf(store.getState());
      if (picture === saved) return;
      try {
        if (picture === null) {
          await unwrap(faxdesk.drafts.discard({}));
          saved = null;
          setStatus({ status: 'idle', savedAt: null, error: null });
          return;
        }
        setStatus({ status: 'saving' });
        const result = await unwrap(faxdesk.drafts.save({ draft: JSON.parse(picture) }));
        saved = picture;
        if (result.saved) setStatus({ status: 'saved', savedAt: result.savedAt, error: null });
        else setStatus({ status: 'idle', savedAt: null, error: null });
      } catch (error) {
        setStatus({ status: 'error', error: `The draft could not be saved: ${errorMessage(error)} Faxdesk tries again at your next change.` });
      }
    });
    return writing;
  };

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void write();
    }, DRAFT_SAVE_DELAY_MS);
  };

  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    void write();
  };

  const unsubscribe = store.subscribe((s, previous) => {
    // Only the person's content counts; progress, problems and announcements do not.
    if (
      s.recipients !== previous.recipients ||
      s.documents !== previous.documents ||
      s.options !== previous.options ||
      s.coverPage !== previous.coverPage ||
      s.header !== previous.header ||
      s.sendMode !== previous.sendMode ||
      s.scheduledLocal !== previous.scheduledLocal ||
      s.accountId !== previous.accountId ||
      s.composeId !== previous.composeId
    ) {
      schedule();
    }
  });
  const onHide = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHide);
  window.addEventListener('pagehide', flush);

  return () => {
    unsubscribe();
    document.removeEventListener('visibilitychange', onHide);
    window.removeEventListener('pagehide', flush);
    flush();
  };
}

/** The app's one hook: restore the saved draft, then keep saving. */
export function useComposeDraft(): void {
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void useComposeStore
      .getState()
      .restoreDraft()
      .finally(() => {
        if (!cancelled) stop = startDraftAutosave();
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, []);
}
