/** The desktop:* calls (contract: src/shared/ipc/contract/desktop.ts). */
import type { Handler } from '../ipc/gate';
import type { DesktopService } from './desktop-service';

type DesktopCallName = 'desktop:takePendingFiles' | 'desktop:exportDiagnostics';
export type DesktopHandlers = { [N in DesktopCallName]: Handler<N> };

export function createDesktopHandlers(desktop: DesktopService): DesktopHandlers {
  return {
    'desktop:takePendingFiles': () => desktop.handoff.take(),
    'desktop:exportDiagnostics': () => desktop.exportDiagnostics(),
  };
}
