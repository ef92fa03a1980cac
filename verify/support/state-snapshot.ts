/**
 * A fingerprint of everything a call could change: every row of every table in the database, the
 * files under the watched folders (name, size, modification time), the secret store, and
 * Object.prototype (pollution). Two equal fingerprints mean nothing changed. Log files and the
 * SQLite files themselves are left out: a refused call may log, and the database is compared by content.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/main/store/database';

export interface SnapshotSources {
  db: Db;
  /** Folders whose files are compared (recursively). */
  folders: string[];
  /** Skip these paths (absolute, or a folder prefix). */
  skip?: (file: string) => boolean;
  secrets?: () => Iterable<[string, string]>;
}

export interface Snapshot {
  digest: string;
  /** What differs from another snapshot is told by these parts. */
  parts: Record<string, string>;
}

function hashOf(value: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : Buffer.isBuffer(v) ? v.toString('base64') : v)))
    .digest('hex');
}

function listFiles(folder: string, skip: (file: string) => boolean, out: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const file = path.join(folder, entry.name);
    if (skip(file)) continue;
    if (entry.isDirectory()) listFiles(file, skip, out);
    else {
      const stat = fs.lstatSync(file, { throwIfNoEntry: false });
      out.push(stat ? `${file}\t${stat.size}\t${stat.mtimeMs}` : `${file}\tgone`);
    }
  }
}

export function takeSnapshot(sources: SnapshotSources): Snapshot {
  const parts: Record<string, string> = {};
  const tables = sources.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[];
  for (const { name } of tables) {
    parts[`table:${name}`] = hashOf(sources.db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).raw().all());
  }
  const files: string[] = [];
  const skip = sources.skip ?? (() => false);
  for (const folder of sources.folders) listFiles(folder, skip, files);
  parts['files'] = hashOf(files.sort());
  if (sources.secrets) parts['secrets'] = hashOf([...sources.secrets()].sort());
  parts['Object.prototype'] = hashOf(Object.getOwnPropertyNames(Object.prototype).sort());
  return { digest: hashOf(parts), parts };
}

/** The parts that differ ("table:contacts", "files"...). */
export function changedParts(before: Snapshot, after: Snapshot): string[] {
  const keys = new Set([...Object.keys(before.parts), ...Object.keys(after.parts)]);
  return [...keys].filter((k) => before.parts[k] !== after.parts[k]);
}
