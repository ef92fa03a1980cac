/** Runs one verify part at CI size in a fresh folder and returns its rows (failing rows are printed with their notes). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { VerifyPart, VerifyRow } from '../../verify/part';
import { goOffline } from '../../verify/support/offline';

export async function runCiPart(part: VerifyPart): Promise<VerifyRow[]> {
  goOffline();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), `faxdesk-verify-${part.name.replace(/\W+/g, '-')}-`));
  try {
    return await part.run({ size: 'ci', log: () => undefined, workDir });
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/** The rows that missed, as readable lines (an empty list when all passed). */
export function misses(rows: readonly VerifyRow[]): string[] {
  return rows.filter((r) => !r.pass).map((r) => `${r.metric}: ${r.measured} (target ${r.target})${r.note ? ` — ${r.note}` : ''}`);
}
