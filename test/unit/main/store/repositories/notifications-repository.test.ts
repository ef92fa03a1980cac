import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { NotificationsRepository, notificationsPageSql } from '../../../../../src/main/store/repositories/notifications-repository';
import type { NotificationRecord } from '../../../../../src/shared/domain/fax';
import type { PageCursor } from '../../../../../src/shared/domain/history';
import { at, expectIndexedPlan, expectNoWrite, expectWrite, insertAccount, planOf, T0, tempStore, type TempStore } from '../store-fixtures';

/** The API client's shape (fax.ts) goes in as it is. */
const record = (notifyId: string, minutes: number, extra: Partial<NotificationRecord> = {}): NotificationRecord => ({
  notifyId,
  appId: 'APP',
  userId: 'U1',
  faxId: `F-${notifyId}`,
  direction: 'OUTBOUND',
  faxCompletedAt: at(minutes).toISOString(),
  notifyType: 'WEBHOOK',
  notifyDestination: 'https://hooks.example.com/fax',
  sentStatus: 'QUEUED',
  eventType: null,
  ...extra,
});

describe('NotificationsRepository', () => {
  let store: TempStore;
  let db: Db;
  let repo: NotificationsRepository;

  beforeEach(() => {
    store = tempStore();
    db = store.open();
    insertAccount(db, 'acc1');
    insertAccount(db, 'acc2');
    repo = new NotificationsRepository(db);
  });
  afterEach(() => store.cleanup());

  it('inserts a new record, skips an unchanged one without writing, and updates a changed one', () => {
    expect(repo.upsertIfChanged('acc1', record('N1', 1), at(2))).toEqual({ id: 'N1', created: true, changed: true });
    expect(repo.get('acc1', 'N1')).toEqual({
      accountId: 'acc1',
      notifyId: 'N1',
      faxId: 'F-N1',
      direction: 'OUTBOUND',
      completedAt: at(1).toISOString(),
      notifyType: 'WEBHOOK',
      destination: 'https://hooks.example.com/fax',
      sentStatus: 'QUEUED',
      firstSeenAt: at(2).toISOString(),
      updatedAt: at(2).toISOString(),
    });
    expect(expectNoWrite(store, () => repo.upsertIfChanged('acc1', record('N1', 1), at(3)))).toEqual({ id: 'N1', created: false, changed: false });
    expect(expectNoWrite(store, () => repo.upsertIfChanged('acc1', { ...record('N1', 1), sentStatus: 'queued' }, at(3))).changed).toBe(false);
    expect(expectWrite(store, () => repo.upsertIfChanged('acc1', record('N1', 1, { sentStatus: 'SUCCESSFUL' }), at(4)))).toEqual({
      id: 'N1',
      created: false,
      changed: true,
    });
    expect(repo.get('acc1', 'N1')).toMatchObject({ sentStatus: 'SUCCESSFUL', firstSeenAt: at(2).toISOString(), updatedAt: at(4).toISOString() });
  });

  it('keeps known fields when the service leaves them out, and orders a record without a time by first sight', () => {
    repo.upsertIfChanged('acc1', record('N1', 1, { faxCompletedAt: null }), at(5));
    expect(repo.get('acc1', 'N1')!.completedAt).toBe(at(5).toISOString());
    const sparse = record('N1', 1, { faxCompletedAt: null, faxId: null, direction: null, notifyType: null, notifyDestination: null, sentStatus: null });
    expect(repo.upsertIfChanged('acc1', sparse, at(6)).changed).toBe(false);
    expect(repo.get('acc1', 'N1')).toMatchObject({ faxId: 'F-N1', direction: 'OUTBOUND', sentStatus: 'QUEUED', completedAt: at(5).toISOString() });
  });

  it('mirrors a page in one transaction and counts what was new and what changed', () => {
    expect(repo.upsertManyIfChanged('acc1', [record('N1', 1), record('N2', 2)], T0)).toEqual({ created: 2, changed: 0 });
    expect(repo.upsertManyIfChanged('acc1', [record('N1', 1), record('N2', 2, { sentStatus: 'FAILED' }), record('N3', 3)], T0)).toEqual({
      created: 1,
      changed: 1,
    });
    expect(repo.upsertManyIfChanged('acc2', [record('N1', 1)], T0)).toEqual({ created: 1, changed: 0 });
  });

  it('pages the log newest first, per account and status, and lists a fax’s deliveries', () => {
    for (let i = 0; i < 9; i++) {
      repo.upsertIfChanged(i % 3 === 2 ? 'acc2' : 'acc1', record(`N${i}`, Math.floor(i / 2), { sentStatus: i % 2 ? 'FAILED' : 'SUCCESSFUL', faxId: `F${i % 2}` }), T0);
    }
    const walk = (query: Parameters<NotificationsRepository['page']>[0]) => {
      const ids: string[] = [];
      let after: PageCursor | null = null;
      do {
        const page = repo.page({ ...query, after });
        ids.push(...page.items.map((n) => n.notifyId));
        after = page.next;
      } while (after);
      return ids;
    };
    expect(walk({ limit: 2 })).toEqual(['N8', 'N7', 'N6', 'N5', 'N4', 'N3', 'N2', 'N1', 'N0']);
    expect(walk({ accountId: 'acc1', limit: 4 })).toEqual(['N7', 'N6', 'N4', 'N3', 'N1', 'N0']);
    expect(walk({ accountId: 'acc1', sentStatus: 'failed' })).toEqual(['N7', 'N3', 'N1']);
    expect(repo.listForFaxes('acc1', ['F1']).map((n) => n.notifyId)).toEqual(['N1', 'N3', 'N7']);
    expect(repo.listForFaxes('acc1', ['F0', 'F1', 'F9']).map((n) => n.notifyId)).toEqual(['N0', 'N1', 'N3', 'N4', 'N6', 'N7']);
    expect(repo.listForFaxes('acc1', [])).toEqual([]);

    db.exec('ANALYZE');
    const p = { accountId: 'acc1', sentStatus: 'FAILED', afterKey: T0.toISOString(), afterSeq: 2, limit: 10 };
    const { sentStatus: _unused, ...withoutStatus } = p;
    expectIndexedPlan(planOf(db, notificationsPageSql({ accountId: true, sentStatus: false, after: true }), withoutStatus), 'notifications', 'notifications_account_newest');
    expectIndexedPlan(planOf(db, notificationsPageSql({ accountId: true, sentStatus: true, after: true }), p), 'notifications', 'notifications_account_status');
    expectIndexedPlan(planOf(db, notificationsPageSql({ accountId: false, sentStatus: false, after: false }), { limit: 10 }), 'notifications', 'notifications_newest');
  });
});
