/**
 * The hot folder: print-to-fax from any program. A person points "print to PDF" (or any program that
 * saves PDFs) at a folder; each PDF that lands there opens a Compose with it.
 *
 * When is a PDF complete? A printer driver writes the file over seconds, sometimes with pauses, and
 * some hold it open until the end. A file is taken only when all of these hold:
 * - two consecutive checks saw the same size and modification time, the first of them at least
 *   `settleMs` earlier (two checks a few milliseconds apart prove nothing);
 * - it can be opened for reading (Windows refuses while the writer holds it);
 * - it ends with `%%EOF` (trailing whitespace allowed), the last thing a PDF writer writes.
 *
 * Each file is taken exactly once: it is MOVED into `<hotFolder>/sent-to-faxdesk/` (renamed, never
 * deleted; a name already used there gets " (2)", " (3)"…), and Compose gets the moved path. So a
 * restart does not offer it again, the person sees the folder empty out, and the document stays on
 * disk for their records. If the folder does not let Faxdesk move files (read-only share), the file is
 * handed over in place after a few tries, remembered by name + size + time for this run, and a problem
 * is reported: it would be offered again after a restart.
 *
 * Discovery: fs.watch to notice new files early, plus a rescan on a timer, since fs.watch misses
 * events on network shares and some file systems, and a finished file produces no further event.
 * Both run on injectable timers and clock, so tests drive them without sleeping.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../platform/logger';

export const TAKEN_FOLDER = 'sent-to-faxdesk';
/** The PDF spec puts %%EOF within the last 1024 bytes. */
const TAIL_BYTES = 1024;
const EOF_AT_END = /%%EOF[\0\t\n\f\r ]*$/;
/** Moves that fail this many checks in a row (not because the file is busy) fall back to an in-place hand-over. */
const MOVE_ATTEMPTS = 3;
const MAX_REMEMBERED = 10_000;

export interface HotFolderClock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const systemClock: HotFolderClock = {
  now: () => Date.now(),
  setInterval(callback, ms) {
    const timer = setInterval(callback, ms);
    timer.unref();
    return timer;
  },
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

/** Starts watching `folder`; calls `onChange` when something in it may have changed. */
export type WatchFolder = (folder: string, onChange: () => void, onError: (error: Error) => void) => { close(): void };

export const fsWatchFolder: WatchFolder = (folder, onChange, onError) => {
  const watcher = fs.watch(folder, { persistent: false }, () => onChange());
  watcher.on('error', onError);
  return watcher;
};

export interface HotFolderOptions {
  folder: string;
  /** Called once per complete PDF, with its path after the move. */
  onFile: (file: string) => void;
  /** A problem a person should see (folder missing, not movable…), or null once it is gone. Never throws. */
  onProblem?: (message: string | null) => void;
  logger: Logger;
  clock?: HotFolderClock;
  /** Time between rescans. */
  intervalMs?: number;
  /** How long size and time must stay unchanged. */
  settleMs?: number;
  watch?: WatchFolder;
}

interface Sighting {
  size: number;
  mtimeMs: number;
  /** When this size and time were first seen. */
  since: number;
  moveFailures: number;
}

export class HotFolderWatcher {
  readonly folder: string;
  private readonly clock: HotFolderClock;
  private readonly intervalMs: number;
  private readonly settleMs: number;
  private readonly watchFolder: WatchFolder;
  private readonly sightings = new Map<string, Sighting>();
  /** name|size|mtime of files handed over in place (they could not be moved). */
  private readonly takenInPlace = new Set<string>();
  private interval: unknown = null;
  private watcher: { close(): void } | null = null;
  private watchBroken = false;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private problem: string | null = null;

  constructor(private readonly options: HotFolderOptions) {
    this.folder = options.folder;
    this.clock = options.clock ?? systemClock;
    this.intervalMs = options.intervalMs ?? 1500;
    this.settleMs = options.settleMs ?? 1000;
    this.watchFolder = options.watch ?? fsWatchFolder;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    if (!path.isAbsolute(this.folder)) {
      this.report(`The hot folder "${this.folder}" is not a full path. Choose the folder again in Settings.`);
      return;
    }
    this.interval = this.clock.setInterval(() => void this.scanNow(), this.intervalMs);
    void this.scanNow();
  }

  stop(): void {
    this.stopped = true;
    if (this.interval !== null) this.clock.clearInterval(this.interval);
    this.interval = null;
    this.closeWatcher();
    this.sightings.clear();
  }

  /** One check of the folder (waits for a check already running, then runs another). Never rejects. */
  scanNow(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.scanOnce();
        } catch (error) {
          this.options.logger.error('hot folder: check failed', { folder: this.folder, error: String(error) });
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async scanOnce(): Promise<void> {
    if (this.stopped) return;
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(this.folder, { withFileTypes: true });
    } catch (error) {
      this.closeWatcher();
      this.report(folderProblem(this.folder, error));
      return;
    }
    this.report(null);
    this.ensureWatcher();

    const present = new Set<string>();
    for (const entry of entries) {
      if (this.stopped) return;
      if (!entry.isFile() || entry.name.startsWith('.') || !/\.pdf$/i.test(entry.name)) continue;
      present.add(entry.name);
      await this.check(entry.name);
    }
    for (const name of [...this.sightings.keys()]) if (!present.has(name)) this.sightings.delete(name);
  }

