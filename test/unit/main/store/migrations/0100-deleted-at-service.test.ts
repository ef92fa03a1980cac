import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { ReceivedRepository } from '../../../../../src/main/store/repositories/received-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

describe('migration 0100-deleted-at-service', () => {
  let store: TempStore;
  afterEach(() => store.cleanup());

  it('adds received.gone_at to faxes already stored (NULL), and a gone fax is kept, read, and out of the download queue', () => {
    store = tempStore();
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0100-deleted-at-service')).toBe(names.indexOf('0090-several-desks') + 1);
    const v90 = store.open(90);
    insertAccount(v90, 'acc1');
    v90.prepare(`INSERT INTO received (id, account_id, fax_id, completed_at, first_seen_at, updated_at) VALUES ('r1', 'acc1', 'F1', ?, ?, ?)`).run(NOW, NOW, NOW);
    v90.close();
    // At the latest schema: the repository reads later columns too (0150's note).
    const db = store.open();
    const received = new ReceivedRepository(db);
    expect(received.get('r1')).toMatchObject({ goneAt: null, imageState: 'pending' });
    expect(received.listImageQueue().map((f) => f.id)).toEqual(['r1']);
    expect(received.markGone('r1', 'Deleted at the service.', T0)).toBe(true);
    expect(received.markGone('r1', 'Deleted at the service.', T0)).toBe(false);
    expect(received.get('r1')).toMatchObject({ goneAt: NOW, readAt: NOW, imageState: 'failed', imageError: 'Deleted at the service.' });
    expect(received.listImageQueue()).toEqual([]);
    expect(received.countUnread()).toBe(0);
    expect(() => db.prepare("UPDATE received SET gone_at = 'yesterday' WHERE id = 'r1'").run()).toThrow(/CHECK/);
  });
});
