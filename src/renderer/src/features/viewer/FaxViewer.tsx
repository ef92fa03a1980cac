/**
 * FaxViewer: shows a received or sent fax (PDF or TIFF) in the app, for the Inbox and Outbox pages.
 *
 * Usage:
 *   <FaxViewer document={{ kind: 'pdf', data }} title="From +1 555 0100, 3 pages" onPrint={…} onSave={…} />
 *
 * Props
 * - `document`: the file's bytes and kind, or null (nothing selected). Another `data` array (or kind) is
 *   another document; a new wrapper object around the same array is not. The bytes are copied, never
 *   detached or changed, so the caller may keep using them.
 * - `title`: shown in the toolbar and used in accessible names.
 * - `loading`: the page is still fetching the file: a loading state is shown (whatever `document` is).
 * - `error`: the page could not get the file (e.g. a download failed): shown as is, instead of pages.
 * - `onPrint`: the Print button calls it (the Inbox: main prints the file, with the system dialog in the
 *   desktop app, through the page in the browser harness). `printing`: while the embedding page prints,
 *   the words the disabled Print button shows ("Printing…"); the page shows its progress and Cancel.
 *   Without `onPrint` the viewer prints through the browser itself (runPrint: every page drawn at print
 *   resolution into a hidden print container, then window.print()), with "Preparing page 4 of 12…" on
 *   the button, a "Cancel printing" button beside it and a time limit: it always ends, printed,
 *   cancelled or with a sentence saying why not.
 * - `onSave`: the "Save as…" button calls it; the button is shown only when it is given (the page
 *   saves: main's Save dialog in the desktop app, a PDF or TIFF download in the browser).
 *
 * What it does
 * - Every page is drawn (pdfjs-dist for PDF, utif2 for TIFF) at its physical size times the zoom, so short
 *   pages stay short and a standard-resolution fax (204 x 98 dpi) is not squashed.
 * - Only pages near the viewport are drawn (IntersectionObserver), and drawings are cancelled when a page
 *   leaves, the zoom changes or the viewer unmounts, so a 100-page fax stays smooth.
 * - Thumbnails column: buttons named "Page N", click to jump; the current page is highlighted as you scroll.
 * - Zoom: fit width (default), fit page, 50–300% steps; keys, while focus is inside the viewer:
 *   Ctrl/Cmd + "+" / "-" zoom, Ctrl/Cmd + 0 back to fit width, PageUp/PageDown one page, Home/End first/last.
 * - The app's Print shortcut (Ctrl/Cmd+P, anywhere on the page) is this viewer's Print while it shows a fax.
 * - A damaged or truncated file shows "This fax image is damaged or incomplete: <reason>. Faxdesk keeps
 *   the file; try downloading it again." (also per page, when only one page cannot be drawn).
 *
 * Layout: the viewer fills its container (height: 100%), so the embedding page gives it a height.
 *
 * Printing elsewhere: `preparePrint(document)` (resolves with a cleanup) and `runPrint(document, …)`
 * from ./print work without mounting a viewer. The print stylesheet lives in styles/viewer.css.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type JSX, type KeyboardEvent } from 'react';
import { useCommand } from '../../shortcuts/use-shortcuts';
import '../../styles/viewer.css';
import { useClientSize, useOpenedFax } from './hooks';
import { PAGE_PADDING_PX, pageCssSize, pagesToDraw, pickCurrentPage, stackedHeight, thumbnailCssSize } from './layout';
import { PageCanvas } from './PageCanvas';
import { printStepText, runPrint, type PrintStep } from './print';
import { Toolbar } from './Toolbar';
import type { FaxDocument, OpenedFax, PageSize } from './types';
import { DEFAULT_ZOOM_MODE, resolveZoom, viewerKeyAction, zoomInStep, zoomOutStep, type ZoomMode } from './zoom';

export interface FaxViewerProps {
  document: FaxDocument | null;
  title: string;
  loading?: boolean;
  error?: string | null;
  onPrint?: () => void;
  /** The embedding page is printing this fax: the Print button is disabled and shows these words. */
  printing?: string | null;
  onSave?: () => void;
}

