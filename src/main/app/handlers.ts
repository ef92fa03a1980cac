/** The app:* calls (contract: src/shared/ipc/contract/app.ts): what the app is, and how a page's print ended. */
import type { AppInfo, PrintDoneInput } from '../../shared/ipc/contract/app';
import type { Handler } from '../ipc/gate';

type AppCallName = 'app:info' | 'app:printDone';
export type AppHandlers = { [N in AppCallName]: Handler<N> };

export interface AppHandlerDeps {
  appVersion: string;
  dataDir: string;
  shell: AppInfo['shell'];
  /** The OS's Save as / Open dialogs are there (the desktop app), or the page downloads (the bridge). */
  nativeFileDialogs: boolean;
  /** The browser harness's page reports how a print ended; absent in the desktop app. */
  pagePrints: { report(input: PrintDoneInput): { accepted: boolean } } | null;
}

export function createAppHandlers(deps: AppHandlerDeps): AppHandlers {
  return {
    'app:info': () => ({
      name: 'Faxdesk',
      version: deps.appVersion,
      dataDir: deps.dataDir,
      platform: process.platform,
      shell: deps.shell,
      fileDialogs: deps.nativeFileDialogs ? 'native' : 'browser',
      versions: Object.fromEntries(
        Object.entries(process.versions).filter(([k]) => ['node', 'electron', 'chrome', 'v8', 'sqlite'].includes(k)) as [string, string][],
      ),
    }),
    'app:printDone': (input) => deps.pagePrints?.report(input) ?? { accepted: false },
  };
}
