/**
 * The note on a received fax (shown whole in the viewer's pane, in one line in the list): "Add a note",
 * then the text with "Edit note"; editing is a text box with Save and Cancel (Ctrl/Cmd+Enter saves,
 * Escape cancels). An empty note removes it. The Inbox search finds its words.
 */
import { useEffect, useId, useRef, useState, type JSX } from 'react';
import { INBOX_NOTE_MAX_LENGTH } from '../../../../shared/ipc/contract/inbox';

export interface NoteEditorProps {
  faxId: string;
  note: string;
  /** Resolves with null when saved, or the sentence saying why not. */
  onSave(note: string): Promise<string | null>;
}

export function NoteEditor({ faxId, note, onSave }: NoteEditorProps): JSX.Element {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const editButton = useRef<HTMLButtonElement>(null);

  // Another fax opened: whatever was being written here was about the previous one.
  useEffect(() => {
    setDraft(null);
    setError(null);
    setSaid(null);
  }, [faxId]);
  const editing = draft !== null;
  // The text box takes the focus when editing starts.
  useEffect(() => {
    if (editing) box.current?.focus();
  }, [editing]);
  const tooLong = (draft?.length ?? 0) > INBOX_NOTE_MAX_LENGTH;

  const save = async () => {
    if (draft === null || tooLong) return;
    setSaving(true);
    setError(null);
    const problem = await onSave(draft);
    setSaving(false);
    if (problem) {
      setError(problem);
      return;
    }
    setSaid(draft.trim() ? 'Note saved.' : 'Note removed.');
    setDraft(null);
    setTimeout(() => editButton.current?.focus(), 0);
  };
  const cancel = () => {
    setDraft(null);
    setError(null);
    setTimeout(() => editButton.current?.focus(), 0);
  };

  return (
    <section className="inbox-note" aria-labelledby={`${id}-heading`} data-testid="inbox-note">
      <div className="inbox-note-head">
        <h3 id={`${id}-heading`}>Note</h3>
        {!editing ? (
          <button type="button" ref={editButton} className="link-button" onClick={() => (setSaid(null), setDraft(note))}>
            {note ? 'Edit note' : 'Add a note'}
          </button>
        ) : null}
        <span className="muted" role="status">
          {said}
        </span>
      </div>
      {!editing && note ? (
        <p className="inbox-note-text" data-testid="inbox-note-text">
          {note}
        </p>
      ) : null}
      {!editing && !note ? <p className="muted inbox-note-text">Only you see notes; the Inbox search finds their words.</p> : null}
      {editing ? (
        <>
          <label className="sr-only" htmlFor={`${id}-text`}>
            Note on this fax
          </label>
          <textarea
            id={`${id}-text`}
            ref={box}
            value={draft}
            rows={3}
            aria-invalid={tooLong || error !== null || undefined}
            aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
            placeholder="For example: Called back on Monday; invoice paid."
            onChange={(event) => setDraft(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.preventDefault();
                event.stopPropagation();
                cancel();
              } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                void save();
              }
            }}
          />
          <div className="inbox-note-actions">
            <button type="button" className="primary" disabled={saving || tooLong} onClick={() => void save()}>
              {saving ? 'Saving…' : 'Save note'}
            </button>
            <button type="button" disabled={saving} onClick={cancel}>
              Cancel
            </button>
            <span id={`${id}-count`} className={tooLong ? 'error' : 'muted'}>
              {draft.length.toLocaleString()} of {INBOX_NOTE_MAX_LENGTH.toLocaleString()} characters
            </span>
          </div>
          {error ? (
            <p className="error" role="alert" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
