/**
 * `npm run verify [-- --ci] [-- --part NAME ...]`: runs the parts (all, or those whose name contains a
 * given word), prints one table, writes it with the machine's facts to verify/last-run.json (the parts
 * not run keep their rows from the record before: record.ts), and exits 1 when any row misses its
 * target (2 when a part could not run at all).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VerifyRow, VerifySize } from './part';
import { mergeRecord, type VerifyRecord } from './record';
import { PARTS } from './parts';
import { formatTable } from './table';
import { goOffline } from './support/offline';

interface Options {
  size: VerifySize;
  only: string[];
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { size: 'full', only: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--ci') options.size = 'ci';
    else if (arg === '--part') options.only.push(argv[++i] ?? '');
    else if (arg.startsWith('--part=')) options.only.push(arg.slice('--part='.length));
    else throw new Error(`Unknown option ${arg}. Use --ci and --part NAME (repeatable; names: ${PARTS.map((p) => p.name).join(', ')}).`);
  }
  return options;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  // Every part talks only to servers it starts on 127.0.0.1.
  goOffline();
  const parts = PARTS.filter((p) => options.only.length === 0 || options.only.some((word) => p.name.toLowerCase().includes(word.toLowerCase())));
  if (parts.length === 0) throw new Error(`No part matches ${options.only.join(', ')}; parts: ${PARTS.map((p) => p.name).join(', ')}.`);
  const started = new Date();
  const rows: VerifyRow[] = [];
  const durations: Record<string, number> = {};
  let broken = false;
  for (const part of parts) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `faxdesk-verify-${part.name.replace(/\W+/g, '-')}-`));
    const t0 = performance.now();
    const log = (line: string) => process.stderr.write(`  ${line}\n`);
    log(`▶ ${part.name} (${options.size})`);
    try {
      rows.push(...(await part.run({ size: options.size, log, workDir })));
    } catch (error) {
      broken = true;
      rows.push({ part: part.name, metric: 'the part ran to the end', runs: 1, target: 'yes', measured: 'no', pass: false, note: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    } finally {
      durations[part.name] = Math.round(performance.now() - t0) / 1000;
      fs.rmSync(workDir, { recursive: true, force: true });
      log(`■ ${part.name}: ${durations[part.name]} s`);
    }
  }
  const totalSeconds = Math.round((Date.now() - started.getTime()) / 100) / 10;
  process.stdout.write(`\n${formatTable(rows)}\n\n${rows.filter((r) => r.pass).length} of ${rows.length} rows at target; ${totalSeconds} s in all.\n`);
  const machine = { cores: os.availableParallelism(), cpu: os.cpus()[0]?.model ?? 'unknown', memoryGiB: Math.round(os.totalmem() / 2 ** 30), platform: `${process.platform} ${os.release()}`, node: process.version };
  // The parts not run keep their rows from the record before (record.ts).
  const file = path.join(__dirname, 'last-run.json');
  const before = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as VerifyRecord) : null;
  const record = mergeRecord(before, { date: started.toISOString(), size: options.size, machine, durations, rows }, PARTS.map((p) => p.name));
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  if (broken) return 2;
  return rows.every((r) => r.pass) ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
