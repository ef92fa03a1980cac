import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { ReceivedRepository } from '../../../../../src/main/store/repositories/received-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

describe('migration 0150-received-notes', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('is listed after 0080 with version 150', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names).toContain('0150-received-notes');
    expect(names.indexOf('0150-received-notes')).toBeGreaterThan(names.indexOf('0080-search-every-prefix'));
    expect(MIGRATIONS.find((m) => m.name === '0150-received-notes')!.version).toBe(150);
  });

  it('adds an empty note to every fax without rebuilding the search table; rows indexed before are found as before, and a note set after is found', () => {
    const v80 = store.open(80);
    insertAccount(v80, 'acc1');
    const insert = v80.prepare(
      `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, tsid, first_seen_at, updated_at)
       VALUES (?, 'acc1', ?, ?, ?, ?, ?, ?)`,
    );
    insert.run('r1', 'F1', NOW, '442071234567', 'ACME LONDON', NOW, NOW);
    insert.run('r2', 'F2', NOW, '13125550170', null, NOW, NOW);
    const tableSql = (name: string) => (db: typeof v80) => db.prepare('SELECT sql FROM sqlite_master WHERE name = ?').pluck().get(name);
    const before = { fts: tableSql('received_fts')(v80), received: '' };
    v80.close();
    const v130 = store.open(130);
    before.received = tableSql('received')(v130) as string;
    v130.close();

    const db = store.open(150);
    // The search table is the one 0080 made (not rebuilt); only its triggers are new. `received` gets no
    // column (SQLite checks every row of a STRICT table when one is added): the notes have a table of their own.
    expect(tableSql('received_fts')(db)).toBe(before.fts);
    expect(tableSql('received')(db)).toBe(before.received);
    const received = new ReceivedRepository(db);
    expect(received.get('r1')).toMatchObject({ note: '', noteUpdatedAt: null });
    const found = (text: string) => received.search({ text }).items.map((f) => f.id);
    expect(found('acme')).toEqual(['r1']);
    expect(found('0170')).toEqual(['r2']);
    expect(found('invoice')).toEqual([]);

    // A note set now is indexed with the fax; changed, the old words go; removed, nothing of it is left.
    expect(received.setNote('r2', 'Invoice 4411 — called back', T0)).toBe(true);
    expect(received.get('r2')).toMatchObject({ note: 'Invoice 4411 — called back', noteUpdatedAt: NOW });
    expect(found('invoice')).toEqual(['r2']);
    expect(found('inv 4411')).toEqual(['r2']);
    expect(found('0170 called')).toEqual(['r2']);
    received.setNote('r2', 'Paid', T0);
    expect(found('invoice')).toEqual([]);
    expect(found('paid')).toEqual(['r2']);
    received.setNote('r2', '', T0);
    expect(found('paid')).toEqual([]);
    expect(found('0170')).toEqual(['r2']);
    // A fax arriving after the upgrade is indexed by the new insert trigger.
    db.prepare(
      `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, tsid, first_seen_at, updated_at)
       VALUES ('r3', 'acc1', 'F3', ?, '16175550199', 'HARBOR CLINIC', ?, ?)`,
    ).run(NOW, NOW, NOW);
    expect(found('harbor')).toEqual(['r3']);
    // A note on the new fax is indexed with it; the other faxes' notes stay as they are.
    expect(received.setNote('r3', 'Referral', T0)).toBe(true);
    expect(found('referral harbor')).toEqual(['r3']);
    expect(found('0170')).toEqual(['r2']);
    // The station id changed by the service keeps the note's words in the index.
    db.prepare("UPDATE received SET tsid = 'HARBOR HEALTH' WHERE id = 'r3'").run();
    expect(found('referral health')).toEqual(['r3']);
    expect(found('clinic')).toEqual([]);
    // A deleted fax takes no note; an unknown one neither.
    received.softDelete('r1', T0);
    expect(received.setNote('r1', 'x', T0)).toBe(false);
    expect(received.setNote('nope', 'x', T0)).toBe(false);
    // Too long a note is refused by the table itself.
    expect(() => db.prepare("UPDATE received_notes SET note = ? WHERE seq = (SELECT seq FROM received WHERE id = 'r3')").run('x'.repeat(2001))).toThrow(/CHECK/);
  });

  it('finds the faxes from the numbers given (a contact found by name), with the words or without them', () => {
    const db = store.open(150);
    insertAccount(db, 'acc1');
    const insert = db.prepare(
      `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, tsid, first_seen_at, updated_at)
       VALUES (?, 'acc1', ?, ?, ?, ?, ?, ?)`,
    );
    insert.run('a', 'A', NOW, '13125550170', 'FRONT DESK', NOW, NOW);
    insert.run('b', 'B', NOW, '3125550170', null, NOW, NOW); // the same sender, reported without its country code
    insert.run('c', 'C', NOW, '16175550199', null, NOW, NOW);
    const received = new ReceivedRepository(db);
    const found = (text: string, numbers: string[]) => received.search({ text, numbers }).items.map((f) => f.id).sort();
    expect(found('lovelace', ['3125550170'])).toEqual(['a', 'b']);
    expect(found('front', ['6175550199'])).toEqual(['a', 'c']);
    expect(received.countSearch({ text: 'lovelace', numbers: ['3125550170'] })).toBe(2);
    expect(found('nobody', [])).toEqual([]);
  });
});
