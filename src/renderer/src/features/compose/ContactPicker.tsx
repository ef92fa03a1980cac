/**
 * Recipients from the address book: type part of a name, company or number; matching contacts and
 * distribution lists appear below (contacts:search, debounced). Choosing a list adds all its members.
 * Keyboard: ↓ from the search field moves into the results, ↑/↓ between them, Escape clears.
 */
import { useEffect, useId, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import type { ContactSearchHit } from '../../../../shared/ipc/contract/contacts';
import { errorMessage, faxdesk, unwrap } from '../../api';
import { useComposeStore } from '../../stores/compose-store';
import { useDebouncedValue } from '../../hooks/use-debounced-value';

export function ContactPicker({ disabled }: { disabled: boolean }): JSX.Element {
  const base = useId();
  const [text, setText] = useState('');
  const query = useDebouncedValue(text.trim(), 250);
  const [hits, setHits] = useState<ContactSearchHit[]>([]);
  const [status, setStatus] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const results = useRef<HTMLUListElement>(null);

  useEffect(() => {
    if (query === '') {
      setHits([]);
      setStatus('');
      return;
    }
    let live = true;
    unwrap(faxdesk.contacts.search({ text: query, limit: 12 }))
      .then(({ hits: found }) => {
        if (!live) return;
        setHits(found);
        setStatus(found.length === 0 ? `No contact or list matches “${query}”.` : `${found.length} ${found.length === 1 ? 'match' : 'matches'}.`);
      })
      .catch((error) => {
        if (live) setStatus(`Contacts could not be searched: ${errorMessage(error)}`);
      });
    return () => {
      live = false;
    };
  }, [query]);

  const choose = (hit: ContactSearchHit) => {
    const source = hit.kind === 'list' ? `the list “${hit.label}”` : hit.label;
    useComposeStore.getState().addRecipientsFrom(
      hit.recipients.map((r) => ({ number: r.faxNumber, name: r.name, company: r.company, contactId: r.contactId, label: r.name || r.company || r.display })),
      source,
    );
    setText('');
    input.current?.focus();
  };

  const showResults = hits.length > 0 && text.trim() !== '';
  const buttons = () => Array.from(results.current?.querySelectorAll('button') ?? []);
  const onResultKey = (e: KeyboardEvent) => {
    const list = buttons();
    const at = list.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'ArrowDown') list[Math.min(list.length - 1, at + 1)]?.focus();
    else if (e.key === 'ArrowUp') (at <= 0 ? input.current : list[at - 1])?.focus();
    else if (e.key === 'Escape') {
      setText('');
      input.current?.focus();
    } else return;
    e.preventDefault();
  };

  return (
    <div className="cx-picker">
      <label htmlFor={`${base}-q`}>Add from contacts</label>
      <input
        ref={input}
        id={`${base}-q`}
        type="search"
        placeholder="Name, company, number or list"
        autoComplete="off"
        value={text}
        disabled={disabled}
        aria-describedby={`${base}-status`}
        aria-controls={showResults ? `${base}-results` : undefined}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && hits.length > 0) {
            e.preventDefault();
            buttons()[0]?.focus();
          } else if (e.key === 'Escape') setText('');
        }}
      />
      <p id={`${base}-status`} className="cx-hint" aria-live="polite">
        {status}
      </p>
      {showResults && (
        <ul ref={results} id={`${base}-results`} className="cx-picker-results" aria-label="Matching contacts and lists" onKeyDown={onResultKey}>
          {hits.map((hit) => (
            <li key={`${hit.kind}-${hit.id}`}>
              <button type="button" onClick={() => choose(hit)} disabled={hit.recipients.length === 0}>
                <span className="cx-picker-label">
                  {hit.kind === 'list' ? <span className="cx-tag">List</span> : null}
                  {hit.label}
                </span>
                <span className="cx-hint">
                  {hit.detail}
                  {hit.kind === 'list' ? ` · adds ${hit.recipients.length} ${hit.recipients.length === 1 ? 'recipient' : 'recipients'}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
