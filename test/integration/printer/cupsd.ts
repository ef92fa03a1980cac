/**
 * A private CUPS scheduler for tests and benchmarks: its own configuration, spool, cache and logs in
 * a temporary folder, listening on a free port of 127.0.0.1. Nothing of the machine's own CUPS (its
 * printers, its configuration, /run/cups) is read or touched: clients reach this one through
 * CUPS_SERVER. Needs `cupsd` (Debian: cups, cups-daemon) and runs as whoever runs the tests.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface PrivateCups {
  dir: string;
  /** 127.0.0.1:PORT, for CUPS_SERVER. */
  server: string;
  /** Environment for lp, lpadmin, lpstat… aimed at this scheduler. */
  env: NodeJS.ProcessEnv;
  /** Runs a CUPS client program against this scheduler. */
  run(file: string, args: string[], options?: { timeoutMs?: number }): { code: number | null; stdout: string; stderr: string };
  errorLog(): string;
  stop(): Promise<void>;
}

export const CUPSD = ['/usr/sbin/cupsd', '/usr/local/sbin/cupsd'].find((f) => fs.existsSync(f)) ?? null;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`cupsd exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('cupsd did not start listening');
}

export async function startPrivateCups(): Promise<PrivateCups> {
  if (!CUPSD) throw new Error('cupsd is not installed (apt-get install cups)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-cups-'));
  // Filters and backends run as the scheduler's unprivileged user (lp), which must reach the spool.
  fs.chmodSync(dir, 0o755);
  for (const sub of ['spool', 'spool/tmp', 'cache', 'state', 'log', 'ppd', 'ssl']) fs.mkdirSync(path.join(dir, sub), { recursive: true, mode: 0o755 });
  fs.chmodSync(path.join(dir, 'spool/tmp'), 0o1777);
  const port = await freePort();
  fs.writeFileSync(
    path.join(dir, 'cupsd.conf'),
    [
      `Listen 127.0.0.1:${port}`,
      'LogLevel info',
      'MaxLogSize 0',
      'Browsing No',
      'WebInterface No',
      'DefaultAuthType None',
      'JobRetryInterval 1',
      'PreserveJobFiles No',
      '<Location />',
      '  Order allow,deny',
      '  Allow 127.0.0.1',
      '</Location>',
      '<Policy default>',
      '  <Limit All>',
      '    Order allow,deny',
      '    Allow 127.0.0.1',
      '  </Limit>',
      '</Policy>',
      '',
    ].join('\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'cups-files.conf'),
    [
      `ServerRoot ${dir}`,
      `RequestRoot ${dir}/spool`,
      `TempDir ${dir}/spool/tmp`,
      `CacheDir ${dir}/cache`,
      `StateDir ${dir}/state`,
      `AccessLog ${dir}/log/access_log`,
      `ErrorLog ${dir}/log/error_log`,
      `PageLog ${dir}/log/page_log`,
      'ServerBin /usr/lib/cups',
      'DataDir /usr/share/cups',
      `ServerKeychain ${dir}/ssl`,
      // Not /run/cups/printcap: the machine's own list of printers stays as it is.
      `Printcap ${dir}/printcap`,
      'FileDevice No',
      '',
    ].join('\n'),
  );
  const child = spawn(CUPSD, ['-f', '-c', path.join(dir, 'cupsd.conf'), '-s', path.join(dir, 'cups-files.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  // If the test process dies without stop(), the scheduler goes with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitForPort(port, child, 15_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}: ${output.slice(0, 2000)}`, { cause: error });
  }
  const server = `127.0.0.1:${port}`;
  const env = { ...process.env, CUPS_SERVER: server, CUPS_USER: 'faxdesk-test', LANG: 'C' };
  return {
    dir,
    server,
    env,
    run(file, args, options = {}) {
      const result = spawnSync(file, args, { env, encoding: 'utf8', timeout: options.timeoutMs ?? 60_000 });
      return { code: result.status, stdout: result.stdout ?? '', stderr: (result.stderr ?? '') + (result.error ? String(result.error) : '') };
    },
    errorLog: () => {
      try {
        return fs.readFileSync(path.join(dir, 'log/error_log'), 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
