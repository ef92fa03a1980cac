/**
 * Release fax numbers (destructive): the numbers are listed in the confirmation, then the outcome of
 * each is shown. The Admin API releases all or none, so on an error every number says "not released".
 */
import { useId, useState, type JSX, type RefObject } from 'react';
import { faxdesk, unwrap } from '../../../api';
import { numberIndexOf, parseNumberList } from '../admin-draft';
import type { ConfirmRequest } from '../../../components/ConfirmDialog';
import { SubmitButton } from '../AcctForm';
import { Field, Outcome, describedBy } from '../Field';
import { formErrorOf } from '../form-errors';

interface NumberOutcome {
  faxNumber: string;
  released: boolean;
  message: string;
}

export interface ReleaseNumbersProps {
  accountId: string;
  accountLabel: string;
  text: string;
  onText(text: string): void;
  onConfirm(request: ConfirmRequest): void;
  onReleased(): void;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

export function ReleaseNumbers({ accountId, accountLabel, text, onText, onConfirm, onReleased, inputRef }: ReleaseNumbersProps): JSX.Element {
  const prefix = useId();
  const fieldId = `${prefix}-numbers`;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [results, setResults] = useState<NumberOutcome[] | null>(null);
  const hint = 'One per line, or separated by commas, with the country code (e.g. 15222051030).';

  const release = (numbers: string[]) => {
    setBusy(true);
    setResults(null);
    unwrap(faxdesk.admin.releaseNumbers({ accountId, faxNumbers: numbers, confirm: true }))
      .then((result) => {
        const released = new Set(result.released);
        setResults(numbers.map((n) => ({ faxNumber: n, released: released.has(n), message: released.has(n) ? 'Released.' : 'Not released (the service did not confirm it).' })));
        onText('');
        onReleased();
      })
      .catch((e) => {
        const { message } = formErrorOf(e);
        const at = numberIndexOf((e as { info?: { field?: string } }).info?.field);
        const others = at === null ? null : `Not released: nothing was released because ${numbers[at] ?? 'another number'} is not a valid fax number.`;
        setResults(numbers.map((n, i) => ({ faxNumber: n, released: false, message: at === null || at === i ? `Not released: ${message}` : (others ?? '') })));
      })
      .finally(() => setBusy(false));
  };

  const ask = () => {
    setError(null);
    setResults(null);
    const numbers = parseNumberList(text);
    if (numbers.length === 0) {
      setError('Enter at least one fax number to release.');
      inputRef.current?.focus();
      return;
    }
    onConfirm({
      title: `Release ${numbers.length} fax number${numbers.length === 1 ? '' : 's'}?`,
      body: (
        <>
          <p>These numbers of {accountLabel} will be released:</p>
          <ul className="acct-dialog-list">
            {numbers.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <p>Their users lose them, and each number’s user-id stops working with the Fax Services API. This cannot be undone.</p>
        </>
      ),
      confirmLabel: `Release ${numbers.length === 1 ? 'number' : 'numbers'}`,
      onConfirm: () => release(numbers),
    });
  };

  return (
    <section className="card" aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>Release fax numbers</h2>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          ask();
        }}
      >
        <Field id={fieldId} label="Fax numbers to release" error={error} hint={hint}>
          <textarea id={fieldId} ref={inputRef} rows={3} value={text} onChange={(e) => onText(e.target.value)} {...describedBy({ id: fieldId, error, hint })} />
        </Field>
        <div className="acct-actions">
          <SubmitButton kind="danger" busy={busy} label="Release numbers…" busyLabel="Releasing…" />
        </div>
      </form>
      {results && (
        <Outcome kind={results.every((r) => r.released) ? 'ok' : 'error'} testId="release-result">
          <ul className="acct-results">
            {results.map((r) => (
              <li key={r.faxNumber} className={r.released ? 'acct-result-ok' : 'acct-result-failed'}>
                <strong>{r.faxNumber}</strong>: {r.message}
              </li>
            ))}
          </ul>
        </Outcome>
      )}
    </section>
  );
}
