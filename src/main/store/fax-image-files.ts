/**
 * Fax images in the data folder: received ones at <dataDir>/inbox/<account>/<faxId>.pdf (the inbox),
 * delivered sent ones under <dataDir>/sent/ (outbox/sent-images.ts extends this). A file is written
 * whole or not at all (temporary file, fsync, rename, fsync of the folder), so a crash or a full disk
 * never leaves a half file under the final name. Rows store the path relative to the data folder, so
 * the folder can move. Failures become AppErrors that say what to do (disk full, folder not writable,
 * folder deleted: it is created again, and the person is told).
 */
import { randomUUID, createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../errors';

/** The parts of node:fs/promises used here; tests pass a version that fails on purpose (ENOSPC...). */
export interface FaxFileSystem {
  mkdir: typeof fsp.mkdir;
  open: typeof fsp.open;
  rename: typeof fsp.rename;
  rm: typeof fsp.rm;
  readFile: typeof fsp.readFile;
  readdir: typeof fsp.readdir;
  stat: typeof fsp.stat;
  copyFile: typeof fsp.copyFile;
}

export const DISK_FULL_MESSAGE = 'Your disk is full: free space, then Faxdesk will download the fax again.';
const TEMP_SUFFIX = '.part';
export const INBOX_FOLDER = 'inbox';

export class FaxImageFiles {
  private readonly fs: FaxFileSystem;
  /** The inbox folder existed (or was made) in this run: finding it gone means someone deleted it. */
  private rootKnown = false;

  constructor(
    readonly dataDir: string,
    options: { fs?: FaxFileSystem; onFolderRecreated?: (folder: string) => void } = {},
  ) {
    this.fs = options.fs ?? fsp;
    this.onFolderRecreated = options.onFolderRecreated ?? (() => undefined);
  }

  private readonly onFolderRecreated: (folder: string) => void;

  get root(): string {
    return path.join(this.dataDir, INBOX_FOLDER);
  }

  /** Where the image of this fax lives, relative to the data folder. */
  relativePathFor(accountId: string, faxId: string): string {
    return path.join(INBOX_FOLDER, safeName(accountId), `${safeName(faxId)}.pdf`);
  }

  /** The absolute path of a stored relative path; refuses anything outside the inbox folder. */
  absolute(relative: string): string {
    const file = path.resolve(this.dataDir, relative);
    const root = path.resolve(this.root);
    if (!file.startsWith(root + path.sep)) {
      throw new AppError('STORAGE', `The history names an image file outside the inbox folder (${relative}). Restore the history file from a backup.`);
    }
    return file;
  }

  /** Notes at start whether the inbox folder is there (so a later disappearance can be told). */
  async noteRoot(): Promise<void> {
    this.rootKnown = await this.exists(this.root);
  }

  /** Writes the file atomically: under its final name there is either the whole file or nothing. */
  async write(relative: string, bytes: Uint8Array): Promise<void> {
    const file = this.absolute(relative);
    const dir = path.dirname(file);
    for (let round = 0; ; round++) {
      await this.ensureDir(dir);
      const temp = path.join(dir, `.${path.basename(file)}.${randomUUID()}${TEMP_SUFFIX}`);
      let handle: Awaited<ReturnType<typeof fsp.open>> | undefined;
      try {
        handle = await this.fs.open(temp, 'wx', 0o600);
        await handle.writeFile(bytes);
        await handle.sync();
        await handle.close();
        handle = undefined;
        await this.fs.rename(temp, file);
        await this.syncDir(dir);
        this.rootKnown = true;
        return;
      } catch (error) {
        await handle?.close().catch(() => undefined);
        await this.fs.rm(temp, { force: true }).catch(() => undefined);
        // The folder vanished between making it and writing in it: make it again, once.
        if (code(error) === 'ENOENT' && round === 0) continue;
        throw this.explain(error, dir, 'write a received fax to');
      }
    }
  }

  /** The file's bytes, or null when it is not there. */
  async read(relative: string): Promise<Buffer | null> {
    try {
      return await this.fs.readFile(this.absolute(relative));
    } catch (error) {
      if (code(error) === 'ENOENT' || code(error) === 'ENOTDIR') return null;
      throw this.explain(error, path.dirname(this.absolute(relative)), 'read a received fax from');
    }
  }

  async remove(relative: string): Promise<void> {
    try {
      await this.fs.rm(this.absolute(relative), { force: true });
    } catch (error) {
      throw this.explain(error, path.dirname(this.absolute(relative)), 'delete a received fax from');
    }
  }

  /** Copies a stored image to a place the person chose (whole or nothing, like every write here). */
  async copyTo(relative: string, destination: string): Promise<number> {
    const source = this.absolute(relative);
    const dir = path.dirname(destination);
    const temp = path.join(dir, `.${path.basename(destination)}.${randomUUID()}${TEMP_SUFFIX}`);
    try {
      await this.fs.copyFile(source, temp);
      await this.fs.rename(temp, destination);
      return (await this.fs.stat(destination)).size;
    } catch (error) {
      await this.fs.rm(temp, { force: true }).catch(() => undefined);
      if (code(error) === 'ENOENT' && !(await this.exists(dir))) {
        throw new AppError('FILE', `The folder ${dir} does not exist any more. Choose another place to save the fax.`, { field: 'destination' });
      }
      if (code(error) === 'ENOSPC' || code(error) === 'EDQUOT') {
        throw new AppError('FILE', `There is not enough free space in ${dir} to save the fax. Free some space or choose another place.`, { field: 'destination' });
      }
      if (code(error) === 'EACCES' || code(error) === 'EPERM' || code(error) === 'EROFS') {
        throw new AppError('FILE', `Faxdesk is not allowed to write in ${dir}. Choose another place to save the fax.`, { field: 'destination' });
      }
      throw new AppError('FILE', `Faxdesk could not save the fax to ${destination}: ${describe(error)}.`, { field: 'destination', cause: error });
    }
  }

  /** Removes temporary files a crash left behind (never a finished image). Returns how many. */
  async cleanTemporaryFiles(): Promise<number> {
    let removed = 0;
    let accounts: string[];
    try {
      accounts = await this.fs.readdir(this.root);
    } catch {
      return 0;
    }
    for (const account of accounts) {
      const dir = path.join(this.root, account);
      let names: string[];
      try {
        names = await this.fs.readdir(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        if (!name.startsWith('.') || !name.endsWith(TEMP_SUFFIX)) continue;
        await this.fs.rm(path.join(dir, name), { force: true }).catch(() => undefined);
        removed++;
      }
    }
    return removed;
  }

  private async ensureDir(dir: string): Promise<void> {
    const rootMissing = !(await this.exists(this.root));
    try {
      await this.fs.mkdir(dir, { recursive: true });
    } catch (error) {
      throw this.explain(error, dir, 'create');
    }
    if (rootMissing && this.rootKnown) this.onFolderRecreated(this.root);
    this.rootKnown = true;
  }

  private async syncDir(dir: string): Promise<void> {
    // Makes the rename itself durable. Folders cannot be opened for sync on Windows: skipped there.
    if (process.platform === 'win32') return;
    let handle: Awaited<ReturnType<typeof fsp.open>> | undefined;
    try {
      handle = await this.fs.open(dir, 'r');
      await handle.sync();
    } catch {
      // Some file systems refuse fsync on a folder; the file itself is already synced.
    } finally {
      await handle?.close().catch(() => undefined);
    }
  }

  private async exists(target: string): Promise<boolean> {
    try {
      await this.fs.stat(target);
      return true;
    } catch {
      return false;
    }
  }

  private explain(error: unknown, dir: string, verb: string): AppError {
    if (error instanceof AppError) return error;
    switch (code(error)) {
      case 'ENOSPC':
      case 'EDQUOT':
        return new AppError('STORAGE', DISK_FULL_MESSAGE, { cause: error });
      case 'EACCES':
      case 'EPERM':
        return new AppError('STORAGE', `Faxdesk is not allowed to ${verb} its data folder (${dir}). Check the folder's permissions; Faxdesk will try again.`, { cause: error });
      case 'EROFS':
        return new AppError('STORAGE', `Faxdesk's data folder (${dir}) is on a read-only disk. Make it writable; Faxdesk will try again.`, { cause: error });
      default:
        return new AppError('STORAGE', `Faxdesk could not ${verb} its data folder (${dir}): ${describe(error)}. It will try again.`, { cause: error });
    }
  }
}

/** A name safe as one path segment on every OS; anything unusual gets a hash so names stay unique. */
export function safeName(value: string): string {
  const cleaned = value.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/\.{2,}/g, '_').replace(/^\./, '_').slice(0, 100);
  if (cleaned === value && cleaned !== '') return cleaned;
  return `${cleaned || 'x'}-${createHash('sha256').update(value).digest('hex').slice(0, 12)}`;
}

function code(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code;
}

function describe(error: unknown): string {
  const c = code(error);
  const message = error instanceof Error ? error.message : String(error);
  return c ? `${c}, ${message.replace(/^[A-Z]+:\s*/, '')}` : message;
}
