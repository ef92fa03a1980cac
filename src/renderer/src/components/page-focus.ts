/**
 * Where the keyboard goes when the page changes: to the new page's heading, so a screen reader says
 * which page this is and the next Tab starts in the page (not back at the top of the sidebar). A page
 * that put the focus somewhere itself (Compose on a field to fix) keeps it there.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** Focuses the page's h1 (made focusable by script, not by Tab), else the main region itself. */
export function focusPageHeading(main: HTMLElement | null): void {
  if (!main) return;
  const heading = main.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
  heading?.scrollIntoView({ block: 'nearest' });
}

/** After each change of `page` (not the first one shown), focus its heading unless it took the focus itself. */
export function usePageHeadingFocus(main: RefObject<HTMLElement | null>, page: string): void {
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    const element = main.current;
    // Pages' own effects (focusing a field) ran before this one, the parent's.
    if (!element || element.contains(document.activeElement)) return;
    focusPageHeading(element);
  }, [main, page]);
}
