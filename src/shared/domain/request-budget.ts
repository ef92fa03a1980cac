/**
 * The request budget of one fax account shared by several desks. Each desk polls three lists per cycle
 * (received, sent, notification log), fast while its window is in front or its own sends are in flight,
 * at the person's poll interval otherwise. One desk in front makes 18 list requests a minute; twenty would
 * make six a second on one account, where the service publishes no limit (research: only "every 30 s at
 * the busiest" for the received list) and answers 429 when it has had enough. So, per account:
 * - the desks in front share OFFICE_FRONT_BUDGET_PER_MIN list requests a minute, the desks in the
 *   background OFFICE_BACKGROUND_BUDGET_PER_MIN: a desk's intervals stretch with the number of desks seen
 *   on the account, never below the person's settings;
 * - every scheduled poll is drawn a little early at random (POLL_JITTER), so desks started together do
 *   not stay in step.
 * Pure: main schedules with it, Settings › Accounts shows the estimate from it.
 */

/** List requests per cycle: received, sent, notification log. */
export const LISTS_PER_CYCLE = 3;
/** List requests a minute the desks in front of one account share (1 a second). */
export const OFFICE_FRONT_BUDGET_PER_MIN = 60;
/** List requests a minute the desks in the background share. */
export const OFFICE_BACKGROUND_BUDGET_PER_MIN = 60;
/** A scheduled poll comes up to this fraction of its interval early, at random. */
export const POLL_JITTER = 0.2;
/** Desks whose faxes the sent list showed within this long count as desks of the office. */
export const OFFICE_WINDOW_MS = 14 * 24 * 3600_000;

/** The interval one desk of `desks` keeps when all of them share `budgetPerMin` (never below `baseMs`). */
export function sharedIntervalMs(baseMs: number, desks: number, budgetPerMin: number): number {
  const n = Math.max(1, Math.floor(desks));
  return Math.max(baseMs, Math.ceil((n * LISTS_PER_CYCLE * 60_000) / budgetPerMin));
}

export interface DeskIntervals {
  /** In front (window focused) or own sends in flight. */
  frontMs: number;
  /** In the background. */
  backgroundMs: number;
}

/** This desk's poll intervals on an account that `desks` desks share (this one included). */
export function officeIntervals(base: DeskIntervals, desks: number): DeskIntervals {
  const backgroundMs = sharedIntervalMs(base.backgroundMs, desks, OFFICE_BACKGROUND_BUDGET_PER_MIN);
  return { frontMs: Math.min(backgroundMs, sharedIntervalMs(base.frontMs, desks, OFFICE_FRONT_BUDGET_PER_MIN)), backgroundMs };
}

/** A jittered wait: drawn in (1 − POLL_JITTER, 1] × `ms`; `random` 1 gives `ms` exactly. */
export function jittered(ms: number, random: number): number {
  return Math.round(ms * (1 - POLL_JITTER * (1 - Math.min(1, Math.max(0, random)))));
}

/** List requests a minute at this interval (the jitter's average included). */
export function listsPerMinute(intervalMs: number): number {
  return (LISTS_PER_CYCLE * 60_000) / (intervalMs * (1 - POLL_JITTER / 2));
}

export interface OfficeEstimate {
  desks: number;
  intervals: DeskIntervals;
  /** This desk now (in front or in the background), list requests a minute. */
  thisDesk: number;
  /** The office: every desk in the background, and every desk in front. */
  allBackground: number;
  allFront: number;
}

export function estimateOffice(base: DeskIntervals, desks: number, inFront: boolean): OfficeEstimate {
  const n = Math.max(1, Math.floor(desks));
  const intervals = officeIntervals(base, n);
  const front = listsPerMinute(intervals.frontMs);
  const background = listsPerMinute(intervals.backgroundMs);
  return { desks: n, intervals, thisDesk: inFront ? front : background, allBackground: n * background, allFront: n * front };
}
