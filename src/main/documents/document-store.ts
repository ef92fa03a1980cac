/**
 * Content-addressed document storage: `<dataDir>/documents/<sha256[0:2]>/<sha256>`.
 *
 * A document's id is the SHA-256 of its bytes, so storing the same bytes twice stores them once, and a stored
 * file can be checked against its name. Writes go to a temp file in `documents/tmp/`, are fsynced, then
 * renamed into place (and the folder fsynced), so a crash leaves either the whole file or none: the outbox
 * relies on a queued fax's documents being complete (DESIGN.md §7.2).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { AppError } from '../errors';

export interface StoredDocument {
  id: string;
  size: number;
}

export interface DocumentStore {
  /** The `documents` folder. */
  readonly root: string;
  /** Stores bytes; returns their id. Storing bytes already there only refreshes the file's time (see removeUnreferenced). */
  putBytes(bytes: Uint8Array): Promise<StoredDocument>;
  /**
   * Stores bytes as they are read, hashing and writing each chunk while the next is read, so a file is
   * read once and its copy is on disk (and syncing) by the time its checks end. Nothing is stored until
   * `keep()`; a write failure is kept back until then (a file refused for its content reports that, not
   * a full disk).
   */
  begin(): DocumentWriter;
  /** Streams a file in, hashing as it copies; `onProgress(bytesDone, bytesTotal)` after each chunk. */
  putFile(filePath: string, onProgress?: (bytesDone: number, bytesTotal: number) => void): Promise<StoredDocument>;
  has(id: string): Promise<boolean>;
  /** Where the document is (or would be). Throws VALIDATION for anything but a SHA-256 hex id. */
  path(id: string): string;
  read(id: string): Promise<Buffer>;
  size(id: string): Promise<number>;
  /** Re-hashes the stored file: false when it no longer matches its id (disk damage, outside edits). */
  verify(id: string): Promise<boolean>;
  /**
   * Deletes stored documents whose ids are not in `referencedIds`, and abandoned temp files. Files touched
   * within `olderThanMs` (default 1 hour) are kept, so a document prepared for a fax that is not queued
   * yet survives a collection running meanwhile.
   */
  removeUnreferenced(referencedIds: Iterable<string>, options?: { olderThanMs?: number; now?: number }): Promise<{ removed: string[]; freedBytes: number }>;
}

export interface DocumentWriter {
  /** Hashes the chunk and queues it for writing. The chunk must not change afterwards. */
  write(chunk: Uint8Array): void;
  /** No more chunks: the copy is synced to disk in the background. */
  end(): void;
  /** Waits for the copy and moves it into place under its hash (STORAGE when it could not be written). */
  keep(): Promise<StoredDocument>;
  /** Drops the copy (nothing happens after keep()). Never throws. */
  discard(): Promise<void>;
}

const ID_PATTERN = /^[0-9a-f]{64}$/;
const DEFAULT_GRACE_MS = 60 * 60 * 1000;

