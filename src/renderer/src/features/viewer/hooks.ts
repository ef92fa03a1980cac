/** Small React hooks of the viewer. */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { DamagedDocumentError } from './damage';
import { openFax } from './open-fax';
import type { FaxDocument, OpenedFax } from './types';

export type OpenState =
  | { status: 'empty' }
  | { status: 'opening' }
  | { status: 'ready'; fax: OpenedFax }
  | { status: 'damaged'; message: string }
  | { status: 'failed'; message: string };

/**
 * Opens the document whenever its bytes or kind change, and closes the previous one. A caller that
 * builds a new `{ kind, data }` object on every render with the same bytes does not reopen anything.
 */
export function useOpenedFax(document: FaxDocument | null): OpenState {
  const kind = document?.kind;
  const data = document?.data;
  // The state remembers which bytes it is about, so a new document never shows the old one's pages.
  const [state, setState] = useState<{ kind?: FaxDocument['kind']; data?: Uint8Array; value: OpenState }>({ value: { status: 'empty' } });
  // Started as the document is committed, not after the next paint: opening is asynchronous, and waiting
  // for a frame first only made the fax show a frame later.
  useLayoutEffect(() => {
    if (!kind || !data) return;
    let current = true;
    let opened: OpenedFax | null = null;
    openFax({ kind, data }).then(
      (fax) => {
        if (!current) return fax.destroy();
        opened = fax;
        setState({ kind, data, value: { status: 'ready', fax } });
      },
      (error: unknown) => {
        if (!current) return;
        const message = error instanceof Error ? error.message : String(error);
        setState({ kind, data, value: error instanceof DamagedDocumentError ? { status: 'damaged', message } : { status: 'failed', message } });
      },
    );
    return () => {
      current = false;
      opened?.destroy();
    };
  }, [kind, data]);
  if (!kind || !data) return { status: 'empty' };
  return state.data === data && state.kind === kind ? state.value : { status: 'opening' };
}

/** The inner size (client box) of an element, kept up to date with a ResizeObserver. */
export function useClientSize(ref: RefObject<HTMLElement | null>, enabled: boolean): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const measure = () =>
      setSize((old) => (old.width === element.clientWidth && old.height === element.clientHeight ? old : { width: element.clientWidth, height: element.clientHeight }));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return size;
}

/**
 * `value`, but changes only after it has stayed the same for `delayMs` (the first value is immediate);
 * with `immediate`, every change is taken at once.
 */
export function useSettledValue<T>(value: T, delayMs: number, immediate = false): T {
  const [settled, setSettled] = useState(value);
  // Nothing to keep steady yet (e.g. nothing drawn): take the value at once.
  if (immediate && !Object.is(value, settled)) setSettled(value);
  useEffect(() => {
    if (immediate || Object.is(value, settled)) return;
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, settled, delayMs, immediate]);
  return immediate ? value : settled;
}
