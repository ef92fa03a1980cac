/**
 * Keeping the emulator's state in a file (`--state FILE`, and always for the app's Sandbox), with
 * better-sqlite3: every batch of changes is one transaction, so the file is never half-written, even
 * if the process dies mid-write. Records are JSON rows keyed by (kind, id); documents and images are
 * content-addressed blobs. The file is opened in exclusive locking mode: a second emulator on the same
 * file fails at start with a clear message instead of both silently diverging.
 */
import Database from 'better-sqlite3';
import { existsSync, statSync } from 'node:fs';

const FORMAT = 'faxdesk-emulator-state';
const VERSION = 1;

export interface RecordRow {
  kind: string;
  id: string;
  json: string;
}

export interface ChangeBatch {
  upserts: RecordRow[];
  deletes: { kind: string; id: string }[];
  blobs: { hash: string; data: Uint8Array }[];
  blobDeletes: string[];
}

export class StateFileError extends Error {}

export class SqlitePersistence {
  private readonly db: Database.Database;
  private readonly upsert: Database.Statement;
  private readonly remove: Database.Statement;
  private readonly putBlob: Database.Statement;
  private readonly getBlob: Database.Statement;
  private readonly dropBlob: Database.Statement;
  private readonly apply: (batch: ChangeBatch) => void;

  constructor(readonly file: string) {
    const fresh = !existsSync(file) || statSync(file).size === 0;
    let db: Database.Database | undefined;
    try {
      this.db = db = new Database(file);
      this.db.pragma('locking_mode = EXCLUSIVE');
      this.db.pragma('journal_mode = WAL');
      this.db.pragma('synchronous = NORMAL');
      if (!fresh) {
        const check = this.db.pragma('quick_check', { simple: true });
        if (check !== 'ok') throw new Error(`integrity check failed: ${String(check)}`);
      }
      this.db.exec(`
        CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS records (kind TEXT NOT NULL, id TEXT NOT NULL, json TEXT NOT NULL, PRIMARY KEY (kind, id));
        CREATE TABLE IF NOT EXISTS blobs (hash TEXT PRIMARY KEY, data BLOB NOT NULL);
      `);
      const format = this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get('format') as string | undefined;
      if (format === undefined) {
        const hasRecords = (this.db.prepare('SELECT count(*) FROM records').pluck().get() as number) > 0;
        if (hasRecords) throw new Error('it holds records but no format marker');
        const insert = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
        this.db.transaction(() => {
          insert.run('format', FORMAT);
          insert.run('version', String(VERSION));
        })();
      } else if (format !== FORMAT) {
        throw new Error(`it is a "${format}" file, not an emulator state file`);
      } else {
        const version = Number(this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck().get('version'));
        if (version !== VERSION) throw new Error(`it has format version ${version}; this emulator reads version ${VERSION}`);
      }
    } catch (error) {
      try {
        db?.close();
      } catch {
        // nothing more to release
      }
      throw new StateFileError(describeOpenError(file, error));
    }
    this.upsert = this.db.prepare('INSERT INTO records (kind, id, json) VALUES (?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET json = excluded.json');
    this.remove = this.db.prepare('DELETE FROM records WHERE kind = ? AND id = ?');
    this.putBlob = this.db.prepare('INSERT OR IGNORE INTO blobs (hash, data) VALUES (?, ?)');
    this.getBlob = this.db.prepare('SELECT data FROM blobs WHERE hash = ?').pluck();
    this.dropBlob = this.db.prepare('DELETE FROM blobs WHERE hash = ?');
    this.apply = this.db.transaction((batch: ChangeBatch) => {
      for (const b of batch.blobs) this.putBlob.run(b.hash, Buffer.from(b.data.buffer, b.data.byteOffset, b.data.byteLength));
      for (const r of batch.upserts) this.upsert.run(r.kind, r.id, r.json);
      for (const d of batch.deletes) this.remove.run(d.kind, d.id);
      for (const h of batch.blobDeletes) this.dropBlob.run(h);
    });
  }

  loadRecords(): RecordRow[] {
    return this.db.prepare('SELECT kind, id, json FROM records').all() as RecordRow[];
  }

  readBlob(hash: string): Buffer | undefined {
    return this.getBlob.get(hash) as Buffer | undefined;
  }

  write(batch: ChangeBatch): void {
    this.apply(batch);
  }

  clear(): void {
    this.db.transaction(() => {
      this.db.exec('DELETE FROM records; DELETE FROM blobs;');
    })();
  }

  close(): void {
    if (this.db.open) this.db.close();
  }
}

function describeOpenError(file: string, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (/locked|busy/i.test(reason)) {
    return `The emulator state file ${file} is in use by another emulator (${reason}). Stop the other one, or use another --state file.`;
  }
  return (
    `The emulator state file ${file} cannot be read: ${reason}. ` +
    'It is damaged or is not an emulator state file. Move it away (or delete it) to start with a fresh state.'
  );
}
