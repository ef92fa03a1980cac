/**
 * Saved header designs for the header-line designer (its TemplatesPort) and for Compose's default
 * header. Options pass the header rules (validateHeaderOptions) before they are stored; reading back,
 * a design that no longer passes is shown with its problem rather than hidden.
 *
 * Saving under an existing name (ignoring case and outer spaces) overwrites that template's design,
 * as the designer promises ("a template with the same name is replaced"); it keeps its id and its
 * default mark. There is no rename.
 */
import type { JsonObject, HeaderTemplate } from '../../shared/domain/history';
import { validateHeaderOptions, type HeaderOptions } from '../../shared/header';
import type { HeaderTemplateView } from '../../shared/ipc/contract/templates';
import { AppError } from '../errors';
import type { Logger } from '../platform/logger';
import type { Db } from '../store/database';
import { HeaderTemplatesRepository } from '../store/repositories/header-templates-repository';

export interface TemplatesServiceDeps {
  db: Db;
  logger: Logger;
  now: () => Date;
}

type ChangeListener = (templates: HeaderTemplateView[]) => void;

export class TemplatesService {
  readonly repository: HeaderTemplatesRepository;
  private readonly listeners = new Set<ChangeListener>();

  constructor(private readonly deps: TemplatesServiceDeps) {
    this.repository = new HeaderTemplatesRepository(deps.db);
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  list(): HeaderTemplateView[] {
    return this.repository.list().map(templateView);
  }

  getDefault(): HeaderTemplateView | null {
    const template = this.repository.getDefault();
    return template ? templateView(template) : null;
  }

  /** Creates a template, or overwrites the one with this name (ignoring case). */
  save(name: string, options: unknown, makeDefault = false): HeaderTemplateView {
    const trimmed = name.trim();
    if (trimmed === '') throw new AppError('VALIDATION', 'Give the template a name.', { field: 'name' });
    const result = validateHeaderOptions(options);
    if (!result.ok) {
      const first = result.errors[0]!;
      throw new AppError('VALIDATION', first.message, { field: first.path ? `options.${first.path}` : 'options' });
    }
    const stored = result.value as unknown as JsonObject;
    const now = this.deps.now();
    const id = this.deps.db.transaction(() => {
      const existing = this.repository.list().find((t) => sameName(t.name, trimmed));
      if (existing) {
        this.repository.update(existing.id, { name: trimmed, options: stored }, now);
        if (makeDefault) this.repository.setDefault(existing.id, now);
        return existing.id;
      }
      return this.repository.create({ name: trimmed, options: stored, isDefault: makeDefault }, now).id;
    })();
    this.changed();
    return templateView(this.repository.get(id)!);
  }

  setDefault(id: string | null): HeaderTemplateView | null {
    if (this.repository.setDefault(id, this.deps.now())) this.changed();
    return id === null ? null : templateView(this.repository.get(id)!);
  }

  delete(id: string): { id: string } {
    if (!this.repository.delete(id)) throw new AppError('NOT_FOUND', 'This header template no longer exists; the list has been refreshed.');
    this.changed();
    return { id };
  }

  private changed(): void {
    const list = this.list();
    for (const listener of [...this.listeners]) {
      try {
        listener(list);
      } catch (error) {
        this.deps.logger.warn('templates change listener failed', { error: String(error) });
      }
    }
  }
}

function sameName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
}

export function templateView(template: HeaderTemplate): HeaderTemplateView {
  const result = validateHeaderOptions(template.options);
  return {
    id: template.id,
    name: template.name,
    isDefault: template.isDefault,
    options: result.ok ? result.value : (template.options as unknown as HeaderOptions),
    problem: result.ok ? null : `This saved header no longer passes the header rules: ${result.errors[0]!.message}`,
    createdAt: template.createdAt,
    updatedAt: template.updatedAt,
  };
}
