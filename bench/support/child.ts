/**
 * Runs a piece of a benchmark in a fresh Node process (its own heap, so one measurement's garbage or
 * high-water mark cannot leak into another's), and takes back one JSON report.
 *
 * The module that calls `spawnBenchChild(import.meta.url, …)` must call `serveBenchChild(…)` at its top
 * level: in the child, that runs the work named by the spec and prints the report.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const CHILD_ENV = 'FAXDESK_BENCH_CHILD';
const REPORT = 'BENCH-REPORT ';

export function spawnBenchChild<T>(moduleUrl: string, spec: unknown, options: { nodeArgs?: string[]; timeoutMs?: number } = {}): Promise<T> {
  const file = fileURLToPath(moduleUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', file], {
      env: { ...process.env, [CHILD_ENV]: JSON.stringify({ file, spec }) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const line = out.split('\n').find((l) => l.startsWith(REPORT));
      if (code !== 0 || !line) reject(new Error(`bench child ${JSON.stringify(spec)} failed (exit ${code ?? signal}): ${out.slice(-2000)}`));
      else resolve(JSON.parse(line.slice(REPORT.length)) as T);
    });
  });
}

/** In the child started for `moduleUrl`: runs `work(spec)` and prints its report; elsewhere does nothing. */
export function serveBenchChild<S>(moduleUrl: string, work: (spec: S) => Promise<unknown>): void {
  const raw = process.env[CHILD_ENV];
  if (!raw) return;
  const { file, spec } = JSON.parse(raw) as { file: string; spec: S };
  if (file !== fileURLToPath(moduleUrl)) return;
  work(spec)
    .then((report) => {
      process.stdout.write(`${REPORT}${JSON.stringify(report)}\n`);
      // Timers or sockets a module left open must not keep the child alive.
      process.exit(0);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

/** SIGTERM, then waits until the process has exited (at once if it already has). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
