import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../../../src/main/store/database';
import { MIGRATIONS } from '../../../../../src/main/store/migrations';
import { silentLogger } from '../../../../../src/main/platform/logger';
import { MaintenanceService } from '../../../../../src/main/maintenance/maintenance-service';
import { DerivedRebuildsRepository } from '../../../../../src/main/store/repositories/derived-rebuilds-repository';
import { OutboundRepository } from '../../../../../src/main/store/repositories/outbound-repository';
import { ReceivedRepository } from '../../../../../src/main/store/repositories/received-repository';
import { ContactsRepository } from '../../../../../src/main/store/repositories/contacts-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store-fixtures';

const NOW = T0.toISOString();

function insertOutbound(db: Db, id: string, destination: string, extra: Record<string, unknown> = {}): void {
  const row = { id, account_id: 'acc1', origin: 'local', compose_id: `c-${id}`, state: 'QUEUED', destination, created_at: NOW, updated_at: NOW, ...extra };
  const cols = Object.keys(row);
  db.prepare(`INSERT INTO outbound (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`).run(row);
}

function tables(db: Db): string[] {
  return db.prepare("SELECT name FROM sqlite_master WHERE sql LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name").pluck().all() as string[];
}

function maintenance(db: Db): MaintenanceService {
  return new MaintenanceService({ db, events: { emit: () => undefined }, logger: silentLogger, now: () => T0, sliceMs: 0.05 });
}

/** A version-70 history (0060's search tables, every row indexed) of `count` outbound faxes named "Person <i>". */
function history70(store: TempStore, count: number): void {
  const v70 = store.open(70);
  insertAccount(v70, 'acc1');
  v70.transaction(() => {
    for (let i = 1; i <= count; i++) insertOutbound(v70, `o${i}`, `1555${String(1_000_000 + i)}`, { to_name: `Person${i} Smith` });
  })();
  v70
    .prepare(
      `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, tsid, first_seen_at, updated_at)
       VALUES ('r1', 'acc1', 'F1', ?, '442071234567', 'ACME LONDON', ?, ?)`,
    )
    .run(NOW, NOW, NOW);
  v70.prepare("INSERT INTO contacts (id, name, company, fax_number, created_at, updated_at) VALUES ('c1', 'Ada', 'Lovelace Ltd', '15559876543', ?, ?)").run(NOW, NOW);
  v70.close();
}

