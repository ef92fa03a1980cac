import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import { SQLITE_DEFAULT_AUTOCHECKPOINT, startWalCheckpointer, type WalCheckpointer } from '../../../../src/main/store/wal-checkpointer';
import type { Logger } from '../../../../src/main/platform/logger';

const POLL = { timeout: 20_000, interval: 20 };
const BATCHES = 40;
const ROWS_PER_BATCH = 100;
const ROW_BYTES = 4_000;
/** What the batches write, at least: 16 MB of rows (the WAL holds more, with the index pages). */
const WRITTEN = BATCHES * ROWS_PER_BATCH * ROW_BYTES;

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, debug() {}, info() {}, warn: (message) => void warnings.push(message), error() {} };
}

function walBytes(db: Db): number {
  try {
    return fs.statSync(`${db.name}-wal`).size;
  } catch {
    return 0;
  }
}

describe('WAL checkpoints off the main thread', () => {
  let dir: string;
  let db: Db;
  let checkpoints: WalCheckpointer | null;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-wal-'));
    db = openDatabase(path.join(dir, 'faxdesk.sqlite3'));
    db.exec('CREATE TABLE blobs (id INTEGER PRIMARY KEY, body BLOB NOT NULL)');
    checkpoints = null;
  });

  afterEach(async () => {
    await checkpoints?.stop();
    if (db.open) db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A transaction of ROWS_PER_BATCH rows of ROW_BYTES random (incompressible) bytes. */
  function writeBatch(): void {
    const insert = db.prepare('INSERT INTO blobs (body) VALUES (?)');
    db.transaction(() => {
      for (let i = 0; i < ROWS_PER_BATCH; i++) insert.run(crypto.getRandomValues(new Uint8Array(ROW_BYTES)));
    })();
  }

  it('turns the main connection’s own checkpoints off while the worker does them', () => {
    checkpoints = startWalCheckpointer(db, { logger: recordingLogger() });
    expect(checkpoints.offMainThread).toBe(true);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  });

  it('keeps the WAL bounded through many writes: each complete checkpoint lets the next write start it over', async () => {
    checkpoints = startWalCheckpointer(db, { logger: recordingLogger() });
    let largest = 0;
    for (let batch = 0; batch < BATCHES; batch++) {
      writeBatch();
      const result = await checkpoints.checkpointNow();
      // Nothing else reads the file: the checkpoint copies every frame.
      expect(result).not.toBeNull();
      expect(result!.checkpointed).toBe(result!.log);
      largest = Math.max(largest, walBytes(db));
    }
    expect(db.prepare('SELECT count(*) FROM blobs').pluck().get()).toBe(BATCHES * ROWS_PER_BATCH);
    // One batch's frames (about 0.4 MB) at a time, not the 16 MB written.
    expect(largest).toBeLessThan(WRITTEN / 8);
  });

  it('checkpoints by itself when the WAL changes, without being asked', async () => {
    checkpoints = startWalCheckpointer(db, { logger: recordingLogger(), tickMs: 10 });
    const before = fs.statSync(db.name).size;
    for (let batch = 0; batch < 5; batch++) writeBatch();
    // Only a checkpoint copies pages into the database file itself.
    await expect.poll(() => fs.statSync(db.name).size - before, POLL).toBeGreaterThan(5 * ROWS_PER_BATCH * ROW_BYTES);
  });

  it('hands the checkpoints back to the main connection when the worker cannot start, and says so in the log', async () => {
    const logger = recordingLogger();
    checkpoints = startWalCheckpointer(db, { logger, driverPath: path.join(dir, 'no-such-driver.js') });
    await expect.poll(() => checkpoints!.offMainThread, POLL).toBe(false);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_DEFAULT_AUTOCHECKPOINT);
    expect(logger.warnings).toContain('the history file is checkpointed on the main thread again');
    await expect(checkpoints.checkpointNow()).resolves.toBeNull();
  });

  it('on stop, gives the checkpoints back to the main connection, which then closes the file cleanly', async () => {
    const logger = recordingLogger();
    checkpoints = startWalCheckpointer(db, { logger });
    writeBatch();
    await checkpoints.stop();
    expect(checkpoints.offMainThread).toBe(false);
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(SQLITE_DEFAULT_AUTOCHECKPOINT);
    expect(logger.warnings).toEqual([]);
    db.close();
    // The last connection to close checkpoints and removes the WAL: the worker's connection is gone too.
    expect(fs.existsSync(`${path.join(dir, 'faxdesk.sqlite3')}-wal`)).toBe(false);
  });
});
