/** The outbox's timings and limits (tests and benches shorten them; DESIGN.md §7 says why each is what it is). */
export interface OutboxConfig {
  /** How long an UNKNOWN job is looked for before it is reported "not sent". */
  settleMs: number;
  /** Allowance for the service's clock being behind ours, at the start of the sent-list window. */
  clockSkewMs: number;
  /** "Not sent" jobs are still looked for (a late find is adopted) this long after submission. */
  lateHorizonMs: number;
  reconcileIntervalMs: number;
  lateReconcileIntervalMs: number;
  /** Transmission detail polls of CANCEL_REQUESTED (and, with trackActive, all accepted) jobs. */
  trackIntervalMs: number;
  /** Timeout of one POST /faxes (large payloads take a while). */
  submitTimeoutMs: number;
  maxConcurrentSubmissions: number;
  holdBaseMs: number;
  holdMaxMs: number;
  /** Pages of 100 read from the sent list per destination during reconciliation. */
  sentListMaxPages: number;
  /** How long stop() lets a POST in flight finish before aborting it (it then becomes UNKNOWN). */
  stopGraceMs: number;
}

export const DEFAULT_OUTBOX_CONFIG: OutboxConfig = {
  settleMs: 30 * 60_000,
  clockSkewMs: 10 * 60_000,
  lateHorizonMs: 24 * 60 * 60_000,
  reconcileIntervalMs: 15_000,
  lateReconcileIntervalMs: 10 * 60_000,
  trackIntervalMs: 10_000,
  submitTimeoutMs: 180_000,
  maxConcurrentSubmissions: 2,
  holdBaseMs: 30_000,
  holdMaxMs: 10 * 60_000,
  sentListMaxPages: 10,
  stopGraceMs: 5_000,
};