describe('migration 0110-derived-rebuilds', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('is listed after 0080 with version 110', () => {
    const names = MIGRATIONS.map((m) => m.name);
    expect(names.indexOf('0110-derived-rebuilds')).toBeGreaterThan(names.indexOf('0080-search-every-prefix'));
    expect(MIGRATIONS.find((m) => m.name === '0110-derived-rebuilds')!.version).toBe(110);
  });

  it("upgrading from 0070 changes the schema at once and leaves 0080's reindex to the background, newest rows first", () => {
    history70(store, 2100);
    const db = store.open();
    // The schema is 0080's: new tables with their options and triggers, the old ones renamed to be retired.
    expect(db.prepare("SELECT sql FROM sqlite_master WHERE name = 'outbound_fts'").pluck().get()).toContain("prefix='1 2 3 4 5 6 7 8', detail=none");
    expect(tables(db)).toEqual(['contacts_fts', 'outbound_fts', 'outbound_fts_before_0080', 'received_fts']);
    // A table of a few rows (one received fax, one contact) is done at once: nothing to show progress for.
    const queue = new DerivedRebuildsRepository(db);
    expect(queue.pending().map((w) => w.key)).toEqual(['retire-table:outbound_fts_before_0080', 'fill-search:outbound_fts']);
    expect(new ReceivedRepository(db).search({ text: '2' }).items.map((f) => f.id)).toEqual(['r1']);
    expect(queue.pending().find((w) => w.key === 'fill-search:outbound_fts')).toMatchObject({ version: 80, total: 2100, done: 0 });

    // Not indexed yet: search finds nothing old, but what is written from now on is indexed at once.
    const outbound = new OutboundRepository(db);
    const found = (text: string) => outbound.search({ text, limit: 200 }).items.map((j) => j.id);
    expect(found('person1')).toEqual([]);
    insertOutbound(db, 'new', '13125550100', { to_name: 'Bruno Newman' });
    expect(found('newman')).toEqual(['new']);

    // The old table is retired first, then rows are indexed newest first: after a few pieces of the
    // fill, the newest old rows are found and the oldest not yet.
    const service = maintenance(db);
    const piece = () => (service as unknown as { piece(): boolean }).piece();
    while (queue.pending()[0]!.work.kind === 'retire-table') piece();
    expect(tables(db)).toEqual(['contacts_fts', 'outbound_fts', 'received_fts']);
    for (let i = 0; i < 4; i++) piece();
    expect(found('1002100')).toEqual(['o2100']);
    expect(found('1000001')).toEqual([]);
    expect(service.status().tasks[0]).toMatchObject({ id: 'search-index', label: 'Updating the search index', incomplete: ['outbound'] });

    service.runToEnd();
    expect(service.status()).toEqual({ tasks: [] });
    expect(found('1000001')).toEqual(['o1']);
    const matches = (match: string) => db.prepare('SELECT count(*) FROM outbound_fts WHERE outbound_fts MATCH ?').pluck().get(match);
    expect(matches('smith')).toBe(2100);
    // Every prefix length, as 0080 promises.
    expect(matches('"5"*')).toBe(2101);
    expect(new ReceivedRepository(db).search({ text: '2' }).items.map((f) => f.id)).toEqual(['r1']);
    expect(new ContactsRepository(db).search('lov').map((c) => c.id)).toEqual(['c1']);
    // The old tables are gone, and the record of the work stays.
    expect(tables(db)).toEqual(['contacts_fts', 'outbound_fts', 'received_fts']);
    expect(queue.all().every((w) => w.finishedAt !== null && w.done === w.total)).toBe(true);
  }, 20_000);

  it('indexes a row written, changed or deleted while the index fills exactly once, with what it holds now', () => {
    history70(store, 400);
    const db = store.open(110);
    expect(new DerivedRebuildsRepository(db).pending().map((w) => w.key)).toEqual(['fill-search:outbound_fts']);
    const outbound = new OutboundRepository(db);
    const found = (text: string) => outbound.search({ text, limit: 200 }).items.map((j) => j.id);
    // o10 and o20 are old rows not indexed yet: a change to one indexes it through the triggers, a delete removes it.
    db.prepare("UPDATE outbound SET to_name = 'Renamed Row' WHERE id = 'o10'").run();
    db.prepare("DELETE FROM outbound WHERE id = 'o20'").run();
    // The highest seq deleted: a new row takes it again (INTEGER PRIMARY KEY without AUTOINCREMENT).
    db.prepare("DELETE FROM outbound WHERE id = 'o400'").run();
    insertOutbound(db, 'reused', '13125550111', { to_name: 'Reused Seq' });
    maintenance(db).runToEnd();
    expect(found('renamed')).toEqual(['o10']);
    expect(found('person10')).not.toContain('o10');
    expect(found('person20')).not.toContain('o20');
    expect(found('reused')).toEqual(['reused']);
    expect(found('person400')).toEqual([]);
    // One index entry per row: nothing indexed twice.
    expect(db.prepare('SELECT count(*) FROM outbound_fts_docsize').pluck().get()).toBe(db.prepare('SELECT count(*) FROM outbound').pluck().get());
  });

  it('queues nothing for a file already at 0080 (it was indexed then), nor for a new history', () => {
    history70(store, 50);
    const v80 = store.open(80); // without 0110's queue the reindex runs inline, as released
    expect(new OutboundRepository(v80).search({ text: 'smith', limit: 100 }).items).toHaveLength(50);
    v80.close();
    const db = store.open(110);
    expect(new DerivedRebuildsRepository(db).all()).toEqual([]);
    expect(new OutboundRepository(db).search({ text: 'smith', limit: 100 }).items).toHaveLength(50);

    const other = tempStore();
    try {
      const fresh = other.open();
      expect(new DerivedRebuildsRepository(fresh).all()).toEqual([]);
      expect(tables(fresh)).toEqual(['contacts_fts', 'outbound_fts', 'received_fts']);
    } finally {
      other.cleanup();
    }
  });

  it('from 0040, the three rebuilds of the search tables become one fill per table', () => {
    const v40 = store.open(40);
    insertAccount(v40, 'acc1');
    insertOutbound(v40, 'o1', '15551234567', { to_name: 'Zoë Martin' });
    for (let i = 2; i <= 300; i++) insertOutbound(v40, `o${i}`, '15551234567', { to_name: 'Someone Else' });
    v40.close();
    const db = store.open(110);
    const keys = new DerivedRebuildsRepository(db).pending().map((w) => w.key);
    expect(keys.filter((k) => k.startsWith('fill-search'))).toEqual(['fill-search:outbound_fts']);
    maintenance(db).runToEnd();
    expect(new OutboundRepository(db).search({ text: 'zo' }).items.map((j) => j.id)).toEqual(['o1']);
    expect(tables(db)).toEqual(['contacts_fts', 'outbound_fts', 'received_fts']);
  });

  it("indexes the old rows with the text the live insert trigger gives, so a later step that changes a table's triggers needs no change to the fill", () => {
    const v70 = store.open(70);
    insertAccount(v70, 'acc1');
    const insert = v70.prepare(
      `INSERT INTO received (id, account_id, fax_id, completed_at, originating_number, tsid, first_seen_at, updated_at)
       VALUES (?, 'acc1', ?, ?, '442071234567', 'ACME LONDON', ?, ?)`,
    );
    v70.transaction(() => {
      for (let i = 1; i <= 300; i++) insert.run(`r${i}`, `F${i}`, NOW, NOW, NOW);
    })();
    v70.close();
    // Stop at 0110 with the fill pending, then a later step changes the triggers while it still is:
    // 0150 adds the note and makes the received_fts triggers again so that its text joins the station
    // id's. Only the triggers change; the fill is not told.
    const at110 = store.open(110);
    expect(new DerivedRebuildsRepository(at110).pending().map((w) => w.key)).toContain('fill-search:received_fts');
    at110.close();
    const db = store.open();
    expect(new DerivedRebuildsRepository(db).pending().map((w) => w.key)).toContain('fill-search:received_fts');
    // An old row not indexed yet has a note that the index does not hold (the note's own trigger indexed
    // the row; taken out again here, as a row whose note was written before the fill was queued would be),
    // so only the fill can index it, and only with the text of 0150's insert trigger.
    expect(new ReceivedRepository(db).setNote('r1', 'Invoice paid', T0)).toBe(true);
    db.prepare("DELETE FROM received_fts WHERE rowid = (SELECT seq FROM received WHERE id = 'r1')").run();
    maintenance(db).runToEnd();
    const found = (text: string) => new ReceivedRepository(db).search({ text, limit: 500 }).items.map((f) => f.id);
    expect(found('invoice')).toEqual(['r1']);
    expect(found('acme')).toHaveLength(300);
    expect(db.prepare('SELECT count(*) FROM received_fts_docsize').pluck().get()).toBe(300);
  });
});
