import type { JSX } from 'react';
import { LINE2_FIELD_LIMIT, LINE2_TOTAL_LIMIT } from '../../../../shared/header';
import { LINE2_MAX_FIELDS, insertItem, moveItem, newItemId, removeItem, type DraftItem } from './draft';
import { messagesAt, type DesignerEvaluation } from './evaluate';
import { focusAfterMove, focusAfterRemove, type DesignerFocus } from './focus';
import { MoveButtons } from './MoveButtons';

interface LineTwoEditorProps {
  baseId: string;
  items: DraftItem[];
  evaluation: DesignerEvaluation;
  onChange(items: DraftItem[], focus?: DesignerFocus, announcement?: string): void;
}

/** Line 2: open text fields (no variables), 50 characters each and 100 together. */
export function LineTwoEditor(props: LineTwoEditorProps): JSX.Element {
  const { baseId, items, evaluation } = props;
  const headingId = `${baseId}-line2-heading`;
  const total = evaluation.counts.line2Total;
  const count = items.length;

  const add = (): void => {
    const item = { id: newItemId(), text: '' };
    props.onChange(insertItem(items, count, item), { itemId: item.id, part: 'input' }, `Line 2 field ${count + 1} added.`);
  };
  const move = (index: number, by: -1 | 1): void => {
    const to = index + by;
    const item = items[index]!;
    props.onChange(
      moveItem(items, index, to),
      focusAfterMove(item.id, to, count, by),
      `Field ${index + 1} moved ${by < 0 ? 'left' : 'right'}; it is now field ${to + 1} of ${count}.`,
    );
  };
  const remove = (index: number): void => {
    const next = removeItem(items, index);
    props.onChange(next, focusAfterRemove(next, index, { element: 'line2-add' }), `Line 2 field ${index + 1} removed.`);
  };

  return (
    <section className="hd-panel hd-line2" aria-labelledby={headingId}>
      <div className="hd-panel-head">
        <h3 id={headingId}>Line 2 (optional)</h3>
        <span className={total > LINE2_TOTAL_LIMIT ? 'hd-count hd-over' : 'hd-count'} data-testid="line2-total">
          {total} of {LINE2_TOTAL_LIMIT} characters
        </span>
      </div>
      <p className="hd-hint">
        Plain text fields, such as &quot;To: Accounts&quot; and &quot;Attn: J. Smith&quot;; no variables. The service prints {LINE2_FIELD_LIMIT}{' '}
        characters of each field and {LINE2_TOTAL_LIMIT} in total. {count === 0 ? 'With no fields, line 2 is not printed.' : ''}
      </p>
      <ol className="hd-fields">
        {items.map((item, index) => {
          const inputId = `${baseId}-${item.id}-input`;
          const errors = messagesAt(evaluation.errors, `line_2[${index}]`);
          const length = item.text.length;
          return (
            <li key={item.id} className={errors.length > 0 ? 'hd-field2 hd-invalid' : 'hd-field2'} data-testid={`line2-field-${index}`}>
              <label htmlFor={inputId}>Line 2, field {index + 1}</label>
              <input
                id={inputId}
                type="text"
                value={item.text}
                spellCheck={false}
                autoComplete="off"
                aria-invalid={errors.length > 0 || undefined}
                aria-describedby={`${inputId}-count ${inputId}-msgs`}
                onChange={(e) => props.onChange(items.map((it, i) => (i === index ? { ...it, text: e.target.value } : it)))}
              />
              <span id={`${inputId}-count`} className={length > LINE2_FIELD_LIMIT ? 'hd-count hd-over' : 'hd-count'}>
                {length}/{LINE2_FIELD_LIMIT}
              </span>
              <span className="hd-field2-actions">
                <MoveButtons baseId={baseId} itemId={item.id} index={index} count={count} name={`line 2 field ${index + 1}`} onMove={(by) => move(index, by)} />
                <button
                  type="button"
                  id={`${baseId}-${item.id}-remove`}
                  className="hd-icon danger-text"
                  aria-label={`Remove line 2 field ${index + 1}`}
                  title="Remove"
                  onClick={() => remove(index)}
                >
                  ✕
                </button>
              </span>
              <div id={`${inputId}-msgs`} className="hd-field2-msgs" aria-live="polite">
                {errors.map((e) => (
                  <p key={e.message} className="hd-error">
                    {e.message}
                  </p>
                ))}
              </div>
            </li>
          );
        })}
      </ol>
      <button type="button" id={`${baseId}-line2-add`} className="hd-small" disabled={count >= LINE2_MAX_FIELDS} onClick={add}>
        Add a line 2 field
      </button>
      {count >= LINE2_MAX_FIELDS && <p className="hd-hint">Line 2 has {LINE2_MAX_FIELDS} fields, the most Faxdesk places on one line.</p>}
    </section>
  );
}
