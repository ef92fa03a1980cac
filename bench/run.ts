/**
 * `npm run bench`: runs every benchmark in turn and prints its figures (nothing is asserted).
 * `npm run bench -- store` runs only the named ones.
 */
import { runDocumentsBench } from './documents';
import { runEmulatorBench } from './emulator';
import { runOutboxBench } from './outbox';
import { runStoreBench } from './store';
import { runSyncBench } from './sync';
import { webhooksBench } from './webhooks';

const BENCHES: Record<string, () => Promise<void>> = {
  store: runStoreBench,
  documents: runDocumentsBench,
  emulator: runEmulatorBench,
  sync: runSyncBench,
  outbox: runOutboxBench,
  webhooks: () => webhooksBench.run().then((rows) => console.table(rows)),
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  for (const [name, run] of Object.entries(BENCHES)) {
    if (wanted.length > 0 && !wanted.includes(name)) continue;
    console.log(`== bench ${name}`);
    const started = performance.now();
    await run();
    console.log(`== bench ${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
