import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { tempStore, type TempStore } from '../store-fixtures';

describe('migration 0090-several-desks', () => {
  let store: TempStore;
  afterEach(() => store.cleanup());

  it('follows 0080 and makes one random installation id, kept across openings', () => {
    store = tempStore();
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0090-several-desks')).toBe(names.indexOf('0080-search-every-prefix') + 1);
    const v80 = store.open(80);
    expect(v80.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'installation'").pluck().get()).toBe(0);
    v80.close();
    const db = store.open(90);
    const rows = db.prepare('SELECT installation_id AS id FROM installation').all() as { id: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{16}$/);
    expect(() => db.prepare("INSERT INTO installation (id, installation_id) VALUES (2, 'ffffffffffffffff')").run()).toThrow(/CHECK/);
    db.close();
    expect(store.open().prepare('SELECT installation_id FROM installation').pluck().get()).toBe(rows[0]!.id);
  });
});