/** The viewer's own print (no `onPrint`) must end within this, dialog included. */
export const VIEWER_PRINT_LIMIT_MS = 2 * 60_000;

export function FaxViewer({ document, title, loading = false, error = null, onPrint, printing = null, onSave }: FaxViewerProps): JSX.Element {
  const opened = useOpenedFax(loading || error ? null : document);
  if (!loading && !error && opened.status === 'ready') {
    return <ReadyViewer key={faxKey(opened.fax)} fax={opened.fax} title={title} onPrint={onPrint} printing={printing} onSave={onSave} />;
  }
  let body: JSX.Element;
  if (error) {
    body = (
      <div className="fax-viewer-message" role="alert">
        {error}
      </div>
    );
  } else if (loading || opened.status === 'opening') {
    body = (
      <div className="fax-viewer-message" role="status">
        <span className="fax-spinner" aria-hidden="true" />
        {loading ? 'Loading the fax…' : 'Opening the fax…'}
      </div>
    );
  } else if (opened.status === 'damaged' || opened.status === 'failed') {
    body = (
      <div className="fax-viewer-message fax-viewer-damaged" role="alert">
        {opened.message}
      </div>
    );
  } else {
    body = <div className="fax-viewer-message fax-viewer-empty">No fax selected.</div>;
  }
  return (
    <section className="fax-viewer" aria-label={`Fax viewer: ${title}`} aria-busy={loading || opened.status === 'opening'}>
      <Toolbar title={title} onSave={document && onSave ? onSave : undefined} />
      <div className="fax-viewer-body fax-viewer-body-message">{body}</div>
    </section>
  );
}

/**
 * The document's page sizes: as known when it opened, then every page's own (PDF), asked for once
 * `ready` (page 1 drawn: before, reading them would hold its drawing up).
 */
function useAllPageSizes(fax: OpenedFax, ready: boolean): readonly PageSize[] {
  const [sizes, setSizes] = useState(fax.pageSizes);
  useEffect(() => {
    if (!ready) return;
    let live = true;
    fax.allPageSizes.then(
      (all) => live && setSizes((shown) => (all.every((size, i) => size.widthIn === shown[i]?.widthIn && size.heightIn === shown[i]?.heightIn) ? shown : all)),
      () => {}, // the estimates stand; a page that cannot be read says so when drawn
    );
    return () => {
      live = false;
    };
  }, [fax, ready]);
  return sizes;
}

const faxKeys = new WeakMap<OpenedFax, string>();
let nextFaxKey = 1;
/** A React key per opened document, so everything about the previous one (page, zoom, scroll) is reset. */
function faxKey(fax: OpenedFax): string {
  let key = faxKeys.get(fax);
  if (!key) faxKeys.set(fax, (key = `fax-${nextFaxKey++}`));
  return key;
}

type PrintState = { kind: 'idle' } | { kind: 'running'; step: PrintStep } | { kind: 'ended'; outcome: 'cancelled' } | { kind: 'ended'; outcome: 'failed'; message: string };

interface ReadyViewerProps {
  fax: OpenedFax;
  title: string;
  onPrint?: (() => void) | undefined;
  printing: string | null;
  onSave?: (() => void) | undefined;
}

/** How many pages stay drawn at most (the nearest to the current page). */
const DRAWN_PAGES_LIMIT = 12;
/**
 * Until page 1 is on screen, only the first pages and thumbnails are in the DOM (the rest of the column
 * is one block of their height): laying out and rendering 100 of each held page 1 up by ~40 ms here.
 */
const FIRST_PAGES_MOUNTED = 3;
const FIRST_THUMBS_MOUNTED = 12;
const VISIBILITY_THRESHOLDS = Array.from({ length: 21 }, (_, i) => i / 20);

