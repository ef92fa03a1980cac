import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { HeaderTemplatesRepository } from '../../../../../src/main/store/repositories/header-templates-repository';
import { at, expectNoWrite, T0, tempStore, type TempStore } from '../store-fixtures';

const OPTIONS = { line1: ['${DATE_TIME}', '${FROM_NUMBER}', 'Page ${CURRENT_PAGE}/${TOTAL_PAGE}'], line2: ['To: Ada'] };

describe('HeaderTemplatesRepository', () => {
  let store: TempStore;
  let db: Db;
  let repo: HeaderTemplatesRepository;

  beforeEach(() => {
    store = tempStore();
    db = store.open();
    repo = new HeaderTemplatesRepository(db);
  });
  afterEach(() => store.cleanup());

  it('creates and reads templates, listed by name', () => {
    const b = repo.create({ name: 'Branch', options: OPTIONS }, T0);
    repo.create({ name: 'adMIN', options: {} }, T0);
    expect(b).toEqual({ id: b.id, name: 'Branch', options: OPTIONS, isDefault: false, createdAt: T0.toISOString(), updatedAt: T0.toISOString() });
    expect(repo.list().map((t) => t.name)).toEqual(['adMIN', 'Branch']);
    expect(repo.getDefault()).toBeUndefined();
  });

  it('refuses a second template with the same name, whatever the case', () => {
    repo.create({ name: 'Legal', options: {} }, T0);
    expect(() => repo.create({ name: 'LEGAL', options: {} }, T0)).toThrow(expect.objectContaining({ code: 'CONFLICT', field: 'name' }));
    expect(() => repo.create({ name: ' ', options: {} }, T0)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
  });

  it('keeps at most one default and moves it in one step', () => {
    const a = repo.create({ name: 'A', options: {}, isDefault: true }, T0);
    const b = repo.create({ name: 'B', options: {} }, T0);
    expect(repo.getDefault()!.id).toBe(a.id);
    expect(repo.setDefault(b.id, at(1))).toBe(true);
    expect(repo.list().filter((t) => t.isDefault).map((t) => t.id)).toEqual([b.id]);
    expect(expectNoWrite(store, () => repo.setDefault(b.id, at(2)))).toBe(false);
    const c = repo.create({ name: 'C', options: {}, isDefault: true }, at(3));
    expect(repo.list().filter((t) => t.isDefault).map((t) => t.id)).toEqual([c.id]);
    expect(repo.setDefault(null, at(4))).toBe(true);
    expect(repo.getDefault()).toBeUndefined();
    expect(() => repo.setDefault('ghost', at(5))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
  });

  it('updates only what differs; a change of case is a change', () => {
    const t = repo.create({ name: 'Plain', options: OPTIONS }, T0);
    expect(expectNoWrite(store, () => repo.update(t.id, { name: 'Plain', options: { line2: ['To: Ada'], line1: OPTIONS.line1 } }, at(1)))).toBe(false);
    expect(repo.update(t.id, { name: 'plain' }, at(2))).toBe(true);
    expect(repo.update(t.id, { options: { line1: [''] } }, at(3))).toBe(true);
    expect(repo.get(t.id)).toMatchObject({ name: 'plain', options: { line1: [''] }, updatedAt: at(3).toISOString() });
    repo.create({ name: 'Other', options: {} }, T0);
    expect(() => repo.update(t.id, { name: 'OTHER' }, at(4))).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    expect(repo.delete(t.id)).toBe(true);
    expect(repo.delete(t.id)).toBe(false);
  });
});
