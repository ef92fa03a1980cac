import type { JSX } from 'react';

/** Said plainly on a page whose feature has not been built yet. */
export function NotBuilt({ title, what, issue }: { title: string; what: string; issue: string }): JSX.Element {
  return (
    <section className="page">
      <h1>{title}</h1>
      <div className="not-built" role="note">
        <p>
          <strong>Not built yet.</strong> {what}
        </p>
        <p className="muted">Tracked in: {issue}</p>
      </div>
    </section>
  );
}
