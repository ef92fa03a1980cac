/**
 * A form's draft with one error per field, as the account, user and webhook forms keep them: changing
 * a field clears its error, and an error shown next to a field takes the keyboard there (once React
 * has drawn it). Field ids are `<prefix>-<field>`.
 */
import { useCallback, useState } from 'react';

export interface DraftForm<D extends object> {
  draft: D;
  setDraft(update: D | ((draft: D) => D)): void;
  errors: Partial<Record<keyof D, string>>;
  setErrors(errors: Partial<Record<keyof D, string>>): void;
  idOf(field: keyof D & string): string;
  set<K extends keyof D>(field: K, value: D[K]): void;
  focusField(field: keyof D & string): void;
  /** The one error to show: next to its field, which takes the focus. */
  showFieldError(field: keyof D & string, message: string): void;
}

export function useDraftForm<D extends object>(prefix: string, initial: D | (() => D)): DraftForm<D> {
  const [draft, setDraft] = useState<D>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof D, string>>>({});
  const idOf = useCallback((field: keyof D & string) => `${prefix}-${field}`, [prefix]);
  const set = useCallback(<K extends keyof D>(field: K, value: D[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  }, []);
  const focusField = useCallback((field: keyof D & string) => requestAnimationFrame(() => document.getElementById(idOf(field))?.focus()), [idOf]);
  const showFieldError = useCallback(
    (field: keyof D & string, message: string) => {
      setErrors({ [field]: message } as Partial<Record<keyof D, string>>);
      focusField(field);
    },
    [focusField],
  );
  return { draft, setDraft, errors, setErrors, idOf, set, focusField, showFieldError };
}
