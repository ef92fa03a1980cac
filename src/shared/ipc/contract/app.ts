import { z } from 'zod';
import { call, event } from '../define';
import type { SettingsSnapshot } from '../../domain/settings';
import { SettingsPatchSchema } from '../../domain/settings';

export interface AppInfo {
  name: string;
  version: string;
  dataDir: string;
  platform: string;
  /** 'electron' in the desktop app, 'bridge' in the browser harness. */
  shell: 'electron' | 'bridge';
  versions: Record<string, string>;
}

/** Something main wants a person to see now (a failed background job, a sync error...). */
export interface AppNotice {
  level: 'info' | 'warning' | 'error';
  message: string;
  at: string;
}

export const appCalls = {
  'app:info': call(z.void()).returns<AppInfo>(),
  'settings:get': call(z.void()).returns<SettingsSnapshot>(),
  'settings:set': call(SettingsPatchSchema).returns<SettingsSnapshot>(),
} as const;

export const appEvents = {
  'settings:changed': event<SettingsSnapshot>(),
  'app:notice': event<AppNotice>(),
} as const;
