/** The verify table as text: one line per row, columns padded, long notes under their row. */
import type { VerifyRow } from './part';

const COLUMNS = ['part', 'metric', 'runs', 'target', 'measured', 'result'] as const;

export function formatTable(rows: readonly VerifyRow[]): string {
  const cells = rows.map((r) => [r.part, r.metric, new Intl.NumberFormat('en-US').format(r.runs), r.target, r.measured, r.pass ? 'pass' : 'FAIL']);
  const widths = COLUMNS.map((title, i) => Math.max(title.length, ...cells.map((c) => c[i]!.length)));
  const line = (values: readonly string[]) => values.map((v, i) => (i === 2 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ').trimEnd();
  const out = [line(COLUMNS), widths.map((w) => '-'.repeat(w)).join('-|-')];
  rows.forEach((row, i) => {
    out.push(line(cells[i]!));
    if (row.note && (!row.pass || row.note.length <= 200)) out.push(`${' '.repeat(4)}↳ ${row.note.length > 1500 ? `${row.note.slice(0, 1500)}…` : row.note}`);
  });
  return out.join('\n');
}
