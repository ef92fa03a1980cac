import { useEffect, useId, useMemo, useRef, useState, type JSX } from 'react';
import { LINE1_MAX_ITEMS, type DateTimeCode, type HeaderOptions } from '../../../../shared/header';
import '../../styles/header-designer.css';
import { dropChip, dropSlot, type Chip, type DropTarget, type LineEdit } from './chips';
import {
  STARTER_LINE1,
  dateCodeInUse,
  draftFromOptions,
  optionsFromDraft,
  switchDateCode,
  userTimeZone,
  type DraftItem,
  type HeaderDraft,
} from './draft';
import { focusTargetId, type DesignerFocus as Focus } from './focus';
import { evaluateDraft, sampleContext, type HeaderSample } from './evaluate';
import { HeaderPreview } from './HeaderPreview';
import { LineOneEditor } from './LineOneEditor';
import { LineTwoEditor } from './LineTwoEditor';
import { Palette } from './Palette';
import type { TemplatesPort } from './templates';
import { TemplatesPanel } from './TemplatesPanel';

export interface HeaderDesignerProps {
  /** `fax_options.header_options`; null means the service's default header (header_options left out). */
  value: HeaderOptions | null;
  /** Receives null or header options that validate; never a draft with errors. */
  onChange(value: HeaderOptions | null): void;
  /** The fax the preview fills the variables from. */
  sample: HeaderSample;
  /** Saved templates; without it the templates section is not shown. */
  templates?: TemplatesPort;
  /** IANA zone of the date examples and the preview; the user's zone by default. */
  timeZone?: string;
  /** The moment the preview and the examples show; when the designer opened by default. */
  now?: Date;
  /** Told whether what the designer shows can be sent (false while the draft has errors). */
  onValidityChange?(valid: boolean): void;
  heading?: string;
}

interface DesignerState {
  useDefault: boolean;
  draft: HeaderDraft;
  dateCode: DateTimeCode;
  /** The last value received or emitted, as JSON: a different `value` prop replaces the draft. */
  synced: string;
}

const keyOf = (value: HeaderOptions | null): string => JSON.stringify(value);

function stateFor(value: HeaderOptions | null, previous?: DesignerState): DesignerState {
  if (value === null) {
    // Keep what was designed, so turning the default off again brings it back.
    const draft = previous?.draft ?? draftFromOptions({ line_1: [...STARTER_LINE1] });
    return { useDefault: true, draft, dateCode: previous?.dateCode ?? dateCodeInUse(STARTER_LINE1) ?? 1, synced: keyOf(null) };
  }
  return {
    useDefault: false,
    draft: draftFromOptions(value),
    dateCode: dateCodeInUse(value.line_1) ?? previous?.dateCode ?? 1,
    synced: keyOf(value),
  };
}


/**
 * The header-line designer of the Compose page: line 1 built from variable chips and text (drag and
 * drop, or the keyboard), line 2's text fields, the date format, a live preview at fax page width with
 * counters and crop warnings, and saved templates. Controlled: `value` in, valid values out.
 */
