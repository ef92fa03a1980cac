import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { HistoryImportsRepository } from '../../../../../src/main/store/repositories/history-imports-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

function insertReceived(db: Db, id: string, state: string, extra = ''): void {
  db.prepare(
    `INSERT INTO received (id, account_id, fax_id, completed_at, image_state, first_seen_at, updated_at${extra ? ', image_path' : ''})
     VALUES (?, 'acc1', ?, ?, ?, ?, ?${extra ? ', ?' : ''})`,
  ).run(id, `F-${id}`, NOW, state, NOW, NOW, ...(extra ? [extra] : []));
}

describe('migration 0120-history-imports', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('is listed after 0110 with version 120', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0120-history-imports')).toBeGreaterThan(names.indexOf('0110-derived-rebuilds'));
    expect(MIGRATIONS.find((m) => m.name === '0120-history-imports')!.version).toBe(120);
  });

  it("lets a received fax keep its image on the service ('remote'), keeping every row and every other rule of the table", () => {
    const v110 = store.open(110);
    insertAccount(v110, 'acc1');
    insertReceived(v110, 'r1', 'stored', 'inbox/r1.pdf');
    expect(() => insertReceived(v110, 'r0', 'remote')).toThrow(/CHECK constraint failed/);
    v110.close();

    const db = store.open(120);
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.prepare('SELECT id, image_state FROM received').all()).toEqual([{ id: 'r1', image_state: 'stored' }]);
    insertReceived(db, 'r2', 'remote');
    expect(() => insertReceived(db, 'r3', 'lost')).toThrow(/CHECK constraint failed/);
    // The table's other rules hold: a stored image needs its path; a fax_id is unique per account.
    expect(() => insertReceived(db, 'r4', 'stored')).toThrow(/CHECK constraint failed/);
    expect(() => insertReceived(db, 'r2', 'remote')).toThrow(/UNIQUE/);
    // The downloader's queue (pending and failed, through received_image_queue) does not see it.
    const plan = db.prepare("EXPLAIN QUERY PLAN SELECT id FROM received WHERE image_state <> 'stored' AND image_state IN ('pending', 'failed') ORDER BY image_state DESC, completed_at DESC LIMIT 20").all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('received_image_queue');
    expect(db.prepare("SELECT count(*) FROM received WHERE image_state IN ('pending', 'failed')").pluck().get()).toBe(0);
  });

  it('keeps one import per account and list, resumed rather than restarted when the first pass repeats', () => {
    const db = store.open(120);
    insertAccount(db, 'acc1');
    const repo = new HistoryImportsRepository(db);
    const start = { since: null, boundary: NOW, nextOffset: 51, listTotal: 1000, read: 50, requests: 1 };
    repo.begin('acc1', 'received', start, T0);
    repo.recordPage('acc1', 'received', { nextOffset: 151, listTotal: 1000, read: 100, imported: 98, done: false }, T0);
    repo.begin('acc1', 'received', start, T0); // a first pass cut short and run again
    expect(repo.get('acc1', 'received')).toMatchObject({ state: 'importing', nextOffset: 151, read: 150, imported: 98, requests: 2 });
    repo.recordPage('acc1', 'received', { nextOffset: 1001, listTotal: 1000, read: 850, imported: 850, done: true }, T0);
    expect(repo.get('acc1', 'received')).toMatchObject({ state: 'done', finishedAt: NOW });
    expect(() => db.prepare("UPDATE history_imports SET finished_at = NULL WHERE list = 'received'").run()).toThrow(/CHECK constraint failed/);
    // A wider range takes a finished import up again where it stood.
    expect(repo.setRange('2025-01-01T00:00:00.000Z', true)).toBe(true);
    expect(repo.get('acc1', 'received')).toMatchObject({ state: 'importing', since: '2025-01-01T00:00:00.000Z', nextOffset: 1001, finishedAt: null });
  });
});
