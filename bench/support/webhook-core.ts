/**
 * A whole core for the webhook benchmarks (bench/webhooks.ts, bench/webhooks-burst.ts): booted on its
 * own data folder against an outside service, recording when each fax was announced and finished.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MemorySecretStore } from '../../src/main/accounts/secret-store';
import { createCore, type Core } from '../../src/main/core';
import { silentLogger } from '../../src/main/platform/logger';
import { steadySystem } from '../../src/main/platform/ports';

/** Where boot() records: the data folder, the secrets, and when each fax was notified and finished. */
export interface CoreRecord {
  dir: string;
  secrets: MemorySecretStore;
  /** Fax id → performance.now() of its first notification. */
  notified: Map<string, number>;
  /** Job id → wall time (ms, sub-ms precision) its final state was announced. */
  finals: Map<string, number>;
}

/** Wall-clock milliseconds with sub-millisecond precision (comparable with the service's timestamps). */
export const wallNow = () => performance.timeOrigin + performance.now();

export async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function call<T>(core: Core, channel: string, input?: unknown): Promise<T> {
  const result = await core.dispatch(channel, input);
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`);
  return result.value as T;
}

/** A whole core on `s.dir`, reporting notifications and final states into `s`. */
export async function boot(s: CoreRecord): Promise<Core> {
  const core = createCore({
    dataDir: s.dir,
    appVersion: 'bench',
    shell: 'bridge',
    logger: silentLogger,
    notifier: {
      show: (n) => {
        const target = n.target as { faxId?: string; jobId?: string } | undefined;
        if (target?.faxId && !s.notified.has(target.faxId)) s.notified.set(target.faxId, performance.now());
      },
    },
    printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
    badge: { setCount: () => undefined },
    system: steadySystem,
    fetch: globalThis.fetch,
    secretStore: s.secrets,
    startEmulator: null,
  });
  await core.start();
  core.events.subscribe((event, payload) => {
    if (event !== 'outbox:changed') return;
    const at = wallNow();
    for (const id of (payload as { ids: string[] }).ids) {
      if (s.finals.has(id)) continue;
      // Read synchronously at the event: the moment the page would re-read and show it.
      const job = core.db.prepare('SELECT state FROM outbound WHERE id = ?').get(id) as { state: string } | undefined;
      if (job?.state === 'COMPLETED') s.finals.set(id, at);
    }
  });
  return core;
}
