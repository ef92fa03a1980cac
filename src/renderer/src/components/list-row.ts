/**
 * What a row of a virtual listbox (the inbox, the outbox) is told by its list: where it sits, its
 * place in the set for a screen reader, whether it is the active or the selected option, the clock
 * its times are shown against, and how to pick it.
 */
export interface ListRowProps {
  index: number;
  /** Its top, in pixels from the top of the list. */
  start: number;
  /** aria-setsize; -1 when the list does not know its length yet. */
  setSize: number;
  active: boolean;
  selected: boolean;
  now: Date;
  onPick(id: string): void;
}
