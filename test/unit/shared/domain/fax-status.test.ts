import { describe, expect, it } from 'vitest';
import {
  FAX_STATES,
  FAX_STATE_DESCRIPTIONS,
  FAX_STATE_LABELS,
  FINAL_FAX_STATES,
  isFinalState,
  mergeFaxState,
  normalizeFaxState,
  shouldAdvance,
  type FaxState,
} from '../../../../src/shared/domain/fax-status';

describe('normalizeFaxState', () => {
  it.each([
    ['NEW', 'NEW'],
    ['new', 'NEW'],
    ['IN PROGRESS', 'IN_PROGRESS'],
    ['IN_PROGRESS', 'IN_PROGRESS'],
    ['INPROGRESS', 'IN_PROGRESS'],
    ['INPROGESS', 'IN_PROGRESS'],
    ['in-progress', 'IN_PROGRESS'],
    [' In  Progress ', 'IN_PROGRESS'],
    ['PENDING RETRY', 'PENDING_RETRY'],
    ['PENDINGRETRY', 'PENDING_RETRY'],
    ['pending_retry', 'PENDING_RETRY'],
    ['COMPLETED', 'COMPLETED'],
    ['COMPLETE', 'COMPLETED'],
    ['complete', 'COMPLETED'],
    ['ERROR', 'ERROR'],
    ['error', 'ERROR'],
    ['CANCELED', 'CANCELED'],
    ['CANCELLED', 'CANCELED'],
    ['Cancelled', 'CANCELED'],
  ])('%j -> %s', (raw, state) => {
    expect(normalizeFaxState(raw)).toBe(state);
  });

  it.each([['STORED'], ['SFAX'], ['FAILED'], ['SUCCESSFUL'], ['QUEUED'], ['E53'], [''], ['   '], ['DONE'], ['COMPLETEDD']])(
    '%j is not a transmission state',
    (raw) => {
      expect(normalizeFaxState(raw)).toBeNull();
    },
  );

  it('returns null for non-strings', () => {
    expect([null, undefined, 0, 1, true, {}, ['NEW']].map(normalizeFaxState)).toEqual([null, null, null, null, null, null, null]);
  });
});

describe('isFinalState and tables', () => {
  it('final states are COMPLETED, ERROR, CANCELED', () => {
    expect(FAX_STATES.filter(isFinalState)).toEqual(['COMPLETED', 'ERROR', 'CANCELED']);
    expect(FINAL_FAX_STATES).toEqual(['COMPLETED', 'ERROR', 'CANCELED']);
    expect(isFinalState(null)).toBe(false);
    expect(isFinalState(undefined)).toBe(false);
  });

  it('labels every state for people', () => {
    expect(FAX_STATE_LABELS).toEqual({
      NEW: 'Queued',
      IN_PROGRESS: 'Sending',
      PENDING_RETRY: 'Waiting to retry',
      COMPLETED: 'Delivered',
      ERROR: 'Failed',
      CANCELED: 'Cancelled',
    });
    expect(Object.keys(FAX_STATE_DESCRIPTIONS)).toEqual([...FAX_STATES]);
  });
});

describe('mergeFaxState', () => {
  const N: FaxState = 'NEW';
  const I: FaxState = 'IN_PROGRESS';
  const P: FaxState = 'PENDING_RETRY';
  const C: FaxState = 'COMPLETED';
  const E: FaxState = 'ERROR';
  const X: FaxState = 'CANCELED';
  const incoming: FaxState[] = [N, I, P, C, E, X];
  // Rows: current state; columns: incoming in the order above.
  const table: [FaxState | null, FaxState[]][] = [
    [null, [N, I, P, C, E, X]],
    [N, [N, I, P, C, E, X]],
    [I, [I, I, P, C, E, X]],
    [P, [P, I, P, C, E, X]],
    [C, [C, C, C, C, C, C]],
    [E, [E, E, E, C, E, X]],
    [X, [X, X, X, C, X, X]],
  ];

  it.each(table)('from %s', (current, expected) => {
    expect(incoming.map((s) => mergeFaxState(current, s))).toEqual(expected);
  });

  it('never moves a final state back to a non-final one', () => {
    for (const final of FINAL_FAX_STATES) {
      for (const s of [N, I, P]) expect(mergeFaxState(final, s)).toBe(final);
    }
  });

  it('gives the same final state whatever order the reports arrive in', () => {
    const reports: FaxState[] = [I, E, P, X, C];
    const permutations = (xs: FaxState[]): FaxState[][] =>
      xs.length <= 1 ? [xs] : xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((p) => [x, ...p]));
    const results = new Set(permutations(reports).map((order) => order.reduce<FaxState | null>((s, r) => mergeFaxState(s, r), null)));
    expect([...results]).toEqual([C]);
    const noCompleted = new Set(permutations([N, E, X, P]).map((o) => o.reduce<FaxState | null>((s, r) => mergeFaxState(s, r), null)));
    expect([...noCompleted]).toEqual([X]);
  });
});

describe('shouldAdvance', () => {
  it('is true only when the merge changes the state', () => {
    expect(shouldAdvance(null, 'NEW')).toBe(true);
    expect(shouldAdvance('NEW', 'NEW')).toBe(false);
    expect(shouldAdvance('NEW', 'IN_PROGRESS')).toBe(true);
    expect(shouldAdvance('IN_PROGRESS', 'IN_PROGRESS')).toBe(false);
    expect(shouldAdvance('IN_PROGRESS', 'NEW')).toBe(false);
    expect(shouldAdvance('IN_PROGRESS', 'PENDING_RETRY')).toBe(true);
    expect(shouldAdvance('PENDING_RETRY', 'IN_PROGRESS')).toBe(true);
    expect(shouldAdvance('COMPLETED', 'COMPLETED')).toBe(false);
    expect(shouldAdvance('COMPLETED', 'ERROR')).toBe(false);
    expect(shouldAdvance('ERROR', 'COMPLETED')).toBe(true);
    expect(shouldAdvance('ERROR', 'CANCELED')).toBe(true);
    expect(shouldAdvance('CANCELED', 'ERROR')).toBe(false);
    expect(shouldAdvance('CANCELED', 'IN_PROGRESS')).toBe(false);
  });
});
