import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { ReceivedRepository, receivedCountSql, receivedListIndex, receivedPageSql, type ReceivedListShape } from '../../../../../src/main/store/repositories/received-repository';
import type { InboxFax, PageCursor, ReceivedFacts } from '../../../../../src/shared/domain/history';
import { at, expectIndexedPlan, expectNoWrite, expectWrite, insertAccount, planOf, T0, tempStore, type TempStore } from '../store-fixtures';

const facts = (faxId: string, minutes: number, extra: Partial<ReceivedFacts> = {}): ReceivedFacts => ({
  faxId,
  completedAt: at(minutes).toISOString(),
  pages: 2,
  faxStatus: 'STORED',
  originatingNumber: '15551234567',
  originatingTsid: 'ACME FRONT DESK',
  ...extra,
});

describe('ReceivedRepository', () => {
  let store: TempStore;
  let db: Db;
  let repo: ReceivedRepository;

  beforeEach(() => {
    store = tempStore();
    db = store.open();
    insertAccount(db, 'acc1');
    insertAccount(db, 'acc2');
    repo = new ReceivedRepository(db);
  });
  afterEach(() => store.cleanup());

  describe('upsertFromService', () => {
    it('inserts a new fax with its image pending', () => {
      const result = repo.upsertFromService('acc1', facts('R1', 1, { destinationNumber: '15550000001' }), at(2));
      expect(result).toMatchObject({ created: true, changed: true });
      expect(repo.get(result.id)).toEqual({
        id: result.id,
        accountId: 'acc1',
        faxId: 'R1',
        pages: 2,
        faxStatus: 'STORED',
        completedAt: at(1).toISOString(),
        originatingNumber: '15551234567',
        destinationNumber: '15550000001',
        tsid: 'ACME FRONT DESK',
        imagePath: null,
        imageState: 'pending',
        imageError: null,
        imageAttempts: 0,
        downloadedAt: null,
        readAt: null,
        printedAt: null,
        deletedAt: null,
        firstSeenAt: at(2).toISOString(),
        updatedAt: at(2).toISOString(),
        note: '',
        noteUpdatedAt: null,
        senderName: null,
        goneAt: null,
      } satisfies InboxFax);
    });

    it('writes nothing when the service says nothing new (an idle sync cycle)', () => {
      const first = repo.upsertFromService('acc1', facts('R1', 1), at(2));
      const again = expectNoWrite(store, () => repo.upsertManyFromService('acc1', [facts('R1', 1), { faxId: 'R1', completedAt: null }], at(3)));
      expect(again).toEqual([
        { id: first.id, created: false, changed: false },
        { id: first.id, created: false, changed: false },
      ]);
      expect(repo.get(first.id)!.updatedAt).toBe(at(2).toISOString());
    });

    it('updates the facts that changed, and never replaces a known fact by null', () => {
      const first = repo.upsertFromService('acc1', facts('R1', 1, { pages: null }), at(2));
      const result = expectWrite(store, () => repo.upsertFromService('acc1', facts('R1', 1, { pages: 5, originatingTsid: null }), at(3)));
      expect(result).toEqual({ id: first.id, created: false, changed: true });
      expect(repo.get(first.id)).toMatchObject({ pages: 5, tsid: 'ACME FRONT DESK', updatedAt: at(3).toISOString() });
    });

    it('orders a fax without a completion time by when it was first seen, and keeps that time', () => {
      const r = repo.upsertFromService('acc1', { faxId: 'R1', completedAt: null }, at(7));
      expect(repo.get(r.id)!.completedAt).toBe(at(7).toISOString());
      expect(repo.upsertFromService('acc1', { faxId: 'R1', completedAt: null }, at(9)).changed).toBe(false);
    });

    it('keeps the same fax_id apart per account', () => {
      const a = repo.upsertFromService('acc1', facts('R1', 1), T0);
      const b = repo.upsertFromService('acc2', facts('R1', 1), T0);
      expect(a.id).not.toBe(b.id);
      expect(repo.getByFaxId('acc2', 'R1')!.id).toBe(b.id);
    });

    it('leaves local state alone: a fax deleted here stays deleted and unlisted', () => {
      const r = repo.upsertFromService('acc1', facts('R1', 1), T0);
      repo.markRead(r.id, at(2));
      repo.softDelete(r.id, at(3));
      repo.upsertFromService('acc1', facts('R1', 1, { pages: 9 }), at(4));
      expect(repo.get(r.id)).toMatchObject({ pages: 9, readAt: at(2).toISOString(), deletedAt: at(3).toISOString() });
      expect(repo.page().items).toEqual([]);
      expect(repo.search({ text: '4567' }).items).toEqual([]);
    });
  });

  it('marks read, unread and printed; a repeated mark writes nothing', () => {
    const r = repo.upsertFromService('acc1', facts('R1', 1), T0);
    expect(repo.countUnread()).toBe(1);
    expect(repo.markRead(r.id, at(2))).toBe(true);
    expect(expectNoWrite(store, () => repo.markRead(r.id, at(3)))).toBe(false);
    expect(repo.get(r.id)!.readAt).toBe(at(2).toISOString());
    expect(repo.countUnread('acc1')).toBe(0);
    expect(repo.markUnread(r.id, at(4))).toBe(true);
    expect(repo.markUnread(r.id, at(4))).toBe(false);
    expect(repo.markPrinted(r.id, at(5))).toBe(true);
    expect(repo.get(r.id)).toMatchObject({ readAt: null, printedAt: at(5).toISOString() });
    expect(repo.softDelete(r.id, at(6))).toBe(true);
    expect(repo.softDelete(r.id, at(7))).toBe(false);
    expect(repo.countUnread()).toBe(0);
  });

  it('moves an image through its states and queues what is left to fetch', () => {
    const a = repo.upsertFromService('acc1', facts('A', 1), T0);
    const b = repo.upsertFromService('acc1', facts('B', 2), T0);
    const c = repo.upsertFromService('acc1', facts('C', 3), T0);
    expect(repo.listImageQueue().map((f) => f.faxId)).toEqual(['C', 'B', 'A']);

    expect(repo.setImageState(a.id, { state: 'downloading' }, at(4))).toBe(true);
    expect(repo.setImageState(a.id, { state: 'stored', path: 'inbox/A.pdf' }, at(5))).toBe(true);
    expect(repo.setImageState(a.id, { state: 'stored', path: 'inbox/A.pdf' }, at(6))).toBe(false);
    expect(repo.get(a.id)).toMatchObject({ imageState: 'stored', imagePath: 'inbox/A.pdf', imageAttempts: 1, downloadedAt: at(5).toISOString() });

    repo.setImageState(b.id, { state: 'downloading' }, at(4));
    repo.setImageState(b.id, { state: 'failed', error: 'HTTP 404' }, at(5));
    expect(repo.get(b.id)).toMatchObject({ imageState: 'failed', imageError: 'HTTP 404', imageAttempts: 1 });
    expect(repo.listImageQueue().map((f) => f.faxId)).toEqual(['C', 'B']);
    expect(repo.listImageQueue({ maxAttempts: 1 }).map((f) => f.faxId)).toEqual(['C']);

    repo.setImageState(c.id, { state: 'downloading' }, at(4));
    expect(repo.listImageQueue().map((f) => f.faxId)).toEqual(['B']);
    expect(repo.resetInterruptedDownloads(at(8))).toBe(1);
    expect(repo.get(c.id)!.imageState).toBe('pending');
  });

  describe('page and search', () => {
    beforeEach(() => {
      for (let i = 0; i < 12; i++) {
        const r = repo.upsertFromService(i % 2 ? 'acc1' : 'acc2', facts(`R${i}`, Math.floor(i / 2), { originatingNumber: `1555000${String(i).padStart(4, '0')}` }), T0);
        if (i % 3 === 0) repo.markRead(r.id, at(30));
      }
    });

    function all(query: Parameters<ReceivedRepository['page']>[0]): string[] {
      const out: string[] = [];
      let after: PageCursor | null = null;
      do {
        const page = repo.page({ ...query, after });
        out.push(...page.items.map((f) => f.faxId));
        after = page.next;
      } while (after);
      return out;
    }

    it('pages newest first across ties, per account, unread only', () => {
      expect(all({ limit: 5 })).toEqual(['R11', 'R10', 'R9', 'R8', 'R7', 'R6', 'R5', 'R4', 'R3', 'R2', 'R1', 'R0']);
      expect(all({ accountId: 'acc1', limit: 2 })).toEqual(['R11', 'R9', 'R7', 'R5', 'R3', 'R1']);
      expect(all({ unreadOnly: true, limit: 3 })).toEqual(['R11', 'R10', 'R8', 'R7', 'R5', 'R4', 'R2', 'R1']);
      expect(all({ accountId: 'acc2', unreadOnly: true })).toEqual(['R10', 'R8', 'R4', 'R2']);
      expect(repo.countUnread()).toBe(8);
      expect(repo.countUnread('acc2')).toBe(4);
    });

    it('searches numbers and TSIDs, newest first', () => {
      expect(repo.search({ text: '0007' }).items.map((f) => f.faxId)).toEqual(['R7']);
      expect(repo.search({ text: '555-000-0011' }).items.map((f) => f.faxId)).toEqual(['R11']);
      expect(repo.search({ text: 'front desk', accountId: 'acc1', limit: 2 }).items.map((f) => f.faxId)).toEqual(['R11', 'R9']);
      expect(repo.search({ text: 'R3' }).items.map((f) => f.faxId)).toEqual(['R3']);
    });

    it('finds a fax by its whole hyphenated fax id, and by either end of it (issue 22)', () => {
      const id = '5b669318-5e4f-4796-9385-2068f591a807';
      repo.upsertFromService('acc1', facts(id, 20), T0);
      repo.upsertFromService('acc1', facts('5b669318-0000-4796-9385-000000000000', 21), T0);
      expect(repo.search({ text: id }).items.map((f) => f.faxId)).toEqual([id]);
      expect(repo.countSearch({ text: id })).toBe(1);
      expect(repo.search({ text: '2068f591a807' }).items.map((f) => f.faxId)).toEqual([id]);
      expect(repo.search({ text: '5b669318' }).items).toHaveLength(2);
    });

    it('reads up from a row, skips, and counts what a page has above it, with every filter', () => {
      const all = repo.page({ limit: 12 }).items.map((f) => f.faxId);
      const middle = repo.page({ skip: 4, limit: 3 });
      expect(middle.items.map((f) => f.faxId)).toEqual(all.slice(4, 7));
      expect(repo.count({ before: middle.previous })).toBe(4);
      expect(repo.count()).toBe(12);
      const above = repo.page({ before: middle.previous, limit: 3 });
      expect(above.items.map((f) => f.faxId)).toEqual(all.slice(1, 4));
      expect(above.previous).not.toBeNull();
      const top = repo.page({ before: above.previous, limit: 3 });
      expect(top.items.map((f) => f.faxId)).toEqual(all.slice(0, 1));
      expect(top.previous).toBeNull();
      expect(top.next).not.toBeNull();
      expect(repo.count({ unreadOnly: true, accountId: 'acc2' })).toBe(4);
      expect(repo.count({ from: at(2).toISOString(), to: at(4).toISOString() })).toBe(6);
      expect(repo.countSearch({ text: 'front desk', accountId: 'acc1' })).toBe(6);
      expect(repo.countSearch({ text: 'front desk', unreadOnly: true, to: at(3).toISOString() })).toBe(5);
      expect(repo.countSearch({ text: '"' })).toBeNull();
      const found = repo.search({ text: 'front desk', skip: 2, limit: 2 });
      expect(repo.countSearch({ text: 'front desk', before: found.previous })).toBe(2);
      expect(repo.search({ text: 'front desk', before: found.previous, limit: 5 }).items).toHaveLength(2);
      expect(() => repo.page({ skip: -1 })).toThrow(/skip/);
    });

    it('uses the partial indexes for every inbox page and count, and never sorts a search', () => {
      db.exec('ANALYZE');
      const params = { accountId: 'acc1', from: T0.toISOString(), to: at(60).toISOString(), key: T0.toISOString(), seq: 3, skip: 2, limit: 51, match: '"x"*' };
      const used = (sql: string) => Object.fromEntries(Object.entries(params).filter(([k]) => sql.includes(`@${k}`)));
      for (const accountId of [false, true]) {
        for (const unreadOnly of [false, true]) {
          for (const side of [null, 'after', 'before'] as const) {
            for (const [from, to] of [[false, false], [true, true]]) {
              const shape: ReceivedListShape = { search: false, accountId, unreadOnly, from: from!, to: to!, side };
              const index = receivedListIndex(shape);
              const page = receivedPageSql({ ...shape, skip: side === null });
              expectIndexedPlan(planOf(db, page, used(page)), 'received', index);
              expectIndexedPlan(planOf(db, receivedCountSql(shape), used(receivedCountSql(shape))), 'received', index);
              const search = receivedPageSql({ ...shape, search: true, skip: true });
              const plan = planOf(db, search, used(search));
              expect(plan).toMatch(/SCAN f VIRTUAL TABLE/);
              expect(plan).not.toMatch(/TEMP B-TREE/);
            }
          }
        }
      }
    });
  });
});
