/**
 * What became of the work on this fax: "Draft saved at 10:42" under Send (kept if Faxdesk closes),
 * and, once after a start or reload, that the fax being written was restored and nothing was sent.
 */
import type { JSX } from 'react';
import { useComposeStore } from '../../stores/compose-store';

const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function when(iso: string): string {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? `at ${timeFormat.format(date)}` : `on ${dateTimeFormat.format(date)}`;
}

/** Under Send: where the draft stands. */
export function DraftStatus(): JSX.Element | null {
  const state = useComposeStore((s) => s.draftSave);
  if (state.status === 'error') {
    return (
      <p className="cx-error" role="status" data-testid="draft-status" data-state="error">
        {state.error}
      </p>
    );
  }
  if (state.status === 'idle' || !state.savedAt) {
    return state.status === 'saving' ? (
      <p className="cx-hint" data-testid="draft-status" data-state="saving">
        Saving the draft…
      </p>
    ) : null;
  }
  return (
    <p className="cx-hint" data-testid="draft-status" data-state={state.status}>
      {state.status === 'saving' ? 'Saving the draft…' : `Draft saved ${when(state.savedAt)}.`} Kept if Faxdesk closes; sent only when you press Send.
    </p>
  );
}

/** At the top of Compose after a start or reload that brought the fax back. */
export function RestoredBanner(): JSX.Element | null {
  const restored = useComposeStore((s) => s.restored);
  if (!restored) return null;
  return (
    <div className="banner cx-banner cx-info" role="status" data-testid="draft-restored">
      <p>
        <strong>Restored the fax you were writing</strong> (saved {when(restored.savedAt)}). Nothing was sent.
        {restored.missing > 0
          ? ` ${restored.missing === 1 ? 'One document is' : `${restored.missing} documents are`} no longer on this computer: add ${restored.missing === 1 ? 'it' : 'them'} again.`
          : ''}
      </p>
      <button type="button" onClick={() => useComposeStore.getState().dismissRestored()}>
        OK
      </button>{' '}
      <button type="button" className="danger-outline" onClick={() => useComposeStore.getState().reset()}>
        Discard it and start a new fax
      </button>
    </div>
  );
}
