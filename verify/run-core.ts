/**
 * Runs this branch's verify parts (crash points, fault soak) on their own and prints their rows:
 * `npx tsx verify/run-core.ts [full|ci] [crash|soak]`. Temporary: `npm run verify` (verify/run.ts)
 * runs every part; this exists until the two are wired together.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VerifyPart, VerifyRow, VerifySize } from './part';
import { crashPoints } from './parts/crash-points';
import { faultSoak } from './parts/fault-soak';

const size = (process.argv[2] ?? 'ci') as VerifySize;
const only = process.argv[3];
const parts: VerifyPart[] = [crashPoints, faultSoak].filter((p) => !only || p.name.startsWith(only));

async function main(): Promise<void> {
  const rows: VerifyRow[] = [];
  for (const part of parts) {
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-verify-'));
    const started = Date.now();
    try {
      rows.push(...(await part.run({ size, workDir, log: (line) => console.log(line) })));
    } finally {
      fs.rmSync(workDir, { recursive: true, force: true });
    }
    console.log(`${part.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  for (const r of rows) {
    console.log(`${r.pass ? 'PASS' : 'FAIL'} | ${r.part} | ${r.metric} | runs ${r.runs} | target ${r.target} | measured ${r.measured}${r.note ? ` | ${r.note}` : ''}`);
  }
  process.exitCode = rows.every((r) => r.pass) ? 0 : 1;
}

void main();
