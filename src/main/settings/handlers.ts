/** The settings:* calls (contract: src/shared/ipc/contract/settings.ts). */
import type { Handler } from '../ipc/gate';
import type { SettingsService } from './settings-service';

type SettingsCallName = 'settings:get' | 'settings:set';
export type SettingsHandlers = { [N in SettingsCallName]: Handler<N> };

export function createSettingsHandlers(settings: SettingsService): SettingsHandlers {
  return {
    'settings:get': () => settings.get(),
    'settings:set': (patch) => settings.set(patch),
  };
}
