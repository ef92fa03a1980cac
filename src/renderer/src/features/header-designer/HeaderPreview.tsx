import type { JSX } from 'react';
import { HEADER_LINE_CHARS, HEADER_TOTAL_LIMIT, LINE2_TOTAL_LIMIT, type HeaderContext } from '../../../../shared/header';
import { placementName, type DesignerEvaluation, type PreviewItem } from './evaluate';

interface HeaderPreviewProps {
  baseId: string;
  evaluation: DesignerEvaluation;
  pages: number;
  timeZone: string;
  sample: HeaderContext;
}

function PreviewLine({ items, line }: { items: PreviewItem[]; line: 1 | 2 }): JSX.Element {
  return (
    <div className="hd-page-line" data-testid={`preview-line-${line}`}>
      {items.map((item, index) => (
        <span
          // Items are positional: the index is their identity on the printed line.
          key={index}
          className={['hd-page-item', item.cropped ? 'hd-page-cropped' : '', item.overlaps ? 'hd-page-overlap' : ''].filter(Boolean).join(' ')}
          data-testid={`preview-${line}-${index}`}
          data-align={item.align}
          data-overlaps={item.overlaps || undefined}
          // The column the printed-line rules give it (what the Sandbox prints), as a share of the line.
          style={{ left: `${(item.start / HEADER_LINE_CHARS) * 100}%` }}
        >
          {item.printed}
        </span>
      ))}
    </div>
  );
}

function spoken(items: PreviewItem[]): string {
  const printed = items.map((item, i) => ({ item, place: placementName(i, items.length) })).filter(({ item }) => item.printed !== '');
  if (printed.length === 0) return 'nothing';
  return printed
    .map(({ item, place }) => `${place}: ${item.printed}${item.cropped ? ' (cropped)' : ''}${item.overlaps ? ' (runs into its neighbour)' : ''}`)
    .join('; ');
}

/**
 * The top of page 1 as the fax will print it: a sheet at Letter proportions (8.5 in wide; font and
 * margins scale with the sheet), items placed by the shared layout rules, and the counters and
 * warnings about what the service will crop.
 */
export function HeaderPreview({ baseId, evaluation, pages, timeZone, sample }: HeaderPreviewProps): JSX.Element {
  const { preview, counts, warnings } = evaluation;
  const captionId = `${baseId}-preview-caption`;
  const overTotal = counts.variableChars > HEADER_TOTAL_LIMIT;
  return (
    <section className="hd-panel hd-preview" aria-labelledby={captionId}>
      <div className="hd-panel-head">
        <h3 id={captionId}>Preview</h3>
        <span className="hd-hint">
          Top of page 1 of {pages}, at fax page width (8.5 in), in the header&apos;s printed size: a line holds {HEADER_LINE_CHARS} characters.
          Text cut by the service is underlined; items that run into each other are marked in red.
        </span>
      </div>
      <div className="hd-sheet-frame">
        <div className="hd-sheet" data-testid="header-preview" aria-hidden="true">
          <div className="hd-sheet-header">
            <PreviewLine items={preview.line1} line={1} />
            {preview.line2.length > 0 && <PreviewLine items={preview.line2} line={2} />}
          </div>
          <div className="hd-sheet-body">
            <span style={{ width: '46%' }} />
            <span style={{ width: '88%' }} />
            <span style={{ width: '92%' }} />
            <span style={{ width: '70%' }} />
          </div>
        </div>
      </div>
      <p className="sr-only">
        Line 1 prints {spoken(preview.line1)}.{preview.line2.length > 0 ? ` Line 2 prints ${spoken(preview.line2)}.` : ''}
      </p>
      <p className="hd-hint hd-sample">
        Sample values: to {sample.toNumber || '(none)'}, caller ID {sample.fromNumber || '(none)'}, CSID {sample.csid || '(none)'}, fax ID{' '}
        {sample.faxId} (the service assigns the real one), date in {timeZone}.
      </p>

      <dl className="hd-counters">
        <div>
          <dt>Line 1 variables</dt>
          <dd className={overTotal ? 'hd-over' : undefined} data-testid="counter-variables">
            {counts.variableChars} of {HEADER_TOTAL_LIMIT} characters for this fax; up to {counts.variableCharsLongest} for any fax
          </dd>
        </div>
        <div>
          <dt>Line 2</dt>
          <dd className={counts.line2Total > LINE2_TOTAL_LIMIT ? 'hd-over' : undefined} data-testid="counter-line2">
            {counts.line2Fields.length === 0 ? 'not printed' : `${counts.line2Total} of ${LINE2_TOTAL_LIMIT} characters`}
          </dd>
        </div>
      </dl>

      <div className="hd-warnings" aria-live="polite" data-testid="header-warnings">
        {warnings.length > 0 && (
          <>
            <h4>
              {warnings.length === 1 ? '1 warning' : `${warnings.length} warnings`}: the service sends the fax but prints this differently
            </h4>
            <ul>
              {warnings.map((w) => (
                <li key={`${w.path}|${w.kind}|${w.message}`} className={`hd-warning hd-warning-${w.kind}`}>
                  {w.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
