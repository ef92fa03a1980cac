/**
 * The Sandbox emulator in a process of its own (its CLI, manual clock), so its work (rendering fax
 * images, answering thousands of requests) runs beside the harness instead of inside it, and the
 * harness's own timers (kill points) fire on time. Driven through its HTTP control surface.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { EmulatorControlClient } from '../../src/emulator/control-client';
import type { DemoAccount } from '../../src/emulator';
import { bundleEntry, REPO_ROOT } from './bundle';

export interface EmulatorProcess {
  baseUrl: string;
  controlUrl: string;
  demo: DemoAccount;
  control: EmulatorControlClient;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function startEmulatorProcess(): Promise<EmulatorProcess> {
  const bundle = await bundleEntry('src/emulator/cli.ts', 'verify-emulator');
  const child = spawn(process.execPath, [bundle.file, '--clock', 'manual', '--quiet'], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const lines = createInterface({ input: child.stdout! });
      lines.once('line', (l) => resolve(l));
      child.once('exit', (code) => reject(new Error(`the emulator exited (${String(code)}) before it was ready: ${stderr}`)));
    });
    const info = JSON.parse(line) as { baseUrl: string; controlUrl: string } & DemoAccount;
    const { baseUrl, controlUrl, ...demo } = info;
    return {
      baseUrl,
      controlUrl,
      demo: demo as DemoAccount,
      control: new EmulatorControlClient(controlUrl),
      child,
      stop: () =>
        new Promise<void>((resolve) => {
          bundle.remove();
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    };
  } catch (error) {
    bundle.remove();
    child.kill('SIGKILL');
    throw error;
  }
}
