import type { Db } from '../database';

export interface StoredSetting {
  key: string;
  value: string;
}

/** Raw key/value rows of the settings table. Parsing and defaults belong to the settings service. */
export class SettingsRepository {
  private readonly selectAll;
  private readonly upsert;

  constructor(private readonly db: Db) {
    this.selectAll = db.prepare<[], StoredSetting>('SELECT key, value FROM settings');
    this.upsert = db.prepare<[string, string, string]>(
      'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
    );
  }

  all(): StoredSetting[] {
    return this.selectAll.all();
  }

  /** Writes several keys atomically. */
  putMany(entries: readonly StoredSetting[], now: Date): void {
    const at = now.toISOString();
    this.db.transaction(() => {
      for (const e of entries) this.upsert.run(e.key, e.value, at);
    })();
  }
}
