/** Next/previous fax (J/K): where the open fax moves to in the loaded list. Pure. */

/**
 * The index to open after `current` when moving by `delta`: the first row when none is open (or the
 * open one is not in the list, e.g. filtered out), null at either end or in an empty list.
 */
export function steppedIndex(current: number, count: number, delta: 1 | -1): number | null {
  if (count <= 0) return null;
  if (current < 0 || current >= count) return 0;
  const next = current + delta;
  return next < 0 || next >= count ? null : next;
}
