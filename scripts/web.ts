/**
 * `npm run web`: Faxdesk in a browser, without Electron. Builds if needed, starts the same core the
 * desktop app runs, and serves it on 127.0.0.1 through the bridge.
 *   --port N        listen on N (default: a free port)
 *   --data-dir DIR  the data folder (default: the app's normal one)
 */
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startHarness } from '../src/main/bridge/harness';
import { consoleLogger } from '../src/main/platform/logger';
import { ensureWebBuild, OUT_DIR, ROOT } from './build-web';

/** Where Electron's app.getPath('userData') puts Faxdesk's data on each OS. */
export function defaultDataDir(): string {
  const home = os.homedir();
  if (process.platform === 'win32') return path.join(process.env['APPDATA'] ?? path.join(home, 'AppData', 'Roaming'), 'faxdesk');
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Application Support', 'faxdesk');
  return path.join(process.env['XDG_CONFIG_HOME'] ?? path.join(home, '.config'), 'faxdesk');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { port: { type: 'string' }, 'data-dir': { type: 'string' }, rebuild: { type: 'boolean' } },
  });
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    throw new Error(`--port must be a port number (0-65535), not "${values.port}".`);
  }
  await ensureWebBuild({ force: !!values.rebuild });
  const dataDir = path.resolve(values['data-dir'] ?? defaultDataDir());
  const { version } = (await import(path.join(ROOT, 'package.json'), { with: { type: 'json' } })).default as { version: string };
  const harness = await startHarness({
    dataDir,
    outDir: OUT_DIR,
    logger: consoleLogger('web'),
    appVersion: version,
    ...(port !== undefined ? { port } : {}),
  });
  process.stdout.write(`Faxdesk: ${harness.bridge.url}\n`);
  process.stderr.write(`Data folder: ${dataDir}\nPress Ctrl+C to stop.\n`);
  const stop = () => {
    void harness.stop().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Faxdesk could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
