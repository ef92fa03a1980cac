/**
 * `npm run bench`: runs every section of the benchmark report in turn, prints one table, and writes it
 * to bench/results/latest.md and latest.json (nothing is asserted; a missed target is marked, not failed).
 * `npm run bench -- store sync` runs only the named sections and writes to .tmp/bench/ instead, so a
 * partial run never replaces the committed report.
 */
import os from 'node:os';
import path from 'node:path';
import { backfillBench } from './backfill';
import { documentsBench } from './documents';
import { emulatorBench } from './emulator';
import { outboxBench } from './outbox';
import { printerBench } from './printer';
import { formatText, machineFacts, writeReport, type Report } from './report';
import type { BenchSection } from './row';
import { storeBench } from './store';
import { syncBench } from './sync';
import { uiBench } from './ui';
import { upgradeBench } from './upgrade';
import { webhooksBench } from './webhooks';

/** The report's sections, in the order they run and print. */
const SECTIONS: BenchSection[] = [storeBench, documentsBench, outboxBench, syncBench, webhooksBench, emulatorBench, uiBench, printerBench, upgradeBench, backfillBench];

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((w) => !SECTIONS.some((s) => s.name === w));
  if (unknown.length) throw new Error(`No bench section named ${unknown.join(', ')}; there are ${SECTIONS.map((s) => s.name).join(', ')}.`);
  const report: Report = { machine: machineFacts(), sections: [] };
  for (const section of SECTIONS) {
    if (wanted.length > 0 && !wanted.includes(section.name)) continue;
    console.log(`== bench ${section.name}`);
    const started = performance.now();
    let rows;
    try {
      rows = await section.run();
    } catch (error) {
      console.error(error);
      const message = error instanceof Error ? error.message : String(error);
      rows = [{ row: `${section.name} section`, measured: `failed: ${message}`, bare: '—', target: 'runs', value: null, within: false, how: 'The section threw; see the log above.' }];
    }
    const seconds = (performance.now() - started) / 1000;
    report.sections.push({ name: section.name, seconds, rows });
    console.log(`== bench ${section.name} done in ${seconds.toFixed(1)} s`);
  }
  report.machine.loadEnd = os.loadavg()[0]!;
  console.log(`\n${formatText(report)}\n`);
  const dir = wanted.length > 0 ? path.resolve(__dirname, '../.tmp/bench') : path.resolve(__dirname, 'results');
  const written = writeReport(report, dir);
  console.log(`Written to ${path.relative(process.cwd(), written.md)} and ${path.relative(process.cwd(), written.json)}.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
