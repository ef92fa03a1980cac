/** Row builders shared by the parts: a count against a target of 0, and a figure that is only reported. */
import type { VerifyRow } from '../part';

export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** A count of findings whose target is 0; the note shows the first few. */
export function countRow(part: string, metric: string, runs: number, findings: readonly string[], context?: string): VerifyRow {
  const shown = findings.slice(0, 3).join(' || ');
  const more = findings.length > 3 ? ` (+${findings.length - 3} more)` : '';
  const note = findings.length ? `${shown}${more}` : context;
  return { part, metric, runs, target: '0', measured: formatCount(findings.length), pass: findings.length === 0, ...(note ? { note } : {}) };
}

/** A figure without a target (printed for the record; it cannot fail). */
export function reportRow(part: string, metric: string, runs: number, measured: string | readonly string[], note?: string): VerifyRow {
  if (typeof measured === 'string') return { part, metric, runs, target: 'report', measured, pass: true, ...(note ? { note } : {}) };
  const shown = measured.slice(0, 3).join(' || ');
  return { part, metric, runs, target: 'report', measured: formatCount(measured.length), pass: true, ...(measured.length ? { note: shown } : note ? { note } : {}) };
}
