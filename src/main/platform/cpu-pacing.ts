/**
 * Background work done on the main thread in pieces sized by CPU time (a rebuild, a history import):
 * after each piece, the units a millisecond of main-thread CPU did, averaged with the last figure.
 *
 * A thread's CPU time is counted in coarse steps on some systems (4 ms on our CI machines): a short
 * piece can read as 0 ms, a rate thousands of times too high, and the next piece took 87 ms instead of
 * 12. So the rate a piece shows is capped at twice what would have made it `targetMs` long: a piece is
 * at most twice the one before, and the rate still falls at once when a piece was slow.
 */
export function rateAfterPiece(previous: number | undefined, units: number, cpuMs: number, targetMs: number): number {
  const measured = Math.min(units / Math.max(cpuMs, 0.05), (2 * units) / targetMs);
  return previous === undefined ? measured : previous * 0.5 + measured * 0.5;
}
