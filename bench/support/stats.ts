/**
 * Timing helpers the benchmark sections share: interleaved samples of a figure and its bare limit
 * (A B A B…, so a machine that speeds up or slows down mid-run moves both alike), order statistics,
 * and the few number formats the report uses.
 */

/** The value at fraction `p` (0..1) of an ascending list (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const median = (values: readonly number[]): number => percentile([...values].sort((a, b) => a - b), 0.5);
export const p90 = (values: readonly number[]): number => percentile([...values].sort((a, b) => a - b), 0.9);

export interface PairTiming {
  /** Milliseconds of each run of A and of B, in run order. */
  a: number[];
  b: number[];
}

/**
 * Runs `a` and `b` alternately `runs` times after `warmup` unrecorded rounds, timing each call.
 * The functions may be async.
 */
export async function timePair(a: () => unknown, b: () => unknown, options: { runs: number; warmup?: number }): Promise<PairTiming> {
  const out: PairTiming = { a: [], b: [] };
  const once = async (fn: () => unknown): Promise<number> => {
    const t = performance.now();
    await fn();
    return performance.now() - t;
  };
  for (let i = 0; i < (options.warmup ?? 1); i++) {
    await once(a);
    await once(b);
  }
  for (let i = 0; i < options.runs; i++) {
    out.a.push(await once(a));
    out.b.push(await once(b));
  }
  return out;
}

/** Same as timePair for synchronous functions (no promise turn inside the timed span). */
export function timePairSync(a: () => unknown, b: () => unknown, options: { runs: number; warmup?: number }): PairTiming {
  const out: PairTiming = { a: [], b: [] };
  const once = (fn: () => unknown): number => {
    const t = performance.now();
    fn();
    return performance.now() - t;
  };
  for (let i = 0; i < (options.warmup ?? 1); i++) {
    once(a);
    once(b);
  }
  for (let i = 0; i < options.runs; i++) {
    out.a.push(once(a));
    out.b.push(once(b));
  }
  return out;
}

/** Milliseconds with a sensible number of digits. */
export function ms(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  if (value < 1) return `${value.toFixed(3)} ms`;
  if (value < 10) return `${value.toFixed(2)} ms`;
  if (value < 1000) return `${value.toFixed(1)} ms`;
  return `${(value / 1000).toFixed(2)} s`;
}

export const ratio = (value: number): string => `${value.toFixed(2)}×`;
export const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
export const round = (value: number, digits = 3): number => Number(value.toFixed(digits));
