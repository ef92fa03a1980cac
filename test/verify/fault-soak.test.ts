/**
 * `npm run verify`'s fault soak at CI size (100 sends with one request in five faulted and the token
 * revoked mid-session), inside `npm test`: fails with the row's finding when any row misses its target.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { faultSoak } from '../../verify/parts/fault-soak';

it('fault soak: nothing lost or sent twice, every fax final or resolved by a reconcile, unknowns explained', async () => {
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxdesk-verify-soak-'));
  try {
    const rows = await faultSoak.run({ size: 'ci', workDir, log: () => undefined });
    expect(rows.length).toBeGreaterThan(0);
    const failed = rows.filter((r) => !r.pass).map((r) => `${r.metric}: measured ${r.measured}, target ${r.target}${r.note ? ` (${r.note})` : ''}`);
    expect(failed).toEqual([]);
  } finally {
    fs.rmSync(workDir, { recursive: true, force: true });
  }
});
