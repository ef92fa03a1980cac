import type { JSX } from 'react';
import { focusPageHeading } from './page-focus';

/** The first Tab stop of the window: jumps past the sidebar to the page's heading. */
export function SkipLink({ targetId }: { targetId: string }): JSX.Element {
  return (
    <a
      className="skip-link"
      href={`#${targetId}`}
      onClick={(event) => {
        // Moving the focus is the point; the address (#…) need not change.
        event.preventDefault();
        focusPageHeading(document.getElementById(targetId));
      }}
    >
      Skip to content
    </a>
  );
}
