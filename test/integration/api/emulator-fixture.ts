/**
 * A real emulator over HTTP on 127.0.0.1 with a manual clock, and API clients pointed at it.
 * One emulator per test file; `fresh()` resets its state between tests.
 */
import { AdminClient } from '../../../src/main/api/admin-client';
import { FaxServiceClient } from '../../../src/main/api/fax-service-client';
import { HttpClient, type HttpOptions } from '../../../src/main/api/http';
import { startEmulator, type RunningEmulator } from '../../../src/emulator';
import { strictFetch } from '../../electron-model/net-fetch-rules';

export interface Fixture {
  emulator: RunningEmulator;
  /** Delays the HTTP layer asked to wait between retries (waited for real only when asked). */
  delays: number[];
  http(options?: Partial<HttpOptions>): HttpClient;
  client(options?: { http?: HttpClient; label?: string }): FaxServiceClient;
  admin(http?: HttpClient): AdminClient;
  /** The emulator's /control surface over HTTP (the same operations the in-process `control` has). */
  controlPost(path: string, body?: unknown): Promise<unknown>;
  controlDelete(path: string): Promise<void>;
}

export async function startFixture(): Promise<Fixture> {
  const emulator = await startEmulator({ clock: 'manual', quiet: true });
  const delays: number[] = [];
  const http = (options: Partial<HttpOptions> = {}) =>
    new HttpClient({
      fetch: strictFetch,
      timeoutMs: 5_000,
      retry: { attempts: 3, baseDelayMs: 10, maxDelayMs: 50, maxRetryAfterSeconds: 30 },
      sleep: async (ms) => {
        delays.push(ms);
      },
      ...options,
    });
  const fixture: Fixture = {
    emulator,
    delays,
    http,
    client: (options = {}) =>
      new FaxServiceClient(
        { label: options.label ?? 'Emulator', baseUrl: emulator.baseUrl, appId: emulator.demo.appId, apiKey: emulator.demo.apiKey, userId: emulator.demo.userId },
        options.http ?? http(),
      ),
    admin: (client = http()) =>
      new AdminClient(
        { label: 'Emulator', adminBaseUrl: emulator.adminBaseUrl, adminId: emulator.demo.adminId, adminUsername: emulator.demo.adminUsername, adminPassword: emulator.demo.adminPassword },
        client,
      ),
    async controlPost(path, body) {
      const res = await fetch(`${emulator.controlUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`control ${path}: ${res.status} ${text}`);
      return text ? JSON.parse(text) : undefined;
    },
    async controlDelete(path) {
      const res = await fetch(`${emulator.controlUrl}${path}`, { method: 'DELETE' });
      if (!res.ok) throw new Error(`control ${path}: ${res.status}`);
    },
  };
  return fixture;
}

/** Moves the emulator clock on in steps until `done` says so (at most `limitMs` of emulator time). */
export async function advanceUntil(emulator: RunningEmulator, done: () => Promise<boolean>, stepMs = 1_000, limitMs = 30 * 60_000): Promise<void> {
  for (let spent = 0; spent <= limitMs; spent += stepMs) {
    if (await done()) return;
    await emulator.control.advance(stepMs);
  }
  throw new Error(`condition not reached within ${limitMs} ms of emulator time`);
}

/** A one-page text document, base64. */
export const TEXT_DOCUMENT = Buffer.from('Faxdesk integration test\nPage one.\n').toString('base64');
export const QUICK_SUCCESS = '12125550100';
export const SLOW_SUCCESS = '12125550113';
export const NOT_ALLOWED = '12125550104';
