/**
 * Once per run of the Electron-model tier: build the app (electron-vite, skipped when out/ is fresh) and
 * stage it as electron-builder ships it (app.asar and app.asar.unpacked) in a temporary folder outside
 * the checkout. The staged copy is kept for the next run while its inputs (out/, resources/,
 * package.json, package-lock.json, electron-builder.yml) stay the same.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild, ROOT } from '../../scripts/build-web';

declare module 'vitest' {
  export interface ProvidedContext {
    /** `…/resources` of the staged app: app.asar and app.asar.unpacked. */
    stagedResources: string;
  }
}

/** A digest of what staging reads: file names, sizes and times under out/ and resources/, and the configs. */
function inputsDigest(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else {
        const stat = fs.statSync(file);
        hash.update(`${path.relative(ROOT, file)}:${stat.size}:${stat.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['out/main', 'out/preload', 'out/renderer', 'resources']) walk(path.join(ROOT, dir));
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) hash.update(fs.readFileSync(path.join(ROOT, file)));
  return hash.digest('hex').slice(0, 16);
}

export default async function setup(project: TestProject): Promise<void> {
  await ensureWebBuild({ log: (line) => process.stderr.write(line + '\n') });
  const checkout = createHash('sha256').update(ROOT).digest('hex').slice(0, 8);
  const prefix = `faxdesk-staged-${checkout}-`;
  const dir = path.join(os.tmpdir(), prefix + inputsDigest());
  const resources = path.join(dir, 'resources');
  if (!fs.existsSync(path.join(dir, 'complete'))) {
    for (const old of fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith(prefix))) fs.rmSync(path.join(os.tmpdir(), old), { recursive: true, force: true });
    const started = Date.now();
    // In a child process: electron-builder's helpers hook the exit of their process (see stage-cli.ts).
    const staged = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'test/electron-model/stage-cli.ts'), ROOT, dir], { cwd: ROOT, encoding: 'utf8' });
    if (staged.status !== 0) throw new Error(`Staging the app failed:\n${staged.stderr}`);
    fs.writeFileSync(path.join(dir, 'complete'), new Date().toISOString());
    process.stderr.write(`Electron model: staged the app as electron-builder ships it in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }
  project.provide('stagedResources', resources);
}