function ReadyViewer({ fax, title, onPrint, printing, onSave }: ReadyViewerProps): JSX.Element {
  // The other pages and the thumbnails wait until the first page drawn is on screen: the page the person
  // opened comes first (drawn beside page 2 and six thumbnails, page 1 showed ~50 ms later here).
  const [pageDrawn, setPageDrawn] = useState(false);
  const pageSizes = useAllPageSizes(fax, pageDrawn);
  const count = pageSizes.length;
  const scroller = useRef<HTMLDivElement>(null);
  const thumbList = useRef<HTMLElement>(null);
  const pageElements = useRef<(HTMLDivElement | null)[]>([]);
  const thumbElements = useRef<(HTMLLIElement | null)[]>([]);

  const [zoomMode, setZoomMode] = useState<ZoomMode>(DEFAULT_ZOOM_MODE);
  // After the frame that shows it: a rendering started before that frame would delay it.
  const onPageSettled = useCallback(() => requestAnimationFrame(() => setTimeout(() => setPageDrawn(true))), []);
  const available = useClientSize(scroller, true);
  const measured = available.width > 0 && available.height > 0;
  const zoom = resolveZoom(zoomMode, pageSizes, available);
  // No page before the scrolling area is measured: pages laid out at a guessed zoom would all be laid out again.
  const pagesMounted = !measured ? 0 : pageDrawn ? count : Math.min(count, FIRST_PAGES_MOUNTED);
  const thumbsMounted = pageDrawn ? count : Math.min(count, FIRST_THUMBS_MOUNTED);

  const [current, setCurrentState] = useState(0);
  const currentRef = useRef(0);
  const setCurrent = useCallback((index: number) => {
    currentRef.current = index;
    setCurrentState(index);
  }, []);
  // After a jump (thumbnail, keys), that page stays current while it is on screen, until the person scrolls.
  const jumpLock = useRef<number | null>(null);
  const releaseJumpLock = useCallback(() => {
    jumpLock.current = null;
  }, []);
  // Where the view is, as a page and a fraction of it, to stay there when the zoom changes.
  const anchor = useRef<{ index: number; fraction: number } | null>(null);

  const [nearPages, setNearPages] = useState<ReadonlySet<number>>(() => new Set([0]));
  const [nearThumbs, setNearThumbs] = useState<ReadonlySet<number>>(() => new Set([0]));

  // Current page: the most visible one. Near pages: within a viewport's height above or below.
  useEffect(() => {
    const root = scroller.current;
    if (!root || !measured) return;
    const visible = new Map<number, number>();
    const indexOf = (entry: IntersectionObserverEntry) => Number((entry.target as HTMLElement).dataset['index']);
    const visibility = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) visible.set(indexOf(entry), entry.isIntersecting ? entry.intersectionRect.height : 0);
        const locked = jumpLock.current;
        if (locked !== null) {
          if ((visible.get(locked) ?? 0) > 0) return;
          jumpLock.current = null;
        }
        const next = pickCurrentPage(visible, currentRef.current);
        if (next !== currentRef.current) setCurrent(next);
      },
      { root, threshold: VISIBILITY_THRESHOLDS },
    );
    const nearness = new IntersectionObserver((entries) => setNearPages((old) => updatedSet(old, entries, indexOf)), { root, rootMargin: '100% 0px' });
    for (const element of pageElements.current.slice(0, pagesMounted)) {
      if (!element) continue;
      visibility.observe(element);
      nearness.observe(element);
    }
    return () => {
      visibility.disconnect();
      nearness.disconnect();
    };
  }, [pagesMounted, measured, setCurrent]);

  useEffect(() => {
    const root = thumbList.current;
    if (!root) return;
    const indexOf = (entry: IntersectionObserverEntry) => Number((entry.target as HTMLElement).dataset['index']);
    const nearness = new IntersectionObserver((entries) => setNearThumbs((old) => updatedSet(old, entries, indexOf)), { root, rootMargin: '300px 0px' });
    for (const element of thumbElements.current.slice(0, thumbsMounted)) if (element) nearness.observe(element);
    return () => nearness.disconnect();
  }, [thumbsMounted]);

  const onScroll = useCallback(() => {
    const root = scroller.current;
    const page = pageElements.current[currentRef.current];
    if (!root || !page || page.offsetHeight === 0) return;
    anchor.current = { index: currentRef.current, fraction: (root.scrollTop - page.offsetTop) / page.offsetHeight };
  }, []);

  // Keep the same place in the document across a zoom change.
  useLayoutEffect(() => {
    const root = scroller.current;
    const at = anchor.current;
    const page = at ? pageElements.current[at.index] : null;
    if (!root || !at || !page) return;
    root.scrollTop = page.offsetTop + at.fraction * page.offsetHeight;
  }, [zoom]);

  const jumpTo = useCallback(
    (index: number) => {
      const target = Math.min(count - 1, Math.max(0, index));
      const root = scroller.current;
      const page = pageElements.current[target];
      jumpLock.current = target;
      setCurrent(target);
      if (!root || !page) return;
      root.scrollTop = page.offsetTop - PAGE_PADDING_PX;
      anchor.current = { index: target, fraction: page.offsetHeight ? -PAGE_PADDING_PX / page.offsetHeight : 0 };
    },
    [count, setCurrent],
  );

  // Keep the current page's thumbnail in view.
  useEffect(() => {
    const list = thumbList.current;
    const item = thumbElements.current[current];
    if (!list || !item) return;
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top - 8;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight + 8;
  }, [current]);

  const zoomIn = zoomInStep(zoom);
  const zoomOut = zoomOutStep(zoom);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const action = viewerKeyAction(event);
    if (!action) return;
    const target = event.target as HTMLElement;
    const inField = target.closest('select, input, textarea') !== null;
    if (inField && !action.startsWith('zoom')) return;
    event.preventDefault();
    switch (action) {
      case 'zoom-in':
        if (zoomIn !== null) setZoomMode(zoomIn);
        break;
      case 'zoom-out':
        if (zoomOut !== null) setZoomMode(zoomOut);
        break;
      case 'zoom-reset':
        setZoomMode(DEFAULT_ZOOM_MODE);
        break;
      case 'next-page':
        jumpTo(currentRef.current + 1);
        break;
      case 'previous-page':
        jumpTo(currentRef.current - 1);
        break;
      case 'first-page':
        jumpTo(0);
        break;
      case 'last-page':
        jumpTo(count - 1);
        break;
    }
  };

  const [printState, setPrintState] = useState<PrintState>({ kind: 'idle' });
  const printAbort = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      const running = printAbort.current;
      printAbort.current = null;
      running?.abort();
    },
    [],
  );
  const print = useCallback(() => {
    if (onPrint) return onPrint();
    const controller = new AbortController();
    printAbort.current = controller;
    setPrintState({ kind: 'running', step: { kind: 'opening' } });
    void runPrint(fax, { signal: controller.signal, timeLimitMs: VIEWER_PRINT_LIMIT_MS, onStep: (step) => setPrintState({ kind: 'running', step }) }).then((end) => {
      if (printAbort.current !== controller) return; // unmounted, or another print started
      printAbort.current = null;
      setPrintState(end.outcome === 'printed' ? { kind: 'idle' } : end.outcome === 'cancelled' ? { kind: 'ended', outcome: 'cancelled' } : { kind: 'ended', outcome: 'failed', message: end.reason });
    });
  }, [fax, onPrint]);
  const busy = printState.kind === 'running' || printing !== null;
  useCommand('print', () => {
    if (!busy) print();
  });

  const drawn = useMemo(() => new Set(pagesToDraw(nearPages, current, count, DRAWN_PAGES_LIMIT)), [nearPages, current, count]);

  const onThumbKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = Math.min(count - 1, Math.max(0, index + step));
    jumpTo(next);
    thumbElements.current[next]?.querySelector('button')?.focus();
  };

  return (
    <section className="fax-viewer" aria-label={`Fax viewer: ${title}`} onKeyDown={onKeyDown}>
      <Toolbar
        title={title}
        pages={{ count, current, onPrevious: () => jumpTo(current - 1), onNext: () => jumpTo(current + 1) }}
        zoom={{
          mode: zoomMode,
          percent: zoom,
          onMode: setZoomMode,
          onZoomIn: zoomIn === null ? null : () => setZoomMode(zoomIn),
          onZoomOut: zoomOut === null ? null : () => setZoomMode(zoomOut),
        }}
        onPrint={busy ? undefined : print}
        printLabel={printing ?? (printState.kind === 'running' ? printStepText(printState.step) : 'Print')}
        onCancelPrint={printState.kind === 'running' ? () => printAbort.current?.abort() : undefined}
        onSave={onSave}
      />
      {printState.kind === 'ended' ? (
        <div className="fax-viewer-notice" role={printState.outcome === 'failed' ? 'alert' : 'status'}>
          {printState.outcome === 'failed' ? `The fax was not printed: ${printState.message}` : 'Printing was cancelled.'}{' '}
          <button type="button" onClick={() => setPrintState({ kind: 'idle' })}>
            Dismiss
          </button>
        </div>
      ) : null}
      <div className="fax-viewer-body">
        <nav className="fax-thumbs" aria-label="Pages" ref={thumbList}>
          <ol>
            {pageSizes.slice(0, thumbsMounted).map((size, index) => {
              const thumb = thumbnailCssSize(size);
              return (
                <li key={index} data-index={index} ref={(element) => void (thumbElements.current[index] = element)}>
                  <button
                    type="button"
                    className="fax-thumb"
                    aria-label={`Page ${index + 1}`}
                    aria-current={index === current ? 'page' : undefined}
                    tabIndex={index === current ? 0 : -1}
                    onClick={() => jumpTo(index)}
                    onKeyDown={(event) => onThumbKeyDown(event, index)}
                  >
                    <span className="fax-thumb-frame" style={{ width: thumb.width, height: thumb.height }}>
                      <PageCanvas fax={fax} index={index} cssSize={thumb} draw={pageDrawn && nearThumbs.has(index)} showErrors={false} />
                    </span>
                    <span className="fax-thumb-number" aria-hidden="true">
                      {index + 1}
                    </span>
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <div
          className="fax-viewer-scroll"
          ref={scroller}
          tabIndex={0}
          role="region"
          aria-label={`Pages of ${title}`}
          onScroll={onScroll}
          onWheel={releaseJumpLock}
          onPointerDown={releaseJumpLock}
          onTouchStart={releaseJumpLock}
          onKeyDown={(event) => {
            if (!viewerKeyAction(event)) releaseJumpLock(); // arrows, space: the person scrolls
          }}
        >
          <div className="fax-pages">
            {pageSizes.slice(0, pagesMounted).map((size, index) => {
              const css = pageCssSize(size, zoom);
              return (
                <div
                  key={index}
                  className="fax-page"
                  data-index={index}
                  data-page={index + 1}
                  ref={(element) => void (pageElements.current[index] = element)}
                  style={{ width: css.width, height: css.height }}
                >
                  <PageCanvas
                    fax={fax}
                    index={index}
                    cssSize={css}
                    draw={measured && drawn.has(index) && (pageDrawn || index === current)}
                    showErrors
                    label={`Page ${index + 1} of ${count}`}
                    onSettled={onPageSettled}
                  />
                </div>
              );
            })}
            {measured && pagesMounted < count ? <div aria-hidden="true" style={{ flex: '0 0 auto', height: stackedHeight(pageSizes.slice(pagesMounted), zoom) }} /> : null}
          </div>
        </div>
      </div>
    </section>
  );
}

function updatedSet(old: ReadonlySet<number>, entries: IntersectionObserverEntry[], indexOf: (entry: IntersectionObserverEntry) => number): ReadonlySet<number> {
  let next: Set<number> | null = null;
  for (const entry of entries) {
    const index = indexOf(entry);
    if (entry.isIntersecting === old.has(index)) continue;
    next ??= new Set(old);
    if (entry.isIntersecting) next.add(index);
    else next.delete(index);
  }
  return next ?? old;
}
