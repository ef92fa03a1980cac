/**
 * Saved header templates, as the designer sees them. The designer does not know where templates are
 * kept: the Compose page injects a TemplatesPort (an adapter over main's templates calls);
 * createMemoryTemplatesPort keeps them in memory, for tests and for the designer on its own.
 */
import type { HeaderOptions } from '../../../../shared/header';

export interface HeaderTemplate {
  id: string;
  name: string;
  /** The template Compose starts a new fax with; at most one is the default. */
  isDefault: boolean;
  options: HeaderOptions;
}

export interface TemplatesPort {
  list(): Promise<HeaderTemplate[]>;
  /** Saves `options` under `name`; a template with the same name (ignoring case and outer spaces) is replaced. */
  save(name: string, options: HeaderOptions): Promise<void>;
  setDefault(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Makes no template the default again (new faxes use the service's default header). Optional. */
  clearDefault?(): Promise<void>;
}

/** Longest template name the designer accepts. */
export const TEMPLATE_NAME_MAX = 60;

/** Why `name` cannot be saved, or null when it can. */
export function templateNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'Give the template a name.';
  if (trimmed.length > TEMPLATE_NAME_MAX) return `Template names have at most ${TEMPLATE_NAME_MAX} characters; this one has ${trimmed.length}.`;
  return null;
}

export function sameTemplateName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

/** The template called `name`, which saving under that name would replace. */
export function templateNamed(list: readonly HeaderTemplate[], name: string): HeaderTemplate | undefined {
  return list.find((t) => sameTemplateName(t.name, name));
}

/** The list in display order: the default first, then by name. */
export function sortTemplates(list: readonly HeaderTemplate[]): HeaderTemplate[] {
  return [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || a.name.localeCompare(b.name));
}

function copyOptions(options: HeaderOptions): HeaderOptions {
  return options.line_2 ? { line_1: [...options.line_1], line_2: [...options.line_2] } : { line_1: [...options.line_1] };
}

/** Templates kept in memory with the port's semantics; copies go in and out, so callers cannot alias them. */
export function createMemoryTemplatesPort(initial: readonly Omit<HeaderTemplate, 'id'>[] = []): TemplatesPort {
  let seq = 0;
  let templates: HeaderTemplate[] = initial.map((t) => ({ ...t, id: `tpl-${++seq}`, options: copyOptions(t.options) }));
  const find = (id: string): HeaderTemplate => {
    const found = templates.find((t) => t.id === id);
    if (!found) throw new Error('That template no longer exists; the list has been refreshed.');
    return found;
  };
  return {
    list: async () => templates.map((t) => ({ ...t, options: copyOptions(t.options) })),
    save: async (name, options) => {
      const problem = templateNameProblem(name);
      if (problem) throw new Error(problem);
      const existing = templateNamed(templates, name);
      if (existing) existing.options = copyOptions(options);
      else templates.push({ id: `tpl-${++seq}`, name: name.trim(), isDefault: false, options: copyOptions(options) });
    },
    setDefault: async (id) => {
      find(id);
      templates = templates.map((t) => ({ ...t, isDefault: t.id === id }));
    },
    remove: async (id) => {
      find(id);
      templates = templates.filter((t) => t.id !== id);
    },
    clearDefault: async () => {
      templates = templates.map((t) => ({ ...t, isDefault: false }));
    },
  };
}
