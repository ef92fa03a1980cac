/**
 * Turns an error from main into what a form shows: the message next to the field it names
 * (`FaxdeskError.info.field`, a dotted input path such as `admin.adminPassword`), or at the top of
 * the form when no field of that form is to blame. Pure: no React, no window.
 */
import type { ErrorInfo } from '../../../../shared/result';

export interface FormError {
  /** The form's own name of the field to blame, or null for the form as a whole. */
  field: string | null;
  message: string;
}

/** Accepts anything thrown: a FaxdeskError (duck-typed on `info`), an Error, or a value. */
export function formErrorOf(error: unknown, fieldFor: (path: string) => string | null = (p) => p): FormError {
  const info = errorInfoOf(error);
  if (!info) return { field: null, message: error instanceof Error ? error.message : String(error) };
  const field = info.field ? fieldFor(info.field) : null;
  return { field, message: field ? withoutFieldPrefix(info.message) : info.message };
}

function errorInfoOf(error: unknown): ErrorInfo | null {
  if (typeof error !== 'object' || error === null || !('info' in error)) return null;
  const info = (error as { info: unknown }).info;
  if (typeof info !== 'object' || info === null) return null;
  const { message, code } = info as Partial<ErrorInfo>;
  return typeof message === 'string' && typeof code === 'string' ? (info as ErrorInfo) : null;
}

/**
 * The gate starts input errors with the path (`"baseUrl": Base URL: …`); next to the field the path
 * says nothing to a person, so it goes.
 */
export function withoutFieldPrefix(message: string): string {
  return message.replace(/^"[^"]+": /, '');
}

/**
 * Maps an input path onto a form's fields: the longest known prefix wins (`faxNumbers.2` →
 * `faxNumbers`, `user.email` → `email` with prefix `user.`).
 */
export function fieldMapper(known: readonly string[], prefix = ''): (path: string) => string | null {
  return (path) => {
    const local = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
    let best: string | null = null;
    for (const name of known) {
      if ((local === name || local.startsWith(`${name}.`)) && (best === null || name.length > best.length)) best = name;
    }
    return best;
  };
}
