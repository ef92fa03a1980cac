/** The viewer's toolbar: title, page navigation and counter, zoom, Print and Save as…. */
import type { JSX } from 'react';
import { pageCounterText } from './layout';
import { ZOOM_STEPS, type ZoomMode } from './zoom';

export interface ToolbarPages {
  count: number;
  current: number;
  onPrevious: () => void;
  onNext: () => void;
}

export interface ToolbarZoom {
  mode: ZoomMode;
  percent: number;
  onMode: (mode: ZoomMode) => void;
  onZoomIn: (() => void) | null;
  onZoomOut: (() => void) | null;
}

export interface ToolbarProps {
  title: string;
  /** Absent while nothing is shown (loading, error): the controls are then disabled. */
  pages?: ToolbarPages;
  zoom?: ToolbarZoom;
  onPrint?: (() => void) | undefined;
  printLabel?: string;
  /** A print is being prepared: a "Cancel printing" button stops it. */
  onCancelPrint?: (() => void) | undefined;
  onSave?: (() => void) | undefined;
}

function zoomValue(mode: ZoomMode): string {
  return typeof mode === 'number' ? String(mode) : mode;
}

export function Toolbar({ title, pages, zoom, onPrint, printLabel = 'Print', onCancelPrint, onSave }: ToolbarProps): JSX.Element {
  const fitLabel = (name: string, mode: ZoomMode) => (zoom && zoom.mode === mode ? `${name} (${Math.round(zoom.percent)}%)` : name);
  return (
    <div className="fax-toolbar">
      <h2 className="fax-viewer-title" title={title}>
        {title}
      </h2>
      <div className="fax-toolbar-group" role="group" aria-label="Pages">
        <button type="button" className="fax-icon-button" aria-label="Previous page" title="Previous page (Page Up)" disabled={!pages || pages.current <= 0} onClick={pages?.onPrevious}>
          <span aria-hidden="true">‹</span>
        </button>
        <span className="fax-page-counter" data-testid="fax-page-counter">
          {pages ? pageCounterText(pages.current, pages.count) : 'Page – of –'}
        </span>
        <button
          type="button"
          className="fax-icon-button"
          aria-label="Next page"
          title="Next page (Page Down)"
          disabled={!pages || pages.current >= pages.count - 1}
          onClick={pages?.onNext}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <div className="fax-toolbar-group" role="group" aria-label="Zoom">
        <button type="button" className="fax-icon-button" aria-label="Zoom out" title="Zoom out (Ctrl+−)" disabled={!zoom?.onZoomOut} onClick={zoom?.onZoomOut ?? undefined}>
          <span aria-hidden="true">−</span>
        </button>
        <select
          aria-label="Zoom level"
          className="fax-zoom-select"
          disabled={!zoom}
          value={zoom ? zoomValue(zoom.mode) : 'fit-width'}
          onChange={(event) => {
            const value = event.currentTarget.value;
            zoom?.onMode(value === 'fit-width' || value === 'fit-page' ? value : Number(value));
          }}
        >
          <option value="fit-width">{fitLabel('Fit width', 'fit-width')}</option>
          <option value="fit-page">{fitLabel('Fit page', 'fit-page')}</option>
          {ZOOM_STEPS.map((step) => (
            <option key={step} value={String(step)}>
              {step}%
            </option>
          ))}
        </select>
        <button type="button" className="fax-icon-button" aria-label="Zoom in" title="Zoom in (Ctrl+plus)" disabled={!zoom?.onZoomIn} onClick={zoom?.onZoomIn ?? undefined}>
          <span aria-hidden="true">+</span>
        </button>
      </div>
      <div className="fax-toolbar-group fax-toolbar-actions" role="group" aria-label="Document">
        <button type="button" disabled={!onPrint} onClick={onPrint}>
          {printLabel}
        </button>
        {onCancelPrint ? (
          <button type="button" onClick={onCancelPrint}>
            Cancel printing
          </button>
        ) : null}
        {onSave ? (
          <button type="button" onClick={onSave} title="Save the fax as a PDF or TIFF file">
            Save as…
          </button>
        ) : null}
      </div>
    </div>
  );
}
