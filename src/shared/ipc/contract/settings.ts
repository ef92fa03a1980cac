/** Settings: the one snapshot (src/shared/domain/settings.ts), read, patched, and announced after every change. */
import { z } from 'zod';
import { call, event } from '../define';
import { SettingsPatchSchema, type SettingsSnapshot } from '../../domain/settings';

export const settingsCalls = {
  'settings:get': call(z.void()).returns<SettingsSnapshot>(),
  'settings:set': call(SettingsPatchSchema).returns<SettingsSnapshot>(),
} as const;

export const settingsEvents = {
  'settings:changed': event<SettingsSnapshot>(),
} as const;
