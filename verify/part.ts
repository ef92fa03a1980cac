/**
 * The shape every part of `npm run verify` shares. A part runs at one of two sizes: 'full' (the
 * figures the issue asks for, `npm run verify`) or 'ci' (a smaller run inside `npm test`), and returns
 * rows that each hold one measured figure against its target. The runner prints them as one table and
 * writes them to verify/last-run.json; the CI-sized tests fail when a row does not pass.
 */
export type VerifySize = 'full' | 'ci';

export interface VerifyRow {
  /** The part this row belongs to, e.g. "crash points". */
  part: string;
  /** What is counted, e.g. "faxes lost". */
  metric: string;
  /** How many runs (kill points, sends, inputs, files, scans) the figure is over. */
  runs: number;
  /** The target as a person reads it, e.g. "0" or "100 %". */
  target: string;
  /** The measured figure as a person reads it, e.g. "0" or "100 % (4,400 of 4,400)". */
  measured: string;
  pass: boolean;
  /** What a failing row found, or how the figure was measured; short. */
  note?: string;
}

export interface VerifyContext {
  size: VerifySize;
  /** Progress lines (the runner prints them; tests may drop them). */
  log(line: string): void;
  /** A fresh folder the part may write into; removed by the runner afterwards. */
  workDir: string;
}

export interface VerifyPart {
  name: string;
  run(context: VerifyContext): Promise<VerifyRow[]>;
}
