/**
 * Main-thread long tasks of this process while a piece of work runs: a 5 ms interval timer notes how
 * late each tick comes and how much CPU the main thread used in between (process.threadCpuUsage). A
 * late tick whose gap the main thread spent mostly computing is a long task of ours; a late tick with
 * little CPU in its gap is this process waiting its turn on a shared machine, and is not counted.
 * Several short tasks run back to back between two ticks count as one: the figure errs on the long side.
 */
export interface LongTaskReport {
  /** Gaps over `thresholdMs` of main-thread CPU. */
  count: number;
  /** The longest gap's main-thread CPU, in ms. */
  maxMs: number;
  /** Ticks observed. */
  ticks: number;
  /** When each long task ended (performance.now()), for finding what ran then. */
  at: number[];
}

export function watchLongTasks(thresholdMs = 50): { stop(): LongTaskReport } {
  let count = 0;
  let maxMs = 0;
  let ticks = 0;
  const at: number[] = [];
  let lastCpu = process.threadCpuUsage();
  const timer = setInterval(() => {
    const cpu = process.threadCpuUsage();
    const busyMs = (cpu.user - lastCpu.user + cpu.system - lastCpu.system) / 1000;
    lastCpu = cpu;
    ticks += 1;
    maxMs = Math.max(maxMs, busyMs);
    if (busyMs > thresholdMs) {
      count += 1;
      at.push(performance.now());
    }
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return { count, maxMs, ticks, at };
    },
  };
}
