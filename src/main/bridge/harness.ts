/**
 * The browser harness: the same core as the desktop app, with the harness's ports, served by the
 * bridge. Used by `npm run web` and by the end-to-end tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import { KeyringSecretStore } from '../accounts';
import { createCore, type Core, type CoreDeps } from '../core';
import { createFileLogger, logDirOf, teeLogger } from '../platform/file-logger';
import type { Logger } from '../platform/logger';
import { steadySystem } from '../platform/ports';
import { Redactor, redactingLogger } from '../platform/redact';
import { createHarnessPorts, type HarnessRecord } from './adapters';
import type { PagePrinter } from './page-printer';
import { startBridge, type RunningBridge } from './server';

export interface HarnessOptions {
  dataDir: string;
  /** Folder with the built renderer (index.html) and the built shim (bridge-shim.js). */
  outDir: string;
  port?: number;
  logger: Logger;
  appVersion: string;
  /** Extra core dependencies (tests inject a fetch or a secret store). */
  overrides?: Partial<CoreDeps>;
}

export interface Harness {
  core: Core;
  bridge: RunningBridge;
  record: HarnessRecord;
  /** The page printer (tests shorten its `timeLimitMs`). */
  printer: PagePrinter;
  stop(): Promise<void>;
}

export async function startHarness(options: HarnessOptions): Promise<Harness> {
  const rendererDir = path.join(options.outDir, 'renderer');
  const shimFile = path.join(options.outDir, 'bridge', 'bridge-shim.js');
  for (const file of [path.join(rendererDir, 'index.html'), shimFile]) {
    if (!fs.existsSync(file)) throw new Error(`The browser harness is not built (${file} is missing). Run \`npm run web\`.`);
  }
  let core: Core | null = null;
  const ports = createHarnessPorts(() => core?.events ?? null);
  // Like the desktop app: a redacted log file in the data folder (for "Export diagnostics"), and the console.
  const redactor = options.overrides?.redactor ?? new Redactor();
  const fileLogger = createFileLogger({ dir: logDirOf(options.dataDir), redactor, scope: 'web' });
  const logger = teeLogger(redactingLogger(options.logger, redactor), fileLogger);
  core = createCore({
    dataDir: options.dataDir,
    appVersion: options.appVersion,
    shell: 'bridge',
    logger,
    redactor,
    notifier: ports.notifier,
    printer: ports.printer,
    pagePrints: ports.printer,
    badge: ports.badge,
    system: steadySystem,
    fetch: globalThis.fetch,
    secretStore: new KeyringSecretStore(),
    // out/ sits beside resources/ in the checkout.
    resourcesDir: path.join(options.outDir, '..', 'resources'),
    ...options.overrides,
  });
  await core.start();
  const started = core;
  let bridge: RunningBridge;
  try {
    bridge = await startBridge({
      dispatch: started.dispatch,
      events: started.events,
      rendererDir,
      shimFile,
      logger,
      ...(options.port !== undefined ? { port: options.port } : {}),
    });
  } catch (error) {
    await started.stop();
    fileLogger.close();
    throw error;
  }
  return {
    core: started,
    bridge,
    record: ports.record,
    printer: ports.printer,
    async stop() {
      await bridge.close();
      await started.stop();
      fileLogger.close();
    },
  };
}
