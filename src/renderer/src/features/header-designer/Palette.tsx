import type { DragEvent, JSX } from 'react';
import { DATE_TIME_FORMATS, formatDateTime, isDateTimeCode, type DateTimeCode } from '../../../../shared/header';
import { CHIP_MIME, encodeChip, type Chip } from './chips';
import { dateFormatCanCrop, paletteVariables } from './draft';

interface PaletteProps {
  baseId: string;
  dateCode: DateTimeCode;
  date: Date;
  timeZone: string;
  /** Line 1 has no free slot: the Add buttons are disabled. */
  lineFull: boolean;
  onDateCode(code: DateTimeCode): void;
  onAdd(chip: Chip): void;
}

interface PaletteEntry {
  chip: Chip;
  testId: string;
  label: string;
  detail: string;
  description: string;
}

function entries(code: DateTimeCode): PaletteEntry[] {
  const variables = paletteVariables(code).map(
    (v): PaletteEntry => ({
      chip: { kind: 'variable', token: v.token },
      testId: v.dateTimeCode === undefined ? v.name : 'DATE_TIME',
      label: v.label,
      detail: `up to ${v.maxLength}`,
      description: `${v.token}: ${v.description} The service prints at most ${v.maxLength} characters of it.`,
    }),
  );
  return [
    ...variables,
    { chip: { kind: 'text' }, testId: 'text', label: 'Text', detail: 'your words', description: 'A slot for your own text; you can add variables to it.' },
    { chip: { kind: 'spacer' }, testId: 'spacer', label: 'Spacer', detail: 'empty', description: 'An empty slot: it prints nothing but moves the other items.' },
  ];
}

/** The chips to build line 1 from, and the date format picker that decides which date variable the date chip is. */
export function Palette(props: PaletteProps): JSX.Element {
  const { baseId, dateCode, date, timeZone, lineFull } = props;
  const pickerId = `${baseId}-date-format`;
  const headingId = `${baseId}-palette-heading`;

  const startDrag = (event: DragEvent<HTMLElement>, chip: Chip): void => {
    event.dataTransfer.setData(CHIP_MIME, encodeChip(chip));
    // Dropped into a slot's text box, a variable is typed where it lands.
    if (chip.kind === 'variable') event.dataTransfer.setData('text/plain', chip.token);
    event.dataTransfer.effectAllowed = 'copy';
  };

  return (
    <section className="hd-panel hd-palette" aria-labelledby={headingId}>
      <h3 id={headingId}>Items for line 1</h3>
      <p className="hd-hint">
        Drag a chip onto line 1, or use its Add button to add it as a new slot. A variable dropped on a slot joins that slot&apos;s text.
      </p>

      <div className="field hd-field">
        <label htmlFor={pickerId}>Date and time format</label>
        <select
          id={pickerId}
          value={dateCode}
          aria-describedby={`${pickerId}-hint`}
          onChange={(e) => {
            const code = Number(e.target.value);
            if (isDateTimeCode(code)) props.onDateCode(code);
          }}
        >
          {DATE_TIME_FORMATS.map((format) => (
            <option key={format.code} value={format.code}>
              {`${format.code}. ${format.name}: ${formatDateTime(format.code, date, timeZone)}${dateFormatCanCrop(format.code) ? ' (AM/PM can be cut)' : ''}`}
            </option>
          ))}
        </select>
        <p className="hd-date-example">
          Prints <code className="hd-mono">{formatDateTime(dateCode, date, timeZone)}</code>{' '}
          <span className="hd-hint">({DATE_TIME_FORMATS[dateCode - 1]!.pattern})</span>
        </p>
        <p id={`${pickerId}-hint`} className="hd-hint">
          Examples show the preview&apos;s date and time in {timeZone}. Choosing a format changes every date in line 1.
        </p>
      </div>

      <ul className="hd-chips" aria-label="Variables and items">
        {entries(dateCode).map((entry) => (
          <li key={entry.testId} className="hd-chip-row">
            <span
              className={`hd-chip hd-chip-${entry.chip.kind}`}
              draggable
              data-testid={`chip-${entry.testId}`}
              title={entry.description}
              onDragStart={(e) => startDrag(e, entry.chip)}
            >
              <span className="hd-grip" aria-hidden="true">
                ⠿
              </span>
              <span className="hd-chip-label">{entry.label}</span>
              <span className="hd-chip-detail">{entry.detail}</span>
            </span>
            <button
              type="button"
              className="hd-small"
              id={entry.chip.kind === 'text' ? `${baseId}-palette` : undefined}
              disabled={lineFull}
              onClick={() => props.onAdd(entry.chip)}
            >
              Add<span className="sr-only"> {entry.label} to line 1</span>
            </button>
          </li>
        ))}
      </ul>
      {lineFull && <p className="hd-hint">Line 1 is full (6 of 6 slots): remove a slot to add another, or add a variable to a slot&apos;s text.</p>}
    </section>
  );
}
