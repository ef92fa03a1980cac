/** Starts the browser harness (core + bridge) on a temp data folder for one test file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startHarness, type Harness, type HarnessOptions } from '../../../src/main/bridge/harness';
import { silentLogger } from '../../../src/main/platform/logger';
import { ensureWebBuild, OUT_DIR } from '../../../scripts/build-web';
import { strictFetch } from '../../electron-model/net-fetch-rules';

export function tempDataDir(prefix = 'faxdesk-e2e-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * `newUser: true` keeps the first-run screen (an empty data folder shows it); other tests play a
 * person who has been through it already, so they open on the app itself.
 */
export async function startTestHarness(dataDir: string, options: Partial<HarnessOptions> & { newUser?: boolean } = {}): Promise<Harness> {
  await ensureWebBuild({ log: () => {} });
  const { newUser, ...rest } = options;
  // The core's requests obey Electron's net.fetch rules here too (test/electron-model/net-fetch-rules.ts).
  const overrides = { fetch: strictFetch, ...rest.overrides };
  const harness = await startHarness({ dataDir, outDir: OUT_DIR, logger: silentLogger, appVersion: '0.0.0-test', ...rest, overrides });
  if (!newUser) await harness.core.dispatch('welcome:finish', undefined);
  return harness;
}
