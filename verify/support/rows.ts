/** Row builders for the two kinds of target the parts use: "0" of something bad, "100 %" of something good. */
import type { VerifyRow } from '../part';

const number = new Intl.NumberFormat('en-US');

/** "0" is the target: `found` bad outcomes over `runs`. */
export function zeroRow(part: string, metric: string, runs: number, found: number, note?: string): VerifyRow {
  return { part, metric, runs, target: '0', measured: number.format(found), pass: found === 0, ...(note ? { note } : {}) };
}

/** "100 %" is the target: `good` of `runs`. A row over no runs at all fails: it proved nothing. */
export function percentRow(part: string, metric: string, runs: number, good: number, note?: string): VerifyRow {
  const percent = runs === 0 ? 0 : (good / runs) * 100;
  const shown = percent === 100 || percent === 0 ? String(percent) : percent.toFixed(2);
  return {
    part,
    metric,
    runs,
    target: '100 %',
    measured: `${shown} % (${number.format(good)} of ${number.format(runs)})`,
    pass: runs > 0 && good === runs,
    ...(note ? { note } : {}),
  };
}
