import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebhookRepository, MAX_DELIVERY_LOG } from '../../../../../src/main/store/repositories/webhook-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store-fixtures';

describe('migration 0070-webhook-receiver', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('stores one settings row, receipts once per notification, and a pruned delivery log', () => {
    const db = store.open();
    insertAccount(db, 'acc1');
    const repo = new WebhookRepository(db);
    expect(repo.settings()).toMatchObject({ enabled: false, host: '127.0.0.1', port: 8443 });
    repo.saveSettings({ ...repo.settings(), enabled: true, port: 9443 }, T0);
    expect(repo.settings()).toMatchObject({ enabled: true, port: 9443 });
    const receipt = { accountId: 'acc1', notificationId: 'n1', kind: 'OUTBOUND' as const, faxId: 'f1', facts: { state: 'COMPLETED' }, state: 'held' as const, receivedAt: T0.toISOString(), appliedAt: null };
    expect(repo.addReceipt(receipt)).toBe(true);
    expect(repo.addReceipt(receipt)).toBe(false);
    expect(repo.held('acc1')).toHaveLength(1);
    expect(repo.applied('acc1', 'n1', T0)).toBe(true);
    expect(repo.applied('acc1', 'n1', T0)).toBe(false);
    expect(repo.held('acc1')).toHaveLength(0);
    expect(() => db.prepare("INSERT INTO webhook_receipts (account_id, notification_id, kind, state, received_at) VALUES ('acc1', 'x', 'OTHER', 'held', ?)").run(T0.toISOString())).toThrow(/CHECK/);
    const entry = (i: number) => ({ at: T0.toISOString(), listener: 'public' as const, eventType: null, accountId: null, notificationId: null, faxId: null, verified: false, httpStatus: 401, outcome: `n${i}` });
    for (let i = 0; i < MAX_DELIVERY_LOG; i++) repo.logDeliveries([entry(i)]);
    repo.logDeliveries([1, 2, 3, 4].map((i) => entry(MAX_DELIVERY_LOG + i)));
    const log = repo.deliveries(1000);
    expect(log).toHaveLength(MAX_DELIVERY_LOG);
    expect(log[0]!.outcome).toBe(`n${MAX_DELIVERY_LOG + 4}`);
  });
});
