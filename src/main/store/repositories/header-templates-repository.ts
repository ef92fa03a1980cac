/**
 * Saved header designs. Names are unique (ignoring case); at most one template is the default (a
 * partial unique index enforces it; setDefault moves the mark in one transaction).
 */
import type { Db } from '../database';
import { AppError } from '../../errors';
import { JsonObjectSchema, type HeaderTemplate, type JsonObject, type NewHeaderTemplate } from '../../../shared/domain/history';
import { StatementCache, isoUtc, isUniqueViolation, newId, readJson, updateWhenChangedSql, writeJson } from './row-support';

interface TemplateRow {
  id: string;
  name: string;
  options: string;
  is_default: number;
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, name, options, is_default, created_at, updated_at';

/** A person keeps a handful; the list is capped all the same. */
const MAX_TEMPLATES = 500;

export class HeaderTemplatesRepository {
  private readonly insertTemplate;
  private readonly selectAll;
  private readonly selectById;
  private readonly selectDefault;
  private readonly clearDefault;
  private readonly markDefault;
  private readonly deleteTemplate;
  private readonly statements;

  constructor(private readonly db: Db) {
    this.insertTemplate = db.prepare(
      `INSERT INTO header_templates (id, name, options, is_default, created_at, updated_at)
       VALUES (@id, @name, @options, 0, @now, @now)`,
    );
    this.selectAll = db.prepare<[number], TemplateRow>(`SELECT ${COLUMNS} FROM header_templates ORDER BY name COLLATE NOCASE LIMIT ?`);
    this.selectById = db.prepare<[string], TemplateRow>(`SELECT ${COLUMNS} FROM header_templates WHERE id = ?`);
    this.selectDefault = db.prepare<[], TemplateRow>(`SELECT ${COLUMNS} FROM header_templates WHERE is_default = 1`);
    this.clearDefault = db.prepare<[string, string]>('UPDATE header_templates SET is_default = 0, updated_at = ? WHERE is_default = 1 AND id IS NOT ?');
    this.markDefault = db.prepare<[string, string]>('UPDATE header_templates SET is_default = 1, updated_at = ? WHERE id = ? AND is_default = 0');
    this.deleteTemplate = db.prepare<[string]>('DELETE FROM header_templates WHERE id = ?');
    this.statements = new StatementCache(db);
  }

  list(): HeaderTemplate[] {
    return this.selectAll.all(MAX_TEMPLATES).map(toTemplate);
  }

  get(id: string): HeaderTemplate | undefined {
    const row = this.selectById.get(id);
    return row && toTemplate(row);
  }

  getDefault(): HeaderTemplate | undefined {
    const row = this.selectDefault.get();
    return row && toTemplate(row);
  }

  create(input: NewHeaderTemplate, now: Date): HeaderTemplate {
    const id = input.id ?? newId();
    const at = isoUtc(now, 'now');
    this.db.transaction(() => {
      this.guardName(input.name, () => this.insertTemplate.run({ id, name: input.name.trim(), options: writeJson(input.options, JsonObjectSchema, 'header template options'), now: at }));
      if (input.isDefault) this.setDefault(id, now);
    })();
    return this.get(id)!;
  }

  /** Renames and/or changes the design if something differs; returns whether the row was written. */
  update(id: string, patch: { name?: string; options?: JsonObject }, now: Date): boolean {
    const fields: string[] = [];
    if (patch.name !== undefined) fields.push('name');
    if (patch.options !== undefined) fields.push('options');
    if (fields.length === 0) return false;
    // BINARY: a rename that only changes letter case is a change (names compare without case elsewhere).
    const statement = this.statements.get(fields.join(','), () =>
      updateWhenChangedSql('header_templates', Object.fromEntries(fields.map((f) => [f, `@${f}`])), { where: 'id = @id', touch: 'updated_at = @now', collate: 'BINARY' }),
    );
    const params: Record<string, unknown> = { id, now: isoUtc(now, 'now') };
    if (patch.name !== undefined) params.name = patch.name.trim();
    if (patch.options !== undefined) params.options = writeJson(patch.options, JsonObjectSchema, 'header template options');
    return this.guardName(patch.name ?? 'x', () => statement.run(params).changes > 0);
  }

  /** Makes this template the default (null: no default). Returns whether anything changed. */
  setDefault(id: string | null, now: Date): boolean {
    const at = isoUtc(now, 'now');
    return this.db.transaction(() => {
      if (id !== null && !this.selectById.get(id)) throw new AppError('NOT_FOUND', 'This header template no longer exists.');
      const cleared = this.clearDefault.run(at, id ?? '').changes;
      const marked = id === null ? 0 : this.markDefault.run(at, id).changes;
      return cleared + marked > 0;
    })();
  }

  delete(id: string): boolean {
    return this.deleteTemplate.run(id).changes > 0;
  }

  private guardName<T>(name: string, write: () => T): T {
    if (name.trim() === '') throw new AppError('VALIDATION', 'Give the header template a name.', { field: 'name' });
    try {
      return write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError('CONFLICT', `A header template named "${name.trim()}" already exists. Choose another name.`, { field: 'name' });
      }
      throw error;
    }
  }
}

function toTemplate(row: TemplateRow): HeaderTemplate {
  return {
    id: row.id,
    name: row.name,
    options: readJson(row.options, 'header template options'),
    isDefault: row.is_default === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
