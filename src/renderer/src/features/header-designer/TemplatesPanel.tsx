import { useCallback, useEffect, useState, type FormEvent, type JSX } from 'react';
import type { HeaderOptions } from '../../../../shared/header';
import { FormStatus } from '../../components/FormStatus';
import { TEMPLATE_NAME_MAX, sortTemplates, templateNameProblem, templateNamed, type HeaderTemplate, type TemplatesPort } from './templates';

interface TemplatesPanelProps {
  baseId: string;
  port: TemplatesPort;
  /** What "Save" stores: the designer's valid header, or null when there is nothing to save. */
  current: HeaderOptions | null;
  onLoad(options: HeaderOptions, name: string): void;
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function summary(options: HeaderOptions): string {
  const line1 = options.line_1.map((item) => (item === '' ? '␣' : item)).join('  |  ');
  return options.line_2 && options.line_2.length > 0 ? `${line1}  /  ${options.line_2.join('  |  ')}` : line1;
}

/** Saved headers: save the current one under a name, load one, make one the default, delete one. */
export function TemplatesPanel({ baseId, port, current, onLoad }: TemplatesPanelProps): JSX.Element {
  const [list, setList] = useState<HeaderTemplate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [name, setName] = useState('');
  const [nameProblem, setNameProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState<string | null>(null);
  const headingId = `${baseId}-templates-heading`;
  const nameId = `${baseId}-template-name`;

  const refresh = useCallback(async () => {
    try {
      setList(sortTemplates(await port.list()));
    } catch (e) {
      setError(`Templates could not be read: ${messageOf(e)}`);
    }
  }, [port]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Runs a port call, then reloads the list; resolves to whether the call succeeded. */
  const run = async (action: () => Promise<void>, done: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setStatus('');
    try {
      await action();
      setStatus(done);
      return true;
    } catch (e) {
      setError(messageOf(e));
      return false;
    } finally {
      await refresh();
      setBusy(false);
    }
  };

  const save = (event: FormEvent): void => {
    event.preventDefault();
    if (!current) return;
    const problem = templateNameProblem(name);
    setNameProblem(problem);
    if (problem) return;
    const trimmed = name.trim();
    const replacing = list ? templateNamed(list, trimmed) : undefined;
    void run(() => port.save(trimmed, current), replacing ? `Template ${replacing.name} replaced.` : `Template ${trimmed} saved.`).then((saved) => {
      if (saved) setName('');
    });
  };

  const replacing = list && name.trim() !== '' ? templateNamed(list, name) : undefined;
  const hasDefault = list?.some((t) => t.isDefault) ?? false;

  return (
    <section className="hd-panel hd-templates" aria-labelledby={headingId}>
      <h3 id={headingId}>Templates</h3>
      <form className="hd-template-form" onSubmit={save}>
        <label htmlFor={nameId}>Template name</label>
        <input
          id={nameId}
          type="text"
          value={name}
          maxLength={TEMPLATE_NAME_MAX + 20}
          autoComplete="off"
          aria-invalid={nameProblem !== null || undefined}
          aria-describedby={`${nameId}-hint`}
          onChange={(e) => {
            setName(e.target.value);
            setNameProblem(null);
          }}
        />
        <button type="submit" className="primary" disabled={busy || current === null}>
          Save header as template
        </button>
        <p id={`${nameId}-hint`} className={nameProblem ? 'hd-error' : 'hd-hint'}>
          {nameProblem ??
            (current === null
              ? 'Design a header without problems to save it (the service default header needs no template).'
              : replacing
                ? `Saving replaces the template ${replacing.name}.`
                : 'Saves line 1 and line 2 as they are now.')}
        </p>
      </form>

      <FormStatus error={error} status={status} errorClass="hd-error" statusClass="sr-only" />

      {list === null ? (
        <p className="hd-hint">Loading templates…</p>
      ) : list.length === 0 ? (
        <p className="hd-hint">No templates yet.</p>
      ) : (
        <ul className="hd-template-list" aria-label="Saved templates">
          {list.map((template) => (
            <li key={template.id} className="hd-template" data-testid={`template-${template.name}`}>
              <div className="hd-template-info">
                <span className="hd-template-name">{template.name}</span>
                {template.isDefault && <span className="hd-tag">Default</span>}
                <code className="hd-template-summary">{summary(template.options)}</code>
              </div>
              {confirming === template.id ? (
                <div className="hd-template-actions" role="group" aria-label={`Confirm deleting ${template.name}`}>
                  <span>Delete {template.name}? This cannot be undone.</span>
                  <button
                    type="button"
                    className="hd-small danger"
                    disabled={busy}
                    onClick={() => {
                      setConfirming(null);
                      void run(() => port.remove(template.id), `Template ${template.name} deleted.`);
                    }}
                  >
                    Delete
                  </button>
                  <button type="button" className="hd-small" autoFocus onClick={() => setConfirming(null)}>
                    Keep
                  </button>
                </div>
              ) : (
                <div className="hd-template-actions">
                  <button type="button" className="hd-small" disabled={busy} onClick={() => onLoad(template.options, template.name)}>
                    Load<span className="sr-only"> {template.name}</span>
                  </button>
                  {!template.isDefault && (
                    <button
                      type="button"
                      className="hd-small"
                      disabled={busy}
                      onClick={() => void run(() => port.setDefault(template.id), `${template.name} is now the default header.`)}
                    >
                      Set<span className="sr-only"> {template.name}</span> as default
                    </button>
                  )}
                  <button type="button" className="hd-small danger-text" disabled={busy} onClick={() => setConfirming(template.id)}>
                    Delete<span className="sr-only"> {template.name}</span>
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {hasDefault && port.clearDefault && (
        <button
          type="button"
          className="hd-small"
          disabled={busy}
          onClick={() => void run(() => port.clearDefault!(), 'New faxes now use the service default header.')}
        >
          Start new faxes with the service default header
        </button>
      )}
    </section>
  );
}
