import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ComposeDraftsRepository } from '../../../../../src/main/store/repositories/compose-drafts-repository';
import { T0, at, tempStore, type TempStore } from '../store-fixtures';

const ID_A = '2f1c9a4e-8b7d-4c3e-9a1b-0c2d3e4f5a6b';
const ID_B = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
const DOC = 'a'.repeat(64);

describe('migration 0130-compose-drafts', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('keeps one draft, replaced on each save, and lists the documents it refers to', () => {
    const db = store.open();
    const repo = new ComposeDraftsRepository(db);
    expect(repo.get()).toBeUndefined();
    repo.put(ID_A, { composeId: ID_A, documents: [{ id: DOC }] }, T0);
    expect(repo.get()).toEqual({ composeId: ID_A, draft: { composeId: ID_A, documents: [{ id: DOC }] }, savedAt: T0.toISOString() });
    expect(repo.documentIds()).toEqual([DOC]);
    // A new compose replaces it: one draft, the fax being written.
    repo.put(ID_B, { composeId: ID_B, documents: [] }, at(1));
    expect(repo.get()?.composeId).toBe(ID_B);
    expect(repo.documentIds()).toEqual([]);
    // Discarding another compose's draft leaves this one.
    expect(repo.delete(ID_A)).toBe(false);
    expect(repo.delete(ID_B)).toBe(true);
    expect(repo.get()).toBeUndefined();
  });

  it('refuses rows that are not a draft', () => {
    const db = store.open();
    const insert = (slot: number, id: string, draft: string, savedAt: string) =>
      db.prepare('INSERT INTO compose_drafts (slot, compose_id, draft, saved_at) VALUES (?, ?, ?, ?)').run(slot, id, draft, savedAt);
    expect(() => insert(2, ID_A, '{"documents":[]}', T0.toISOString())).toThrow(/CHECK/);
    expect(() => insert(1, 'short', '{"documents":[]}', T0.toISOString())).toThrow(/CHECK/);
    expect(() => insert(1, ID_A, '[]', T0.toISOString())).toThrow(/CHECK/);
    expect(() => insert(1, ID_A, '{"documents":{}}', T0.toISOString())).toThrow(/CHECK/);
    expect(() => insert(1, ID_A, '{"documents":[]}', '2026-03-01 09:00')).toThrow(/CHECK/);
  });
});
