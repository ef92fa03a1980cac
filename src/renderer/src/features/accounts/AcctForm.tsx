/**
 * The frame of an edit form in the accounts area (an account, an Admin API user): headed by its
 * title, which names the form for a screen reader, and validated by us rather than the browser.
 */
import type { JSX, ReactNode } from 'react';

export function AcctForm({ headingId, heading, onSubmit, children }: { headingId: string; heading: ReactNode; onSubmit(): void; children: ReactNode }): JSX.Element {
  return (
    <form
      className="acct-form"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <h3 id={headingId}>{heading}</h3>
      {children}
    </form>
  );
}

/** A form's submit button, disabled and saying what it is doing while its action runs. */
export function SubmitButton({ kind, busy, label, busyLabel }: { kind: 'primary' | 'danger'; busy: boolean; label: string; busyLabel: string }): JSX.Element {
  return (
    <button type="submit" className={kind} disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
