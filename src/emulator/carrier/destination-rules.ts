/**
 * What the simulated carrier does for a destination number. Dial a number of the form
 * 1 NPA 555 01NN (any US area code, the 555-01xx range reserved for fiction, e.g. 12125550101) and NN
 * picks the outcome below. Any other valid number succeeds at ordinary pacing; a number owned by a
 * Sandbox user succeeds quickly and the fax arrives in that user's inbox.
 *
 * Each rule is a script of attempt results; after the script ends its last entry repeats. A failed
 * attempt is retried (state PENDING RETRY, then IN PROGRESS again after the retry interval: 2
 * minutes, as the real service) when its code is one the service retries and the fax's retry budget
 * for that kind of failure is not used up (billable failures use fax_options billable_retries, default
 * 2; non-billable ones non_billable_retries, default 5; a person answering uses human_answer, default 1
 * attempt). Otherwise the fax ends in ERROR with that code.
 *
 * Keep this table and src/emulator/README.md in step: the README is what people dial from.
 */

export type AttemptScript = 'OK' | `E${number}`;

export interface DestinationRule {
  /** NN: the last two digits of 1 NPA 555 01NN. */
  id: number;
  /** A number to dial for it. */
  example: string;
  /** Short name for lists. */
  name: string;
  /** What happens, in a sentence. */
  outcome: string;
  /** Attempt results in order; the last one repeats. */
  attempts: readonly AttemptScript[];
  /** Final state with default retry options. */
  finalState: 'COMPLETED' | 'ERROR';
  /** Final error code with default retry options (null on success). */
  finalCode: string | null;
  /** Milliseconds the fax waits as NEW before the first attempt. */
  queuedMs: number;
  /** Milliseconds an attempt lasts: fixed part plus per page (succeeding attempts). */
  attemptMs: number;
  perPageMs: number;
  /** Milliseconds a failing attempt lasts before the failure is known. */
  failMs: number;
}

/** The real service's wait between attempts (efax-api-facts.md §4, D-sys: 2 minutes). */
export const RETRY_INTERVAL_MS = 2 * 60 * 1000;

/** Codes the service retries, and which budget each uses. */
export const RETRY_BUDGET: Readonly<Record<string, 'billable' | 'non-billable' | 'human-answer'>> = Object.freeze({
  E06: 'billable',
  E41: 'non-billable',
  E42: 'non-billable',
  E43: 'human-answer',
  E33: 'human-answer',
  E44: 'billable',
  E49: 'non-billable',
});

const AREA_EXAMPLE = '1212555';

function rule(
  id: number,
  name: string,
  outcome: string,
  attempts: AttemptScript[],
  finalState: 'COMPLETED' | 'ERROR',
  finalCode: string | null,
  pacing: Partial<Pick<DestinationRule, 'queuedMs' | 'attemptMs' | 'perPageMs' | 'failMs'>> = {},
): DestinationRule {
  return {
    id,
    example: `${AREA_EXAMPLE}01${String(id).padStart(2, '0')}`,
    name,
    outcome,
    attempts,
    finalState,
    finalCode,
    queuedMs: pacing.queuedMs ?? 2_000,
    attemptMs: pacing.attemptMs ?? 20_000,
    perPageMs: pacing.perPageMs ?? 10_000,
    failMs: pacing.failMs ?? 30_000,
  };
}

