import { useComposeStore } from '../../stores/compose-store';
import { domIdFor, sectionOf } from '../../model/compose/problems';

/** The id of the page's list of problems (the target for problems no field owns). */
export const PROBLEMS_ID = 'compose-problems';

/**
 * Moves the focus to a field (opening its collapsed section first). A wrapper (the cover page or
 * header designer, a document row) hands the focus to its first invalid control when it has one.
 */
export function focusField(key: string): void {
  const section = sectionOf(key);
  if (section) useComposeStore.getState().setSection(section, true);
  requestAnimationFrame(() => {
    let element: HTMLElement | null = null;
    if (key === 'general') element = document.getElementById(PROBLEMS_ID);
    else if (key === 'recipients') element = document.querySelector<HTMLElement>('.cx-recipients input[inputmode="tel"]');
    element ??= document.getElementById(domIdFor(key));
    if (element && element.tabIndex === -1 && !(element instanceof HTMLLIElement)) {
      element = element.querySelector<HTMLElement>('[aria-invalid="true"]') ?? element;
    }
    if (!element) return;
    element.focus({ preventScroll: true });
    element.scrollIntoView({ block: 'center', behavior: 'auto' });
  });
}
