import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsService } from '../../../../src/main/settings/settings-service';
import { openDatabase, type Db } from '../../../../src/main/store/database';
import { SettingsRepository } from '../../../../src/main/store/repositories/settings-repository';
import { DEFAULT_SETTINGS } from '../../../../src/shared/domain/settings';

let db: Db | undefined;
afterEach(() => db?.close());

function service(): { svc: SettingsService; db: Db; file: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-settings-')), 'db.sqlite3');
  db = openDatabase(file);
  return { svc: new SettingsService(new SettingsRepository(db), () => new Date('2026-01-02T03:04:05Z')), db, file };
}

describe('SettingsService', () => {
  it('answers the defaults on a new database', () => {
    const { svc } = service();
    expect(svc.get()).toEqual({ values: DEFAULT_SETTINGS, problems: [] });
  });

  it('saves a patch, keeps the other values, and notifies listeners once', () => {
    const { svc } = service();
    const seen: string[] = [];
    svc.onChange((s) => seen.push(s.values.theme));
    const snapshot = svc.set({ theme: 'dark', pollIntervalSeconds: 300 });
    expect(snapshot.values).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', pollIntervalSeconds: 300 });
    expect(svc.get().values.theme).toBe('dark');
    expect(seen).toEqual(['dark']);
  });

  it('refuses an invalid patch and writes nothing', () => {
    const { svc } = service();
    expect(() => svc.set({ pollIntervalSeconds: 3 })).toThrow();
    expect(() => svc.set({ theme: 'dark', nope: true } as never)).toThrow();
    expect(svc.get().values).toEqual(DEFAULT_SETTINGS);
  });

  it('survives a corrupt row: that key falls back to its default and is reported, the others are kept', () => {
    const { svc, db } = service();
    svc.set({ notifyInbound: false, theme: 'light' });
    db.prepare("UPDATE settings SET value = '{not json' WHERE key = 'theme'").run();
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('pollIntervalSeconds', '\"often\"', 'x')").run();
    db.prepare("INSERT INTO settings (key, value, updated_at) VALUES ('fromAFutureVersion', '1', 'x')").run();
    const snapshot = svc.get();
    expect(snapshot.values).toEqual({ ...DEFAULT_SETTINGS, notifyInbound: false });
    expect(snapshot.problems.map((p) => p.key).sort()).toEqual(['pollIntervalSeconds', 'theme']);
    expect(snapshot.problems.find((p) => p.key === 'theme')?.message).toMatch(/unreadable.*default/);
    // Setting the key again repairs it.
    expect(svc.set({ theme: 'dark' }).problems.map((p) => p.key)).toEqual(['pollIntervalSeconds']);
  });
});
