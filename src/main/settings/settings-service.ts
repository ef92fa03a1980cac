import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  SettingsSchema,
  type SettingKey,
  type Settings,
  type SettingsPatch,
  type SettingsSnapshot,
} from '../../shared/domain/settings';
import type { SettingsRepository } from '../store/repositories/settings-repository';

/** Reads preferences tolerantly (a bad row costs only its key) and writes validated patches. */
export class SettingsService {
  private readonly changeListeners = new Set<(snapshot: SettingsSnapshot) => void>();

  constructor(
    private readonly repository: SettingsRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get(): SettingsSnapshot {
    const values: Settings = { ...DEFAULT_SETTINGS };
    const problems: SettingsSnapshot['problems'] = [];
    const known = new Set<string>(SETTING_KEYS);
    for (const row of this.repository.all()) {
      if (!known.has(row.key)) continue; // a key from an older or newer version: kept, ignored
      const key = row.key as SettingKey;
      let raw: unknown;
      try {
        raw = JSON.parse(row.value);
      } catch {
        problems.push({ key, message: `The saved value of "${key}" is unreadable; the default is used until you change it.` });
        continue;
      }
      const parsed = SettingsSchema.shape[key].safeParse(raw);
      if (!parsed.success) {
        problems.push({ key, message: `The saved value of "${key}" is not valid (${parsed.error.issues[0]?.message ?? 'invalid'}); the default is used until you change it.` });
        continue;
      }
      (values as Record<SettingKey, unknown>)[key] = parsed.data;
    }
    return { values, problems };
  }

  get values(): Settings {
    return this.get().values;
  }

  /** The patch has already been validated by the IPC gate; it is checked again for callers inside main. */
  set(patch: SettingsPatch): SettingsSnapshot {
    const checked = SettingsSchema.partial().strict().parse(patch);
    const entries = Object.entries(checked)
      .filter(([, v]) => v !== undefined)
      .map(([key, value]) => ({ key, value: JSON.stringify(value) }));
    if (entries.length) this.repository.putMany(entries, this.now());
    const snapshot = this.get();
    if (entries.length) for (const listener of this.changeListeners) listener(snapshot);
    return snapshot;
  }

  onChange(listener: (snapshot: SettingsSnapshot) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }
}
