/**
 * Who the fax goes to: rows of fax number, name and company (each number checked as it is typed by
 * the shared number module and shown formatted once valid), contacts and lists, and a pasted list or
 * CSV with the lines that could not be used and why. At most 50.
 */
import { useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useComposeStore } from '../../stores/compose-store';
import { ContactPicker } from './ContactPicker';
import { FieldMessages, messagesIdFor } from './FieldMessages';
import { domIdFor, messagesFor } from '../../model/compose/problems';
import { MAX_RECIPIENTS, checkRows, isBlankRow, looksLikeRecipientList } from '../../model/compose/recipients';

/** The two optional columns of a recipient row, after the fax number: same input, different field. */
const OPTIONAL_FIELDS = [
  { field: 'name', placeholder: 'Name (optional)' },
  { field: 'company', placeholder: 'Company (optional)' },
] as const;

export function RecipientsPanel(): JSX.Element {
  const rows = useComposeStore((s) => s.recipients);
  const problems = useComposeStore((s) => s.problems);
  const note = useComposeStore((s) => s.recipientNote);
  const checks = useMemo(() => checkRows(rows), [rows]);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [pasteText, setPasteText] = useState('');
  const [pasteOpen, setPasteOpen] = useState(false);
  const focusNext = useRef<string | null>(null);
  const filled = rows.filter((r) => !isBlankRow(r)).length;
  const full = filled >= MAX_RECIPIENTS;

  useEffect(() => {
    if (!focusNext.current) return;
    document.getElementById(focusNext.current)?.focus();
    focusNext.current = null;
  });

  const store = useComposeStore.getState;
  const addRow = () => {
    const key = store().addRecipientRow();
    if (key) focusNext.current = domIdFor(`recipient:${key}:number`);
  };

  return (
    <section className="card cx-recipients" aria-labelledby="compose-recipients-heading">
      <h2 id="compose-recipients-heading">
        Recipients{' '}
        <span className="cx-count" data-testid="recipient-count">
          {filled} of {MAX_RECIPIENTS}
        </span>
      </h2>
      <ContactPicker disabled={full} />

      <div className="cx-rows" role="group" aria-labelledby="compose-recipients-heading" id={domIdFor('recipients')} tabIndex={-1}>
        <div className="cx-row cx-row-head" aria-hidden="true">
          <span>Fax number</span>
          <span>Name</span>
          <span>Company</span>
          <span />
        </div>
        {rows.map((row, i) => {
          const check = checks[i]!;
          const numberKey = `recipient:${row.key}:number`;
          const serverNumber = messagesFor(problems, numberKey);
          const showLocal = check.state === 'error' && (touched.has(row.key) || problems.length > 0) && serverNumber.length === 0;
          const invalid = serverNumber.length > 0 || showLocal;
          const n = i + 1;
          return (
            <div key={row.key} className="cx-row" data-testid="recipient-row">
              <input
                id={domIdFor(numberKey)}
                type="text"
                inputMode="tel"
                autoComplete="off"
                aria-label={`Recipient ${n} fax number`}
                placeholder="+1 555 123 4567"
                value={row.number}
                aria-invalid={invalid || undefined}
                aria-describedby={`${domIdFor(numberKey)}-state ${messagesIdFor(numberKey)}`}
                onChange={(e) => store().updateRecipient(row.key, { number: e.target.value })}
                onBlur={() => {
                  setTouched((t) => new Set(t).add(row.key));
                  store().tidyRecipient(row.key);
                }}
                onPaste={(e) => {
                  const text = e.clipboardData.getData('text');
                  if (!looksLikeRecipientList(text)) return;
                  e.preventDefault();
                  store().pasteRecipients(text);
                }}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && i === rows.length - 1 && !isBlankRow(row)) {
                    e.preventDefault();
                    addRow();
                  }
                }}
              />
              {OPTIONAL_FIELDS.map(({ field, placeholder }) => (
                <input
                  key={field}
                  id={domIdFor(`recipient:${row.key}:${field}`)}
                  type="text"
                  autoComplete="off"
                  aria-label={`Recipient ${n} ${field}`}
                  placeholder={placeholder}
                  value={row[field]}
                  aria-describedby={messagesIdFor(`recipient:${row.key}:${field}`)}
                  onChange={(e) => store().updateRecipient(row.key, { [field]: e.target.value })}
                />
              ))}
              <button type="button" className="cx-icon-button" aria-label={`Remove recipient ${n}`} onClick={() => store().removeRecipient(row.key)}>
                ×
              </button>
              <div className="cx-row-state">
                <span id={`${domIdFor(numberKey)}-state`} data-testid="recipient-state">
                  {check.state === 'ok' ? <span className="cx-ok">Sends to {check.display}</span> : null}
                  {showLocal && check.state === 'error' ? <span className="cx-error">{check.message}</span> : null}
                </span>
                <FieldMessages field={numberKey} />
                <FieldMessages field={`recipient:${row.key}:name`} />
                <FieldMessages field={`recipient:${row.key}:company`} />
              </div>
            </div>
          );
        })}
      </div>
      <FieldMessages field="recipients" />

      <div className="cx-row-actions">
        <button type="button" onClick={addRow} aria-disabled={full || undefined} aria-describedby={full ? 'compose-recipients-full' : undefined}>
          Add recipient
        </button>
        <button type="button" aria-expanded={pasteOpen} aria-controls="compose-paste" onClick={() => setPasteOpen(!pasteOpen)}>
          Paste a list or CSV…
        </button>
      </div>
      {full && (
        <p id="compose-recipients-full" className="cx-hint">
          This fax has {MAX_RECIPIENTS} recipients, the most one fax can go to. Send to others as a second fax.
        </p>
      )}

      {pasteOpen && (
        <div id="compose-paste" className="cx-paste">
          <label htmlFor="compose-paste-text">Paste numbers, one per line, or CSV columns: number, name, company</label>
          <textarea
            id="compose-paste-text"
            rows={5}
            value={pasteText}
            placeholder={'+1 555 123 4567, Ada Lovelace, Analytical Engines\n555-987-6543\n+44 20 7946 0000'}
            onChange={(e) => setPasteText(e.target.value)}
          />
          <div className="cx-row-actions">
            <button
              type="button"
              className="primary"
              disabled={pasteText.trim() === ''}
              onClick={() => {
                store().pasteRecipients(pasteText);
                setPasteText('');
                setPasteOpen(false);
              }}
            >
              Add these recipients
            </button>
            <button type="button" onClick={() => setPasteOpen(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}

      {note && (
        <div className="cx-note" data-testid="recipient-note">
          <p>
            {note.added} {note.added === 1 ? 'recipient' : 'recipients'} added from {note.source}
            {note.skipped.length > 0 ? `; ${note.skipped.length} skipped:` : '.'}
          </p>
          {note.skipped.length > 0 && (
            <ul data-testid="recipient-skipped">
              {note.skipped.map((s, i) => (
                <li key={i}>
                  <strong>{s.label}:</strong> {s.reason}
                </li>
              ))}
            </ul>
          )}
          <button type="button" onClick={() => store().dismissRecipientNote()}>
            Dismiss
          </button>
        </div>
      )}
    </section>
  );
}
