import { useState, type DragEvent, type JSX } from 'react';
import { LINE1_MAX_ITEMS, type DateTimeCode, type HeaderContext } from '../../../../shared/header';
import { CHIP_MIME, SLOT_MIME, decodeChip, dropChip, type Chip, type DropTarget, type LineEdit } from './chips';
import { describeItem, moveItem, paletteVariables, removeItem, type DraftItem } from './draft';
import { messagesAt, placementName, slotSegments, type DesignerEvaluation } from './evaluate';
import { focusAfterMove, focusAfterRemove, type DesignerFocus } from './focus';
import { MoveButtons } from './MoveButtons';

interface LineOneEditorProps {
  baseId: string;
  items: DraftItem[];
  evaluation: DesignerEvaluation;
  dateCode: DateTimeCode;
  /** The fax the slots show their values for. */
  sample: HeaderContext;
  /** Slots whose text is open for editing. */
  editing: ReadonlySet<string>;
  onEditing(itemId: string, open: boolean): void;
  onText(index: number, text: string): void;
  onDropChip(chip: Chip, target: DropTarget): void;
  onDropSlot(id: string, target: DropTarget): void;
  onEdit(edit: LineEdit, focus?: DesignerFocus): void;
}

const acceptsDrag = (event: DragEvent): boolean =>
  event.dataTransfer.types.includes(CHIP_MIME) || event.dataTransfer.types.includes(SLOT_MIME);

