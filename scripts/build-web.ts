/**
 * Builds what the browser harness serves: the renderer (through electron-vite, the same build the
 * desktop app ships) and the bridge shim (the harness's preload). Skips the work when the output is
 * newer than every source file.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import { CALL_NAMES, EVENT_NAMES } from '../src/shared/ipc/contract';

export const ROOT = path.resolve(__dirname, '..');
export const OUT_DIR = path.join(ROOT, 'out');
// The desktop app's main and preload too: the Electron-model tier (test/electron) loads them from out/.
const SOURCES = ['src/renderer', 'src/shared', 'src/preload', 'src/main', 'src/emulator', 'src/pdf-text', 'electron.vite.config.ts', 'package.json'];
const OUTPUTS = ['out/renderer/index.html', 'out/bridge/bridge-shim.js', 'out/main/index.js', 'out/preload/index.cjs'];

function newestMtime(entry: string): number {
  const stat = fs.statSync(entry, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

export function isWebBuildFresh(): boolean {
  const built = Math.min(...OUTPUTS.map((o) => fs.statSync(path.join(ROOT, o), { throwIfNoEntry: false })?.mtimeMs ?? 0));
  const source = Math.max(...SOURCES.map((s) => newestMtime(path.join(ROOT, s))));
  return built > source;
}

const LOCK_DIR = path.join(ROOT, 'out', '.build-lock');
const STALE_LOCK_MS = 5 * 60_000;

/** One build at a time across processes (parallel test runs, a developer's `npm run web`). */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  fs.mkdirSync(path.dirname(LOCK_DIR), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (fs.statSync(LOCK_DIR, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(LOCK_DIR, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

export async function ensureWebBuild(options: { force?: boolean; log?: (line: string) => void } = {}): Promise<void> {
  if (!options.force && isWebBuildFresh()) return;
  await withBuildLock(async () => {
    // Another process may have built while this one waited.
    if (!options.force && isWebBuildFresh()) return;
    await buildWeb(options.log ?? ((line: string) => process.stderr.write(line + '\n')));
  });
}

async function buildWeb(log: (line: string) => void): Promise<void> {
  log('Faxdesk: building the renderer…');
  const cli = path.join(ROOT, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`electron-vite build failed:\n${result.stdout}\n${result.stderr}`);
  await build({
    configFile: false,
    logLevel: 'warn',
    root: ROOT,
    define: {
      __FAXDESK_CALLS__: JSON.stringify(CALL_NAMES),
      __FAXDESK_EVENTS__: JSON.stringify(EVENT_NAMES),
    },
    build: {
      outDir: path.join(OUT_DIR, 'bridge'),
      emptyOutDir: true,
      minify: false,
      lib: { entry: path.join(ROOT, 'src/preload/bridge-shim.ts'), formats: ['iife'], name: 'FaxdeskBridge', fileName: () => 'bridge-shim.js' },
    },
  });
}
