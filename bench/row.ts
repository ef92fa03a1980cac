/**
 * One row of the benchmark report (`npm run bench`): a figure of Faxdesk measured in the same run as
 * the bare operation that bounds it, and judged against the row's target. Benchmarks print and record;
 * they never fail on a figure.
 */
export interface BenchRow {
  /** The row's name as the report lists it, e.g. "idle sync cycle, 1 account". */
  row: string;
  /** What Faxdesk measured, e.g. "1.4 ms CPU, 3 requests, 0 commits". */
  measured: string;
  /** The bare limit measured beside it in the same run, e.g. "raw SQL 0.21 ms"; "—" when none applies. */
  bare: string;
  /** The target as stated, e.g. "≤ 1.5× raw". */
  target: string;
  /** The number compared with the target (a ratio, a count, ms); null for report-only rows. */
  value: number | null;
  /** true within target, false missed, null when the row only reports. */
  within: boolean | null;
  /** How it was measured, in one sentence (runs, sizes, statistic used). */
  how: string;
}

/** A group of rows the report runs together (one area: store, sync, documents, webhooks…). */
export interface BenchSection {
  name: string;
  run(): Promise<BenchRow[]>;
}
