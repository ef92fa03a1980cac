import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { CONTACTS_SEARCH_SQL, ContactsRepository, contactsPageSql } from '../../../../../src/main/store/repositories/contacts-repository';
import type { PageCursor } from '../../../../../src/shared/domain/history';
import { at, expectIndexedPlan, expectNoWrite, planOf, T0, tempStore, type TempStore } from '../store-fixtures';

describe('ContactsRepository', () => {
  let store: TempStore;
  let db: Db;
  let repo: ContactsRepository;

  beforeEach(() => {
    store = tempStore();
    db = store.open();
    repo = new ContactsRepository(db);
  });
  afterEach(() => store.cleanup());

  it('creates, reads, updates only what differs, and deletes', () => {
    const c = repo.create({ name: '  Ada Lovelace ', company: 'Engines', faxNumber: '15551234567', notes: 'mornings' }, T0);
    expect(c).toEqual({
      id: c.id,
      name: 'Ada Lovelace',
      company: 'Engines',
      faxNumber: '15551234567',
      notes: 'mornings',
      lastUsedAt: null,
      useCount: 0,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    });
    expect(expectNoWrite(store, () => repo.update(c.id, { name: 'Ada Lovelace', notes: 'mornings' }, at(1)))).toBe(false);
    expect(repo.update(c.id, { notes: 'afternoons' }, at(2))).toBe(true);
    expect(repo.get(c.id)).toMatchObject({ notes: 'afternoons', updatedAt: at(2).toISOString() });
    expect(repo.delete(c.id)).toBe(true);
    expect(repo.get(c.id)).toBeUndefined();
    expect(() => repo.create({ faxNumber: '' }, T0)).toThrow(/CHECK/);
  });

  it('pages alphabetically (company for a contact with no name) and by recent use', () => {
    const names = ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'];
    for (const name of names) repo.create({ name, faxNumber: `1555${name.length}` }, T0);
    repo.create({ company: 'Acme', faxNumber: '15559' }, T0);
    const walk = (order: 'name' | 'recent') => {
      const out: string[] = [];
      let after: PageCursor | null = null;
      do {
        const page = repo.page({ order, limit: 2, after });
        out.push(...page.items.map((c) => c.name || c.company));
        after = page.next;
      } while (after);
      return out;
    };
    expect(walk('name')).toEqual(['Acme', 'Alpha', 'Bravo', 'charlie', 'delta', 'echo']);
    expect(walk('recent')).toEqual([]);
    expect(repo.markUsed(['15555'], at(1))).toBe(3); // Alpha, Bravo, delta share a number of length 5
    expect(repo.markUsed(['15559', '15559'], at(2))).toBe(1);
    expect(walk('recent')).toEqual(['Acme', 'Bravo', 'Alpha', 'delta']); // ties: newest contact first
    expect(repo.findByNumber('15559').map((c) => c.company)).toEqual(['Acme']);
    expect(repo.findByNumber('15559')[0]).toMatchObject({ useCount: 1, lastUsedAt: at(2).toISOString() }) // one send, counted once;

    for (const order of ['name', 'recent'] as const) {
      for (const after of [false, true]) {
        const sql = contactsPageSql(order, after);
        expectIndexedPlan(planOf(db, sql, after ? { afterKey: 'm', afterSeq: 2, limit: 3 } : { limit: 3 }), 'contacts', order === 'name' ? 'contacts_by_name' : 'contacts_recent');
      }
    }
  });

  it('searches by name, company, number and notes', () => {
    const ada = repo.create({ name: 'Ada Lovelace', company: 'Engines', faxNumber: '15551234567' }, T0);
    const elo = repo.create({ name: 'Élodie Durand', faxNumber: '33142685300', notes: 'Paris office' }, T0);
    expect(repo.search('ada').map((c) => c.id)).toEqual([ada.id]);
    expect(repo.search('elodie').map((c) => c.id)).toEqual([elo.id]);
    expect(repo.search('engi').map((c) => c.id)).toEqual([ada.id]);
    expect(repo.search('paris').map((c) => c.id)).toEqual([elo.id]);
    expect(repo.search('+33 1 42 68 53 00').map((c) => c.id)).toEqual([elo.id]);
    expect(repo.search('4567').map((c) => c.id)).toEqual([ada.id]);
    expect(repo.search('"')).toEqual([]);
    const plan = planOf(db, CONTACTS_SEARCH_SQL, { match: '"ada"*', limit: 5 });
    expect(plan).toMatch(/SCAN f VIRTUAL TABLE/);
    expect(plan).toMatch(/SEARCH c USING INTEGER PRIMARY KEY/);
  });

  describe('distribution lists', () => {
    it('keeps members in order, replaces them atomically, and follows contact deletion', () => {
      const a = repo.create({ name: 'A', faxNumber: '1' + '5'.repeat(9) }, T0);
      const b = repo.create({ name: 'B', faxNumber: '2' + '5'.repeat(9) }, T0);
      const c = repo.create({ name: 'C', faxNumber: '3' + '5'.repeat(9) }, T0);
      const list = repo.createList('Branches', [c.id, a.id, c.id], T0);
      expect(list).toMatchObject({ name: 'Branches', memberCount: 2 });
      expect(repo.members(list.id).map((m) => m.name)).toEqual(['C', 'A']);

      repo.setMembers(list.id, [b.id, a.id], at(1));
      expect(repo.members(list.id).map((m) => m.name)).toEqual(['B', 'A']);
      expect(() => repo.setMembers(list.id, [c.id, 'ghost'], at(2))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));
      expect(repo.members(list.id).map((m) => m.name)).toEqual(['B', 'A']);
      expect(() => repo.setMembers('nope', [a.id], at(2))).toThrow(expect.objectContaining({ code: 'NOT_FOUND' }));

      repo.delete(a.id);
      expect(repo.getList(list.id)).toMatchObject({ memberCount: 1, updatedAt: at(1).toISOString() });
    });

    it('names lists uniquely, ignoring case, and lists them by name', () => {
      const one = repo.createList('Clinics', [], T0);
      repo.createList('branches', [], T0);
      expect(() => repo.createList('CLINICS', [], T0)).toThrow(expect.objectContaining({ code: 'CONFLICT', field: 'name' }));
      expect(() => repo.createList('  ', [], T0)).toThrow(expect.objectContaining({ code: 'VALIDATION' }));
      expect(() => repo.renameList(one.id, 'Branches', at(1))).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
      expect(repo.renameList(one.id, 'Clinics', at(1))).toBe(false);
      expect(repo.renameList(one.id, 'All clinics', at(1))).toBe(true);
      expect(repo.lists().map((l) => l.name)).toEqual(['All clinics', 'branches']);
      expect(repo.deleteList(one.id)).toBe(true);
      expect(repo.lists().map((l) => l.name)).toEqual(['branches']);
    });
  });
});
