/**
 * The real core (createCore) in a process of its own, on the data folder given as argv[2], for the
 * rebuild crash test. It starts (the history is migrated, and derived data queued), answers a call,
 * prints `@progress <percent>` as the background rebuild goes, and `@done` once nothing is left to
 * rebuild. With argv[3] = "slow", each piece is followed by a 5 ms pause, so that the parent's SIGKILL
 * lands in the middle of the rebuild, and a contact is added once the rebuild is under way
 * (`@contact <id>`).
 */
import { strictFetch } from '../../electron-model/net-fetch-rules';
import { createCore } from '../../../src/main/core';
import { MemorySecretStore } from '../../../src/main/accounts/secret-store';
import { silentLogger } from '../../../src/main/platform/logger';
import { steadySystem } from '../../../src/main/platform/ports';
import type { MaintenanceStatus } from '../../../src/shared/domain/maintenance';
import type { Result } from '../../../src/shared/result';

const say = (line: string) => process.stdout.write(`@${line}\n`);

async function main(): Promise<void> {
  const [dataDir, pace] = process.argv.slice(2);
  const core = createCore({
    dataDir: dataDir!,
    appVersion: '0.0.0-test',
    shell: 'bridge',
    logger: silentLogger,
    notifier: { show() {} },
    printer: { printPdf: async () => ({ outcome: 'printed' as const }) },
    badge: { setCount() {} },
    system: steadySystem,
    fetch: strictFetch,
    secretStore: new MemorySecretStore(),
    startEmulator: null,
    ...(pace === 'slow'
      ? {
          tuning: {
            maintenance: {
              sliceMs: 2,
              defer: (fn: () => void) => {
                const timer = setTimeout(fn, 5);
                return () => clearTimeout(timer);
              },
            },
          },
        }
      : {}),
  });
  // Only the first (slow) life writes a contact while it rebuilds.
  let contactAdded = pace !== 'slow';
  core.events.subscribe((name, payload) => {
    if (name !== 'maintenance:progress') return;
    const status = payload as MaintenanceStatus;
    say(`progress ${status.tasks[0]?.percent ?? 100}`);
    if (!contactAdded && (status.tasks[0]?.percent ?? 0) >= 10) {
      contactAdded = true;
      void core.dispatch('contacts:create', { name: 'Written Midway', faxNumber: '+1 312 555 0199' }).then((result) => {
        const r = result as Result<{ id: string }>;
        say(r.ok ? `contact ${r.value.id}` : `contact-failed ${r.error.message}`);
      });
    }
  });
  await core.start();
  const info = (await core.dispatch('app:info', undefined)) as Result<unknown>;
  say(`answered ${info.ok}`);
  await core.maintenance.whenIdle();
  say('done');
  await core.stop();
}

main().catch((error: unknown) => {
  process.stderr.write(`${String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
