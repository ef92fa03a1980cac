/** A whole core (as the app and the bridge build it) in a temporary data folder. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core, type CoreDeps } from '../../../src/main/core';
import { MemorySecretStore } from '../../../src/main/accounts/secret-store';
import type { Logger } from '../../../src/main/platform/logger';
import { steadySystem } from '../../../src/main/platform/ports';
import type { Result } from '../../../src/shared/result';

export interface CoreFixture {
  core: Core;
  dataDir: string;
  secrets: MemorySecretStore;
  /** Every log line, unredacted, as the core wrote it. */
  lines: string[];
  /** Every event main pushed, as [name, payload]. */
  events: [string, unknown][];
  call<T = unknown>(channel: string, input?: unknown): Promise<Result<T>>;
  ok<T = unknown>(channel: string, input?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export function tempDir(prefix = 'faxdesk-it-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startCore(overrides: Partial<CoreDeps> & { dataDir?: string } = {}): Promise<CoreFixture> {
  const dataDir = overrides.dataDir ?? tempDir();
  const lines: string[] = [];
  const capture = (level: string) => (message: string, details?: Record<string, unknown>) => lines.push(`${level} ${message} ${details ? JSON.stringify(details) : ''}`);
  const logger: Logger = { debug: capture('debug'), info: capture('info'), warn: capture('warn'), error: capture('error') };
  const secrets = (overrides.secretStore as MemorySecretStore | undefined) ?? new MemorySecretStore();
  const core = createCore({
    dataDir,
    appVersion: '0.0.0-test',
    shell: 'bridge',
    logger,
    notifier: { show() {} },
    printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
    badge: { setCount() {} },
    system: steadySystem,
    fetch: globalThis.fetch,
    ...overrides,
    secretStore: secrets,
  });
  const events: [string, unknown][] = [];
  core.events.subscribe((name, payload) => events.push([name, payload]));
  await core.start();
  const call = <T>(channel: string, input?: unknown) => core.dispatch(channel, input) as Promise<Result<T>>;
  return {
    core,
    dataDir,
    secrets,
    lines,
    events,
    call,
    async ok<T>(channel: string, input?: unknown): Promise<T> {
      const result = await call<T>(channel, input);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    stop: () => core.stop(),
  };
}
