/**
 * Virtual rows for a list whose rows all have one height: which rows are in view is arithmetic on the
 * scroll position, so the list costs the same memory and work at 100 rows as at 100,000, however far it
 * is scrolled. (@tanstack/react-virtual, used where rows differ, keeps an object for every row it has
 * laid out since its bookkeeping was last built, which grows with every row scrolled past.)
 */
import { useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export interface FixedRow {
  index: number;
  /** Its top, in pixels from the top of the list. */
  start: number;
}

export interface RowRange {
  /** First and last index drawn (the rows in view plus `overscan` either side); last < first when none. */
  first: number;
  last: number;
}

/** The rows to draw for a view `height` pixels tall scrolled to `top`. */
export function rowsInView(top: number, height: number, rowHeight: number, count: number, overscan: number): RowRange {
  if (count <= 0 || rowHeight <= 0) return { first: 0, last: -1 };
  const firstInView = Math.min(count - 1, Math.max(0, Math.floor(top / rowHeight)));
  // Whatever the offset within the top row, a view this tall touches at most this many rows below it.
  const lastInView = Math.min(count - 1, firstInView + Math.ceil(Math.max(0, height) / rowHeight));
  return { first: Math.max(0, firstInView - overscan), last: Math.min(count - 1, lastInView + overscan) };
}

/** Where to scroll so row `index` is in view, moving as little as possible (unchanged when it already is). */
export function scrollTopFor(index: number, rowHeight: number, top: number, height: number): number {
  const rowTop = index * rowHeight;
  if (rowTop < top) return rowTop;
  if (rowTop + rowHeight > top + height) return Math.max(0, rowTop + rowHeight - height);
  return top;
}

interface Viewport {
  /** The index of the row at the top of the view (the range only changes when it does). */
  topRow: number;
  top: number;
  height: number;
}

export function useFixedRows(options: { scrollRef: RefObject<HTMLElement | null>; count: number; rowHeight: number; overscan: number }): {
  rows: FixedRow[];
  totalSize: number;
  scrollToIndex(index: number): void;
} {
  const { scrollRef, count, rowHeight, overscan } = options;
  const [viewport, setViewport] = useState<Viewport>({ topRow: 0, top: 0, height: 0 });

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    // Drawn again only when the row at the top or the height changes, not at every scroll event.
    const update = () => {
      const top = element.scrollTop;
      const height = element.clientHeight;
      const topRow = Math.floor(top / rowHeight);
      setViewport((v) => (v.topRow === topRow && v.height === height ? v : { topRow, top, height }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    const resize = new ResizeObserver(update);
    resize.observe(element);
    return () => {
      element.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [scrollRef, rowHeight]);

  const range = rowsInView(viewport.top, viewport.height, rowHeight, count, overscan);
  const rows: FixedRow[] = [];
  for (let index = range.first; index <= range.last; index++) rows.push({ index, start: index * rowHeight });

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current;
      if (!element) return;
      const next = scrollTopFor(index, rowHeight, element.scrollTop, element.clientHeight);
      if (next !== element.scrollTop) element.scrollTop = next;
    },
    [scrollRef, rowHeight],
  );

  return { rows, totalSize: count * rowHeight, scrollToIndex };
}
