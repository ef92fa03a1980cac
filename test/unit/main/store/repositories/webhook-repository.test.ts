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

  it('past the count or the bytes, drops the oldest held outbound notifications until a tenth of the room is free, and says how many', () => {
    for (let n = 1; n <= 12; n++) repo.addReceipt(receipt(n));
    repo.addReceipt(receipt(13, { kind: 'INBOUND' }));
    const one = repo.heldTally().bytes / 12;
    expect(repo.trimHeld({ count: 12, bytes: one * 12 })).toEqual({ dropped: 0, newestDroppedAt: null });
    // 12 held, 10 allowed: down to 9.
    expect(repo.trimHeld({ count: 10, bytes: one * 100 })).toEqual({ dropped: 3, newestDroppedAt: at(3).toISOString() });
    expect(heldIds()).toEqual(['n-4', 'n-5', 'n-6', 'n-7', 'n-8', 'n-9', 'n-10', 'n-11', 'n-12', 'n-13']);
    // Bytes: room for 5, down to 4.5 of them.
    expect(repo.trimHeld({ count: 100, bytes: one * 5 })).toEqual({ dropped: 5, newestDroppedAt: at(8).toISOString() });
    expect(repo.heldTally()).toEqual({ count: 4, bytes: one * 4 });
    expect(heldIds()).toEqual(['n-9', 'n-10', 'n-11', 'n-12', 'n-13']);
  });
});
