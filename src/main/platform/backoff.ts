/**
 * The one exponential backoff rule for every retry in main: the API client's retries (api/http.ts), the
 * sync feeds (sync/scheduler.ts), held submissions (outbox), and image downloads, their network problems
 * and the "image downloaded" marks (inbox/image-downloader.ts). Each caller keeps its own base, cap and
 * whether to add jitter; only the arithmetic lives here.
 */

/**
 * The wait before retry number `attempt` (1 = the first retry): `baseMs`, doubled for each attempt after
 * the first, never more than `maxMs`. The exponent stops at 30 so the arithmetic stays finite however long
 * a failure lasts (2^30 times any base of 1 ms or more is past every cap in use).
 */
export function exponentialDelay(attempt: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.min(attempt - 1, 30));
}

/**
 * "Equal jitter": half the delay fixed, half random (`random` returns [0, 1)), rounded to a millisecond,
 * so clients that failed together do not retry together, yet none retries sooner than half the delay.
 */
export function withEqualJitter(delayMs: number, random: () => number): number {
  return Math.round(delayMs / 2 + (delayMs / 2) * random());
}
