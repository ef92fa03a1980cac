/**
 * "What is this?" for one of the fax service's words (shared/plain-words/glossary.ts): a small "?"
 * button beside the word; its tooltip and, when pressed, a line under it say what the word means.
 * A button, so it works with the keyboard and a screen reader, not only with a mouse hovering.
 */
import { useId, useState, type JSX } from 'react';
import { GLOSSARY, type GlossaryId } from '../../../shared/plain-words/glossary';
import '../styles/help-tip.css';

export function HelpTip({ id }: { id: GlossaryId }): JSX.Element {
  const entry = GLOSSARY[id];
  const [open, setOpen] = useState(false);
  const noteId = useId();
  return (
    <span className="help-tip">
      <button
        type="button"
        className="help-tip-button"
        aria-label={`What is “${entry.term}”?`}
        aria-expanded={open}
        aria-controls={noteId}
        title={entry.help}
        data-glossary={id}
        onClick={() => setOpen((o) => !o)}
      >
        ?
      </button>
      <span id={noteId} className="help-tip-text" role="note" hidden={!open}>
        {entry.help}
      </span>
    </span>
  );
}
