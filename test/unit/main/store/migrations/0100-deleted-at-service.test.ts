import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { ReceivedRepository } from '../../../../../src/main/store/repositories/received-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

describe('migration 0100-deleted-at-service', () => {
  let store: TempStore;
  afterEach(() => store.cleanup());

  it('adds received_gone (no row for faxes already stored), and a gone fax is kept, read, and out of the download queue', () => {
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
    expect(() => db.prepare("UPDATE received_gone SET gone_at = 'yesterday'").run()).toThrow(/CHECK/);
    // A fax whose image is stored is not marked gone: it is here to read.
    db.prepare(`INSERT INTO received (id, account_id, fax_id, image_state, image_path, completed_at, first_seen_at, updated_at) VALUES ('r2', 'acc1', 'F2', 'stored', 'x.pdf', ?, ?, ?)`).run(NOW, NOW, NOW);
    expect(received.markGone('r2', 'Deleted at the service.', T0)).toBe(false);
    expect(received.get('r2')).toMatchObject({ goneAt: null, imageState: 'stored' });
  });

  it('adds no column to received: a STRICT table gets every row checked by SQLite when a column is added', () => {
    store = tempStore();
    const v90 = store.open(90);
    const columns = () => (v90.prepare("SELECT name FROM pragma_table_info('received')").pluck().all() as string[]).join(',');
    const before = columns();
    v90.close();
    const db = store.open(100);
    expect((db.prepare("SELECT name FROM pragma_table_info('received')").pluck().all() as string[]).join(',')).toBe(before);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'received_gone'").pluck().get()).toBe(1);
  });
});
