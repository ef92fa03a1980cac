import { describe, expect, it } from 'vitest';
import { earlierOf, laterOf, mergeOutboundState, windowStart } from '../../../../src/shared/domain/sync';

describe('windows and states', () => {
  it('starts the next window 10 minutes before the newest record seen (30 for the delivery log)', () => {
    expect(windowStart(null)).toBeUndefined();
    expect(windowStart('2026-03-01T09:00:00.000Z')).toBe('2026-03-01T08:50:00.000Z');
    expect(windowStart('2026-03-01T09:00:00.000Z', 30 * 60_000)).toBe('2026-03-01T08:30:00.000Z');
    expect(windowStart('not a time')).toBeUndefined();
  });

  it('compares service timestamps of any spelling', () => {
    expect(laterOf('2026-03-01T09:00:00.000Z', '2026-03-01T10:00:00+01:00')).toBe('2026-03-01T09:00:00.000Z');
    expect(laterOf(null, '2026-03-01T09:00:00Z')).toBe('2026-03-01T09:00:00.000Z');
    expect(laterOf(null, null)).toBeNull();
    expect(earlierOf('2026-03-01T09:00:00.000Z', '2026-03-01T08:00:00.000Z')).toBe('2026-03-01T08:00:00.000Z');
  });

  it('moves outbound jobs by one state machine: finals never go back, a cancel waits for a final word', () => {
    expect(mergeOutboundState('SUBMITTED', 'IN_PROGRESS')).toBe('IN_PROGRESS');
    expect(mergeOutboundState('UNKNOWN', 'NEW')).toBe('NEW');
    expect(mergeOutboundState('COMPLETED', 'IN_PROGRESS')).toBe('COMPLETED');
    expect(mergeOutboundState('ERROR', 'PENDING_RETRY')).toBe('ERROR');
    expect(mergeOutboundState('ERROR', 'COMPLETED')).toBe('COMPLETED');
    expect(mergeOutboundState('CANCEL_REQUESTED', 'IN_PROGRESS')).toBe('CANCEL_REQUESTED');
    expect(mergeOutboundState('CANCEL_REQUESTED', 'COMPLETED')).toBe('COMPLETED');
    expect(mergeOutboundState('CANCEL_REQUESTED', 'CANCELED')).toBe('CANCELED');
  });
});