  private async check(name: string): Promise<void> {
    const file = path.join(this.folder, name);
    let stat: fs.Stats;
    try {
      stat = await fsp.stat(file);
    } catch {
      this.sightings.delete(name);
      return;
    }
    if (this.takenInPlace.has(takenKey(name, stat))) return;
    const now = this.clock.now();
    const previous = this.sightings.get(name);
    if (!previous || previous.size !== stat.size || previous.mtimeMs !== stat.mtimeMs) {
      this.sightings.set(name, { size: stat.size, mtimeMs: stat.mtimeMs, since: now, moveFailures: 0 });
      return;
    }
    // Second (or later) check with the same size and time.
    if (stat.size === 0 || now - previous.since < this.settleMs) return;
    if (!(await endsWithEof(file, stat.size))) return;
    await this.take(name, stat, previous);
  }

  private async take(name: string, stat: fs.Stats, sighting: Sighting): Promise<void> {
    const source = path.join(this.folder, name);
    let target: string;
    try {
      target = await this.moveAside(name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') {
        this.sightings.delete(name); // gone (renamed or removed by its writer): nothing to take
        return;
      }
      if (code === 'EBUSY') return; // Windows: the writer still has it open
      sighting.moveFailures += 1;
      this.options.logger.warn('hot folder: could not move a file aside', { file: source, code: code ?? String(error), attempt: sighting.moveFailures });
      if (sighting.moveFailures < MOVE_ATTEMPTS) return;
      this.remember(takenKey(name, stat));
      this.sightings.delete(name);
      this.report(
        `Faxdesk cannot move files out of the hot folder "${this.folder}" into "${TAKEN_FOLDER}" (${code ?? 'error'}), so it opened "${name}" where it is and will offer it again after a restart. Give Faxdesk write access to the folder.`,
      );
      if (!this.stopped) this.options.onFile(source);
      return;
    }
    this.sightings.delete(name);
    this.options.logger.info('hot folder: took a document', { file: target });
    if (!this.stopped) this.options.onFile(target);
  }

  /** Renames the file into sent-to-faxdesk/ under a name not used there yet; returns the new path. */
  private async moveAside(name: string): Promise<string> {
    const dir = path.join(this.folder, TAKEN_FOLDER);
    await fsp.mkdir(dir, { recursive: true });
    const ext = path.extname(name);
    const stem = name.slice(0, name.length - ext.length);
    for (let n = 1; ; n++) {
      const target = path.join(dir, n === 1 ? name : `${stem} (${n})${ext}`);
      if (await exists(target)) continue;
      await fsp.rename(path.join(this.folder, name), target);
      return target;
    }
  }

  private ensureWatcher(): void {
    if (this.watcher || this.watchBroken || this.stopped) return;
    try {
      this.watcher = this.watchFolder(
        this.folder,
        () => void this.scanNow(),
        (error) => {
          // The rescan timer keeps working; it is only slower to notice.
          this.options.logger.warn('hot folder: watching stopped, rescanning on the timer only', { error: String(error) });
          this.closeWatcher();
          this.watchBroken = true;
        },
      );
    } catch (error) {
      this.watchBroken = true;
      this.options.logger.warn('hot folder: cannot watch the folder, rescanning on the timer only', { error: String(error) });
    }
  }

  private closeWatcher(): void {
    try {
      this.watcher?.close();
    } catch {}
    this.watcher = null;
  }

  private report(problem: string | null): void {
    if (problem === this.problem) return;
    this.problem = problem;
    if (problem) this.options.logger.warn('hot folder: ' + problem);
    if (problem === null) this.watchBroken = false; // the folder is back: try watching it again
    this.options.onProblem?.(problem);
  }

  private remember(key: string): void {
    if (this.takenInPlace.size >= MAX_REMEMBERED) {
      const oldest = this.takenInPlace.values().next().value;
      if (oldest !== undefined) this.takenInPlace.delete(oldest);
    }
    this.takenInPlace.add(key);
  }
}

function takenKey(name: string, stat: fs.Stats): string {
  return `${name}|${stat.size}|${stat.mtimeMs}`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await fsp.lstat(file);
    return true;
  } catch {
    return false;
  }
}

/** Opens the file for reading and checks that it ends with %%EOF; false when it cannot be read yet. */
export async function endsWithEof(file: string, size: number): Promise<boolean> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(file, 'r');
    const length = Math.min(size, TAIL_BYTES);
    const buffer = Buffer.alloc(length);
    const { bytesRead } = await handle.read(buffer, 0, length, size - length);
    return EOF_AT_END.test(buffer.subarray(0, bytesRead).toString('latin1'));
  } catch {
    return false;
  } finally {
    await handle?.close().catch(() => {});
  }
}

function folderProblem(folder: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return `The hot folder "${folder}" does not exist. Create it, or choose another folder in Settings.`;
  if (code === 'ENOTDIR') return `The hot folder "${folder}" is a file, not a folder. Choose a folder in Settings.`;
  if (code === 'EACCES' || code === 'EPERM') return `Faxdesk may not read the hot folder "${folder}". Check its permissions, or choose another folder in Settings.`;
  return `Faxdesk cannot read the hot folder "${folder}" (${code ?? String(error)}).`;
}
