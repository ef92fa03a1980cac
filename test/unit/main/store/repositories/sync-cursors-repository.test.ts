import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { SyncCursorsRepository } from '../../../../../src/main/store/repositories/sync-cursors-repository';
import { at, expectNoWrite, expectWrite, insertAccount, tempStore, type TempStore } from '../store-fixtures';

describe('SyncCursorsRepository', () => {
  let store: TempStore;
  let db: Db;
  let repo: SyncCursorsRepository;

  beforeEach(() => {
    store = tempStore();
    db = store.open();
    insertAccount(db, 'acc1');
    repo = new SyncCursorsRepository(db);
  });
  afterEach(() => store.cleanup());

  it('writes a success only when the cursor moves: an idle cycle writes nothing', () => {
    expect(repo.get('acc1', 'received')).toBeUndefined();
    expect(expectWrite(store, () => repo.recordSuccess('acc1', 'received', '2026-03-01T09:00:00.000Z', at(1)))).toBe(true);
    expect(expectNoWrite(store, () => repo.recordSuccess('acc1', 'received', '2026-03-01T09:00:00.000Z', at(2)))).toBe(false);
    expect(repo.get('acc1', 'received')).toEqual({
      accountId: 'acc1',
      feed: 'received',
      cursor: '2026-03-01T09:00:00.000Z',
      lastOkAt: at(1).toISOString(),
      lastError: null,
      lastErrorAt: null,
    });
    expect(repo.recordSuccess('acc1', 'received', '2026-03-01T09:05:00.000Z', at(3))).toBe(true);
    expect(repo.get('acc1', 'received')).toMatchObject({ cursor: '2026-03-01T09:05:00.000Z', lastOkAt: at(3).toISOString() });
  });

  it('an idle success does not even ask for the write lock: it goes through while another connection writes', () => {
    repo.recordSuccess('acc1', 'received', 'C1', at(1));
    const other = store.open();
    other.pragma('busy_timeout = 0');
    db.pragma('busy_timeout = 0'); // waiting for the lock would fail at once with SQLITE_BUSY
    other.exec('BEGIN IMMEDIATE');
    try {
      expect(repo.recordSuccess('acc1', 'received', 'C1', at(2))).toBe(false);
      expect(() => repo.recordSuccess('acc1', 'received', 'C2', at(3))).toThrow(/locked|busy/i);
    } finally {
      other.exec('ROLLBACK');
    }
    expect(repo.recordSuccess('acc1', 'received', 'C2', at(3))).toBe(true);
  });

  it('a feed with no cursor is written once, then idle', () => {
    expect(repo.recordSuccess('acc1', 'active', null, at(1))).toBe(true);
    expect(expectNoWrite(store, () => repo.recordSuccess('acc1', 'active', null, at(2)))).toBe(false);
  });

  it('keeps the cursor on an error, and the next success clears the error even if the cursor did not move', () => {
    repo.recordSuccess('acc1', 'sent', 'C1', at(1));
    repo.recordError('acc1', 'sent', 'The service did not answer within 30 seconds.', at(2));
    expect(repo.get('acc1', 'sent')).toMatchObject({ cursor: 'C1', lastOkAt: at(1).toISOString(), lastError: 'The service did not answer within 30 seconds.', lastErrorAt: at(2).toISOString() });
    expect(repo.recordSuccess('acc1', 'sent', 'C1', at(3))).toBe(true);
    expect(repo.get('acc1', 'sent')).toMatchObject({ cursor: 'C1', lastOkAt: at(3).toISOString(), lastError: null, lastErrorAt: null });
    repo.recordError('acc1', 'notifications', 'Offline.', at(4));
    expect(repo.get('acc1', 'notifications')).toMatchObject({ cursor: null, lastOkAt: null, lastError: 'Offline.' });
  });

  it('lists and resets an account’s feeds, and they go with the account', () => {
    repo.recordSuccess('acc1', 'sent', 'a', at(1));
    repo.recordSuccess('acc1', 'received', 'b', at(1));
    expect(repo.listForAccount('acc1').map((c) => c.feed)).toEqual(['received', 'sent']);
    expect(repo.reset('acc1', 'sent')).toBe(1);
    expect(repo.listForAccount('acc1').map((c) => c.feed)).toEqual(['received']);
    insertAccount(db, 'acc2');
    repo.recordSuccess('acc2', 'sent', 'x', at(1));
    db.prepare("DELETE FROM accounts WHERE id = 'acc2'").run();
    expect(repo.listForAccount('acc2')).toEqual([]);
    expect(repo.reset('acc1')).toBe(1);
  });
});
