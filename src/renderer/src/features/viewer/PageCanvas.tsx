/**
 * One page drawn into a canvas, for the page column and for thumbnails. Drawing happens only while
 * `draw` is true (the page is near the viewport); otherwise the canvas is released. A new size is drawn
 * into a fresh canvas that replaces the old one when done, so zooming never flashes a blank page, and
 * an unfinished drawing is cancelled on unmount, zoom change or when the page scrolls far away.
 */
import { useEffect, useLayoutEffect, useRef, useState, type JSX } from 'react';
import { DamagedDocumentError, isRenderCancelled, damagedDocumentMessage } from './damage';
import { canvasPixelSize, type CssSize } from './layout';
import { useSettledValue } from './hooks';
import type { OpenedFax } from './types';

export interface PageCanvasProps {
  fax: OpenedFax;
  index: number;
  cssSize: CssSize;
  draw: boolean;
  /** Show a failure as text inside the page (main column) or only mark it (thumbnails). */
  showErrors: boolean;
  /** Accessible name of the drawn page (the canvas itself has none); omit inside a labelled button. */
  label?: string;
  /** Told each time a drawing is done: on screen, or failed. */
  onSettled?: () => void;
}

/** Sizes settle for this long before a redraw, so a drag-resize or a burst of zoom keys draws once. */
const REDRAW_DELAY_MS = 120;

function releaseCanvases(host: HTMLElement): void {
  for (const canvas of host.querySelectorAll('canvas')) {
    canvas.width = 0;
    canvas.height = 0;
  }
  host.replaceChildren();
  delete host.dataset['rendered'];
}

export function PageCanvas({ fax, index, cssSize, draw, showErrors, label, onSettled }: PageCanvasProps): JSX.Element {
  const host = useRef<HTMLSpanElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** A drawing is on screen: only then is a new size worth waiting for (a redraw, not a first draw). */
  const [shown, setShown] = useState(false);
  const onSettledRef = useRef(onSettled);
  onSettledRef.current = onSettled;
  const pixels = canvasPixelSize(cssSize, window.devicePixelRatio || 1);
  const pixelKey = useSettledValue(`${pixels.width}x${pixels.height}`, REDRAW_DELAY_MS, !shown);

  // The drawing starts as the page is committed, not after the next paint (it is asynchronous: what is
  // done here is making a canvas and asking for the page).
  useLayoutEffect(() => {
    const element = host.current;
    if (!element) return;
    if (!draw) {
      releaseCanvases(element);
      setShown(false);
      return;
    }
    const [width, height] = pixelKey.split('x').map(Number) as [number, number];
    const canvas = document.createElement('canvas');
    const job = fax.render(index, canvas, width, height);
    let live = true;
    job.promise.then(
      () => {
        if (!live) return;
        releaseCanvases(element);
        element.append(canvas);
        element.dataset['rendered'] = 'true';
        setShown(true);
        setFailure(null);
        onSettledRef.current?.();
      },
      (error: unknown) => {
        canvas.width = 0;
        if (!live || isRenderCancelled(error)) return;
        const reason = error instanceof DamagedDocumentError ? error.reason : error instanceof Error ? error.message : String(error);
        setFailure(reason);
        onSettledRef.current?.();
      },
    );
    return () => {
      live = false;
      job.cancel();
    };
  }, [fax, index, draw, pixelKey]);

  useEffect(() => {
    const element = host.current;
    return () => {
      if (element) releaseCanvases(element);
    };
  }, []);

  return (
    <>
      <span ref={host} className="fax-page-surface" role={label ? 'img' : undefined} aria-label={label} />
      {failure !== null && showErrors ? (
        <span className="fax-page-error" role="alert">
          {damagedDocumentMessage(failure)}
        </span>
      ) : null}
      {failure !== null && !showErrors ? (
        <span className="fax-thumb-error" aria-hidden="true">
          !
        </span>
      ) : null}
    </>
  );
}
