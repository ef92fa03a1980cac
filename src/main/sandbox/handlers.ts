/** The sandbox:* calls (contract: src/shared/ipc/contract/sandbox.ts). */
import type { Handler } from '../ipc/gate';
import type { SandboxPractice } from './sandbox-practice';

type SandboxCallName = 'sandbox:testNumbers' | 'sandbox:sampleDocument' | 'sandbox:receiveTestFax';
export type SandboxHandlers = { [N in SandboxCallName]: Handler<N> };

export function createSandboxHandlers(practice: SandboxPractice): SandboxHandlers {
  return {
    'sandbox:testNumbers': () => practice.testNumbers(),
    'sandbox:sampleDocument': () => practice.sampleDocument(),
    'sandbox:receiveTestFax': () => practice.receiveTestFax(),
  };
}
