import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaintenanceStatus } from '../../../../src/shared/domain/maintenance';
import { MaintenanceService } from '../../../../src/main/maintenance/maintenance-service';
import { silentLogger } from '../../../../src/main/platform/logger';
import { ManualTimers } from '../../../../src/main/platform/timers';
import type { Db } from '../../../../src/main/store/database';
import { OutboundRepository } from '../../../../src/main/store/repositories/outbound-repository';
import { insertAccount, T0, tempStore, type TempStore } from '../store/store-fixtures';

const NOW = T0.toISOString();

/** A version-70 history of `count` outbound faxes, opened at the latest schema: 0080's reindex is queued. */
function upgradedHistory(store: TempStore, count: number): Db {
  const v70 = store.open(70);
  insertAccount(v70, 'acc1');
  const insert = v70.prepare(
    `INSERT INTO outbound (id, account_id, origin, compose_id, state, destination, to_name, created_at, updated_at)
     VALUES (?, 'acc1', 'local', ?, 'QUEUED', ?, ?, ?, ?)`,
  );
  v70.transaction(() => {
    for (let i = 1; i <= count; i++) insert.run(`o${i}`, `c${i}`, `1555${1_000_000 + i}`, `Name${i}`, NOW, NOW);
  })();
  v70.close();
  return store.open();
}

/** A hand-cranked event loop: each deferred turn runs when the test says so. */
function manualTurns() {
  const queue: (() => void)[] = [];
  return {
    defer: (fn: () => void) => {
      queue.push(fn);
      return () => {
        const at = queue.indexOf(fn);
        if (at >= 0) queue.splice(at, 1);
      };
    },
    get waiting() {
      return queue.length;
    },
    turn() {
      queue.shift()?.();
    },
  };
}

