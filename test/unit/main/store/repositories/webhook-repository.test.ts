import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { WebhookRepository, type Receipt } from '../../../../../src/main/store/repositories/webhook-repository';
import { at, insertAccount, tempStore, type TempStore } from '../store-fixtures';

const receipt = (n: number, extra: Partial<Receipt> = {}): Receipt => ({
  accountId: 'acc1',
  notificationId: `n-${n}`,
  kind: 'OUTBOUND',
  faxId: `fax-${n}`,
  facts: { status: 'COMPLETE', pad: 'x'.repeat(100) },
  state: 'held',
  receivedAt: at(n).toISOString(),
  appliedAt: null,
  ...extra,
});

describe('WebhookRepository: notifications held for unknown faxes', () => {
  let store: TempStore;
  let db: Db;
  let repo: WebhookRepository;
  const heldIds = () => (db.prepare("SELECT notification_id AS id FROM webhook_receipts WHERE state = 'held' ORDER BY seq").all() as { id: string }[]).map((r) => r.id);

  beforeEach(() => {
    store = tempStore();
    db = store.open();
    insertAccount(db, 'acc1');
    repo = new WebhookRepository(db);
  });
  afterEach(() => store.cleanup());

  it('keeps a tally of held outbound notifications through adds, applies and trims', () => {
    const size = repo.heldTally().bytes;
    expect(repo.heldTally()).toEqual({ count: 0, bytes: size });
    for (let n = 1; n <= 4; n++) repo.addReceipt(receipt(n));
    // Inbound and PING receipts are not held for a fax: not counted.
    repo.addReceipt(receipt(5, { kind: 'INBOUND' }));
    repo.addReceipt(receipt(6, { kind: 'PING', faxId: null, state: 'applied', appliedAt: at(6).toISOString() }));
    const one = repo.heldTally().bytes / 4;
    expect(repo.heldTally()).toEqual({ count: 4, bytes: one * 4 });
    expect(repo.applied('acc1', 'n-2', at(7))).toBe(true);
    expect(repo.heldTally()).toEqual({ count: 3, bytes: one * 3 });
    // A fresh repository counts the same from the table.
    expect(new WebhookRepository(db).heldTally()).toEqual(repo.heldTally());
  });

  it('drops the oldest held outbound notifications past the count or the bytes, and says how many', () => {
    for (let n = 1; n <= 5; n++) repo.addReceipt(receipt(n));
    repo.addReceipt(receipt(6, { kind: 'INBOUND' }));
    const one = repo.heldTally().bytes / 5;
    expect(repo.trimHeld({ count: 5, bytes: one * 5 })).toEqual({ dropped: 0, newestDroppedAt: null });
    expect(repo.trimHeld({ count: 3, bytes: one * 10 })).toEqual({ dropped: 2, newestDroppedAt: at(2).toISOString() });
    expect(heldIds()).toEqual(['n-3', 'n-4', 'n-5', 'n-6']);
    expect(repo.trimHeld({ count: 10, bytes: one * 2 })).toEqual({ dropped: 1, newestDroppedAt: at(3).toISOString() });
    expect(heldIds()).toEqual(['n-4', 'n-5', 'n-6']);
    expect(repo.heldTally()).toEqual({ count: 2, bytes: one * 2 });
  });
});
