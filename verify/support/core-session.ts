/**
 * A whole core for a verify part, built as the browser harness builds it (createCore, the real gate,
 * the real database file, a redacting file logger), with a memory secret store and, when asked, an
 * emulator on 127.0.0.1 for the account to talk to. Every Result the gate returns and every event main
 * pushes is kept, so a part can look at everything that would have reached the renderer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator';
import { MemorySecretStore } from '../../src/main/accounts/secret-store';
import { createCore, type Core, type CoreDeps } from '../../src/main/core';
import { createFileLogger, logDirOf, teeLogger, type FileLogger } from '../../src/main/platform/file-logger';
import type { Logger } from '../../src/main/platform/logger';
import { steadySystem } from '../../src/main/platform/ports';
import { Redactor } from '../../src/main/platform/redact';
import type { Result } from '../../src/shared/result';

export interface CoreSession {
  core: Core;
  dataDir: string;
  secrets: MemorySecretStore;
  redactor: Redactor;
  emulator: RunningEmulator | null;
  /** The built-in Sandbox's emulator, once the core has started it (`sandbox: true`). */
  readonly sandbox: RunningEmulator | null;
  fileLogger: FileLogger;
  /** Every line as the core logged it, before redaction. */
  rawLines: string[];
  /** Every Result the gate returned through `call`. */
  results: Result<unknown>[];
  /** Every event main pushed, as [name, payload]. */
  events: [string, unknown][];
  call<T = unknown>(channel: string, input?: unknown): Promise<Result<T>>;
  ok<T = unknown>(channel: string, input?: unknown): Promise<T>;
  stop(): Promise<void>;
}

export interface CoreSessionOptions {
  dataDir: string;
  /** Start an emulator (manual clock unless told) for accounts to talk to. */
  emulator?: EmulatorOptions | false;
  /** Log file limits (the canary part forces rotation with a small size). */
  log?: { maxBytes?: number; maxFiles?: number };
  /** Run the built-in Sandbox (its emulator inside the core) as the app does; off unless asked. */
  sandbox?: boolean;
  overrides?: Partial<CoreDeps>;
}

export async function startCoreSession(options: CoreSessionOptions): Promise<CoreSession> {
  fs.mkdirSync(options.dataDir, { recursive: true });
  const emulator = options.emulator === false || options.emulator === undefined ? null : await startEmulator({ clock: 'manual', quiet: true, ...options.emulator });
  const rawLines: string[] = [];
  const raw = (level: string) => (message: string, details?: Record<string, unknown>) => {
    rawLines.push(`${level} ${message} ${details === undefined ? '' : safeJson(details)}`);
  };
  const rawLogger: Logger = { debug: raw('debug'), info: raw('info'), warn: raw('warn'), error: raw('error') };
  const redactor = options.overrides?.redactor ?? new Redactor();
  const fileLogger = createFileLogger({ dir: logDirOf(options.dataDir), redactor, minLevel: 'debug', scope: 'verify', ...options.log });
  const secrets = new MemorySecretStore();
  let sandbox: RunningEmulator | null = null;
  const core = createCore({
    dataDir: options.dataDir,
    appVersion: '0.0.0-verify',
    shell: 'bridge',
    logger: teeLogger(rawLogger, fileLogger),
    redactor,
    notifier: { show() {} },
    printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
    badge: { setCount() {} },
    system: steadySystem,
    fetch: globalThis.fetch,
    secretStore: secrets,
    // The Sandbox's emulator as the app starts it, kept so a part can reach its demo account and control.
    startEmulator: options.sandbox ? async (sandboxOptions) => (sandbox = await startEmulator(sandboxOptions)) : null,
    resourcesDir: path.resolve(__dirname, '..', '..', 'resources'),
    ...options.overrides,
  });
  const events: [string, unknown][] = [];
  core.events.subscribe((name, payload) => events.push([name, payload]));
  await core.start();
  const results: Result<unknown>[] = [];
  const call = async <T>(channel: string, input?: unknown): Promise<Result<T>> => {
    const result = await core.dispatch(channel, input);
    results.push(result);
    return result as Result<T>;
  };
  let stopped = false;
  return {
    core,
    dataDir: options.dataDir,
    secrets,
    redactor,
    emulator,
    get sandbox() {
      return sandbox;
    },
    fileLogger,
    rawLines,
    results,
    events,
    call,
    async ok<T>(channel: string, input?: unknown): Promise<T> {
      const result = await call<T>(channel, input);
      if (!result.ok) throw new Error(`${channel} failed: ${result.error.code} ${result.error.message}`);
      return result.value;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await core.stop();
      fileLogger.close();
      await emulator?.stop();
    },
  };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
