/** The welcome:* calls (contract: src/shared/ipc/contract/welcome.ts). */
import type { Handler } from '../ipc/gate';
import type { WelcomeService } from './welcome-service';

type WelcomeCallName = 'welcome:get' | 'welcome:finish' | 'welcome:connect';
export type WelcomeHandlers = { [N in WelcomeCallName]: Handler<N> };

export function createWelcomeHandlers(welcome: WelcomeService): WelcomeHandlers {
  return {
    'welcome:get': () => welcome.state(),
    'welcome:finish': () => welcome.finish(),
    'welcome:connect': (input) => welcome.connect(input),
  };
}
