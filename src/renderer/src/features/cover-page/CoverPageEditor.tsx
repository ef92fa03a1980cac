import { useEffect, useId, useState, type JSX } from 'react';
import '../../styles/header-designer.css';
import { userTimeZone } from '../header-designer/draft';
import { COVER_LIMITS, COVER_MESSAGE_MAX_LINES, EMPTY_COVER, coverProblems, lineCount, type CoverField, type CoverPageOptions, type CoverRecipient } from '../../model/cover-page';
import { CoverPagePreview } from './CoverPagePreview';

export interface CoverPageEditorProps {
  /** `fax_options.cover_page_options`; null means no cover page (left out of the request). */
  value: CoverPageOptions | null;
  /** Receives null or a cover page within the limits; never one with problems. */
  onChange(value: CoverPageOptions | null): void;
  recipients: readonly CoverRecipient[];
  /** Pages of the documents behind the cover. */
  documentPages: number;
  /** The sender's fax number (caller ID) for the preview, when known. */
  fromNumber?: string;
  /** What From starts with when the cover is first switched on (e.g. the user's name). */
  defaultFromName?: string;
  date?: Date;
  timeZone?: string;
  /** Told whether what the editor shows can be sent (false while a field is over its limit). */
  onValidityChange?(valid: boolean): void;
  heading?: string;
}

interface EditorState {
  include: boolean;
  draft: CoverPageOptions;
  synced: string;
}

const keyOf = (value: CoverPageOptions | null): string =>
  value === null ? 'null' : JSON.stringify([value.from_name, value.subject, value.message]);

function stateFor(value: CoverPageOptions | null, defaultFromName: string, previous?: EditorState): EditorState {
  if (value === null) {
    return { include: false, draft: previous?.draft ?? { ...EMPTY_COVER, from_name: defaultFromName }, synced: keyOf(null) };
  }
  return { include: true, draft: { from_name: value.from_name, subject: value.subject, message: value.message }, synced: keyOf(value) };
}

const LABELS: Record<CoverField, string> = { from_name: 'From', subject: 'Subject', message: 'Message' };

/** The cover page switch, its three fields with counters, and a preview of the sheet. Controlled. */
export function CoverPageEditor(props: CoverPageEditorProps): JSX.Element {
  const { value, onChange, onValidityChange } = props;
  const baseId = useId();
  const [state, setState] = useState<EditorState>(() => stateFor(value, props.defaultFromName ?? ''));
  const [openedAt] = useState(() => new Date());

  let current = state;
  if (keyOf(value) !== state.synced) {
    current = stateFor(value, props.defaultFromName ?? '', state);
    setState(current);
  }

  const problems = coverProblems(current.draft);
  const valid = !current.include || problems.length === 0;
  useEffect(() => {
    onValidityChange?.(valid);
  }, [valid, onValidityChange]);

  const commit = (next: Omit<EditorState, 'synced'>): void => {
    let out: CoverPageOptions | null | undefined;
    if (!next.include) out = null;
    else out = coverProblems(next.draft).length === 0 ? { ...next.draft } : undefined;
    const synced = out === undefined ? current.synced : keyOf(out);
    setState({ ...next, synced });
    if (out !== undefined && synced !== current.synced) onChange(out);
  };

  const headingId = `${baseId}-heading`;
  const toggleId = `${baseId}-include`;
  const field = (name: CoverField): JSX.Element => {
    const id = `${baseId}-${name}`;
    const text = current.draft[name];
    const fieldProblems = problems.filter((p) => p.field === name);
    const over = text.length > COVER_LIMITS[name];
    const common = {
      id,
      value: text,
      'aria-invalid': fieldProblems.length > 0 || undefined,
      'aria-describedby': `${id}-count ${id}-msgs`,
      onChange: (e: { target: { value: string } }) => commit({ ...current, draft: { ...current.draft, [name]: e.target.value } }),
    };
    return (
      <div className={`field cp-field cp-field-${name}`}>
        <label htmlFor={id}>{LABELS[name]}</label>
        {name === 'message' ? <textarea {...common} rows={8} /> : <input {...common} type="text" autoComplete="off" />}
        <span id={`${id}-count`} className={over ? 'hd-count hd-over' : 'hd-count'}>
          {text.length}/{COVER_LIMITS[name]} characters
          {name === 'message' ? `, ${lineCount(text)}/${COVER_MESSAGE_MAX_LINES} lines` : ''}
        </span>
        <div id={`${id}-msgs`} aria-live="polite">
          {fieldProblems.map((p) => (
            <p key={p.message} className="hd-error">
              {p.message}
            </p>
          ))}
        </div>
      </div>
    );
  };

  return (
    <section className="cp" aria-labelledby={headingId} data-testid="cover-page-editor">
      <h2 id={headingId}>{props.heading ?? 'Cover page'}</h2>
      <div className="hd-toggle">
        <input id={toggleId} type="checkbox" checked={current.include} onChange={(e) => commit({ ...current, include: e.target.checked })} />
        <label htmlFor={toggleId}>Include a cover page</label>
      </div>
      {current.include ? (
        <div className="cp-layout">
          <div className="cp-form">
            {field('from_name')}
            {field('subject')}
            {field('message')}
          </div>
          <CoverPagePreview
            cover={current.draft}
            recipients={props.recipients}
            documentPages={props.documentPages}
            {...(props.fromNumber ? { fromNumber: props.fromNumber } : {})}
            date={props.date ?? openedAt}
            timeZone={props.timeZone ?? userTimeZone()}
          />
        </div>
      ) : (
        <p className="hd-hint">No cover page: the fax starts with your first document.</p>
      )}
    </section>
  );
}
