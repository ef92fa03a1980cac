import { z } from 'zod';
import { call, event } from '../define';
import type { NavTarget } from '../../domain/navigation';
import type { SettingsSnapshot } from '../../domain/settings';
import { SettingsPatchSchema } from '../../domain/settings';

export interface AppInfo {
  name: string;
  version: string;
  dataDir: string;
  platform: string;
  /** 'electron' in the desktop app, 'bridge' in the browser harness. */
  shell: 'electron' | 'bridge';
  /** 'native': save and open through main's OS dialogs (files:*); 'browser': the page downloads and picks files. */
  fileDialogs: 'native' | 'browser';
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

/** A desktop notification shown in the page (the browser harness has no native notifications). */
export interface InPageNotification {
  id: string;
  title: string;
  body: string;
  target?: NavTarget;
}

/** Ask the page to print what it shows (the browser harness prints through the browser). */
export interface PrintRequest {
  title: string;
  target: NavTarget;
}

export const appEvents = {
  'settings:changed': event<SettingsSnapshot>(),
  'app:notice': event<AppNotice>(),
  /** Go to a page or a fax (a notification or tray click in main). */
  'ui:navigate': event<NavTarget>(),
  'ui:notification': event<InPageNotification>(),
  'ui:print': event<PrintRequest>(),
  'ui:badge': event<{ count: number }>(),
} as const;
