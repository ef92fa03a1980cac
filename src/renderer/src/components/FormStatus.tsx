/**
 * The two lines under a form or panel: its error, announced at once (role="alert"), shown only when
 * there is one; and its status, a polite live region that is always in the page so a screen reader
 * hears each change to it.
 */
import type { JSX, ReactNode } from 'react';

export function FormStatus({ error, status, errorClass, statusClass }: { error: ReactNode; status: ReactNode; errorClass: string; statusClass: string }): JSX.Element {
  return (
    <>
      {error ? (
        <p className={errorClass} role="alert">
          {error}
        </p>
      ) : null}
      <p className={statusClass} role="status">
        {status}
      </p>
    </>
  );
}