export const DESTINATION_RULES: readonly DestinationRule[] = Object.freeze([
  rule(0, 'Quick success', 'Delivered on the first attempt, fast: 1 s queued, 2 s sending (any page count).', ['OK'], 'COMPLETED', null, {
    queuedMs: 1_000,
    attemptMs: 2_000,
    perPageMs: 0,
  }),
  rule(1, 'Busy, then success', 'Busy (E41) on the first attempt; delivered on the retry 2 minutes later.', ['E41', 'OK'], 'COMPLETED', null, {
    failMs: 10_000,
  }),
  rule(
    2,
    'No answer',
    'No answer (E42) on every attempt; ERROR E42 once the non-billable retries are used (6 attempts by default, about 15 minutes).',
    ['E42'],
    'ERROR',
    'E42',
    { failMs: 45_000 },
  ),
  rule(3, 'Invalid number format', 'ERROR E51 (destination number format invalid) on the first attempt; never retried.', ['E51'], 'ERROR', 'E51', {
    failMs: 1_000,
  }),
  rule(4, 'Number not allowed', 'ERROR E53 (destination fax number not allowed) on the first attempt; never retried.', ['E53'], 'ERROR', 'E53', {
    failMs: 1_000,
  }),
  rule(5, 'High-risk destination', 'ERROR E52 (destination blocked as high-risk) on the first attempt; never retried.', ['E52'], 'ERROR', 'E52', {
    failMs: 1_000,
  }),
  rule(
    6,
    'Interrupted',
    'Interrupted (E44) on every attempt; ERROR E44 once the billable retries are used (3 attempts by default).',
    ['E44'],
    'ERROR',
    'E44',
  ),
  rule(7, 'Interrupted, then success', 'Interrupted (E44) on the first attempt; delivered on the retry 2 minutes later.', ['E44', 'OK'], 'COMPLETED', null),
  rule(
    8,
    'Person answers',
    'A person answers (E43) on every attempt; ERROR E43 after the human-answer attempts (1 by default).',
    ['E43'],
    'ERROR',
    'E43',
    { failMs: 15_000 },
  ),
  rule(9, 'Line noise, then success', 'Communication error (E49) on two attempts; delivered on the third.', ['E49', 'E49', 'OK'], 'COMPLETED', null),
  rule(10, 'System error', 'ERROR E06 (unspecified system error) on every attempt, after the billable retries.', ['E06'], 'ERROR', 'E06', {
    failMs: 5_000,
  }),
  rule(
    11,
    'Cannot render',
    'ERROR E07 (documents could not be turned into fax pages) before any dialling; never retried.',
    ['E07'],
    'ERROR',
    'E07',
    { failMs: 1_000 },
  ),
  rule(12, 'Expired', 'ERROR E46 (fax expired) on the first attempt.', ['E46'], 'ERROR', 'E46', { failMs: 5_000 }),
  rule(13, 'Slow success', 'Stays IN PROGRESS for 10 minutes, then delivered: time to try cancel on the real clock.', ['OK'], 'COMPLETED', null, {
    attemptMs: 600_000,
    perPageMs: 0,
  }),
  rule(
    14,
    'Always busy',
    'Busy (E41) on every attempt; ERROR E41 once the non-billable retries are used (6 attempts by default, about 11 minutes).',
    ['E41'],
    'ERROR',
    'E41',
    { failMs: 10_000 },
  ),
  rule(15, 'Two failures, then success', 'No answer (E42), then busy (E41), then delivered on the third attempt.', ['E42', 'E41', 'OK'], 'COMPLETED', null, {
    failMs: 10_000,
  }),
] satisfies DestinationRule[]);

/** Any other valid number: delivered on the first attempt at an ordinary (but short) pace. */
export const DEFAULT_RULE: DestinationRule = Object.freeze({
  ...rule(-2, 'Ordinary number', 'Delivered on the first attempt: 2 s queued, 5 s plus 2 s per page sending.', ['OK'], 'COMPLETED', null),
  example: '14155550123',
  attemptMs: 5_000,
  perPageMs: 2_000,
});

/** A number owned by a Sandbox user: delivered quickly, then the fax arrives in that user's inbox. */
export const LOOPBACK_RULE: DestinationRule = Object.freeze({
  ...rule(-1, 'Sandbox number', 'Delivered like the quick success, then received into the owning Sandbox user\'s inbox.', ['OK'], 'COMPLETED', null),
  example: '',
  queuedMs: 1_000,
  attemptMs: 2_000,
  perPageMs: 0,
});

const RULE_NUMBER = /^1\d{3}55501(\d{2})$/;

/** The rule for a destination (digits only), ignoring Sandbox ownership (checked by the caller). */
export function ruleForNumber(digits: string): DestinationRule {
  const m = RULE_NUMBER.exec(digits);
  if (m) {
    const found = DESTINATION_RULES.find((r) => r.id === Number(m[1]));
    if (found) return found;
  }
  return DEFAULT_RULE;
}

export function ruleById(id: number): DestinationRule {
  if (id === LOOPBACK_RULE.id) return LOOPBACK_RULE;
  return DESTINATION_RULES.find((r) => r.id === id) ?? DEFAULT_RULE;
}
