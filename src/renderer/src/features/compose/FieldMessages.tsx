import type { JSX } from 'react';
import { useComposeStore } from '../../stores/compose-store';
import { domIdFor, messagesFor } from '../../model/compose/problems';

/** The id of a field's message list, for aria-describedby. */
export const messagesIdFor = (key: string): string => `${domIdFor(key)}-msgs`;

/**
 * The problems (red) and warnings (amber) a send attempt found for one field, under the field. The
 * page's live region announces them; this is where they stay visible until the field is edited.
 */
export function FieldMessages({ field, extra = [] }: { field: string; extra?: readonly string[] }): JSX.Element {
  const problems = useComposeStore((s) => s.problems);
  const warnings = useComposeStore((s) => s.warnings);
  const errors = [...extra, ...messagesFor(problems, field).filter((m) => !extra.includes(m))];
  const notes = messagesFor(warnings, field);
  return (
    <div id={messagesIdFor(field)} className="cx-msgs" data-field={field}>
      {errors.map((m) => (
        <p key={`e-${m}`} className="cx-error" data-testid="field-problem">
          {m}
        </p>
      ))}
      {notes.map((m) => (
        <p key={`w-${m}`} className="cx-warning">
          {m}
        </p>
      ))}
    </div>
  );
}

/** Whether a send attempt left a problem on this field (for aria-invalid). */
export function useHasProblem(field: string): boolean {
  return useComposeStore((s) => s.problems.some((p) => p.key === field));
}
