/**
 * Child processes the harnesses start many times are bundled once with esbuild into one file under
 * the checkout's .tmp/ (so their packages still resolve from node_modules): a start then costs one
 * file read instead of a TypeScript transform per module.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface Bundle {
  file: string;
  remove(): void;
}

/** Bundles `entry` (a path under the repository) into .tmp/<name>-<pid>-<n>.mjs. */
let counter = 0;
export async function bundleEntry(entry: string, name: string): Promise<Bundle> {
  const file = path.join(REPO_ROOT, '.tmp', `${name}-${process.pid}-${++counter}.mjs`);
  await build({
    entryPoints: [path.resolve(REPO_ROOT, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    outfile: file,
    logLevel: 'error',
  });
  return { file, remove: () => fs.rmSync(file, { force: true }) };
}