describe('MaintenanceService', () => {
  let store: TempStore;
  beforeEach(() => {
    store = tempStore();
  });
  afterEach(() => store.cleanup());

  it('does the queued work one piece per turn of the event loop, reporting whole percents, until search finds every row', () => {
    const db = upgradedHistory(store, 600);
    const turns = manualTurns();
    const events: MaintenanceStatus[] = [];
    const pieces: number[] = [];
    const service = new MaintenanceService({
      db,
      events: { emit: (name, payload) => (name === 'maintenance:progress' ? events.push(payload as MaintenanceStatus) : undefined) },
      logger: silentLogger,
      now: () => T0,
      sliceMs: 0.05,
      defer: turns.defer,
      onPiece: (piece) => pieces.push(piece.units),
    });
    expect(service.status().tasks).toEqual([{ id: 'search-index', label: 'Updating the search index', percent: 0, incomplete: ['outbound'], problem: null }]);
    service.start();
    // Nothing runs inside start(): the first piece waits for a turn of the event loop.
    expect(pieces).toEqual([]);
    expect(turns.waiting).toBe(1);
    turns.turn();
    expect(pieces).toHaveLength(1);
    expect(turns.waiting).toBe(1);
    // Part-way: the newest faxes are found already, the oldest not yet, and the status says the
    // Outbox search is incomplete (what the search box's notice is shown from).
    const search = (text: string) => new OutboundRepository(db).search({ text, limit: 200 }).items.map((j) => j.id);
    expect(search('name600')).toEqual(['o600']);
    expect(search('name1')).toEqual([]);
    expect(service.status().tasks[0]).toMatchObject({ incomplete: ['outbound'] });
    let guard = 0;
    while (turns.waiting > 0 && guard++ < 10_000) turns.turn();

    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.reduce((a, b) => a + b, 0)).toBe(600);
    const percents = events.filter((e) => e.tasks.length > 0).map((e) => e.tasks[0]!.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(Math.max(...percents)).toBeLessThan(100);
    expect(events.at(-1)).toEqual({ tasks: [] });
    expect(service.status()).toEqual({ tasks: [] });
    expect(new OutboundRepository(db).search({ text: 'name1', limit: 200 }).items.map((j) => j.id)).toContain('o1');
  });

  it('grows its pieces at most twofold from one to the next, however cheap a piece measured (a coarse CPU clock reads 0 ms)', () => {
    const db = upgradedHistory(store, 3_000);
    const turns = manualTurns();
    const pieces: { key: string; units: number }[] = [];
    const service = new MaintenanceService({
      db,
      events: { emit: () => undefined },
      logger: silentLogger,
      now: () => T0,
      defer: turns.defer,
      onPiece: (piece) => pieces.push({ key: piece.key, units: piece.units }),
    });
    service.start();
    let guard = 0;
    while (turns.waiting > 0 && guard++ < 10_000) turns.turn();
    const fills = pieces.filter((p) => p.key === 'fill-search:outbound_fts').map((p) => p.units);
    expect(fills.reduce((a, b) => a + b, 0)).toBe(3_000);
    // The first piece is 64 faxes; at any real rate 12 ms is hundreds of faxes, which the pieces reach by doubling.
    expect(fills.length).toBeGreaterThan(2);
    for (let i = 1; i < fills.length; i++) expect(fills[i]!).toBeLessThanOrEqual(2 * fills[i - 1]!);
  });

  it('sizes afresh, as a first piece, the piece after one that finished a sort of units (a retired table moving to its next shadow table)', () => {
    const db = upgradedHistory(store, 3_000);
    const turns = manualTurns();
    const pieces: { key: string; units: number; newSort: boolean }[] = [];
    const service = new MaintenanceService({
      db,
      events: { emit: () => undefined },
      logger: silentLogger,
      now: () => T0,
      // A slice no piece of this size fits in: every measured rate asks for the smallest piece, so a
      // piece bigger than that can only be a first one.
      sliceMs: 0.0001,
      defer: turns.defer,
      onPiece: (piece) => pieces.push({ key: piece.key, units: piece.units, newSort: piece.newSort }),
    });
    service.start();
    let guard = 0;
    while (turns.waiting > 0 && guard++ < 10_000) turns.turn();
    const retire = pieces.filter((p) => p.key === 'retire-table:outbound_fts_before_0080' && p.units > 0);
    const boundaries = retire.flatMap((p, i) => (p.newSort && i + 1 < retire.length ? [i + 1] : []));
    expect(boundaries.length).toBeGreaterThanOrEqual(2);
    for (const i of boundaries) expect(retire[i]!.units).toBeGreaterThan(16);
    // Everywhere else the measured rate sizes the piece: the smallest one.
    for (let i = 1; i < retire.length; i++) if (!boundaries.includes(i)) expect(retire[i]!.units).toBeLessThanOrEqual(16);
  });

  it('says why it is held up when the disk is full, waits, and goes on once there is room', async () => {
    const db = upgradedHistory(store, 400);
    const turns = manualTurns();
    const timers = new ManualTimers();
    const events: MaintenanceStatus[] = [];
    const service = new MaintenanceService({
      db,
      events: { emit: (_name, payload) => events.push(payload as MaintenanceStatus) },
      logger: silentLogger,
      now: () => T0,
      timers,
      defer: turns.defer,
    });
    db.exec('VACUUM'); // no free pages left to fill
    const pages = db.pragma('page_count', { simple: true }) as number;
    db.pragma(`max_page_count = ${pages}`);
    service.start();
    // Pieces go on while free pages last; the first that needs the file to grow fails, and waits.
    let turnsTaken = 0;
    while (turns.waiting > 0 && turnsTaken++ < 1_000) turns.turn();
    expect(service.busy).toBe(true);
    expect(service.status().tasks[0]!.problem).toMatch(/disk is full.*try again in 5 seconds/);
    expect(events.at(-1)!.tasks[0]!.problem).toMatch(/disk is full/);

    // Still full at the first retry: the wait doubles.
    await timers.advance(5_000);
    turns.turn();
    expect(service.status().tasks[0]!.problem).toMatch(/try again in 10 seconds/);

    db.pragma('max_page_count = 1073741823');
    await timers.advance(10_000);
    let guard = 0;
    while (turns.waiting > 0 && guard++ < 10_000) turns.turn();
    expect(service.status()).toEqual({ tasks: [] });
    expect(new OutboundRepository(db).search({ text: 'name400' }).items.map((j) => j.id)).toEqual(['o400']);
  });
});
