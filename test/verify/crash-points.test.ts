/**
 * `npm run verify`'s crash points at CI size (40 SIGKILLs of the real core at the points the part
 * names), inside `npm test`: fails with the row's finding when any row misses its target.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { crashPoints } from '../../verify/parts/crash-points';

it('crash points: no fax lost or sent twice, no inbound fax missed or announced twice, no corruption', async () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-verify-crash-'));
  try {
    const rows = await crashPoints.run({ size: 'ci', workDir, log: () => undefined });
    expect(rows.length).toBeGreaterThan(0);
    const failed = rows.filter((r) => !r.pass).map((r) => `${r.metric}: measured ${r.measured}, target ${r.target}${r.note ? ` (${r.note})` : ''}`);
    expect(failed).toEqual([]);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
});
