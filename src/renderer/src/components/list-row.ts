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

/** What the list tells every row alike; `rowProps` adds the row's own place and state. */
export interface ListRowContext {
  setSize: number;
  activeId: string | null;
  selectedId: string | null;
  now: Date;
  onPick(id: string): void;
}

/** The props of the row drawn for `id` at `row` (one rule for active, selected and place in every list). */
export function rowProps(id: string, row: { index: number; start: number }, list: ListRowContext): ListRowProps {
  return {
    index: row.index,
    start: row.start,
    setSize: list.setSize,
    active: id === list.activeId,
    selected: id === list.selectedId,
    now: list.now,
    onPick: list.onPick,
  };
}