/** Line 1's slots: each an editable item (text, variables or both), reordered by drag or by buttons. */
export function LineOneEditor(props: LineOneEditorProps): JSX.Element {
  const { baseId, items, evaluation } = props;
  const [dragOver, setDragOver] = useState<string | null>(null);
  const headingId = `${baseId}-line1-heading`;
  const lineErrors = messagesAt(evaluation.errors, 'line_1');
  const count = items.length;

  const dropHandlers = (key: string, target: DropTarget) => ({
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!acceptsDrag(e)) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = e.dataTransfer.types.includes(SLOT_MIME) ? 'move' : 'copy';
      if (dragOver !== key) setDragOver(key);
    },
    onDragLeave: (e: DragEvent<HTMLElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragOver(null);
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      setDragOver(null);
      const chip = decodeChip(e.dataTransfer.getData(CHIP_MIME));
      // A variable dropped into the text box is typed at the drop point by the browser itself.
      if (chip?.kind === 'variable' && e.target instanceof HTMLInputElement) return;
      e.preventDefault();
      if (chip) props.onDropChip(chip, target);
      else {
        const slotId = e.dataTransfer.getData(SLOT_MIME);
        if (slotId) props.onDropSlot(slotId, target);
      }
    },
  });

  const move = (index: number, by: -1 | 1): void => {
    const to = index + by;
    const item = items[index]!;
    props.onEdit(
      { ok: true, line1: moveItem(items, index, to), announcement: `Slot ${index + 1} moved ${by < 0 ? 'left' : 'right'}; it is now slot ${to + 1} of ${count}.`, itemId: item.id },
      focusAfterMove(item.id, to, count, by),
    );
  };

  const remove = (index: number): void => {
    const next = removeItem(items, index);
    props.onEdit(
      { ok: true, line1: next, announcement: `Slot ${index + 1} removed; line 1 has ${next.length} of ${LINE1_MAX_ITEMS} slots.`, itemId: '' },
      focusAfterRemove(next, index, { element: 'palette' }),
    );
  };

  return (
    <section className="hd-panel hd-line1" aria-labelledby={headingId}>
      <div className="hd-panel-head">
        <h3 id={headingId}>Line 1</h3>
        <span className={count > LINE1_MAX_ITEMS ? 'hd-count hd-over' : 'hd-count'} data-testid="line1-count">
          {count} of {LINE1_MAX_ITEMS} slots
        </span>
      </div>
      <p className="hd-hint">
        1 item prints on the left; 2 go left and right; 3 go left, centre and right; 4 to 6 spread evenly. An empty slot is a spacer.
      </p>
      <div aria-live="polite">
        {lineErrors.map((e) => (
          <p key={e.message} className="hd-error">
            {e.message}
          </p>
        ))}
      </div>
      <ol className="hd-slots">
        {items.map((item, index) => {
          const inputId = `${baseId}-${item.id}-input`;
          const errors = messagesAt(evaluation.errors, `line_1[${index}]`);
          const preview = evaluation.preview.line1[index];
          const classes = ['hd-slot', dragOver === item.id ? 'hd-drop-over' : '', errors.length > 0 ? 'hd-invalid' : ''].filter(Boolean).join(' ');
          // A slot with a mistake stays open: the mistake is in its text.
          const open = props.editing.has(item.id) || errors.length > 0;
          const editId = `${baseId}-${item.id}-edit`;
          return (
            <li key={item.id} className={classes} data-testid={`slot-${index}`} {...dropHandlers(item.id, { slot: index })}>
              <div className="hd-slot-head">
                <span
                  className="hd-grip hd-slot-grip"
                  draggable
                  aria-hidden="true"
                  title="Drag to move this slot"
                  onDragStart={(e) => {
                    e.dataTransfer.setData(SLOT_MIME, item.id);
                    e.dataTransfer.effectAllowed = 'move';
                    const card = e.currentTarget.closest('li');
                    if (card) e.dataTransfer.setDragImage(card, 12, 12);
                  }}
                >
                  ⠿
                </span>
                {open ? (
                  <label htmlFor={inputId} className="hd-slot-title">
                    Slot {index + 1}
                  </label>
                ) : (
                  <span className="hd-slot-title">Slot {index + 1}</span>
                )}
                <span className="hd-slot-place" title="Where this slot prints">
                  {placementName(index, count)}
                </span>
                <button
                  type="button"
                  id={`${baseId}-${item.id}-remove`}
                  className="hd-icon danger-text"
                  aria-label={`Remove slot ${index + 1}`}
                  title="Remove"
                  onClick={() => remove(index)}
                >
                  ✕
                </button>
              </div>
              <SlotSample item={item.text} sample={props.sample} testId={`slot-sample-${index}`} />
              {open && (
                <input
                  id={inputId}
                  type="text"
                  className="hd-mono"
                  value={item.text}
                  placeholder="(spacer: prints nothing)"
                  spellCheck={false}
                  autoComplete="off"
                  aria-invalid={errors.length > 0 || undefined}
                  aria-describedby={`${inputId}-msgs`}
                  onChange={(e) => props.onText(index, e.target.value)}
                />
              )}
              <div id={`${inputId}-msgs`} className="hd-slot-msgs" aria-live="polite">
                {errors.map((e) => (
                  <p key={e.message} className="hd-error">
                    {e.message}
                  </p>
                ))}
                {errors.length === 0 && preview && (
                  <p className={preview.cropped || preview.overlaps ? 'hd-slot-prints hd-warn-text' : 'hd-slot-prints'}>
                    {describeItem(item.text)}:{' '}
                    {preview.text !== '' && preview.printed === ''
                      ? 'not printed: the line has no room left for it (see the warnings)'
                      : `prints ${preview.printed.length} ${preview.printed.length === 1 ? 'character' : 'characters'}${preview.cropped ? ', cropped (see the warnings)' : ''}${preview.overlaps ? ', runs into its neighbour (see the warnings)' : ''}`}
                  </p>
                )}
              </div>
              <div className="hd-slot-actions">
                <button
                  type="button"
                  id={editId}
                  className="hd-small"
                  aria-expanded={open}
                  aria-label={open ? `Done editing slot ${index + 1}` : `Edit slot ${index + 1}`}
                  aria-disabled={(open && errors.length > 0) || undefined}
                  title={open && errors.length > 0 ? 'Fix the mistake first' : undefined}
                  onClick={() => {
                    if (open && errors.length > 0) return;
                    props.onEditing(item.id, !open);
                  }}
                >
                  {open ? 'Done' : 'Edit'}
                </button>
                <label htmlFor={`${inputId}-var`} className="sr-only">
                  Add a variable to slot {index + 1}
                </label>
                <select
                  id={`${inputId}-var`}
                  className="hd-small"
                  value=""
                  onChange={(e) => {
                    const token = e.target.value;
                    if (!token) return;
                    props.onEdit(dropChip(items, { kind: 'variable', token }, { slot: index }), { itemId: item.id, part: 'input' });
                  }}
                >
                  <option value="">+ variable…</option>
                  {paletteVariables(props.dateCode).map((v) => (
                    <option key={v.name} value={v.token}>
                      {v.label}
                    </option>
                  ))}
                </select>
                <MoveButtons baseId={baseId} itemId={item.id} index={index} count={count} name={`slot ${index + 1}`} onMove={(by) => move(index, by)} />
              </div>
            </li>
          );
        })}
        {count < LINE1_MAX_ITEMS && (
          <li
            className={dragOver === 'end' ? 'hd-drop-end hd-drop-over' : 'hd-drop-end'}
            data-testid="line1-drop"
            {...dropHandlers('end', 'end')}
          >
            {count === 0 ? 'Line 1 is empty. Drop a chip here, or use an Add button.' : `Drop a chip here to add slot ${count + 1}`}
          </li>
        )}
      </ol>
    </section>
  );
}

/**
 * What the slot prints for the sample fax: its text as written, each variable as a pill with the
 * sample's value (its name in the tooltip and for screen readers), a value the service crops marked.
 */
function SlotSample({ item, sample, testId }: { item: string; sample: HeaderContext; testId: string }): JSX.Element {
  const segments = slotSegments(item, sample);
  return (
    <p className="hd-slot-sample" data-testid={testId}>
      {segments.length === 0 ? (
        <span className="hd-sample-empty">Spacer: prints nothing</span>
      ) : (
        segments.map((segment, i) =>
          segment.kind === 'variable' ? (
            // Segments are positional within the slot's text.
            <span key={i} className={segment.cropped ? 'hd-sample-var hd-sample-cropped' : 'hd-sample-var'} title={`${segment.label} (${segment.token})${segment.cropped ? ', cropped by the service' : ''}`}>
              <span className="sr-only">{segment.label}: </span>
              {segment.value === '' ? <span className="hd-sample-empty">none set</span> : segment.value}
            </span>
          ) : (
            <span key={i} className={segment.kind === 'invalid' ? 'hd-sample-invalid' : undefined}>
              {segment.text}
            </span>
          ),
        )
      )}
    </p>
  );
}
