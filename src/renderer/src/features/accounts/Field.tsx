/**
 * A labelled form control with its hint and its error: the error sits next to the control, which is
 * marked aria-invalid and described by it, so a screen reader reads the reason with the field.
 * `Field` is the row around any control (a select, a textarea); `TextField` is the common case.
 */
import type { JSX, ReactNode, Ref } from 'react';

interface Described {
  id: string;
  error?: string | null | undefined;
  hint?: ReactNode;
}

/** aria attributes tying a control to its hint and error paragraphs. */
export function describedBy({ id, error, hint }: Described): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return { ...(error ? { 'aria-invalid': true as const } : {}), ...(ids.length ? { 'aria-describedby': ids.join(' ') } : {}) };
}

function Notes({ id, error, hint }: Described): JSX.Element {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="acct-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="acct-field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

export interface FieldProps extends Described {
  label: string;
  required?: boolean;
  className?: string;
}

/** One form row: the label, the control (give it `{...describedBy(props)}`), its hint and its error. */
export function Field(props: FieldProps & { children: ReactNode }): JSX.Element {
  return (
    <div className={`field acct-field${props.className ? ` ${props.className}` : ''}`}>
      <label htmlFor={props.id}>
        {props.label}
        {props.required ? <span className="acct-required"> (required)</span> : null}
      </label>
      {props.children}
      <Notes id={props.id} error={props.error} hint={props.hint} />
    </div>
  );
}

export interface TextFieldProps extends FieldProps {
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'url' | 'password' | 'email' | 'tel';
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  readOnly?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

export function TextField(props: TextFieldProps): JSX.Element {
  return (
    <Field {...props}>
      <input
        id={props.id}
        ref={props.inputRef}
        type={props.type ?? 'text'}
        value={props.value}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'off'}
        spellCheck={false}
        disabled={props.disabled}
        readOnly={props.readOnly}
        onChange={(e) => props.onChange(e.target.value)}
        {...describedBy(props)}
      />
    </Field>
  );
}

export interface CheckFieldProps extends Described {
  label: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}

export function CheckField(props: CheckFieldProps): JSX.Element {
  return (
    <div className="acct-check">
      <input id={props.id} type="checkbox" checked={props.checked} disabled={props.disabled} onChange={(e) => props.onChange(e.target.checked)} {...describedBy(props)} />
      <label htmlFor={props.id}>{props.label}</label>
      <Notes id={props.id} error={props.error} hint={props.hint} />
    </div>
  );
}

/** A form-level message: an error (alert) or an outcome (status), shown where the action was. */
export function Outcome({ kind, children, testId }: { kind: 'error' | 'ok' | 'info'; children: ReactNode; testId?: string }): JSX.Element {
  return (
    <div className={`acct-outcome notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </div>
  );
}