export function isDocumentId(id: string): boolean {
  return ID_PATTERN.test(id);
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function storageError(action: string, error: unknown): AppError {
  const reason = error instanceof Error ? error.message : String(error);
  return new AppError('STORAGE', `Could not ${action} in the data folder (${reason}). Check that the disk is not full and the folder is writable.`, { cause: error });
}

/** fsync a folder so a rename in it survives a crash. Windows cannot open folders for this; NTFS journals the rename. */
async function syncFolder(folder: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await fs.open(folder, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function createDocumentStore(dataDir: string): DocumentStore {
  const root = path.join(dataDir, 'documents');
  const tmpDir = path.join(root, 'tmp');

  const pathOf = (id: string): string => {
    if (!isDocumentId(id)) throw new AppError('VALIDATION', 'A document id is 64 lower-case hexadecimal digits.', { field: 'id' });
    return path.join(root, id.slice(0, 2), id);
  };

  const newTempPath = async (): Promise<string> => {
    await fs.mkdir(tmpDir, { recursive: true });
    return path.join(tmpDir, `${process.pid}-${randomBytes(8).toString('hex')}.part`);
  };

  /** Already stored with the right size? Then refresh its time and keep it. */
  const existing = async (id: string, size: number): Promise<boolean> => {
    try {
      const stat = await fs.stat(pathOf(id));
      if (stat.size !== size) return false;
      const now = new Date();
      await fs.utimes(pathOf(id), now, now);
      return true;
    } catch {
      return false;
    }
  };

  /** Moves a complete, synced temp file into place. */
  const commit = async (temp: string, id: string): Promise<void> => {
    const target = pathOf(id);
    for (let attempt = 1; ; attempt++) {
      await fs.mkdir(path.dirname(target), { recursive: true });
      try {
        await fs.rename(temp, target);
        break;
      } catch (error) {
        // A collection may remove the (empty) folder between mkdir and rename; make it again once.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT' || attempt > 1) throw error;
      }
    }
    await syncFolder(path.dirname(target));
  };

  const discard = (temp: string) => fs.rm(temp, { force: true }).catch(() => undefined);

  const begin = (): DocumentWriter => {
    const hash = createHash('sha256');
    let size = 0;
    let temp: string | undefined;
    let failure: unknown = null;
    let kept = false;
    // Every step is chained, so writes land in order; after a failure the rest are skipped.
    const opened = newTempPath().then(async (file) => {
      temp = file;
      return fs.open(file, 'wx');
    });
    let pending: Promise<unknown> = opened.catch((error: unknown) => (failure ??= error));
    const then = (step: (handle: fs.FileHandle) => Promise<unknown>): void => {
      pending = pending.then(async () => {
        if (failure) return;
        try {
          await step(await opened);
        } catch (error) {
          failure ??= error;
        }
      });
    };
    let ended: Promise<unknown> | null = null;
    const end = (): Promise<unknown> => {
      if (!ended) {
        then((handle) => handle.sync());
        ended = pending.then(() => opened.then((handle) => handle.close()).catch(() => undefined));
      }
      return ended;
    };
    return {
      write(chunk) {
        if (ended) throw new Error('DocumentWriter.write after end');
        hash.update(chunk);
        size += chunk.byteLength;
        then((handle) => handle.write(chunk));
      },
      end() {
        void end();
      },
      async keep() {
        await end();
        if (failure) throw storageError('store a document', failure);
        const id = hash.digest('hex');
        try {
          if (await existing(id, size)) {
            await discard(temp!);
          } else {
            await commit(temp!, id);
          }
        } catch (error) {
          await discard(temp!);
          throw storageError('store a document', error);
        }
        kept = true;
        return { id, size };
      },
      async discard() {
        if (kept) return;
        await end();
        if (temp) await discard(temp);
      },
    };
  };

  const store: DocumentStore = {
    root,
    begin,

    async putBytes(bytes) {
      const id = sha256Hex(bytes);
      if (await existing(id, bytes.byteLength)) return { id, size: bytes.byteLength };
      let temp: string | undefined;
      try {
        temp = await newTempPath();
        const handle = await fs.open(temp, 'wx');
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await commit(temp, id);
        return { id, size: bytes.byteLength };
      } catch (error) {
        if (temp) await discard(temp);
        throw storageError('store a document', error);
      }
    },

    async putFile(filePath, onProgress) {
      let temp: string | undefined;
      try {
        const total = (await fs.stat(filePath)).size;
        temp = await newTempPath();
        const hash = createHash('sha256');
        const handle = await fs.open(temp, 'wx');
        let done = 0;
        try {
          for await (const chunk of createReadStream(filePath, { highWaterMark: 1024 * 1024 })) {
            const bytes = chunk as Buffer;
            hash.update(bytes);
            await handle.write(bytes);
            done += bytes.byteLength;
            onProgress?.(done, Math.max(total, done));
          }
          await handle.sync();
        } finally {
          await handle.close();
        }
        const id = hash.digest('hex');
        if (await existing(id, done)) {
          await discard(temp);
        } else {
          await commit(temp, id);
        }
        return { id, size: done };
      } catch (error) {
        if (temp) await discard(temp);
        throw storageError('copy a document', error);
      }
    },

    async has(id) {
      try {
        return (await fs.stat(pathOf(id))).isFile();
      } catch (error) {
        if (error instanceof AppError) throw error;
        return false;
      }
    },

    path: pathOf,

    async read(id) {
      const file = pathOf(id);
      try {
        return await fs.readFile(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new AppError('NOT_FOUND', 'A document of this fax is no longer in the data folder. Add the file again.', { cause: error });
        }
        throw storageError('read a document', error);
      }
    },

    async size(id) {
      try {
        return (await fs.stat(pathOf(id))).size;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          throw new AppError('NOT_FOUND', 'A document of this fax is no longer in the data folder. Add the file again.', { cause: error });
        }
        throw storageError('read a document', error);
      }
    },

    async verify(id) {
      const hash = createHash('sha256');
      try {
        for await (const chunk of createReadStream(pathOf(id), { highWaterMark: 1024 * 1024 })) hash.update(chunk as Buffer);
      } catch (error) {
        if (error instanceof AppError) throw error;
        return false;
      }
      return hash.digest('hex') === id;
    },

    async removeUnreferenced(referencedIds, options = {}) {
      const keep = new Set(referencedIds);
      const cutoff = (options.now ?? Date.now()) - (options.olderThanMs ?? DEFAULT_GRACE_MS);
      const removed: string[] = [];
      let freedBytes = 0;
      const removeIfOld = async (file: string): Promise<boolean> => {
        try {
          const stat = await fs.stat(file);
          if (!stat.isFile() || stat.mtimeMs > cutoff) return false;
          await fs.rm(file);
          freedBytes += stat.size;
          return true;
        } catch {
          return false; // gone already, or in use (Windows): try again next time
        }
      };
      let folders: string[];
      try {
        folders = await fs.readdir(root);
      } catch {
        return { removed, freedBytes };
      }
      for (const folder of folders) {
        const dir = path.join(root, folder);
        if (folder === 'tmp') {
          for (const name of await fs.readdir(dir).catch(() => [] as string[])) await removeIfOld(path.join(dir, name));
          continue;
        }
        if (!/^[0-9a-f]{2}$/.test(folder)) continue;
        for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
          if (!isDocumentId(name) || name.slice(0, 2) !== folder || keep.has(name)) continue;
          if (await removeIfOld(path.join(dir, name))) removed.push(name);
        }
        await fs.rmdir(dir).catch(() => undefined); // only succeeds when empty
      }
      return { removed, freedBytes };
    },
  };
  return store;
}