export function HeaderDesigner(props: HeaderDesignerProps): JSX.Element {
  const { value, onChange, sample, templates, onValidityChange } = props;
  const baseId = useId();
  const [state, setState] = useState<DesignerState>(() => stateFor(value));
  const [openedAt] = useState(() => new Date());
  const [announcement, setAnnouncement] = useState('');
  const focusRequest = useRef<Focus | null>(null);
  // Slots whose text is open for editing; the others show what their sample prints.
  const [editing, setEditing] = useState<ReadonlySet<string>>(() => new Set());
  const setEditingSlot = (itemId: string, open: boolean): void =>
    setEditing((previous) => {
      if (previous.has(itemId) === open) return previous;
      const next = new Set(previous);
      if (open) next.add(itemId);
      else next.delete(itemId);
      return next;
    });

  let current = state;
  if (keyOf(value) !== state.synced) {
    current = stateFor(value, state);
    setState(current);
  }

  const timeZone = props.timeZone ?? userTimeZone();
  const date = props.now ?? openedAt;
  const ctx = useMemo(() => sampleContext(sample, date, timeZone), [sample, date, timeZone]);
  const options = optionsFromDraft(current.draft);
  const evaluation = evaluateDraft(options, ctx);
  const valid = current.useDefault || evaluation.value !== null;
  // The picker shows the format line 1 prints; the last one chosen when line 1 has no date.
  const dateCode = dateCodeInUse(options.line_1) ?? current.dateCode;

  useEffect(() => {
    onValidityChange?.(valid);
  }, [valid, onValidityChange]);

  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    focusRequest.current = null;
    // A slot's text box exists only while it is open for editing; its Edit button stands in for it.
    const target =
      document.getElementById(focusTargetId(baseId, request)) ??
      ('itemId' in request && request.part === 'input' ? document.getElementById(`${baseId}-${request.itemId}-edit`) : null);
    target?.focus();
  });

  /** Applies an edit; emits when the result is the default header or a draft that validates. */
  const commit = (next: Omit<DesignerState, 'synced'>): void => {
    let out: HeaderOptions | null | undefined;
    if (next.useDefault) out = null;
    else out = evaluateDraft(optionsFromDraft(next.draft), ctx).value ?? undefined;
    const synced = out === undefined ? current.synced : keyOf(out);
    setState({ ...next, synced });
    if (out !== undefined && synced !== current.synced) onChange(out);
  };

  const setLine1 = (line1: DraftItem[]): void => commit({ ...current, draft: { ...current.draft, line1 } });
  const setLine2 = (line2: DraftItem[]): void => commit({ ...current, draft: { ...current.draft, line2 } });

  const applyEdit = (edit: LineEdit, focus?: Focus): void => {
    setAnnouncement(edit.announcement);
    if (!edit.ok) return;
    if (focus) focusRequest.current = focus;
    setLine1(edit.line1);
  };

  const addChip = (chip: Chip, target: DropTarget, focusNew: boolean): void => {
    const edit = dropChip(current.draft.line1, chip, target);
    // A new text slot opens for typing.
    if (edit.ok && chip.kind === 'text') setEditingSlot(edit.itemId, true);
    applyEdit(edit, edit.ok && focusNew ? { itemId: edit.itemId, part: 'input' } : undefined);
  };

  const chooseDateCode = (code: DateTimeCode): void => {
    const line1 = current.draft.line1.map((item) => ({ ...item, text: switchDateCode(item.text, code) }));
    commit({ ...current, dateCode: code, draft: { ...current.draft, line1 } });
  };

  const headingId = `${baseId}-heading`;
  const toggleId = `${baseId}-default`;

  return (
    <section className="hd" aria-labelledby={headingId} data-testid="header-designer">
      <h2 id={headingId}>{props.heading ?? 'Header line'}</h2>
      <div className="hd-toggle">
        <input
          id={toggleId}
          type="checkbox"
          checked={current.useDefault}
          aria-describedby={`${toggleId}-hint`}
          onChange={(e) => commit({ ...current, useDefault: e.target.checked })}
        />
        <label htmlFor={toggleId}>Use the service&apos;s default header</label>
      </div>
      <p id={`${toggleId}-hint`} className="hd-hint">
        {current.useDefault
          ? 'The fax service prints its standard header line; Faxdesk sends no header options. Untick to design your own.'
          : 'Your header replaces the standard one when custom headers are enabled on the account; otherwise the service prints its default.'}
      </p>

      {!current.useDefault && (
        <>
          {evaluation.errors.length > 0 && (
            <p className="hd-error-summary" role="status" data-testid="header-errors">
              {evaluation.errors.length === 1 ? 'This header has a problem' : `This header has ${evaluation.errors.length} problems`}, so it is
              not used until fixed: the last valid header stays in place.
            </p>
          )}
          <div className="hd-layout">
            <Palette
              baseId={baseId}
              dateCode={dateCode}
              date={date}
              timeZone={timeZone}
              lineFull={current.draft.line1.length >= LINE1_MAX_ITEMS}
              onDateCode={chooseDateCode}
              onAdd={(chip) => addChip(chip, 'end', chip.kind === 'text')}
            />
            <div className="hd-lines">
              <LineOneEditor
                baseId={baseId}
                items={current.draft.line1}
                evaluation={evaluation}
                dateCode={dateCode}
                sample={ctx}
                editing={editing}
                onEditing={(itemId, open) => {
                  setEditingSlot(itemId, open);
                  focusRequest.current = open ? { itemId, part: 'input' } : { itemId, part: 'edit' };
                }}
                onText={(index, text) => setLine1(current.draft.line1.map((item, i) => (i === index ? { ...item, text } : item)))}
                onDropChip={(chip, target) => addChip(chip, target, chip.kind === 'text')}
                onDropSlot={(id, target) => applyEdit(dropSlot(current.draft.line1, id, target))}
                onEdit={(edit, focus) => applyEdit(edit, focus)}
              />
              <LineTwoEditor
                baseId={baseId}
                items={current.draft.line2}
                evaluation={evaluation}
                onChange={(line2, focus, message) => {
                  if (focus) focusRequest.current = focus;
                  if (message) setAnnouncement(message);
                  setLine2(line2);
                }}
              />
            </div>
          </div>
          <HeaderPreview baseId={baseId} evaluation={evaluation} pages={ctx.totalPage} timeZone={timeZone} sample={ctx} />
        </>
      )}

      {templates && (
        <TemplatesPanel
          baseId={baseId}
          port={templates}
          current={current.useDefault ? null : evaluation.value}
          onLoad={(options, name) => {
            setAnnouncement(`Template ${name} loaded.`);
            commit({ useDefault: false, draft: draftFromOptions(options), dateCode: dateCodeInUse(options.line_1) ?? current.dateCode });
          }}
        />
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
