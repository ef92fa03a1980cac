/**
 * `npm run verify`'s several-desks soak at CI size (three desks on one account, 45 sends with one POST in
 * five reset before or after the service took it, 15 inbound faxes), inside `npm test`: fails with the
 * row's finding when any row misses its target.
 */
import { expect, it } from 'vitest';
import { desksSoak } from '../../verify/parts/desks-soak';
import { misses, runCiPart } from './support';

it('several desks: nothing shown delivered that the service lacks, nothing lost or duplicated, every desk shows the others’ faxes in time', async () => {
  const rows = await runCiPart(desksSoak);
  expect(rows.length).toBeGreaterThan(0);
  expect(misses(rows)).toEqual([]);
});
