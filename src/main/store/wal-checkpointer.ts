/**
 * SQLite's WAL checkpoints, off the main thread. By default the connection whose commit takes the WAL
 * past 1,000 pages copies the whole WAL back into the database file inside that commit: on Faxdesk's
 * one connection, a 20–140 ms turn of the main thread at irregular moments of bulk work (a search
 * rebuild after an upgrade, a history import), and about a third of a history import's time.
 *
 * Here the main connection's auto-checkpoint is off and a worker thread with a connection of its own
 * checkpoints instead: every TICK_MS, when the WAL file changed since its last look (or the last
 * checkpoint could not copy everything), it runs a PASSIVE checkpoint, which never waits for the main
 * connection and never blocks it (https://www.sqlite.org/c3ref/wal_checkpoint_v2.html). After a
 * complete checkpoint the main connection's next write starts the WAL from its beginning, so the file
 * stays small without the main thread doing the copying.
 *
 * If the worker cannot start or fails later, the main connection's auto-checkpoint is turned back on:
 * exactly SQLite's default behaviour, slower turns but nothing unbounded.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../platform/logger';
import type { Db } from './db';

/** SQLite's default wal_autocheckpoint, restored when the worker is gone. */
export const SQLITE_DEFAULT_AUTOCHECKPOINT = 1000;
const TICK_MS = 250;
const STOP_WAIT_MS = 5_000;

export interface CheckpointResult {
  /** Frames in the WAL when the checkpoint ran. */
  log: number;
  /** Of those, frames copied into the database file. */
  checkpointed: number;
}

export interface WalCheckpointer {
  /** Whether the worker does the checkpoints (false once it failed: the main connection does them again). */
  readonly offMainThread: boolean;
  /** Asks the worker for a checkpoint now; its result (null when the worker is gone). */
  checkpointNow(): Promise<CheckpointResult | null>;
  /** Ends the worker and its connection; the main connection checkpoints by itself again. */
  stop(): Promise<void>;
}

export interface WalCheckpointerOptions {
  logger: Logger;
  /** The SQLite driver the worker loads (tests: a missing one). Defaults to the main connection's, better-sqlite3. */
  driverPath?: string;
  tickMs?: number;
}

/**
 * The worker's code, as a script string (eval), so the build needs no second entry for it: the main
 * bundle is one file, and this is small enough to read here. CommonJS, like main inside app.asar.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const fs = require('node:fs');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file, { fileMustExist: true });
const walFile = workerData.file + '-wal';
let lastChange = 0;
let incomplete = false;
let timer = null;

function changedAt() {
  try { return fs.statSync(walFile).mtimeMs; } catch { return 0; }
}
function checkpoint() {
  lastChange = changedAt();
  const row = db.pragma('wal_checkpoint(PASSIVE)')[0];
  incomplete = row.log > 0 && row.checkpointed < row.log;
  return { log: row.log, checkpointed: row.checkpointed };
}
function tick() {
  try {
    if (incomplete || changedAt() !== lastChange) checkpoint();
    timer = setTimeout(tick, workerData.tickMs);
  } catch (error) {
    parentPort.postMessage({ kind: 'failed', message: String(error && error.message || error) });
    db.close();
    parentPort.close();
  }
}
parentPort.on('message', (message) => {
  if (message.kind === 'now') {
    try {
      parentPort.postMessage({ kind: 'result', id: message.id, result: checkpoint() });
    } catch (error) {
      parentPort.postMessage({ kind: 'result', id: message.id, result: null, message: String(error && error.message || error) });
    }
  } else if (message.kind === 'stop') {
    clearTimeout(timer);
    db.close();
    parentPort.close();
  }
});
timer = setTimeout(tick, 0);
parentPort.postMessage({ kind: 'ready' });
`;

type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'result'; id: number; result: CheckpointResult | null; message?: string };

export function startWalCheckpointer(db: Db, options: WalCheckpointerOptions): WalCheckpointer {
  const requireHere = createRequire(import.meta.url);
  const file = db.name;
  let offMainThread = false;
  let worker: Worker | null = null;
  let stopping = false;
  let nextId = 0;
  const waiting = new Map<number, (result: CheckpointResult | null) => void>();

  const fallBack = (why: string) => {
    if (worker === null && !offMainThread) return;
    worker = null;
    offMainThread = false;
    for (const resolve of waiting.values()) resolve(null);
    waiting.clear();
    if (!db.open) return;
    db.pragma(`wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    if (!stopping) options.logger.warn('the history file is checkpointed on the main thread again', { why });
  };

  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      name: 'faxdesk-wal-checkpoints',
      workerData: { file, driverPath: options.driverPath ?? requireHere.resolve('better-sqlite3'), tickMs: options.tickMs ?? TICK_MS },
    });
  } catch (error) {
    options.logger.warn('the history file is checkpointed on the main thread', { why: String(error) });
    return { offMainThread: false, checkpointNow: async () => null, stop: async () => undefined };
  }
  // Off from now: until the worker is ready the WAL only grows a little; if it never is, fallBack restores it.
  db.pragma('wal_autocheckpoint = 0');
  offMainThread = true;
  const current = worker;
  current.unref();
  current.on('message', (message: WorkerMessage) => {
    if (message.kind === 'failed') fallBack(message.message);
    else if (message.kind === 'result') {
      waiting.get(message.id)?.(message.result);
      waiting.delete(message.id);
    }
  });
  current.on('error', (error) => fallBack(String(error)));
  current.on('exit', (code) => {
    if (worker === current) fallBack(`the worker ended (${code})`);
  });

  return {
    get offMainThread() {
      return offMainThread;
    },
    checkpointNow() {
      if (!worker) return Promise.resolve(null);
      const id = ++nextId;
      const asked = worker;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        asked.postMessage({ kind: 'now', id });
      });
    },
    async stop() {
      const ending = worker;
      if (!ending) return;
      stopping = true;
      const exited = new Promise<void>((resolve) => ending.once('exit', () => resolve()));
      ending.postMessage({ kind: 'stop' });
      const timer = setTimeout(() => void ending.terminate(), STOP_WAIT_MS);
      await exited;
      clearTimeout(timer);
      fallBack('stopped');
    },
  };
}
