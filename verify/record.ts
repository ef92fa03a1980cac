/**
 * verify/last-run.json: the latest figures of every part at one size. A run of some parts
 * (`--part NAME`) replaces those parts' rows, durations and dates and keeps the other parts' from the
 * record before, so one part run again (a 2-minute soak) does not wipe the whole suite's table; each
 * part keeps the date it was measured. A run at another size than the record starts a new record:
 * figures of two sizes are never mixed in one table. Pure (unit-tested); run.ts reads and writes the file.
 */
import type { VerifyRow, VerifySize } from './part';

export interface VerifyRecord {
  /** When the newest part in the record was run. */
  date: string;
  size: VerifySize;
  machine: Record<string, unknown>;
  /** Seconds per part, and `total`: their sum. */
  durationsSeconds: Record<string, number>;
  /** When each part's rows were measured (records from before this field: the record's date). */
  partDates?: Record<string, string>;
  pass: boolean;
  rows: VerifyRow[];
}

export interface VerifyRun {
  date: string;
  size: VerifySize;
  machine: Record<string, unknown>;
  /** Seconds per part run. */
  durations: Record<string, number>;
  rows: VerifyRow[];
}

/** The record after a run: `order` is every part's name in the runner's order (the table's order). */
export function mergeRecord(before: VerifyRecord | null, run: VerifyRun, order: readonly string[]): VerifyRecord {
  const ran = new Set(Object.keys(run.durations));
  const kept = before && before.size === run.size ? before : null;
  const durations: Record<string, number> = {};
  const partDates: Record<string, string> = {};
  for (const [part, seconds] of Object.entries(kept?.durationsSeconds ?? {})) {
    if (part === 'total' || ran.has(part)) continue;
    durations[part] = seconds;
    partDates[part] = kept?.partDates?.[part] ?? kept!.date;
  }
  for (const [part, seconds] of Object.entries(run.durations)) {
    durations[part] = seconds;
    partDates[part] = run.date;
  }
  const rank = (part: string) => (order.includes(part) ? order.indexOf(part) : order.length);
  const rows = [...(kept?.rows ?? []).filter((r) => !ran.has(r.part)), ...run.rows].sort((a, b) => rank(a.part) - rank(b.part));
  const parts = Object.keys(durations).sort((a, b) => rank(a) - rank(b));
  const total = Math.round(parts.reduce((sum, p) => sum + durations[p]!, 0) * 10) / 10;
  return {
    date: run.date,
    size: run.size,
    machine: run.machine,
    durationsSeconds: { ...Object.fromEntries(parts.map((p) => [p, durations[p]!])), total },
    partDates: Object.fromEntries(parts.map((p) => [p, partDates[p]!])),
    pass: rows.every((r) => r.pass),
    rows,
  };
}
